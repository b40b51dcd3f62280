//! Sly Fox's moves: checking, applying and generating them, and the deal.

use solitaire_core::{
    BuildRule, Card, FaceDown, Fault, Illegal, Layout, LayoutError, Move, Phase, Place, Position,
    Rank, Reading, Rules, Structure, StructureError, Tx, Vars,
};

use crate::{Dealing, READINGS, Role, SlyFox};

/// Whether `card` may be built on a foundation of `role` whose top card is `top`.
fn builds_on(role: Role, top: Option<Card>, card: Card) -> bool {
    match (role, top) {
        (Role::Up, None) => card.rank == Rank::Ace,
        (Role::Down, None) => card.rank == Rank::King,
        (Role::Up, Some(t)) => t.suit == card.suit && t.rank.up(false) == Some(card.rank),
        (Role::Down, Some(t)) => t.suit == card.suit && t.rank.down(false) == Some(card.rank),
        _ => false,
    }
}

fn is_foundation(role: Role) -> bool {
    matches!(role, Role::Up | Role::Down)
}

impl SlyFox {
    fn check_transfer(
        &self,
        pos: &Position,
        from: usize,
        to: usize,
        count: usize,
    ) -> Result<(), Illegal> {
        let vars = pos.vars();
        if self.roles[from] == Role::Hand {
            if vars.phase != Phase::Dealing {
                return Err(Illegal::phase("cards leave the hand only during a deal"));
            }
            if count != 1 {
                return Err(Illegal::source("the dealt cards are placed one at a time"));
            }
            if self.roles[to] != Role::Reserve {
                return Err(Illegal::target("the dealt card goes onto a reserve pile"));
            }
            if vars.is_marked(to) {
                return Err(Illegal::target("each reserve pile gets one card per deal"));
            }
            return Ok(());
        }
        if vars.phase == Phase::Dealing {
            return Err(Illegal::phase("no building until the deal is complete"));
        }
        match self.roles[from] {
            Role::Stock => return Err(Illegal::source("stock cards come out only by deal")),
            Role::Up | Role::Down if is_foundation(self.roles[to]) => {
                return Err(Illegal::source(
                    "cards never move from one foundation to another",
                ));
            }
            Role::Up | Role::Down => {
                return Err(Illegal::source("cards never leave the foundations"));
            }
            Role::Reserve | Role::Hand => {}
        }
        if count != 1 {
            return Err(Illegal::source(
                "only the top card of a reserve pile is available",
            ));
        }
        let Some(card) = pos.pile(from).top() else {
            return Err(Illegal::source("there is no card to move there"));
        };
        let dst = pos.pile(to);
        match self.roles[to] {
            Role::Stock => Err(Illegal::target("cards never go back to the stock")),
            Role::Hand => Err(Illegal::target("only a dealt stock card goes to the hand")),
            Role::Reserve => Err(Illegal::target(
                "cards never move from one reserve pile to another",
            )),
            role @ (Role::Up | Role::Down) => {
                if builds_on(role, dst.top(), card) {
                    Ok(())
                } else if role == Role::Up {
                    Err(Illegal::target("the Aces are built up in suit"))
                } else {
                    Err(Illegal::target("the Kings are built down in suit"))
                }
            }
        }
    }

    fn check_deal(&self, pos: &Position) -> Result<(), Illegal> {
        if pos.vars().phase == Phase::Dealing {
            return Err(Illegal::phase("place every card of this deal first"));
        }
        if pos.pile(self.stock).is_empty() {
            return Err(Illegal::stock("the stock is empty"));
        }
        Ok(())
    }

    /// The reserve piles' bits in [`Vars::marks`].
    fn all_reserves(&self) -> u64 {
        self.reserves.iter().fold(0, |m, &r| m | (1 << r))
    }

    /// After a card of the deal is placed: end the deal when every reserve pile has had its
    /// card or the deal's cards are out; otherwise, one card at a time, turn the next stock
    /// card into the hand.
    fn continue_deal(&self, tx: &mut Tx<'_>, marks: u64) {
        let all = self.all_reserves();
        let source = match self.dealing {
            Dealing::OneAtATime => self.stock,
            Dealing::AllTwenty => self.hand,
        };
        if marks & all == all || tx.pos().pile(source).is_empty() {
            tx.set_vars(Vars {
                phase: Phase::Play,
                marks: 0,
                ..tx.pos().vars()
            });
        } else {
            tx.set_vars(Vars {
                marks,
                ..tx.pos().vars()
            });
            if self.dealing == Dealing::OneAtATime {
                tx.move_cards(self.stock, self.hand, 1);
            }
        }
    }
}

impl Rules for SlyFox {
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
                let (from, to) = (usize::from(from), usize::from(to));
                tx.move_cards(from, to, count.into());
                if from == self.hand {
                    let marks = tx.pos().vars().marks | (1 << to);
                    self.continue_deal(tx, marks);
                } else if tx.pos().vars().phase == Phase::Opening {
                    tx.refill_spaces(self.stock, &[from]);
                }
            }
            Move::Deal => {
                tx.set_vars(Vars {
                    phase: Phase::Dealing,
                    marks: 0,
                    ..tx.pos().vars()
                });
                let count = match self.dealing {
                    Dealing::OneAtATime => 1,
                    Dealing::AllTwenty => self.reserves.len(),
                };
                let count = count.min(tx.pos().pile(self.stock).len());
                tx.move_cards(self.stock, self.hand, count);
            }
            Move::Redeal => {}
        }
    }

    fn readings(&self) -> &'static [Reading] {
        READINGS
    }

    fn is_won(&self, pos: &Position) -> bool {
        (0..self.roles.len()).all(|i| is_foundation(self.roles[i]) || pos.pile(i).is_empty())
    }

    /// Reserve cards lie face up; the Aces build up in suit, the Kings down; a deal in
    /// progress marks the reserve piles that have had their card; the hand holds the deal's
    /// cards (one at a time, or all twenty under `deal: all-twenty`).
    fn structure(&self, layout: &Layout) -> Structure {
        let mut s = Structure::of(layout);
        if self.dealing == Dealing::AllTwenty {
            s.piles[self.hand] = s.piles[self.hand].at_most(self.reserves.len());
        }
        for &r in &self.reserves {
            s.piles[r] = s.piles[r].with_face_down(FaceDown::Never);
        }
        for &f in &self.foundations {
            s.piles[f] = match self.roles[f] {
                Role::Up => s.piles[f].built(Some(Rank::Ace), BuildRule::UP_IN_SUIT),
                _ => s.piles[f].built(Some(Rank::King), BuildRule::DOWN_IN_SUIT),
            };
        }
        s.phases.extend([Phase::Opening, Phase::Dealing]);
        s.markable = self.all_reserves();
        s
    }

    /// During a deal the hand holds the cards still to place, no more than the reserve piles
    /// still waiting for theirs; outside a deal the hand is empty and no pile is marked.
    fn check_structure(&self, pos: &Position) -> Result<(), StructureError> {
        let vars = pos.vars();
        let hand = pos.pile(self.hand).len();
        if vars.phase == Phase::Dealing {
            if hand == 0 {
                return Err(StructureError::new(
                    Place::Phase,
                    Fault::Rule("during a deal the hand holds the card being placed"),
                ));
            }
            let served = (vars.marks & self.all_reserves()).count_ones() as usize;
            if hand + served > self.reserves.len() {
                return Err(StructureError::pile(
                    self.hand,
                    "a deal gives each reserve pile one card: the hand holds more than wait",
                ));
            }
        } else if hand > 0 {
            return Err(StructureError::pile(
                self.hand,
                "the hand holds a card only during a deal",
            ));
        } else if vars.marks != 0 {
            return Err(StructureError::new(
                Place::Mark(vars.marks.trailing_zeros() as usize),
                Fault::Unmarkable,
            ));
        }
        Ok(())
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let vars = pos.vars();
        if vars.phase == Phase::Dealing {
            if !pos.pile(self.hand).is_empty() {
                for &r in &self.reserves {
                    if !vars.is_marked(r) {
                        out.push(Move::transfer(self.hand, r, 1));
                    }
                }
            }
            return;
        }
        for &r in &self.reserves {
            let Some(card) = pos.pile(r).top() else {
                continue;
            };
            for &f in &self.foundations {
                if builds_on(self.roles[f], pos.pile(f).top(), card) {
                    out.push(Move::transfer(r, f, 1));
                }
            }
        }
        if self.check_deal(pos).is_ok() {
            out.push(Move::Deal);
        }
    }

    /// The layout's script deals the bases, the reserve and the stock; play starts in the
    /// opening phase.
    fn deal(&self, layout: &Layout, deck: Vec<Card>) -> Result<Position, LayoutError> {
        let dealt = layout.run_deal(deck)?;
        let vars = Vars {
            phase: Phase::Opening,
            ..dealt.vars()
        };
        Ok(Position::new(dealt.piles().to_vec(), vars))
    }
}
