//! The exhaustive depth-first search of the compact boards that bring their reductions in
//! their own moves (Bristol's, Penguin's, German Patience's): the pausable search
//! ([`crate::pausable`]) run once to the end, every reachable position expanded once (a
//! transposition table of 128-bit keys), so finding no win proves the deal lost, as long as
//! the board's reductions are sound (each board argues its own in its code and tests them
//! against the search without).

use crate::key::Seen;
use crate::outcome::Meter;
use crate::pausable::{Dfs, Walk};

pub(crate) use crate::pausable::Verdict;

/// A compact position that the search plays on.
pub(crate) trait Board {
    /// One move, enough to undo it.
    type Step: Copy;
    fn is_won(&self) -> bool;
    /// The key of the position (positions alike to the rules may share it).
    fn key(&self) -> u128;
    /// The moves to try from here, into `out` (cleared first).
    fn expand(&self, out: &mut Vec<Self::Step>);
    fn apply(&mut self, step: Self::Step);
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
pub(crate) fn search<B: Board>(board: &mut B, meter: &mut Meter) -> Verdict<B::Step> {
    let mut dfs = Dfs::from_walk(Plain(board));
    let verdict = dfs.run(u64::MAX, meter);
    dfs.unwind();
    verdict
}

/// Search `board` (left as it was) as [`search`] does, but in rounds with a search of its own
/// between them ([`Dfs::run_in_rounds`]).
pub(crate) fn search_in_rounds<B: Board>(
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

/// The text of each of `moves` in `game` (the tests compare a board's moves with the
/// engine's this way).
#[cfg(test)]
pub(crate) fn move_texts(
    game: &solitaire_core::Game,
    moves: impl IntoIterator<Item = solitaire_core::Move>,
) -> std::collections::BTreeSet<String> {
    moves
        .into_iter()
        .map(|m| game.move_text(m).to_string())
        .collect()
}

/// Search `board` within `meter`'s budget and give a win as the engine's moves
/// (`engine_move` translates each step).
pub(crate) fn solve<B: Board>(
    board: &mut B,
    meter: &mut Meter,
    engine_move: impl Fn(B::Step) -> solitaire_core::Move,
) -> crate::Outcome {
    search(board, meter).outcome(|steps| steps.into_iter().map(engine_move).collect())
}

/// The engine pile of a board's pile `p`, where the board numbers `first` then `second`.
pub(crate) fn pile_of(first: &[usize], second: &[usize], p: u8) -> usize {
    let p = usize::from(p);
    first
        .get(p)
        .copied()
        .unwrap_or_else(|| second[p - first.len()])
}

/// A board that the tests compare with the engine move by move.
#[cfg(test)]
pub(crate) trait Checked: Board + Clone {
    type Snapshot: PartialEq + std::fmt::Debug;
    fn snapshot(&self) -> Self::Snapshot;
    /// Every legal move (without the reductions, as the engine lists them).
    fn legal(&self, out: &mut Vec<Self::Step>);
}

/// Play random games of `game` from seeds `seeds` on the board (`board_of` makes one from a
/// position; `engine_move` translates its steps) and the engine side by side: the same
/// position, the same legal moves and the same end after every move; undoing every move
/// restores the start and its key.
#[cfg(test)]
pub(crate) fn check_random_games<B: Checked>(
    game: &solitaire_core::Game,
    seeds: std::ops::RangeInclusive<u64>,
    board_of: impl Fn(&solitaire_core::Position) -> B,
    engine_move: impl Fn(B::Step) -> solitaire_core::Move,
) {
    use solitaire_core::shuffle::{below, rng_for};
    let mut rng = rng_for(*seeds.start());
    for seed in seeds {
        let mut pos = game.deal(seed);
        let start = board_of(&pos);
        let mut board = start.clone();
        let mut played = Vec::new();
        loop {
            assert_eq!(board.snapshot(), board_of(&pos).snapshot(), "seed {seed}");
            assert_eq!(board.is_won(), game.rules().is_won(&pos), "seed {seed}");
            let mut steps = Vec::new();
            board.legal(&mut steps);
            let ours = move_texts(game, steps.iter().map(|&s| engine_move(s)));
            let engine = move_texts(game, game.legal_moves(&pos));
            assert_eq!(ours, engine, "seed {seed} after {} moves", played.len());
            if steps.is_empty() || played.len() > 300 {
                break;
            }
            let step = steps[below(&mut rng, steps.len() as u64) as usize];
            game.play(&mut pos, engine_move(step)).expect("legal");
            board.apply(step);
            played.push(step);
        }
        for &step in played.iter().rev() {
            board.undo(step);
        }
        assert_eq!(board.snapshot(), start.snapshot(), "seed {seed}");
        assert_eq!(board.key(), start.key(), "undo restores the key");
    }
}
