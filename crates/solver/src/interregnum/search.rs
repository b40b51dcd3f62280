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
//! **Safe plays.** Let c be a top card of rank k, and suppose every foundation that still
//! wants a k (before it is complete) wants it now, and all of those are alike (the set E).
//! Then playing c onto F in E loses nothing. Take a win W from here. c leaves its pile in W,
//! onto some foundation still wanting k, so one in E. Let H be the first foundation of E to
//! receive a card in W, at move t0, card c0; by the symmetry of alike foundations, say H = F.
//! Play c onto F at once, then W with these changes: if c0 = c, skip that move; otherwise c
//! goes in W onto some G in E at a move t > t0, and there we skip it, while at t0 c0 goes onto
//! G instead of F (G wants k from now until t in W, as nothing reaches G before t). Between
//! the two plays the piles differ only by c, missing in ours: a move of W taking a card from
//! c's pile never takes c (only the skipped move does), so its top card is the same; a deal
//! puts the same cards on the same piles. Every foundation gets the same cards at the same
//! moves or earlier, and no other card goes onto F before t0 nor onto G before t. So the
//! changed W is legal and wins.
//!
//! **Dead ends.** Let b be a rank with a card left, none of them in the stock, and let A be
//! the ranks a (a card of each left) such that every foundation still wanting an a wants a b
//! first. If every card of rank b lies under (anywhere beneath) a card of a rank in A in its
//! waste pile, the position is lost: the first card of a rank in A to be played needs a b
//! played before it (its foundation wants a b first), and the first b to be played needs the
//! card above it, of a rank in A, played before it; cards leave a waste pile only by being
//! played, from the top. Since every card must be played for a win, none is possible. The
//! search does not expand such positions.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use super::board::{Board, Step};
use crate::aces_up::search::LowBits;
use crate::outcome::Meter;

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
}

impl Reductions {
    pub const ALL: Reductions = Reductions {
        merge: true,
        safe_plays: true,
        dead_ends: true,
    };
    #[cfg(test)]
    pub const NONE: Reductions = Reductions {
        merge: false,
        safe_plays: false,
        dead_ends: false,
    };
}

/// The answer of the search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Verdict {
    /// The moves of a win.
    Won(Vec<Step>),
    /// Every reachable position was expanded: no win.
    Lost,
    /// A budget ran out.
    Unknown,
}

type Seen = HashSet<u128, BuildHasherDefault<LowBits>>;

/// The moves of a position still to try.
struct Frame {
    moves: Vec<Step>,
    next: usize,
}

/// The exhaustive search, which can pause (a node cap) and go on where it stopped.
pub(crate) struct Dfs {
    board: Board,
    reductions: Reductions,
    seen: Seen,
    path: Vec<Step>,
    frames: Vec<Frame>,
    pool: Vec<Vec<Step>>,
    end: Option<Verdict>,
}

impl Dfs {
    /// A search from `board`.
    pub fn new(board: Board, reductions: Reductions) -> Dfs {
        let mut dfs = Dfs {
            reductions,
            seen: Seen::default(),
            path: Vec::new(),
            frames: Vec::new(),
            pool: Vec::new(),
            end: board.is_won().then(|| Verdict::Won(Vec::new())),
            board,
        };
        dfs.seen.insert(dfs.board.key(reductions.merge));
        let frame = expand(&dfs.board, reductions, &mut dfs.pool);
        dfs.frames.push(frame);
        dfs
    }

    /// Go on for at most `cap` more nodes within `meter`'s budget: [`Verdict::Unknown`] when
    /// paused (or the memory budget is spent), the answer otherwise.
    pub fn run(&mut self, cap: u64, meter: &mut Meter) -> Verdict {
        if let Some(end) = &self.end {
            return end.clone();
        }
        let stop = meter.nodes.saturating_add(cap);
        let merge = self.reductions.merge;
        while let Some(top) = self.frames.last_mut() {
            if self.seen.len() >= meter.budget.states {
                self.end = Some(Verdict::Unknown);
                return Verdict::Unknown;
            }
            if meter.exhausted() || meter.nodes >= stop {
                return Verdict::Unknown;
            }
            let Some(&step) = top.moves.get(top.next) else {
                if let Some(done) = self.frames.pop() {
                    self.pool.push(done.moves);
                }
                if let Some(step) = self.path.pop() {
                    self.board.undo(step);
                }
                continue;
            };
            top.next += 1;
            self.board.apply(step);
            meter.nodes += 1;
            if self.board.is_won() {
                self.path.push(step);
                let won = Verdict::Won(self.path.clone());
                self.end = Some(won.clone());
                return won;
            }
            if !self.seen.insert(self.board.key(merge))
                || (self.reductions.dead_ends && self.board.is_dead())
            {
                self.board.undo(step);
                continue;
            }
            self.path.push(step);
            let frame = expand(&self.board, self.reductions, &mut self.pool);
            self.frames.push(frame);
        }
        self.end = Some(Verdict::Lost);
        Verdict::Lost
    }
}

/// Search `board` for a win within `meter`'s budget.
#[cfg(test)]
pub(crate) fn search(board: &Board, reductions: Reductions, meter: &mut Meter) -> Verdict {
    Dfs::new(board.clone(), reductions).run(u64::MAX, meter)
}

/// The moves to try from `board`: a safe play alone when there is one (and the reductions
/// allow it), every legal move otherwise, the plays from the deepest piles first and the deal
/// last.
fn expand(board: &Board, reductions: Reductions, pool: &mut Vec<Vec<Step>>) -> Frame {
    let mut moves = pool.pop().unwrap_or_default();
    moves.clear();
    match board.safe_play().filter(|_| reductions.safe_plays) {
        Some(step) => moves.push(step),
        None => {
            board.moves(reductions.merge, &mut moves);
            let plays = moves.len() - usize::from(board.stock_left() > 0);
            moves[..plays].sort_by_key(|s| match *s {
                Step::Play(w, _) => std::cmp::Reverse(board.wastes[usize::from(w)].len()),
                Step::Deal(_) => std::cmp::Reverse(0),
            });
        }
    }
    Frame { moves, next: 0 }
}
