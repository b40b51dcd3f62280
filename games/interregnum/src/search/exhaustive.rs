//! The exhaustive search: depth first over every position reachable from the start, each
//! expanded once (a transposition table of 128-bit keys). Finding no win after expanding
//! every reachable position proves the deal lost. Four reductions shrink the graph: alike
//! foundations (and alike waste piles once the stock is out), longest runs, safe plays and dead
//! ends. Each is switchable ([`Reductions`]) and checked by the tests against the search without
//! it on small positions (late in real deals); under `deal: when-stuck` the search runs without
//! longest runs and safe plays ([`Reductions::WHEN_STUCK`]). The argument that each is sound,
//! under each reading, is in `games/interregnum/SEARCH.md`.

#[cfg(test)]
use solitaire_search::Meter;
use solitaire_search::key::Seen;
use solitaire_search::pausable::{self, Walk};
use solitaire_search::walk_board_methods;

use super::board::{Board, Step};

/// What the search may use beyond the rules (all on in the real search; the tests turn them
/// off to check them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reductions {
    /// Merge alike foundations (and waste piles once the stock is out).
    pub merge: bool,
    /// Play a safe play alone.
    pub safe_plays: bool,
    /// Do not expand dead ends.
    pub dead_ends: bool,
    /// Play a card only onto the foundation with the longest run of those that want it.
    pub longest_runs: bool,
}

impl Reductions {
    pub const ALL: Reductions = Reductions {
        merge: true,
        safe_plays: true,
        dead_ends: true,
        longest_runs: true,
    };
    /// The reductions proved under `deal: when-stuck` (argued in `games/interregnum/SEARCH.md`).
    pub const WHEN_STUCK: Reductions = Reductions {
        merge: true,
        safe_plays: false,
        dead_ends: true,
        longest_runs: false,
    };
    #[cfg(test)]
    pub const NONE: Reductions = Reductions {
        merge: false,
        safe_plays: false,
        dead_ends: false,
        longest_runs: false,
    };
}

/// The answer of the search.
#[cfg(test)]
pub(crate) type Verdict = pausable::Verdict<Step>;

/// The exhaustive search, which can pause (a node cap) and go on where it stopped.
pub(crate) type Dfs = pausable::Dfs<Walker>;

/// The board with its reductions, as the search walks them.
pub(crate) struct Walker {
    /// The position at the end of the search's path.
    pub board: Board,
    pub reductions: Reductions,
}

impl From<(Board, Reductions)> for Walker {
    fn from((board, reductions): (Board, Reductions)) -> Walker {
        Walker { board, reductions }
    }
}

impl Walk for Walker {
    type Step = Step;
    type Table = Seen;

    fn key(&self) -> u128 {
        self.board.key(self.reductions.merge)
    }
    walk_board_methods!();
    fn admit(&mut self, _step: Step, _branching: bool, seen: &mut Seen) -> bool {
        seen.insert(self.key()) && !(self.reductions.dead_ends && self.board.is_dead())
    }
    /// A safe play alone when there is one (and the reductions allow it), every legal move
    /// otherwise, the plays from the deepest piles first and the deal last.
    fn expand(&self, moves: &mut Vec<Step>) {
        let (board, reductions) = (&self.board, self.reductions);
        match board.safe_play().filter(|_| reductions.safe_plays) {
            Some(step) => moves.push(step),
            None => {
                board.moves(reductions.merge, reductions.longest_runs, moves);
                let plays = moves
                    .iter()
                    .take_while(|s| matches!(s, Step::Play(..)))
                    .count();
                moves[..plays].sort_by_key(|s| match *s {
                    Step::Play(w, _) => std::cmp::Reverse(board.wastes[usize::from(w)].len()),
                    Step::Deal(_) => std::cmp::Reverse(0),
                });
            }
        }
    }
}

/// Search `board` for a win within `meter`'s budget.
#[cfg(test)]
pub(crate) fn search(board: &Board, reductions: Reductions, meter: &mut Meter) -> Verdict {
    Dfs::new(board.clone(), reductions).run(u64::MAX, meter)
}
