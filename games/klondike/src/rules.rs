//! Klondike's moves: checking and applying them, and the structure of its positions.

use solitaire_core::{
    BuildRule, Card, Direction, Illegal, Layout, Move, Position, Rank, Reading, Rules, Structure,
    SuitRule, Tx, Vars,
};

use crate::{Klondike, READINGS};

/// A column: down in alternate colours.
const DOWN_ALTERNATE: BuildRule = BuildRule {
    suit: SuitRule::Alternate,
    direction: Direction::Down,
    wrap: false,
};

impl Klondike {
    fn is_column(&self, p: usize) -> bool {
        self.columns.contains(&p)
    }

    fn is_foundation(&self, p: usize) -> bool {
        self.foundations.contains(&p)
    }

    /// The cards that would move: the top `count` of `from`, face up and in order.
    fn moving<'a>(
        &self,
        pos: &'a Position,
        from: usize,
        count: usize,
    ) -> Result<&'a [Card], Illegal> {
        let pile = pos.pile(from);
        if from == self.stock {
            return Err(Illegal::source("the stock turns onto the waste with deal"));
        }
        if count > 1 && !self.is_column(from) {
            return Err(Illegal::source(
                "only a column's run moves more than one card",
            ));
        }
        if count > pile.face_up().len() {
            return Err(Illegal::source("only face-up cards move"));
        }
        let cards = pile
            .top_n(count)
            .ok_or(Illegal::source("the pile has fewer cards"))?;
        if !DOWN_ALTERNATE.is_sequence(cards) {
            return Err(Illegal::source(
                "a run moves only if it is built down in alternate colours",
            ));
        }
        Ok(cards)
    }

    fn check_transfer(
        &self,
        pos: &Position,
        from: usize,
        to: usize,
        count: usize,
    ) -> Result<(), Illegal> {
        if from == to {
            return Err(Illegal::target("a card moves to another pile"));
        }
        if self.is_foundation(from) && !self.is_column(to) {
            return Err(Illegal::target(
                "a foundation card goes back only to a column",
            ));
        }
        let cards = self.moving(pos, from, count)?;
        let Some(&first) = cards.first() else {
            return Err(Illegal::source("nothing to move"));
        };
        if self.is_foundation(to) {
            if count != 1 {
                return Err(Illegal::target("a foundation takes one card at a time"));
            }
            return match pos.pile(to).top() {
                None if first.rank == Rank::Ace => Ok(()),
                None => Err(Illegal::target("a foundation is founded with an Ace")),
                Some(top) if BuildRule::UP_IN_SUIT.fits(top, first) => Ok(()),
                Some(_) => Err(Illegal::target("a foundation is built up in suit")),
            };
        }
        if !self.is_column(to) {
            return Err(Illegal::target(
                "cards go only to the foundations and the columns",
            ));
        }
        match pos.pile(to).top() {
            None if first.rank == Rank::King => Ok(()),
            None => Err(Illegal::target(
                "a space takes only a King, or a run headed by a King",
            )),
            Some(top) if DOWN_ALTERNATE.fits(top, first) => Ok(()),
            Some(_) => Err(Illegal::target(
                "a column is built down in alternate colours",
            )),
        }
    }

    fn check_redeal(&self, pos: &Position) -> Result<(), Illegal> {
        if !pos.pile(self.stock).is_empty() {
            return Err(Illegal::stock(
                "the waste turns over only when the stock is empty",
            ));
        }
        if pos.pile(self.waste).is_empty() {
            return Err(Illegal::stock("the waste is empty"));
        }
        match self.redeals {
            Some(0) => Err(Illegal::stock("one pass only: the waste never turns over")),
            Some(limit) if pos.vars().redeals >= limit => {
                Err(Illegal::stock("every pass through the stock is used"))
            }
            _ => Ok(()),
        }
    }
}

impl Rules for Klondike {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => self.check_transfer(pos, from.into(), to.into(), count.into()),
            Move::Deal if pos.pile(self.stock).is_empty() => {
                Err(Illegal::stock("the stock is empty"))
            }
            Move::Deal => Ok(()),
            Move::Redeal => self.check_redeal(pos),
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => {
                let from = usize::from(from);
                tx.move_cards(from, usize::from(to), usize::from(count));
                if self.is_column(from) {
                    tx.reveal_top(from);
                }
            }
            Move::Deal => {
                // Turned one by one, three cards land as the packet turned over would.
                let n = self.draw.min(tx.pos().pile(self.stock).len());
                for _ in 0..n {
                    tx.move_cards(self.stock, self.waste, 1);
                }
            }
            Move::Redeal => {
                let n = tx.pos().pile(self.waste).len();
                tx.gather_face_down(self.waste, self.stock, n);
                // With passes unlimited the position keeps no count: a pass is no new state.
                if self.redeals.is_some() {
                    let vars = tx.pos().vars();
                    tx.set_vars(Vars {
                        redeals: vars.redeals + 1,
                        ..vars
                    });
                }
            }
        }
    }

    /// Won when no card is left outside the foundations.
    fn is_won(&self, pos: &Position) -> bool {
        pos.piles()
            .iter()
            .enumerate()
            .all(|(i, pile)| self.is_foundation(i) || pile.is_empty())
    }

    fn readings(&self) -> &'static [Reading] {
        READINGS
    }

    /// The foundations are built up in suit from the Ace; the waste turns over at most as
    /// often as the passes allow (never counted when they are unlimited).
    fn structure(&self, layout: &Layout) -> Structure {
        let mut s = Structure::of(layout);
        for &f in &self.foundations {
            s.piles[f] = s.piles[f].built(Some(Rank::Ace), BuildRule::UP_IN_SUIT);
        }
        s.max_redeals = self.redeals.unwrap_or(0);
        s
    }
}
