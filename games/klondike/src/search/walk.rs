//! The exhaustive search's walk of the board: which moves it tries, with the reductions
//! argued in `games/klondike/SEARCH.md` (each tested against the search without it).
//!
//! - **Safe home**: a column's top card whose closure is home goes home as the only move.
//! - **Columns alike**: the key takes the columns as a multiset (always); a King goes only to
//!   the first space, and a column that is a King's run alone never moves to a space.
//! - **Twins alike**: which of the two cards of a rank and colour holds which stack does not
//!   matter: the key does not tell, no run moves from one to the other, and a covered card goes
//!   home by moving its stack onto its twin first ([`Step::Swap`]).
//! - **Follow-ups**: some moves are only worth making for the move they let come next, so the
//!   move after them must be that one:
//!   - a run moved off a face-up card `x` (part of a column's run; only without twins alike,
//!     which never makes that move): the next move puts `x` home or a card on it;
//!   - a foundation card `f` brought down: the next move puts a card on `f`, or brings the next
//!     card of its suit down;
//!   - a whole column moved onto another (not a King's): the next move fills a space.
//!
//!   What a position still owes is part of its key; a position reached owing nothing stands
//!   for the same position owing something (its moves include theirs).
//! - **Dead ends**: a position reached by a move that covers a card is not expanded when some
//!   card can never go home under relaxed rules ([`super::dead`]).

use std::cell::RefCell;

use solitaire_search::key::Seen;
use solitaire_search::pausable::Walk;

use super::board::{Board, Code, HOME, Step, suit};

/// What the search may use beyond the rules (all on in the real search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reductions {
    pub safe_home: bool,
    pub columns_alike: bool,
    pub follow_ups: bool,
    /// The stacks on two twins (the cards of one rank and colour) count as a pair, not in
    /// order: the key does not tell which twin holds which, a run never moves from one twin
    /// to the other, and a covered card goes home by moving its stack onto its twin
    /// ([`Step::Swap`]).
    pub twins_alike: bool,
    /// A position some card of which can never go home under the relaxed rules of
    /// [`super::dead`] is not expanded (tested after every move that covers a card).
    pub dead_ends: bool,
}

impl Reductions {
    pub const ALL: Reductions = Reductions {
        safe_home: true,
        columns_alike: true,
        follow_ups: true,
        twins_alike: true,
        dead_ends: true,
    };
    #[cfg(test)]
    pub const NONE: Reductions = Reductions {
        safe_home: false,
        columns_alike: false,
        follow_ups: false,
        twins_alike: false,
        dead_ends: false,
    };
}

/// What the next move must do (a follow-up), as a byte of the key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Owed {
    Nothing,
    /// Touch the card, a column's top: it goes home, or a card goes on it.
    Touch(Code),
    /// Put a card on this card (a column's top, just down from its foundation), or bring the
    /// next card of its suit down.
    Cover(Code),
    /// Put a King into a space.
    Fill,
}

impl Owed {
    fn byte(self) -> u8 {
        match self {
            Owed::Nothing => 0,
            Owed::Touch(c) => 0x40 | c,
            Owed::Cover(c) => 0x80 | c,
            Owed::Fill => 0xc0,
        }
    }
}

/// The board as the exhaustive search walks it.
pub(crate) struct Walker {
    pub(crate) board: Board,
    reductions: Reductions,
    /// What each position of the path owes, the current one last.
    owed: Vec<Owed>,
    scratch: RefCell<(Vec<u8>, Vec<Step>)>,
}

impl From<(Board, Reductions)> for Walker {
    fn from((board, reductions): (Board, Reductions)) -> Walker {
        Walker {
            board,
            reductions,
            owed: vec![Owed::Nothing],
            scratch: RefCell::new((Vec::new(), Vec::new())),
        }
    }
}

impl Walker {
    fn owed(&self) -> Owed {
        self.owed.last().copied().unwrap_or(Owed::Nothing)
    }

    /// The key of the position owing `owed`.
    fn key_owing(&self, owed: Owed) -> u128 {
        if self.reductions.twins_alike {
            self.board.twin_key(owed.byte())
        } else {
            self.board.key(owed.byte())
        }
    }

    /// The column whose top card is `card`.
    fn column_of(&self, card: Code) -> Option<u8> {
        (0..self.board.columns.len())
            .find(|&c| self.board.top(c) == Some(card))
            .map(|c| c as u8)
    }

    /// Whether `step` pays what the position owes.
    fn pays(&self, owed: Owed, step: Step) -> bool {
        match owed {
            Owed::Nothing => true,
            Owed::Touch(x) => {
                let col = self.column_of(x);
                let home = match step {
                    Step::Home { from, .. } => Some(from),
                    _ => None,
                };
                col.is_some() && (home == col || step.onto() == col)
            }
            Owed::Cover(f) => {
                let col = self.column_of(f);
                (col.is_some() && step.onto() == col)
                    || matches!(step, Step::Down { suit: s, .. } if s == suit(f))
            }
            Owed::Fill => step
                .onto()
                .is_some_and(|to| self.board.columns[usize::from(to)].is_empty()),
        }
    }

    /// What the position `step` leads to owes (`step` not yet made).
    fn owes_after(&self, step: Step) -> Owed {
        if !self.reductions.follow_ups {
            return Owed::Nothing;
        }
        match step {
            Step::Shift {
                from, count, flip, ..
            } if !flip => {
                let col = &self.board.columns[usize::from(from)];
                match col.len() - usize::from(count) {
                    0 => Owed::Fill,
                    rest => Owed::Touch(col[rest - 1]),
                }
            }
            Step::Down { suit: s, .. } => Owed::Cover((s << 4) | self.board.home[usize::from(s)]),
            _ => Owed::Nothing,
        }
    }

    /// Whether the reductions leave `step` out whatever is owed: a safe card brought down
    /// (it would go straight back), a King to any space but the first, a King's whole column
    /// to a space.
    fn pointless(&self, step: Step) -> bool {
        let b = &self.board;
        let first_space = || (0..b.columns.len()).find(|&c| b.columns[c].is_empty());
        let to_space = |to: u8| b.columns[usize::from(to)].is_empty();
        match step {
            Step::Down { suit: s, to } => {
                let card = (s << 4) | b.home[usize::from(s)];
                (self.reductions.safe_home && b.safe(card))
                    || (self.reductions.columns_alike
                        && to_space(to)
                        && first_space() != Some(usize::from(to)))
            }
            Step::Shift {
                from, to, count, ..
            } if self.reductions.columns_alike && to_space(to) => {
                usize::from(count) == b.columns[usize::from(from)].len()
                    || first_space() != Some(usize::from(to))
            }
            Step::Talon { to, .. } if self.reductions.columns_alike && to != HOME => {
                to_space(to) && first_space() != Some(usize::from(to))
            }
            _ => false,
        }
    }
}

impl Walk for Walker {
    type Step = (Step, Owed);
    type Table = Seen;

    fn key(&self) -> u128 {
        self.key_owing(self.owed())
    }
    fn is_won(&self) -> bool {
        self.board.is_won()
    }
    fn apply(&mut self, (step, owed): Self::Step) {
        self.board.apply(step);
        self.owed.push(owed);
    }
    fn undo(&mut self, (step, _): Self::Step) {
        self.owed.pop();
        self.board.undo(step);
    }
    fn admit(&mut self, (step, _): Self::Step, _branching: bool, seen: &mut Seen) -> bool {
        if self.owed() != Owed::Nothing && seen.contains(&self.key_owing(Owed::Nothing)) {
            return false;
        }
        // Only a move that covers a card can make a position hopeless: a card going home
        // takes nothing from what the relaxed rules learn.
        let covers = !matches!(step, Step::Home { .. } | Step::Talon { to: HOME, .. });
        if !seen.insert(self.key()) {
            return false;
        }
        !(self.reductions.dead_ends && covers && super::dead::hopeless(&self.board))
    }
    fn expand(&self, out: &mut Vec<Self::Step>) {
        let b = &self.board;
        if self.reductions.safe_home {
            for from in 0..b.columns.len() {
                if let Some(card) = b.top(from)
                    && b.goes_home(card)
                    && b.safe(card)
                {
                    let flip = b.turns_up(from, 1);
                    let from = from as u8;
                    out.push((Step::Home { from, card, flip }, Owed::Nothing));
                    return;
                }
            }
        }
        let mut scratch = self.scratch.borrow_mut();
        let (reach, steps) = &mut *scratch;
        // With twins alike, a run moved off a face-up card (from one twin to the other) gives
        // the same key: such moves are left out, and a covered card's way home added.
        b.moves(reach, steps, !self.reductions.twins_alike);
        if self.reductions.twins_alike {
            b.swaps(steps);
        }
        let owed = self.owed();
        for &step in steps.iter() {
            if self.pays(owed, step) && !self.pointless(step) {
                out.push((step, self.owes_after(step)));
            }
        }
    }
}
