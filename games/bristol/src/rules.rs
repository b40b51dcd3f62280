//! Bristol's moves: checking, applying and generating them, and the deal.

use solitaire_core::{
    BuildRule, Card, FaceDown, Illegal, Layout, LayoutError, Move, Pile, PileKind, Position, Rank,
    Rules, Structure, Tx,
};

use crate::Bristol;

/// Whether `card` may be built on a foundation whose top card is `top` (`None`: empty).
fn builds_on(top: Option<Card>, card: Card) -> bool {
    match top {
        None => card.rank == Rank::Ace,
        Some(top) => top.rank.up(false) == Some(card.rank),
    }
}

/// The fan with any Kings moved to its bottom, the other cards keeping their order.
fn kings_to_bottom(pile: &Pile) -> Pile {
    let (kings, others): (Vec<Card>, Vec<Card>) =
        pile.cards().iter().partition(|c| c.rank == Rank::King);
    Pile::new([kings, others].concat(), pile.face_down())
}

impl Bristol {
    fn check_transfer(
        &self,
        pos: &Position,
        from: usize,
        to: usize,
        count: usize,
    ) -> Result<(), Illegal> {
        match self.kinds[from] {
            PileKind::Stock => {
                return Err(Illegal::source(
                    "stock cards are dealt to the waste piles with deal",
                ));
            }
            PileKind::Foundation => {
                return Err(Illegal::source("cards never leave the foundations"));
            }
            // Waste or tableau: the only other kinds the game's piles have.
            _ => {}
        }
        if count != 1 {
            return Err(Illegal::source("only one card moves at a time"));
        }
        let Some(card) = pos.pile(from).top_face_up() else {
            return Err(Illegal::source("there is no card to move there"));
        };
        let dst = pos.pile(to);
        match self.kinds[to] {
            PileKind::Stock => Err(Illegal::target("cards never go back to the stock")),
            PileKind::Waste => Err(Illegal::target("nothing is packed on a waste pile")),
            PileKind::Foundation => {
                if builds_on(dst.top(), card) {
                    Ok(())
                } else if dst.is_empty() {
                    Err(Illegal::target("a foundation is founded with an Ace"))
                } else {
                    Err(Illegal::target(
                        "a foundation is built up by one rank, regardless of suit, to the King",
                    ))
                }
            }
            // Tableau: the only other kind the game's piles have.
            _ => match dst.top() {
                None => Err(Illegal::target("an emptied fan is never refilled")),
                Some(top) if BuildRule::DOWN_ANY_SUIT.fits(top, card) => Ok(()),
                Some(_) => Err(Illegal::target(
                    "a card packs only on a fan card one rank higher",
                )),
            },
        }
    }

    fn check_deal(&self, pos: &Position) -> Result<(), Illegal> {
        if pos.pile(self.stock).is_empty() {
            Err(Illegal::stock("the stock is empty"))
        } else {
            Ok(())
        }
    }
}

impl Rules for Bristol {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => self.check_transfer(pos, from.into(), to.into(), count.into()),
            Move::Deal => self.check_deal(pos),
            Move::Redeal => Err(Illegal::unsupported("there is no redeal")),
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => {
                tx.move_cards(from.into(), to.into(), count.into());
            }
            Move::Deal => {
                for &w in &self.wastes {
                    if tx.pos().pile(self.stock).is_empty() {
                        break;
                    }
                    tx.move_cards(self.stock, w, 1);
                }
            }
            Move::Redeal => {}
        }
    }

    fn is_won(&self, pos: &Position) -> bool {
        (0..self.kinds.len())
            .all(|i| self.kinds[i] == PileKind::Foundation || pos.pile(i).is_empty())
    }

    /// Every card lies face up; foundations run from the Ace up regardless of suit.
    fn structure(&self, layout: &Layout) -> Structure {
        let mut s = Structure::of(layout);
        for &f in &self.foundations {
            s.piles[f] = s.piles[f].built(Some(Rank::Ace), BuildRule::UP_ANY_SUIT);
        }
        for &t in &self.fans {
            s.piles[t] = s.piles[t].with_face_down(FaceDown::Never);
        }
        s
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        for &from in self.fans.iter().chain(&self.wastes) {
            let Some(card) = pos.pile(from).top_face_up() else {
                continue;
            };
            for &f in &self.foundations {
                if builds_on(pos.pile(f).top(), card) {
                    out.push(Move::transfer(from, f, 1));
                }
            }
            for &to in &self.fans {
                if to == from {
                    continue;
                }
                if let Some(top) = pos.pile(to).top()
                    && BuildRule::DOWN_ANY_SUIT.fits(top, card)
                {
                    out.push(Move::transfer(from, to, 1));
                }
            }
        }
        if self.check_deal(pos).is_ok() {
            out.push(Move::Deal);
        }
    }

    /// The layout's script deals the fans and the stock; then each fan's Kings go to its
    /// bottom.
    fn deal(&self, layout: &Layout, deck: Vec<Card>) -> Result<Position, LayoutError> {
        let dealt = layout.run_deal(deck)?;
        let mut piles = dealt.piles().to_vec();
        for &fan in &self.fans {
            piles[fan] = kings_to_bottom(&piles[fan]);
        }
        Ok(Position::new(piles, dealt.vars()))
    }
}
