//! A stage beam for Aces Up: from each of the `width` best positions just after a deal, every
//! position reachable before the next deal (safe discards played at once) is a candidate to
//! deal from; the `width` best candidates by [`Board::eval`] are dealt and make the next
//! stage (dead ends left out). With the stock out, the positions reachable are searched for a win. It finds wins
//! the exhaustive search reaches late; finding none proves nothing.

use super::board::{Board, Step};
use super::keys::KeySet;
use super::search::Reductions;
use crate::outcome::Meter;

/// The most positions searched from one beam position within a stage.
const CLOSURE: usize = 4096;

/// A position of the beam and the moves that led to it.
struct Entry {
    board: Board,
    path: Vec<Step>,
}

/// A position to deal from: its evaluation and key, the beam position it comes from and the
/// moves from there.
struct Candidate {
    eval: i32,
    key: u128,
    from: usize,
    steps: Vec<Step>,
}

/// A win from `start` found by a stage beam of `width`, or `None`.
pub(crate) fn stage_beam(start: &Board, width: usize, meter: &mut Meter) -> Option<Vec<Step>> {
    let mut beam = vec![Entry {
        board: start.clone(),
        path: Vec::new(),
    }];
    loop {
        let mut seen = KeySet::default();
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
        if candidates.len() > width {
            candidates.select_nth_unstable_by_key(width, |c| (c.eval, c.key));
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
/// adding each new one to `candidates`; the moves of a win if one is reached. `board` is left
/// as it was.
fn stage(
    board: &mut Board,
    from: usize,
    seen: &mut KeySet,
    candidates: &mut Vec<Candidate>,
    meter: &mut Meter,
) -> Option<Vec<Step>> {
    let mut path: Vec<Step> = Vec::new();
    let mut stack: Vec<(Vec<Step>, usize)> = Vec::new();
    let mut found = 0;
    let mut visit = |board: &Board, path: &[Step], candidates: &mut Vec<Candidate>| {
        let key = board.key(true);
        if !seen.insert(key) || board.dead_end() {
            return false;
        }
        candidates.push(Candidate {
            eval: board.eval(),
            key,
            from,
            steps: path.to_vec(),
        });
        true
    };
    if !visit(board, &path, candidates) {
        return None;
    }
    stack.push((within_stage(board), 0));
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
        stack.push((within_stage(board), 0));
    }
    None
}

/// The moves of `board` short of a deal: a safe discard alone if there is one.
fn within_stage(board: &Board) -> Vec<Step> {
    let all = Reductions::ALL;
    if let Some(step) = board.safe_discard(all.lowest_discards, all.endgame_discards) {
        return vec![step];
    }
    let mut moves = Vec::new();
    board.moves(&mut moves);
    moves.retain(|s| !matches!(s, Step::Deal(_)));
    moves
}
