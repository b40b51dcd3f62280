//! The exhaustive search: depth first over every position reachable from the start, each
//! expanded once (a transposition table of 128-bit keys). Finding no win after expanding
//! every reachable position proves the deal lost. The board already merges what the rules
//! cannot tell apart: the two copies of a card are one byte, and the two foundations of a
//! suit in a half are one count per rank (a card fits while fewer of it than of the rank
//! before are built, whichever of the two foundations takes it). Three reductions shrink the
//! graph, each proved (safe plays of two kinds and dead ends here, the relaxation in
//! `relaxed.rs`) and checked by the tests against the search without them. The relaxation
//! is the one that bites while the stock lasts: it proves most lost deals at the deal.
//!
//! **Safe plays.** Let c (suit s, rank r) fit now, and suppose both cards of the rank before
//! r in s's half are built (or c is a base: its half has a cell for each of its eight bases).
//! If the stock is out, or c is the waste's top, playing c at once loses nothing. Take a win
//! W from here; it builds c at some move t. Play c now, then W without that move. Every move
//! of W before t stays legal: (1) foundations: only the counts of c's rank grow earlier; the
//! other copy of c still fits (two of the rank before are built, at most one of c's rank
//! before it), and a card of the rank after c only gains; (2) the frames: c's cell is empty
//! earlier, and with the stock out no deal fills it, so an inner card beside it is
//! available at least as long; (3) the waste: turns push the same cards, and a play from the
//! waste takes the same top card, since c is missing below it only. So the changed W wins,
//! and the search tries a safe play alone.
//!
//! **Safe plays, second kind.** Let c fit now with the stock out (from a frame cell x or the
//! waste's top), and let its other copy c' not be built. Then c' competes with c only for
//! the first place of their rank. If c' lies in an inner cell, in an outer cell y each of
//! whose inner neighbours is empty or available already, or (c being the waste's top) under
//! c in the waste, playing c at once loses nothing. Take a win W. If W builds c before c',
//! play c now and drop it later: only the count of c's rank is higher meanwhile, which no
//! build of W before it needs lower, and x is empty earlier, which only helps (nothing fills
//! it). If W builds c' first, at t1, then c at t: play c now, drop c' at t1 and build c'
//! instead at t. Between, the count of their rank is the same in both from t1 on and one
//! higher before, as above; the frames differ by x empty (helps) and y still full, which
//! covers nothing: an inner y releases no card, and an outer y's inner neighbours are
//! empty or stay available through another empty outer cell (nothing refills it). c' is
//! available at t: it was at t1 in W, through an outer cell other than x and y that is
//! empty in both. (c' under c in the waste cannot be built before c.) So the changed W wins.
//!
//! **Dead ends.** Say a card d "needs" rank r of suit s when d is of suit s, in the same half
//! and further from the base than r, and as many d as r are built now: d fits only once
//! more r are built than d, so only after another r is built. A card is "stuck" when it lies
//! in the waste under (anywhere beneath) a card that needs its rank, or in an inner cell all
//! of whose outer neighbours hold cards that need its rank (cells are emptied only by
//! building their card, so the inner card stays covered until one of them is built). If
//! every card of some suit and rank not yet built is stuck, the position is lost: the first
//! of them to be built needs a card above or beside it built first, which needs one of them
//! built before. A win builds every card, so none is possible. The search does not expand
//! such positions.
//!
//! **Under the `when-stuck` readings.** They only take moves away (a deal or a turn while a
//! frame card can be built): every game played under them is one played under `any-time`,
//! so a position proved lost under `any-time` (a dead end, or by the relaxation) is lost
//! under them too. Safe plays are made only with the stock out, when no deal is left: their
//! argument holds under `deal: when-stuck`. Under `reserve: when-stuck` a safe play made
//! early may make a turn of the win wait, so the search leaves safe plays out there
//! ([`Reductions::TURN_WHEN_STUCK`]).

#[cfg(test)]
use solitaire_search::Meter;
use solitaire_search::key::Seen;
use solitaire_search::pausable::{self, Walk};
use solitaire_search::walk_board_methods;

use super::board::{Board, CELLS, Card, EMPTY, Step, WASTE, before, rank, suit};
use super::relaxed::Relaxed;

/// What the search may use beyond the rules (all on in the real search; the tests turn them
/// off to check them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reductions {
    /// Play a safe play alone.
    pub safe_plays: bool,
    /// Do not expand dead ends.
    pub dead_ends: bool,
    /// Do not expand positions whose relaxed game is lost (`relaxed.rs`).
    pub relaxed: bool,
}

impl Reductions {
    pub const ALL: Reductions = Reductions {
        safe_plays: true,
        dead_ends: true,
        relaxed: true,
    };
    /// The reductions proved under `reserve: when-stuck` (see the module's comment).
    pub const TURN_WHEN_STUCK: Reductions = Reductions {
        safe_plays: false,
        dead_ends: true,
        relaxed: true,
    };
    #[cfg(test)]
    pub const NONE: Reductions = Reductions {
        safe_plays: false,
        dead_ends: false,
        relaxed: false,
    };
}

/// The answer of the search.
pub(crate) type Verdict = pausable::Verdict<Step>;

/// The exhaustive search, which can pause (a node cap) and go on where it stopped; its own
/// state is the relaxation's cache.
pub(crate) type Dfs = pausable::Dfs<Walker>;

/// The board with its reductions and the relaxation's cache, as the search walks them.
pub(crate) struct Walker {
    /// The position at the end of the search's path.
    pub board: Board,
    pub reductions: Reductions,
    pub extra: Relaxed,
}

impl From<(Board, Reductions)> for Walker {
    fn from((board, reductions): (Board, Reductions)) -> Walker {
        Walker {
            board,
            reductions,
            extra: Relaxed::default(),
        }
    }
}

impl Walk for Walker {
    type Step = Step;
    type Table = Seen;

    fn key(&self) -> u128 {
        self.board.key()
    }
    walk_board_methods!();
    fn lost_at_start(&mut self) -> bool {
        let r = self.reductions;
        r.dead_ends && is_dead(&self.board) || r.relaxed && self.extra.proves_lost(&self.board)
    }
    /// A forced move (the only one to try) skips the relaxation: skipping a test never claims
    /// a loss, and the relaxation asks again where the search branches.
    fn admit(&mut self, _step: Step, branching: bool, seen: &mut Seen) -> bool {
        let r = self.reductions;
        !(!seen.insert(self.board.key())
            || (r.dead_ends && is_dead(&self.board))
            || (r.relaxed && branching && self.extra.proves_lost(&self.board)))
    }
    /// Every legal move, or a safe play alone when there is one (and the reductions allow it).
    fn expand(&self, moves: &mut Vec<Step>) {
        self.board.moves(moves);
        if self.reductions.safe_plays
            && let Some(&safe) = moves.iter().find(|&&s| is_safe(&self.board, s))
        {
            moves.clear();
            moves.push(safe);
        }
    }
}

/// Search `board` for a win within `meter`'s budget.
#[cfg(test)]
pub(crate) fn search(board: &Board, reductions: Reductions, meter: &mut Meter) -> Verdict {
    Dfs::new(board.clone(), reductions).run(u64::MAX, meter)
}

/// Whether `step` is a safe play of `board` (see the module's comment).
pub(crate) fn is_safe(board: &Board, step: Step) -> bool {
    let Step::Play { from, card } = step else {
        return false;
    };
    (from == WASTE || board.stock_left() == 0)
        && (before(rank(card)).is_none_or(|b| board.built[suit(card)][b] == 2)
            || other_copy_waits(board, from, card))
}

/// Whether the other copy of `card` (played from `from`, the stock out) lies where building
/// `card` first costs nothing (see "Safe plays, second kind" in the module's comment): in an
/// inner cell, in an outer cell whose inner neighbours are all empty or available already, or
/// under `card` in the waste.
fn other_copy_waits(board: &Board, from: u8, card: Card) -> bool {
    if board.built[suit(card)][rank(card)] != 0 {
        return false;
    }
    if let Some(y) = (0..CELLS).find(|&y| y != usize::from(from) && board.cells[y] == card) {
        return board.inner[y]
            || (0..CELLS).all(|i| {
                !board.inner[i]
                    || !board.beside[i].contains(&(y as u8))
                    || board.cells[i] == EMPTY
                    || board.available(i)
            });
    }
    from == WASTE && board.waste[..board.waste.len() - 1].contains(&card)
}

/// How far from its half's base `rank` lies (0 the Ace or the King).
fn depth(rank: usize) -> usize {
    if rank <= 5 { rank } else { 12 - rank }
}

/// Whether card `d` needs another card of `card`'s suit and rank built first.
fn needs(board: &Board, d: Card, card: Card) -> bool {
    let (s, r, rd) = (suit(card), rank(card), rank(d));
    suit(d) == s
        && (rd <= 5) == (r <= 5)
        && depth(rd) > depth(r)
        && board.built[s][rd] == board.built[s][r]
}

/// Whether `board` is a dead end (see the module's comment).
pub(crate) fn is_dead(board: &Board) -> bool {
    let mut stuck = [0u8; 52];
    for (i, &card) in board.waste.iter().enumerate() {
        if board.waste[i + 1..].iter().any(|&d| needs(board, d, card)) {
            stuck[usize::from(card)] += 1;
        }
    }
    for c in 0..CELLS {
        let card = board.cells[c];
        if card != EMPTY
            && board.inner[c]
            && board.beside[c].iter().all(|&o| {
                let d = board.cells[usize::from(o)];
                d != EMPTY && needs(board, d, card)
            })
        {
            stuck[usize::from(card)] += 1;
        }
    }
    stuck.iter().enumerate().any(|(card, &n)| {
        n > 0 && usize::from(n) + usize::from(board.built[card / 13][card % 13]) == 2
    })
}
