//! Strategy's moves: checking, applying and generating them.

use solitaire_core::{
    BuildRule, Card, Illegal, Layout, Move, PileKind, Position, Rank, Reading, Rules, Structure, Tx,
};

use crate::{ACES, Aces, Strategy};

impl Strategy {
    /// Whether the whole stock has been turned and placed: building may begin.
    fn stock_done(&self, pos: &Position) -> bool {
        pos.pile(self.stock).is_empty() && pos.pile(self.hand).is_empty()
    }

    fn first_free_foundation(&self, pos: &Position) -> Option<usize> {
        self.foundations
            .iter()
            .copied()
            .find(|&f| pos.pile(f).is_empty())
    }

    /// Whether `card` builds on foundation `to`.
    fn fits(pos: &Position, to: usize, card: Card) -> Result<(), Illegal> {
        match pos.pile(to).top() {
            None if card.rank == Rank::Ace => Ok(()),
            None => Err(Illegal::target("a foundation starts with an Ace")),
            Some(top) if BuildRule::UP_IN_SUIT.fits(top, card) => Ok(()),
            Some(_) => Err(Illegal::target(
                "a foundation builds up in suit, one rank at a time",
            )),
        }
    }

    fn check_transfer(
        &self,
        pos: &Position,
        from: usize,
        to: usize,
        count: usize,
    ) -> Result<(), Illegal> {
        match self.kinds[from] {
            PileKind::Stock => return Err(Illegal::source("turn the stock's cards with deal")),
            PileKind::Foundation => {
                return Err(Illegal::source("cards never leave the foundations"));
            }
            // Hand or waste: the only other kinds the game's piles have.
            _ => {}
        }
        let card = pos
            .pile(from)
            .top_face_up()
            .ok_or(Illegal::source("there is no card to move"))?;
        if count != 1 {
            return Err(Illegal::source("only the top card of a pile moves"));
        }
        match (self.kinds[from], self.kinds[to]) {
            (_, PileKind::Stock) => Err(Illegal::target("cards never go back to the stock")),
            (_, PileKind::Hand) => Err(Illegal::target(
                "only a card turned from the stock goes to the hand",
            )),
            (PileKind::Hand, PileKind::Waste) => Ok(()),
            (PileKind::Hand, PileKind::Foundation) if self.founds_by_hand(card) => {
                Self::fits(pos, to, card)
            }
            (_, PileKind::Waste) => Err(Illegal::target("there is no packing from pile to pile")),
            // Foundation: the only other kind the game's piles have.
            _ => {
                if !self.stock_done(pos) {
                    return Err(Illegal::phase(
                        "no card is built until the whole stock is placed",
                    ));
                }
                Self::fits(pos, to, card)
            }
        }
    }

    /// Whether `card`, turned into the hand, is an Ace the player founds by hand.
    fn founds_by_hand(&self, card: Card) -> bool {
        self.aces == Aces::ByHand && card.rank == Rank::Ace
    }

    fn check_deal(&self, pos: &Position) -> Result<(), Illegal> {
        if pos.pile(self.stock).is_empty() {
            Err(Illegal::stock("the stock is empty"))
        } else if !pos.pile(self.hand).is_empty() {
            Err(Illegal::stock(
                "place the turned card on a pile before turning the next",
            ))
        } else {
            Ok(())
        }
    }
}

impl Rules for Strategy {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => self.check_transfer(pos, from.into(), to.into(), count.into()),
            Move::Deal => self.check_deal(pos),
            Move::Redeal => Err(Illegal::unsupported("Strategy has no redeal")),
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => {
                tx.move_cards(usize::from(from), usize::from(to), usize::from(count));
            }
            Move::Deal => {
                tx.move_cards(self.stock, self.hand, 1);
                let turned = tx.pos().pile(self.hand).top();
                if self.aces == Aces::Automatic
                    && turned.is_some_and(|c| c.rank == Rank::Ace)
                    && let Some(f) = self.first_free_foundation(tx.pos())
                {
                    tx.move_cards(self.hand, f, 1);
                }
            }
            Move::Redeal => {}
        }
    }

    fn is_won(&self, pos: &Position) -> bool {
        self.foundations
            .iter()
            .all(|&f| pos.pile(f).len() == self.full)
    }

    /// Foundations are built up in suit from the Ace.
    fn structure(&self, layout: &Layout) -> Structure {
        let mut s = Structure::of(layout);
        for &f in &self.foundations {
            s.piles[f] = s.piles[f].built(Some(Rank::Ace), BuildRule::UP_IN_SUIT);
        }
        s
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        if let Some(card) = pos.pile(self.hand).top_face_up() {
            for &p in &self.piles {
                out.push(Move::transfer(self.hand, p, 1));
            }
            if self.founds_by_hand(card) {
                let empty = self.foundations.iter().filter(|&&f| pos.pile(f).is_empty());
                out.extend(empty.map(|&f| Move::transfer(self.hand, f, 1)));
            }
        } else if self.stock_done(pos) {
            for &p in &self.piles {
                let Some(card) = pos.pile(p).top_face_up() else {
                    continue;
                };
                for &f in &self.foundations {
                    if Self::fits(pos, f, card).is_ok() {
                        out.push(Move::transfer(p, f, 1));
                    }
                }
            }
        }
        if self.check_deal(pos).is_ok() {
            out.push(Move::Deal);
        }
    }

    fn readings(&self) -> &'static [Reading] {
        &[ACES]
    }
}
