//! Depth-first search with a transposition table, through any game's `Rules`.
//!
//! Moves are applied and undone in place through the engine's [`Tx`] and [`undo`]; every
//! position reached is remembered by its [`key`](crate::key::key) so it is expanded once.
//! Children are tried best first by the [`Heuristic`]'s evaluation. With no move pruned and no
//! budget reached, an exhausted search proves the deal unsolvable. Where the guide says that
//! the stock's turns commute with the other moves ([`Heuristic::turn_piles`], a layout's
//! `turns_commute`), a child is a number of turns and then a play from the stock or waste,
//! or another move with no turn: the search never stops between two turns.

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
        why: None,
    }
}

/// A move to try: `turns` turns of the stock first (each the one turn legal then), then `mv`.
#[derive(Clone, Copy)]
struct Child {
    turns: u16,
    mv: Move,
}

struct Frame {
    children: Vec<Child>,
    next: usize,
}

/// The one turn of the stock (`deal` or `redeal`) legal in `pos`, if exactly one is.
fn forced_turn(rules: &dyn Rules, pos: &Position) -> Option<Move> {
    let mut legal = [Move::Deal, Move::Redeal]
        .into_iter()
        .filter(|&m| rules.check(pos, m).is_ok());
    let turn = legal.next()?;
    legal.next().is_none().then_some(turn)
}

/// Play `child` in `pos`: its turns, then its move, each logged and appended to `played`.
fn play(
    rules: &dyn Rules,
    pos: &mut Position,
    log: &mut Vec<Step>,
    played: &mut Vec<Move>,
    child: Child,
) {
    for _ in 0..child.turns {
        let Some(turn) = forced_turn(rules, pos) else {
            break;
        };
        rules.apply(&mut Tx::new(pos, log), turn);
        played.push(turn);
    }
    rules.apply(&mut Tx::new(pos, log), child.mv);
    played.push(child.mv);
}

fn run(rules: &dyn Rules, h: &dyn Heuristic, start: &Position, meter: &mut Meter) -> Outcome {
    let mut pos = start.clone();
    if rules.is_won(&pos) {
        return Outcome::Solved(Vec::new());
    }
    let mut seen: HashSet<u128> = HashSet::new();
    seen.insert(h.key(&pos));
    let mut log: Vec<Step> = Vec::new();
    let mut played: Vec<Move> = Vec::new();
    // For each child on the path: where its steps and its moves begin.
    let mut path: Vec<(usize, usize)> = Vec::new();
    let mut scratch = Scratch::default();
    let mut frames = vec![expand(rules, h, &mut pos, &mut log, &mut scratch, meter)];
    while let Some(top) = frames.last_mut() {
        if meter.exhausted() || seen.len() >= meter.budget.states {
            return Outcome::Unknown;
        }
        let Some(&child) = top.children.get(top.next) else {
            if let Some(f) = frames.pop() {
                scratch.pool.push(f.children);
            }
            if let Some((s, m)) = path.pop() {
                undo(&mut pos, &log[s..]);
                log.truncate(s);
                played.truncate(m);
            }
            continue;
        };
        top.next += 1;
        let (s, m) = (log.len(), played.len());
        play(rules, &mut pos, &mut log, &mut played, child);
        meter.nodes += 1 + u64::from(child.turns);
        if rules.is_won(&pos) {
            return Outcome::Solved(played);
        }
        if !seen.insert(h.key(&pos)) {
            undo(&mut pos, &log[s..]);
            log.truncate(s);
            played.truncate(m);
            continue;
        }
        path.push((s, m));
        let frame = expand(rules, h, &mut pos, &mut log, &mut scratch, meter);
        frames.push(frame);
    }
    if scratch.pruned {
        Outcome::Unknown
    } else {
        Outcome::Unsolvable
    }
}

/// What the expansions share: buffers they reuse (the legal moves, the moves a child plays, the
/// scores, finished frames' children lists) and whether any move was pruned.
#[derive(Default)]
struct Scratch {
    moves: Vec<Move>,
    played: Vec<Move>,
    scored: Vec<(i32, Child)>,
    /// Children lists of finished frames, for reuse.
    pool: Vec<Vec<Child>>,
    /// Whether a move was pruned anywhere (then no proof of loss).
    pruned: bool,
}

/// The moves of `pos`, best first, with pruned moves left out; where the stock's turns
/// commute ([`Heuristic::turn_piles`]), the plays from the stock and waste after each number
/// of turns too, and no turn alone.
fn expand(
    rules: &dyn Rules,
    h: &dyn Heuristic,
    pos: &mut Position,
    log: &mut Vec<Step>,
    scratch: &mut Scratch,
    meter: &mut Meter,
) -> Frame {
    let Scratch {
        moves,
        played,
        scored,
        pool,
        pruned,
    } = scratch;
    let mut children = pool.pop().unwrap_or_default();
    children.clear();
    legal(rules, h, pos, moves, pruned);
    match h.turn_piles() {
        Some(piles) if moves.iter().any(|&m| is_turn(m)) && forced_turn(rules, pos).is_some() => {
            children.extend(
                moves
                    .iter()
                    .filter(|m| !is_turn(**m))
                    .map(|&mv| Child { turns: 0, mv }),
            );
            turned_plays(rules, h, pos, log, piles, moves, pruned, &mut children);
        }
        _ => children.extend(moves.iter().map(|&mv| Child { turns: 0, mv })),
    }
    if children.len() > 1 {
        scored.clear();
        scored.extend(children.iter().map(|&c| {
            let s = log.len();
            play(rules, pos, log, played, c);
            played.clear();
            meter.nodes += 1 + u64::from(c.turns);
            let e = if rules.is_won(pos) {
                i32::MIN
            } else {
                h.eval(pos)
            };
            undo(pos, &log[s..]);
            log.truncate(s);
            (e, c)
        }));
        scored.sort_by_key(|&(e, _)| e);
        children.clear();
        children.extend(scored.iter().map(|&(_, c)| c));
    }
    Frame { children, next: 0 }
}

/// The legal moves of `pos`, reduced, pruned moves left out (and noted in `pruned`).
fn legal(
    rules: &dyn Rules,
    h: &dyn Heuristic,
    pos: &Position,
    moves: &mut Vec<Move>,
    pruned: &mut bool,
) {
    moves.clear();
    rules.legal_moves(pos, moves);
    h.reduce(pos, moves);
    let before = moves.len();
    moves.retain(|&m| h.keep(pos, m));
    *pruned |= moves.len() < before;
}

fn is_turn(mv: Move) -> bool {
    matches!(mv, Move::Deal | Move::Redeal)
}

/// The plays from the turn piles after 1, 2, ... turns of the stock, each turn the one legal
/// then, until the stock and waste come round to a position met already or no turn is left.
#[allow(clippy::too_many_arguments)]
fn turned_plays(
    rules: &dyn Rules,
    h: &dyn Heuristic,
    pos: &mut Position,
    log: &mut Vec<Step>,
    piles: &[bool],
    moves: &mut Vec<Move>,
    pruned: &mut bool,
    children: &mut Vec<Child>,
) {
    let s = log.len();
    let mut met = vec![h.key(pos)];
    let mut turns: u16 = 0;
    while let Some(turn) = forced_turn(rules, pos) {
        rules.apply(&mut Tx::new(pos, log), turn);
        turns += 1;
        let k = h.key(pos);
        if met.contains(&k) || turns == u16::MAX {
            break;
        }
        met.push(k);
        legal(rules, h, pos, moves, pruned);
        children.extend(
            moves
                .iter()
                .filter(|&&m| match m {
                    Move::Transfer { from, to, .. } => {
                        piles[usize::from(from)] || piles[usize::from(to)]
                    }
                    _ => false,
                })
                .map(|&mv| Child { turns, mv }),
        );
    }
    undo(pos, &log[s..]);
    log.truncate(s);
}
