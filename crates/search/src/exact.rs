//! The exhaustive depth-first search of a compact board that brings its reductions in its own
//! moves: the pausable search ([`crate::pausable`]) run to the end, every reachable position
//! expanded once (a transposition table of 128-bit keys), so finding no win proves the deal
//! lost, as long as the board's reductions are sound (each game argues its own beside its
//! board and tests them against the search without them: [`crate::testkit`]).

use crate::key::Seen;
use crate::outcome::Meter;
use crate::pausable::{Dfs, Walk};

pub use crate::pausable::Verdict;

/// A compact position that the search plays on.
pub trait Board {
    /// One move, enough to undo it.
    type Step: Copy;
    /// Whether the position is won.
    fn is_won(&self) -> bool;
    /// The key of the position (positions alike to the rules may share it).
    fn key(&self) -> u128;
    /// The moves to try from here, into `out` (cleared first).
    fn expand(&self, out: &mut Vec<Self::Step>);
    /// Make `step`.
    fn apply(&mut self, step: Self::Step);
    /// Take back `step`, the last move made.
    fn undo(&mut self, step: Self::Step);
}

/// A board as the pausable search walks it: every new position is expanded, with the moves
/// the board gives (its own reductions).
struct Plain<'a, B>(&'a mut B);

impl<B: Board> Walk for Plain<'_, B> {
    type Step = B::Step;
    type Table = Seen;

    fn key(&self) -> u128 {
        self.0.key()
    }
    fn is_won(&self) -> bool {
        self.0.is_won()
    }
    fn apply(&mut self, step: B::Step) {
        self.0.apply(step);
    }
    fn undo(&mut self, step: B::Step) {
        self.0.undo(step);
    }
    fn admit(&mut self, _step: B::Step, _branching: bool, seen: &mut Seen) -> bool {
        seen.insert(self.0.key())
    }
    fn expand(&self, moves: &mut Vec<B::Step>) {
        self.0.expand(moves);
    }
}

/// Search `board` (left as it was) for a win within `meter`'s budget: the pausable search
/// ([`crate::pausable`]) run once to the end.
pub fn search<B: Board>(board: &mut B, meter: &mut Meter) -> Verdict<B::Step> {
    let mut dfs = Dfs::from_walk(Plain(board));
    let verdict = dfs.run(u64::MAX, meter);
    dfs.unwind();
    verdict
}

/// Search `board` (left as it was) as [`search`] does, but in rounds with a search of its own
/// between them ([`Dfs::run_in_rounds`]).
pub fn search_in_rounds<B: Board>(
    board: &mut B,
    meter: &mut Meter,
    first: u64,
    between: impl FnMut(u64, &mut Meter) -> Option<Vec<B::Step>>,
) -> Verdict<B::Step> {
    let mut dfs = Dfs::from_walk(Plain(board));
    let verdict = dfs.run_in_rounds(meter, first, between);
    dfs.unwind();
    verdict
}

/// Search `board` within `meter`'s budget and give a win as the engine's moves
/// (`engine_move` translates each step).
pub fn solve<B: Board>(
    board: &mut B,
    meter: &mut Meter,
    engine_move: impl Fn(B::Step) -> solitaire_core::Move,
) -> crate::outcome::Outcome {
    search(board, meter).outcome(|steps| steps.into_iter().map(engine_move).collect())
}

/// The engine pile of a board's pile `p`, where the board numbers `first` then `second`.
pub fn pile_of(first: &[usize], second: &[usize], p: u8) -> usize {
    let p = usize::from(p);
    first
        .get(p)
        .copied()
        .unwrap_or_else(|| second[p - first.len()])
}
