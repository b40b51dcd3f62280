//! The one path that changes a position: primitive steps, recorded so they can be undone.
//!
//! A game's [`crate::Rules::apply`] changes the position only through a [`Tx`]. Each call
//! performs one primitive step and appends it, with what it overwrote, to a log. [`undo`]
//! walks a log backwards. Moves, stock deals, flips, suit removals, redeals and automatic
//! follow-up moves all go through here, so undo, replay, saves, the solver, the grader and the
//! app agree by construction.

use crate::moves::PileId;
use crate::position::{Position, Vars};

/// One primitive change, with what it replaced so it can be reversed exactly.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    /// The top `count` cards of `from` went onto `to`.
    Transfer {
        /// The pile the cards left.
        from: PileId,
        /// The pile they went onto.
        to: PileId,
        /// How many cards.
        count: u16,
        /// The packet was turned over (order reversed), as when a waste is gathered.
        reverse: bool,
        /// The cards landed face down.
        face_down: bool,
        /// Face-down counts of `from` and `to` before the step.
        before: (u16, u16),
    },
    /// The bottom card of `from` went face up onto the top of `to` (Labyrinth's columns
    /// are open at both ends).
    TransferBottom {
        /// The pile whose bottom card moved.
        from: PileId,
        /// The pile it went onto.
        to: PileId,
        /// Face-down counts of `from` and `to` before the step.
        before: (u16, u16),
    },
    /// A pile's face-down count changed (a card turned up, a pile turned down).
    Faces {
        /// The pile.
        pile: PileId,
        /// Face-down count before.
        before: u16,
        /// Face-down count after.
        after: u16,
    },
    /// The game variables changed.
    Vars {
        /// The variables before.
        before: Vars,
        /// The variables after.
        after: Vars,
    },
}

/// A position being changed, and the log of the changes.
pub struct Tx<'a> {
    pos: &'a mut Position,
    log: &'a mut Vec<Step>,
}

impl<'a> Tx<'a> {
    /// Start changing `pos`, appending steps to `log`.
    pub fn new(pos: &'a mut Position, log: &'a mut Vec<Step>) -> Tx<'a> {
        Tx { pos, log }
    }

    /// The position as changed so far.
    #[inline]
    pub fn pos(&self) -> &Position {
        self.pos
    }

    /// Move the top `count` cards of `from` onto `to`, keeping their order; they land face up.
    #[inline]
    pub fn move_cards(&mut self, from: usize, to: usize, count: usize) {
        self.transfer(from, to, count, false, false);
    }

    /// Move the top `count` cards of `from` onto `to` face down (onto a pile that is all
    /// face down or empty, such as a reserve packet), keeping their order.
    pub fn move_cards_face_down(&mut self, from: usize, to: usize, count: usize) {
        self.transfer(from, to, count, false, true);
    }

    /// Turn the top `count` cards of `from` over as a packet onto `to`: the order reverses and
    /// they land face down (gathering a waste back into the stock).
    pub fn gather_face_down(&mut self, from: usize, to: usize, count: usize) {
        self.transfer(from, to, count, true, true);
    }

    /// Move the bottom card of `from` (its first dealt, most buried card) onto the top of
    /// `to`, face up; the other cards of `from` keep their order. Nothing happens if `from`
    /// is empty.
    pub fn move_bottom_card(&mut self, from: usize, to: usize) {
        if self.pos.piles[from].cards.is_empty() {
            return;
        }
        let before = (
            small(self.pos.piles[from].face_down),
            small(self.pos.piles[to].face_down),
        );
        let (src, dst) = two_mut(&mut self.pos.piles, from, to);
        let card = src.cards.remove(0);
        src.face_down = src.face_down.saturating_sub(1);
        dst.cards.push(card);
        self.log.push(Step::TransferBottom {
            from: PileId::of(from),
            to: PileId::of(to),
            before,
        });
    }

    /// Turn the top card of `pile` face up if it is face down. Returns whether it turned.
    #[inline]
    pub fn reveal_top(&mut self, pile: usize) -> bool {
        let p = &self.pos.piles[pile];
        if !p.cards.is_empty() && p.face_down == p.cards.len() {
            self.set_face_down(pile, p.cards.len() - 1);
            true
        } else {
            false
        }
    }

    /// Fill every empty pile of `piles`, in order, with one face-up card from the top of
    /// `stock`, while the stock lasts (the opening phase of German Patience, Sly Fox,
    /// Labyrinth).
    pub fn refill_spaces(&mut self, stock: usize, piles: &[usize]) {
        for &p in piles {
            if self.pos.piles[stock].cards.is_empty() {
                break;
            }
            if self.pos.piles[p].cards.is_empty() {
                self.move_cards(stock, p, 1);
            }
        }
    }

    /// Turn the whole pile face down (a completed German Patience pile).
    pub fn turn_down(&mut self, pile: usize) {
        let len = self.pos.piles[pile].cards.len();
        self.set_face_down(pile, len);
    }

    /// Set how many cards of `pile` are face down (from the bottom).
    #[inline]
    pub fn set_face_down(&mut self, pile: usize, count: usize) {
        let p = &mut self.pos.piles[pile];
        let after = count.min(p.cards.len());
        if after == p.face_down {
            return;
        }
        self.log.push(Step::Faces {
            pile: PileId::of(pile),
            before: small(p.face_down),
            after: small(after),
        });
        p.face_down = after;
    }

    /// Replace the game variables.
    pub fn set_vars(&mut self, vars: Vars) {
        if vars != self.pos.vars {
            self.log.push(Step::Vars {
                before: self.pos.vars,
                after: vars,
            });
            self.pos.vars = vars;
        }
    }

    #[inline]
    fn transfer(&mut self, from: usize, to: usize, count: usize, reverse: bool, face_down: bool) {
        if count == 0 {
            return;
        }
        let before = (
            small(self.pos.piles[from].face_down),
            small(self.pos.piles[to].face_down),
        );
        move_top(self.pos, from, to, count, reverse);
        let (src, dst) = (from, to);
        let s = &mut self.pos.piles[src];
        s.face_down = s.face_down.min(s.cards.len());
        let d = &mut self.pos.piles[dst];
        if face_down {
            debug_assert_eq!(
                usize::from(before.1),
                d.cards.len() - count,
                "cards land face down only on an all face-down pile"
            );
            d.face_down = d.cards.len();
        }
        self.log.push(Step::Transfer {
            from: PileId::of(from),
            to: PileId::of(to),
            count: small(count),
            reverse,
            face_down,
            before,
        });
    }
}

/// A number of cards of one pile, as a step logs it: a layout's deck has at most 255 cards.
#[inline]
#[track_caller]
fn small(cards: usize) -> u16 {
    match u16::try_from(cards) {
        Ok(n) => n,
        Err(_) => panic!("{cards} cards in one pile: a layout's deck has at most 255 cards"),
    }
}

#[inline]
fn move_top(pos: &mut Position, from: usize, to: usize, count: usize, reverse: bool) {
    let (src, dst) = two_mut(&mut pos.piles, from, to);
    if count == 1 {
        // The common case (single cards, stock deals) without a memcpy call.
        if let Some(card) = src.cards.pop() {
            dst.cards.push(card);
        }
        return;
    }
    let start = src.cards.len() - count;
    if reverse {
        dst.cards.extend(src.cards[start..].iter().rev());
    } else {
        dst.cards.extend_from_slice(&src.cards[start..]);
    }
    src.cards.truncate(start);
}

#[inline]
fn two_mut<T>(items: &mut [T], a: usize, b: usize) -> (&mut T, &mut T) {
    assert_ne!(a, b, "a pile cannot move onto itself");
    if a < b {
        let (lo, hi) = items.split_at_mut(b);
        (&mut lo[a], &mut hi[0])
    } else {
        let (lo, hi) = items.split_at_mut(a);
        (&mut hi[0], &mut lo[b])
    }
}

/// Reverse `steps` (as logged by a [`Tx`] on this position), last step first.
pub fn undo(pos: &mut Position, steps: &[Step]) {
    for step in steps.iter().rev() {
        match *step {
            Step::Transfer {
                from,
                to,
                count,
                reverse,
                before,
                ..
            } => {
                let (from, to) = (from.index(), to.index());
                move_top(pos, to, from, usize::from(count), reverse);
                pos.piles[from].face_down = usize::from(before.0);
                pos.piles[to].face_down = usize::from(before.1);
            }
            Step::TransferBottom { from, to, before } => {
                let (from, to) = (from.index(), to.index());
                let (src, dst) = two_mut(&mut pos.piles, from, to);
                if let Some(card) = dst.cards.pop() {
                    src.cards.insert(0, card);
                }
                src.face_down = usize::from(before.0);
                dst.face_down = usize::from(before.1);
            }
            Step::Faces { pile, before, .. } => {
                pos.piles[pile.index()].face_down = usize::from(before);
            }
            Step::Vars { before, .. } => pos.vars = before,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Card, Rank, Suit};
    use crate::pile::Pile;

    fn c(r: Rank) -> Card {
        Card::new(r, Suit::Spades)
    }

    #[test]
    fn every_step_undoes_exactly() {
        let start = Position::new(
            vec![
                Pile::new(vec![c(Rank::Two), c(Rank::Three), c(Rank::Four)], 3),
                Pile::new(vec![c(Rank::King), c(Rank::Queen)], 1),
                Pile::default(),
            ],
            Vars::default(),
        );
        let mut pos = start.clone();
        let mut log = Vec::new();
        let mut tx = Tx::new(&mut pos, &mut log);
        tx.move_cards(0, 2, 2);
        tx.gather_face_down(1, 0, 2);
        tx.reveal_top(0);
        tx.turn_down(2);
        tx.set_vars(Vars {
            redeals: 1,
            ..Vars::default()
        });
        assert_eq!(
            pos.pile(0).cards(),
            &[c(Rank::Two), c(Rank::Queen), c(Rank::King)]
        );
        assert_eq!(pos.pile(0).face_down(), 2);
        assert_eq!(pos.pile(2).face_down(), 2);
        undo(&mut pos, &log);
        assert_eq!(pos, start);
    }

    #[test]
    fn a_bottom_card_moves_face_up_and_undoes_exactly() {
        let start = Position::new(
            vec![
                Pile::new(vec![c(Rank::Two), c(Rank::Three), c(Rank::Four)], 0),
                Pile::new(vec![c(Rank::Ace)], 0),
                Pile::new(vec![c(Rank::Five), c(Rank::Six)], 1),
                Pile::new(vec![c(Rank::King)], 1),
            ],
            Vars::default(),
        );
        let mut pos = start.clone();
        let mut log = Vec::new();
        let mut tx = Tx::new(&mut pos, &mut log);
        tx.move_bottom_card(0, 1);
        tx.move_bottom_card(2, 3);
        tx.move_cards(0, 1, 1);
        tx.move_bottom_card(0, 1);
        assert_eq!(
            pos.pile(1).cards(),
            &[c(Rank::Ace), c(Rank::Two), c(Rank::Four), c(Rank::Three)]
        );
        assert!(pos.pile(0).is_empty());
        // A face-down bottom card lands face up; the pile keeps the rest face up.
        assert_eq!(pos.pile(2).cards(), &[c(Rank::Six)]);
        assert_eq!(pos.pile(2).face_down(), 0);
        assert_eq!(pos.pile(3).cards(), &[c(Rank::King), c(Rank::Five)]);
        assert_eq!(pos.pile(3).face_down(), 1);
        assert_eq!(log.len(), 4);
        undo(&mut pos, &log);
        assert_eq!(pos, start);
    }

    #[test]
    fn moving_the_bottom_of_an_empty_pile_does_nothing() {
        let start = Position::new(
            vec![Pile::default(), Pile::new(vec![c(Rank::Ace)], 0)],
            Vars::default(),
        );
        let mut pos = start.clone();
        let mut log = Vec::new();
        Tx::new(&mut pos, &mut log).move_bottom_card(0, 1);
        assert!(log.is_empty());
        assert_eq!(pos, start);
    }
}
