//! The exhaustive search: depth first over every position reachable from the start, each
//! expanded once (a transposition table of 128-bit keys). Finding no win after expanding every
//! reachable position proves the deal lost. Two reductions shrink the graph, each proved here
//! and checked by the tests against the search without them on small positions.
//!
//! **Alike piles.** The rules treat the twenty reserve piles alike (a card is dealt onto any
//! pile not yet served; a space in the opening is refilled whichever pile it is), so swapping
//! two piles maps legal moves to legal moves and wins to wins. The key hashes the piles as a
//! multiset (with each pile's mark during a deal), and a dealt card is placed onto only one of
//! several unserved piles holding the same cards.
//!
//! **Safe builds.** After the opening, let c (rank r of suit s) be a top card that builds on
//! foundation F, and let G be the other foundation of suit s. Suppose either G no longer wants
//! an r (so G holds the other copy of c already), or G wants r now too (then the suit's last
//! two cards are the two copies of r). Then building c at once loses nothing. Take a win W from
//! here. In the first case F can grow only by c, so W builds c onto F at some move t and
//! nothing goes onto F before; in the second W builds c and the other copy onto F and G in
//! some order, and swapping which copy goes where keeps W legal. So W may as well build c onto
//! F, and we play W with that move skipped: until then the piles differ only by c, missing in
//! ours, and a move of W taking a card from c's pile never takes c, so its top is the same
//! card; after the opening a space is not refilled, and a deal puts the same card onto the
//! same pile whatever the pile holds. So the shortened W is legal and wins. In the opening a
//! build refills a space from the stock, which changes what later deals bring: builds there
//! are never taken alone.

use super::board::{Board, Phase, Step, Undo, rank, suit};
use crate::key::Seen;
use crate::outcome::Meter;

/// What the search may use beyond the rules (all on in the real search; the tests turn them
/// off to check them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reductions {
    /// Merge alike piles.
    pub alike_piles: bool,
    /// Play a safe build alone.
    pub safe_builds: bool,
}

impl Reductions {
    pub const ALL: Reductions = Reductions {
        alike_piles: true,
        safe_builds: true,
    };
    #[cfg(test)]
    pub const NONE: Reductions = Reductions {
        alike_piles: false,
        safe_builds: false,
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

/// The moves of a position still to try, and what led to it.
struct Frame {
    moves: Vec<Step>,
    next: usize,
    came: Option<(Step, Undo)>,
}

/// The exhaustive search, which can pause (a node cap) and go on where it stopped.
pub(crate) struct Dfs {
    board: Board,
    reductions: Reductions,
    seen: Seen,
    frames: Vec<Frame>,
    end: Option<Verdict>,
}

impl Dfs {
    /// A search from `board`.
    pub fn new(board: Board, reductions: Reductions) -> Dfs {
        let mut dfs = Dfs {
            reductions,
            seen: Seen::default(),
            frames: Vec::new(),
            end: board.is_won().then(|| Verdict::Won(Vec::new())),
            board,
        };
        dfs.seen.insert(dfs.board.key());
        let moves = dfs.expand();
        dfs.frames.push(Frame {
            moves,
            next: 0,
            came: None,
        });
        dfs
    }

    /// Search on until a verdict, or until `cap` more nodes are expanded or `meter` runs out
    /// (then [`Verdict::Unknown`]; calling again goes on where it stopped).
    pub fn run(&mut self, cap: u64, meter: &mut Meter) -> Verdict {
        if let Some(end) = &self.end {
            return end.clone();
        }
        let stop = meter.nodes.saturating_add(cap);
        loop {
            let Some(top) = self.frames.last_mut() else {
                self.end = Some(Verdict::Lost);
                return Verdict::Lost;
            };
            let Some(&step) = top.moves.get(top.next) else {
                if let Some(frame) = self.frames.pop()
                    && let Some((_, undo)) = frame.came
                {
                    self.board.undo(undo);
                }
                continue;
            };
            top.next += 1;
            let undo = self.board.apply(step);
            meter.nodes += 1;
            if self.board.is_won() {
                let mut won: Vec<Step> = self
                    .frames
                    .iter()
                    .filter_map(|f| f.came)
                    .map(|c| c.0)
                    .collect();
                won.push(step);
                self.end = Some(Verdict::Won(won.clone()));
                return Verdict::Won(won);
            }
            if !self.seen.insert(self.board.key()) {
                self.board.undo(undo);
                continue;
            }
            let moves = self.expand();
            self.frames.push(Frame {
                moves,
                next: 0,
                came: Some((step, undo)),
            });
            if meter.nodes >= stop || meter.exhausted() {
                return Verdict::Unknown;
            }
        }
    }

    /// The moves to try from the board, best first (a safe build alone).
    fn expand(&self) -> Vec<Step> {
        let b = &self.board;
        let mut moves = Vec::new();
        b.moves(&mut moves);
        if self.reductions.safe_builds
            && b.phase == Phase::Play
            && let Some(&safe) = moves.iter().find(|&&s| is_safe(b, s))
        {
            return vec![safe];
        }
        if b.phase == Phase::Dealing {
            if self.reductions.alike_piles {
                let mut kept: Vec<Step> = Vec::with_capacity(moves.len());
                for &s in &moves {
                    let Step::Place(p) = s else { continue };
                    let same = |&k: &Step| matches!(k, Step::Place(q) if b.piles[usize::from(q)] == b.piles[usize::from(p)]);
                    if !kept.iter().any(same) {
                        kept.push(s);
                    }
                }
                moves = kept;
            }
            if let Some(card) = b.hand {
                moves.sort_by_key(|&s| match s {
                    Step::Place(p) => place_cost(b, card, usize::from(p)),
                    _ => 0,
                });
            }
        }
        moves
    }
}

/// Whether `step` is a safe build (see the module's comment).
pub(crate) fn is_safe(b: &Board, step: Step) -> bool {
    let Step::Build(p, f) = step else {
        return false;
    };
    let Some(&c) = b.piles[usize::from(p)].last() else {
        return false;
    };
    let (s, up) = b.kinds[usize::from(f)];
    let Some(g) = (0..b.kinds.len()).find(|&g| b.kinds[g] == (s, !up)) else {
        return false;
    };
    debug_assert_eq!(suit(c), s);
    b.builds(g, c) || !wants(b, g, rank(c))
}

/// Whether foundation `g` still wants a card of rank `r` of its suit.
pub(crate) fn wants(b: &Board, g: usize, r: u8) -> bool {
    let t = b.tops[g];
    if b.kinds[g].1 { r > t } else { r < t }
}

/// How many cards of its suit must be built before `c` (0: it builds now; 99: never).
pub(crate) fn distance(b: &Board, c: u8) -> i32 {
    let r = rank(c);
    (0..b.kinds.len())
        .filter(|&f| b.kinds[f].0 == suit(c) && wants(b, f, r))
        .map(|f| i32::from(b.tops[f].abs_diff(r)) - 1)
        .min()
        .unwrap_or(99)
}

/// The order of trying pile `p` for the dealt card `c`: a space first, then a top wanted
/// after `c` (the soonest of those first), then a top wanted before it (the latest first).
fn place_cost(b: &Board, c: u8, p: usize) -> i32 {
    let dc = distance(b, c);
    match b.piles[p].last() {
        None => -1000,
        Some(&t) => {
            let dt = distance(b, t);
            if dt > dc { dt - 100 } else { -dt }
        }
    }
}
