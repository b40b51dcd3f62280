//! Depth-first search with a transposition table, through any game's `Rules`.
//!
//! Moves are applied and undone in place through the engine's [`Tx`] and [`undo`]; every
//! position reached is remembered by its [`key`](crate::key::key) so it is expanded once.
//! Children are tried best first by the [`Heuristic`]'s evaluation. With no move pruned and no
//! budget reached, an exhausted search proves the deal unsolvable.

use std::collections::HashSet;

use solitaire_core::{Move, Position, Rules, Step, Tx, undo};

use crate::heuristic::Heuristic;
use crate::outcome::{Budget, Meter, Outcome, Report};

/// Search from `start` for a win.
pub fn dfs(
    rules: &dyn Rules,
    heuristic: &dyn Heuristic,
    start: &Position,
    budget: Budget,
) -> Report {
    let mut meter = Meter::new(budget);
    let outcome = run(rules, heuristic, start, &mut meter);
    Report {
        outcome,
        nodes: meter.nodes,
        elapsed: meter.start.elapsed(),
        method: "dfs".into(),
        knowledge: crate::outcome::Knowledge::Full,
    }
}

struct Frame {
    moves: Vec<Move>,
    next: usize,
}

fn run(rules: &dyn Rules, h: &dyn Heuristic, start: &Position, meter: &mut Meter) -> Outcome {
    let mut pos = start.clone();
    if rules.is_won(&pos) {
        return Outcome::Solved(Vec::new());
    }
    let mut seen: HashSet<u128> = HashSet::new();
    seen.insert(h.key(&pos));
    let mut log: Vec<Step> = Vec::new();
    let mut path: Vec<(Move, usize)> = Vec::new();
    let mut pool: Vec<Vec<Move>> = Vec::new();
    let mut pruned = false;
    let mut frames = vec![expand(
        rules,
        h,
        &mut pos,
        &mut log,
        &mut pool,
        &mut pruned,
        meter,
    )];
    while let Some(top) = frames.last_mut() {
        if meter.exhausted() || seen.len() >= meter.budget.states {
            return Outcome::Unknown;
        }
        let Some(&mv) = top.moves.get(top.next) else {
            if let Some(f) = frames.pop() {
                pool.push(f.moves);
            }
            if let Some((_, s)) = path.pop() {
                undo(&mut pos, &log[s..]);
                log.truncate(s);
            }
            continue;
        };
        top.next += 1;
        let s = log.len();
        rules.apply(&mut Tx::new(&mut pos, &mut log), mv);
        meter.nodes += 1;
        if rules.is_won(&pos) {
            let mut moves: Vec<Move> = path.iter().map(|&(m, _)| m).collect();
            moves.push(mv);
            return Outcome::Solved(moves);
        }
        if !seen.insert(h.key(&pos)) {
            undo(&mut pos, &log[s..]);
            log.truncate(s);
            continue;
        }
        path.push((mv, s));
        let frame = expand(rules, h, &mut pos, &mut log, &mut pool, &mut pruned, meter);
        frames.push(frame);
    }
    if pruned {
        Outcome::Unknown
    } else {
        Outcome::Unsolvable
    }
}

/// The moves of `pos`, best first, with pruned moves left out.
fn expand(
    rules: &dyn Rules,
    h: &dyn Heuristic,
    pos: &mut Position,
    log: &mut Vec<Step>,
    pool: &mut Vec<Vec<Move>>,
    pruned: &mut bool,
    meter: &mut Meter,
) -> Frame {
    let mut moves = pool.pop().unwrap_or_default();
    moves.clear();
    rules.legal_moves(pos, &mut moves);
    h.reduce(pos, &mut moves);
    let before = moves.len();
    moves.retain(|&m| h.keep(pos, m));
    *pruned |= moves.len() < before;
    if moves.len() > 1 {
        let mut scored: Vec<(i32, Move)> = moves
            .iter()
            .map(|&m| {
                let s = log.len();
                rules.apply(&mut Tx::new(pos, log), m);
                meter.nodes += 1;
                let e = if rules.is_won(pos) {
                    i32::MIN
                } else {
                    h.eval(pos)
                };
                undo(pos, &log[s..]);
                log.truncate(s);
                (e, m)
            })
            .collect();
        scored.sort_by_key(|&(e, _)| e);
        moves.clear();
        moves.extend(scored.into_iter().map(|(_, m)| m));
    }
    Frame { moves, next: 0 }
}
