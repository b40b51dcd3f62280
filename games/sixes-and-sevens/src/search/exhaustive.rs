//! The exhaustive search: depth first over every position reachable from the start, each
//! expanded once (a transposition table of 128-bit keys). Finding no win after expanding
//! every reachable position proves the deal lost. The board already merges what the rules
//! cannot tell apart (the two copies of a card, the two foundations of a suit in a half). Three
//! reductions shrink the graph: safe plays of two kinds and dead ends, here, and the relaxation
//! of [`super::relaxed`]. Each is switchable ([`Reductions`]) and checked by the tests against
//! the search without it; under `reserve: when-stuck` the search leaves safe plays out
//! ([`Reductions::TURN_WHEN_STUCK`]). The argument that each is sound, under each reading, is in
//! `games/sixes-and-sevens/SEARCH.md`.

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
    /// The reductions proved under `reserve: when-stuck` (argued in
    /// `games/sixes-and-sevens/SEARCH.md`).
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

/// Whether `step` is a safe play of `board` (argued in `games/sixes-and-sevens/SEARCH.md`).
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

/// Whether `board` is a dead end (argued in `games/sixes-and-sevens/SEARCH.md`).
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
