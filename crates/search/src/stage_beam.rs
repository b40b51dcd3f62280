//! A stage beam for games of deals from a stock: from each of the
//! `width` best positions just after a deal, every position reachable before the next deal
//! (forced plays made at once, dead ends dropped) is a candidate to deal from; the `width`
//! best candidates by [`StageBoard::rank`] are dealt and make the next stage. With the stock
//! out, the positions reachable are searched for a win. It finds wins an exhaustive search
//! reaches late; finding none proves nothing.

use crate::outcome::Meter;

/// The most positions searched from one beam position within a stage.
const CLOSURE: usize = 4096;

/// A compact board a stage beam can run on.
pub trait StageBoard: Clone {
    /// One move of the board (a deal included).
    type Step: Copy;
    /// The set of position keys seen within a stage.
    type Seen: Default;

    /// Add `key` to `seen`; whether it was new.
    fn insert(seen: &mut Self::Seen, key: u128) -> bool;
    /// The position's key (equivalent positions merged).
    fn key(&self) -> u128;
    /// Whether the game is won.
    fn is_won(&self) -> bool;
    /// Whether the stock is dealt out.
    fn stock_out(&self) -> bool;
    /// A cheap proof that the position is lost.
    fn is_dead(&self) -> bool;
    /// How good a position is to deal from: lower is better.
    fn rank(&mut self) -> i32;
    /// Whether [`StageBoard::family`] tells more than the key: the beam then keeps one
    /// candidate, the best, of each family.
    const FAMILIES: bool = false;
    /// A key of the positions so much alike that the beam keeps only one of them.
    fn family(&self) -> u128 {
        self.key()
    }
    /// The deal, while the stock lasts.
    fn deal_step(&self) -> Option<Self::Step>;
    /// Whether the rules let a deal be made here (a game that deals only when stuck says no
    /// while a play is left): only such positions are candidates to deal from.
    fn may_deal(&self) -> bool {
        true
    }
    /// The moves short of a deal worth searching (a forced one alone if there is one).
    fn within_stage(&self) -> Vec<Self::Step>;
    /// Make `step`.
    fn apply(&mut self, step: Self::Step);
    /// Take back `step`, the last move made.
    fn undo(&mut self, step: Self::Step);
}

/// The [`StageBoard`] methods every board has of its own under the same name (the key with
/// equivalent positions merged, `key(self, true)`), and the insertion into its key set. Use it
/// inside `impl StageBoard for YourBoard`.
#[macro_export]
macro_rules! stage_board_methods {
    () => {
        fn insert(seen: &mut Self::Seen, key: u128) -> bool {
            seen.insert(key)
        }
        fn key(&self) -> u128 {
            Self::key(self, true)
        }
        fn is_won(&self) -> bool {
            Self::is_won(self)
        }
        fn apply(&mut self, step: Self::Step) {
            Self::apply(self, step)
        }
        fn undo(&mut self, step: Self::Step) {
            Self::undo(self, step)
        }
    };
}

/// A position of the beam and the moves that led to it.
struct Entry<B: StageBoard> {
    board: B,
    path: Vec<B::Step>,
}

/// A position to deal from: its rank and key, the beam position it comes from and the moves
/// from there.
struct Candidate<S> {
    rank: i32,
    key: u128,
    family: u128,
    from: usize,
    steps: Vec<S>,
}

/// A win from `start` found by a stage beam of `width`, or `None`.
pub fn stage_beam<B: StageBoard>(
    start: &B,
    width: usize,
    meter: &mut Meter,
) -> Option<Vec<B::Step>> {
    salted_stage_beam(start, width, 0, meter)
}

/// [`stage_beam`], with candidates of equal rank ordered by their keys XOR `salt`: beams of
/// different salts keep different candidates where ranks tie, and so find different wins.
pub fn salted_stage_beam<B: StageBoard>(
    start: &B,
    width: usize,
    salt: u128,
    meter: &mut Meter,
) -> Option<Vec<B::Step>> {
    let mut beam = vec![Entry {
        board: start.clone(),
        path: Vec::new(),
    }];
    loop {
        let mut seen = B::Seen::default();
        let mut candidates = Vec::new();
        for (i, entry) in beam.iter_mut().enumerate() {
            if meter.out_of_time() {
                return None;
            }
            if let Some(steps) = stage(&mut entry.board, i, &mut seen, &mut candidates, meter) {
                let mut path = std::mem::take(&mut entry.path);
                path.extend(steps);
                return Some(path);
            }
        }
        if candidates.is_empty() || beam[0].board.stock_out() {
            return None;
        }
        if B::FAMILIES {
            // The best of each family, the best families first.
            candidates.sort_unstable_by_key(|c| (c.rank, c.key ^ salt));
            let mut families = B::Seen::default();
            candidates.retain(|c| B::insert(&mut families, c.family));
            candidates.truncate(width);
        } else if candidates.len() > width {
            candidates.select_nth_unstable_by_key(width, |c| (c.rank, c.key ^ salt));
            candidates.truncate(width);
        }
        beam = candidates
            .into_iter()
            .map(|c| {
                let source = &beam[c.from];
                let mut board = source.board.clone();
                let mut path = source.path.clone();
                for &step in &c.steps {
                    board.apply(step);
                    path.push(step);
                }
                if let Some(step) = board.deal_step() {
                    board.apply(step);
                    path.push(step);
                }
                Entry { board, path }
            })
            .collect();
    }
}

/// Search the positions reachable from `board` before the next deal (at most [`CLOSURE`]),
/// adding each new one that is no dead end and may deal to `candidates`; the moves of a win if one is
/// reached. `board` is left as it was.
fn stage<B: StageBoard>(
    board: &mut B,
    from: usize,
    seen: &mut B::Seen,
    candidates: &mut Vec<Candidate<B::Step>>,
    meter: &mut Meter,
) -> Option<Vec<B::Step>> {
    let mut path: Vec<B::Step> = Vec::new();
    let mut stack: Vec<(Vec<B::Step>, usize)> = Vec::new();
    let mut found = 0;
    let mut visit = |board: &mut B, path: &[B::Step], candidates: &mut Vec<Candidate<B::Step>>| {
        let key = board.key();
        if !B::insert(seen, key) || board.is_dead() {
            return false;
        }
        if board.may_deal() {
            candidates.push(Candidate {
                rank: board.rank(),
                key,
                family: if B::FAMILIES { board.family() } else { key },
                from,
                steps: path.to_vec(),
            });
        }
        true
    };
    if !visit(board, &path, candidates) {
        return None;
    }
    stack.push((board.within_stage(), 0));
    while let Some((moves, next)) = stack.last_mut() {
        let Some(&step) = moves.get(*next) else {
            stack.pop();
            if let Some(step) = path.pop() {
                board.undo(step);
            }
            continue;
        };
        *next += 1;
        board.apply(step);
        meter.nodes += 1;
        path.push(step);
        if board.is_won() {
            let win = path.clone();
            for &s in path.iter().rev() {
                board.undo(s);
            }
            return Some(win);
        }
        found += 1;
        if found > CLOSURE || !visit(board, &path, candidates) {
            path.pop();
            board.undo(step);
            continue;
        }
        stack.push((board.within_stage(), 0));
    }
    None
}
