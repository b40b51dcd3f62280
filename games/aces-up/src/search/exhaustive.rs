//! The exhaustive search: depth first over every position reachable from the start, each
//! expanded once (a transposition table of 128-bit keys). Finding no win after expanding
//! every reachable position proves the deal lost. Five reductions shrink the graph: lowest
//! discards, endgame discards, columns alike once the stock is out, dead ends told by the two
//! ghost games ([`super::ghost`], [`super::ghost_spaces`]) and lighter positions. Each is
//! switchable ([`Reductions`]) and checked by the tests against the search without it on small
//! deals; the argument that each is sound is in `games/aces-up/SEARCH.md`.

use super::board::{Board, Step};
use super::ghost_spaces::GhostSpaces;
use super::keys::KeySet;
#[cfg(test)]
use solitaire_search::Meter;
use solitaire_search::pausable::{self, Walk};
use solitaire_search::walk_board_methods;

/// What the search may use beyond the rules (all on in the real search; the tests turn them
/// off to check them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reductions {
    /// Play the discard of a card with no lower card of its suit in play at once, and nothing
    /// else from that position.
    pub lowest_discards: bool,
    /// With the stock out, play any discard at once, and nothing else from that position.
    pub endgame_discards: bool,
    /// Merge positions that differ by the order of their columns once the stock is out.
    pub merge_columns: bool,
    /// Expand no dead end ([`Board::dead_end`], and just after a deal
    /// [`Board::ghost_spaces_lost`]).
    pub dead_ends: bool,
    /// Expand no position that has a lighter position already seen.
    pub lighter: bool,
}

impl Reductions {
    pub const ALL: Reductions = Reductions {
        lowest_discards: true,
        endgame_discards: true,
        merge_columns: true,
        dead_ends: true,
        lighter: true,
    };
    #[cfg(test)]
    pub const NONE: Reductions = Reductions {
        lowest_discards: false,
        endgame_discards: false,
        merge_columns: false,
        dead_ends: false,
        lighter: false,
    };
}

/// The answer of the search; `Lost`: every reachable position was expanded or had a lighter
/// one expanded.
#[cfg(test)]
pub(crate) type Verdict = pausable::Verdict<Step>;

/// The positions the exhaustive search may remember for a budget of `states`: four times as
/// many, since its table takes 16 bytes a position where the budget reckons with up to 40
/// (48 M positions by default, a table of 1 GiB).
pub(crate) fn table_limit(states: usize) -> usize {
    states.saturating_mul(4)
}

/// The new positions the ghost game with spaces searches at most per question.
const GHOST_BUDGET: u32 = 500;

/// The search's own state: the keys of the current position's lighter positions, and the
/// ghost game with spaces with what it keeps.
#[derive(Default)]
pub(crate) struct Scratch {
    lighter: Vec<u128>,
    ghost: GhostSpaces,
}

/// The exhaustive search, which can pause (a node cap) and go on where it stopped, with its
/// own [`Scratch`].
pub(crate) type Dfs = pausable::Dfs<Walker>;

/// The board with its reductions and its scratch state, as the search walks them.
pub(crate) struct Walker {
    /// The position at the end of the search's path.
    pub board: Board,
    pub reductions: Reductions,
    pub extra: Scratch,
}

impl From<(Board, Reductions)> for Walker {
    fn from((board, reductions): (Board, Reductions)) -> Walker {
        Walker {
            board,
            reductions,
            extra: Scratch::default(),
        }
    }
}

impl Walk for Walker {
    type Step = Step;
    type Table = KeySet;

    fn table_limit(states: usize) -> usize {
        table_limit(states)
    }
    fn key(&self) -> u128 {
        self.board.key(self.reductions.merge_columns)
    }
    walk_board_methods!();
    fn admit(&mut self, step: Step, _branching: bool, seen: &mut KeySet) -> bool {
        let merge = self.reductions.merge_columns;
        let key = self.board.key(merge);
        if !seen.insert(key) {
            return false;
        }
        let dead_ends = self.reductions.dead_ends;
        match step {
            // The discard of a card with no lower card of its suit in play leaves a ghost that
            // beats nothing: the ghost game goes as from the position before (not a dead end).
            Step::Discard(_, card) if self.board.lowest_in_play(card) => return true,
            // Just after a deal, the ghost game with spaces below tells the dead end too: it
            // starts with the ghost game, and stops there when that empties no column.
            Step::Deal(_) => {}
            _ => return !(dead_ends && self.board.dead_end()),
        }
        // Lighter positions and the ghost game with spaces are looked for only just after a
        // deal: each costs a look in a table, or a search, and a position pruned there takes
        // its whole stage along. The lighter keys are asked of the memory first, and looked
        // for once the ghost game without spaces has had its say (most positions pruned here
        // are its dead ends, which need no look at all).
        let lighter = self.reductions.lighter;
        if lighter {
            self.board.lighter_keys(merge, key, &mut self.extra.lighter);
            for &k in &self.extra.lighter {
                seen.prefetch(k);
            }
        }
        // Whether the ghost game without spaces proves the position lost (`None`: its search
        // with spaces must tell).
        let lost = if dead_ends {
            self.board.ghost_spaces_set(&mut self.extra.ghost)
        } else {
            Some(false)
        };
        if lost == Some(true) {
            return false;
        }
        if lighter && self.extra.lighter.iter().any(|&k| seen.contains(k)) {
            return false;
        }
        !(lost.is_none() && self.extra.ghost.search_set(GHOST_BUDGET) == Some(false))
    }

    /// A safe discard alone when there is one (and the reductions allow it), every legal move
    /// otherwise.
    fn expand(&self, moves: &mut Vec<Step>) {
        let (board, r) = (&self.board, self.reductions);
        match board.safe_discard(r.lowest_discards, r.endgame_discards) {
            Some(step) => moves.push(step),
            None => board.moves(moves),
        }
    }
    fn prefetch(&mut self, moves: &[Step], seen: &KeySet) {
        let merge = self.reductions.merge_columns;
        for &step in moves {
            seen.prefetch(self.board.child_key(step, merge));
        }
    }
}

/// Search `board` for a win within `meter`'s budget.
#[cfg(test)]
pub(crate) fn search(board: &Board, reductions: Reductions, meter: &mut Meter) -> Verdict {
    Dfs::new(board.clone(), reductions).run(u64::MAX, meter)
}
