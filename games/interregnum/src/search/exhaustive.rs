//! The exhaustive search: depth first over every position reachable from the start, each
//! expanded once (a transposition table of 128-bit keys). Finding no win after expanding
//! every reachable position proves the deal lost. Three reductions shrink the graph, each
//! proved below and checked by the tests against the search without them on small positions
//! (late in real deals).
//!
//! **Alike foundations.** Two foundations with the same indicator rank and the same height
//! want the same ranks in the same order from now on, and the rules treat them alike
//! otherwise (suits never matter; the indicator crowns its own foundation when it holds
//! twelve cards): swapping them maps legal moves to legal moves and wins to wins. So the key
//! hashes the foundations as a multiset of (indicator rank, height), and a card is played onto
//! only one of several alike foundations. Once the stock is out, the waste piles are alike
//! too (only a deal tells them apart), and the key merges their order.
//!
//! **Longest runs.** Foundations F and G that want the same rank k now want the same ranks
//! from here on, k, k+1, ..., one after another, for as long as each lasts: say G's run still
//! to build is at least as long as F's (G is no higher). Then playing a card c of rank k onto
//! G loses nothing against playing it onto F: the two positions have the same piles, and their
//! foundations differ only in that one has F a card ahead, the other G. Pair each foundation
//! of the F-position (A) with one of the G-position (B) at the same height of the run: A's F
//! with B's G, A's G with B's F, the others with themselves. A move of a win from A onto a
//! foundation is played in B onto its partner, which wants the same rank, as long as the
//! partner's run is not over. B's G has the longer run, so only B's F could run out first,
//! while partnered with A's G, which is behind A's F (at most F's length) until the two meet
//! at the same height: from then on pair them the other way (A's G with B's G, A's F with B's
//! F), each with its own length. So every win from A is one from B; the search plays a card
//! onto the foundation with the longest run of those that want it, and no other.
//!
//! **Safe plays.** Let c be a top card of rank k, and suppose every foundation that still
//! wants a k (before it is complete) wants it now. Then playing c at once onto G, the one of
//! those with the longest run, loses nothing. Take a win W from here; c leaves its pile in W
//! at move t onto some foundation X that wants k then, so one that wants k now and has waited
//! for it since (the set of foundations wanting k now only shrinks). Play c onto G at once,
//! then W with these changes. If G gets another k first in W, c0 at move t0 < t, then X is
//! not G (a foundation takes one k): c0 goes onto X at t0 instead (X wants k from now until
//! t), and c's move at t is skipped. Otherwise, by the longest runs above, W may as well play
//! c onto G at t (G and X are unchanged since now), and that move is skipped. Between the
//! changes the piles differ only by c, missing in ours: a move of W taking a card from c's
//! pile never takes c (only the skipped move does), so its top card is the same; a deal puts
//! the same cards on the same piles. No other card goes onto G or X before its changed move.
//! So the changed W is legal and wins.
//!
//! **Dead ends.** Let b be a rank with a card left, none of them in the stock, and let A be
//! the ranks a (a card of each left) such that every foundation still wanting an a wants a b
//! first. If every card of rank b lies under (anywhere beneath) a card of a rank in A in its
//! waste pile, the position is lost: the first card of a rank in A to be played needs a b
//! played before it (its foundation wants a b first), and the first b to be played needs the
//! card above it, of a rank in A, played before it; cards leave a waste pile only by being
//! played, from the top. Since every card must be played for a win, none is possible. The
//! search does not expand such positions.
//!
//! **Under `deal: when-stuck`.** Alike foundations and alike waste piles stay alike (whether
//! a card can be played does not depend on their order), and the argument for dead ends
//! counts only the order in which cards are played, not when deals come: both hold. The
//! arguments for longest runs and safe plays let a win deal where another play would be
//! waiting, so under `when-stuck` the search runs without them ([`Reductions::WHEN_STUCK`]).

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
    /// The reductions proved under `deal: when-stuck` (see the module's comment).
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
