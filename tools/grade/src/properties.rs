//! The engine's properties, checked on the candidate alone: the part that stands in for
//! differential play where there is no reference (a student's own variant, a self-check in a
//! starter repository).
//!
//! From the candidate's deal of each seed, a walk (random, then toward the foundations) along
//! which, at every position: the candidate lists no move twice, lists exactly the moves it
//! accepts, and the position keeps the layout's structure (pile kinds, capacities, faces);
//! every move played keeps the pack's cards, and undo restores the position exactly. Each walk
//! earns the share of its steps that hold before the first broken property. Then, on the
//! first seeds, the solver searches the candidate's own game for a win within a small node
//! budget, and a line it finds must replay from the deal, every move accepted, to a won
//! position.

use std::sync::Arc;

use solitaire_core::{Card, Game, Move, Position, Status};
use solitaire_solver::{Budget, Outcome, solve};

use crate::commands::{Origin, sol};
use crate::context::{Context, cap};
use crate::differential::walks::{Chooser, Walk};
use crate::report::{Finding, Part, round1};

/// The part's id in reports and the gradebook.
pub const ID: &str = "properties";
const POINTS: f64 = 50.0;
/// How many seeds' solver lines are replayed.
const REPLAYS: u64 = 2;
/// The solver's node budget for a replayed line.
const NODES: u64 = 3_000;

/// What one step found: the move played and the position after it (`None`: no move is
/// listed), or the property it broke and how.
type Step = Result<Option<(Move, Position)>, (String, String)>;

pub(crate) fn grade(cx: &mut Context) -> Part {
    let game = cx.candidate.clone();
    let (mut share, mut walks, mut checks, mut passed) = (0.0, 0, 0, 0);
    let mut findings = Vec::new();
    for seed in 0..cx.options.seeds {
        let deal = game.deal(seed);
        let deck = Arc::new(deal.sorted_cards());
        for walk in [Walk::Random, Walk::Foundations] {
            let mut chooser = Chooser::new(walk, seed, None);
            if chooser.is_none() {
                continue;
            }
            let (mut pos, mut moves, mut held, mut run) = (deal.clone(), Vec::new(), 0, 0);
            for _ in 0..cx.options.steps {
                let reproduce = vec![sol("play", game.id(), &Origin::Seed(seed), None, &moves)];
                let (g, d) = (game.clone(), deck.clone());
                let here = pos.clone();
                let what = format!("seed {seed}, {}", walk.name());
                let Some(mut chooser_now) = chooser.take() else {
                    break;
                };
                let answer = cx.guard(&what, &reproduce, move || {
                    let step = step(&g, &here, &d, &mut chooser_now);
                    (step, chooser_now)
                });
                run += 1;
                checks += 1;
                let step = match answer {
                    Ok((step, back)) => {
                        chooser = Some(back);
                        step
                    }
                    Err(fault) => Err(("a fault".into(), fault)),
                };
                match step {
                    Ok(next) => {
                        passed += 1;
                        held += 1;
                        let Some((mv, after)) = next else { break };
                        moves.push(game.move_text(mv).to_string());
                        pos = after;
                    }
                    Err((property, detail)) => {
                        let moves_text = if moves.is_empty() {
                            "(none)".to_string()
                        } else {
                            moves.join(" ")
                        };
                        findings.push(Finding {
                            title: format!("Seed {seed}, {}: {property}", walk.name()),
                            detail: format!(
                                "{detail}\nafter the moves: {moves_text}\nposition:\n{}",
                                game.position_text(&pos)
                            ),
                            reproduce,
                            hidden: false,
                        });
                        break;
                    }
                }
            }
            share += held as f64 / run.max(1) as f64;
            walks += 1;
        }
    }
    let (replayed, replay_ok) = replays(cx, &mut findings);
    let score = (share + replay_ok as f64) / (walks + replayed).max(1) as f64;
    Part {
        id: ID,
        title: "3. The engine's properties",
        points: round1(POINTS * score),
        max: POINTS,
        checks: checks + replayed,
        passed: passed + replay_ok,
        findings: cap(findings, 10),
        scoring: format!(
            "Without a reference, the game is checked against the engine's properties: from \
             the deal of each of {} seeds, a random walk and a walk toward the foundations of \
             up to {} moves, along which the moves listed are exactly the moves accepted (none \
             twice), every position keeps the layout's structure, every move keeps the pack's \
             cards and undo restores the position. A walk earns the share of its steps that \
             hold before the first broken property. The solver's winning lines (searched \
             within {NODES} positions on the first {REPLAYS} seeds; {replayed} found) must \
             replay from the deal to a won position. {POINTS} points in proportion.",
            cx.options.seeds, cx.options.steps
        ),
        hidden: None,
    }
}

/// The properties at `pos`, then the walk's next move played: `Ok(None)` when no move is
/// listed, or the property broken and how.
fn step(game: &Game, pos: &Position, deck: &[Card], chooser: &mut Chooser) -> Step {
    if let Err(e) = game.check_structure(pos) {
        let what = e.describe(game.layout());
        return Err(("the position breaks the layout's structure".into(), what));
    }
    let list = game.legal_moves(pos);
    let listed: std::collections::BTreeSet<Move> = list.iter().copied().collect();
    if listed.len() != list.len() {
        return Err(("a move is listed twice".into(), texts(game, &list)));
    }
    let accepted = solitaire_core::testkit::accepted_moves(game, pos);
    if listed != accepted {
        let only = |a: &std::collections::BTreeSet<Move>, b: &std::collections::BTreeSet<Move>| {
            texts(game, &a.difference(b).copied().collect::<Vec<_>>())
        };
        return Err((
            "the moves listed are not the moves accepted".into(),
            format!(
                "listed, not accepted: {}\naccepted, not listed: {}",
                only(&listed, &accepted),
                only(&accepted, &listed)
            ),
        ));
    }
    for &mv in &list {
        let mut after = pos.clone();
        let mut log = Vec::new();
        if let Err(e) = game.play_logged(&mut after, mv, &mut log) {
            let text = game.move_text(mv);
            return Err(("a listed move is refused".into(), format!("{text}: {e}")));
        }
        if after.sorted_cards() != deck {
            let text = game.move_text(mv);
            return Err(("a move changes the cards".into(), format!("{text}")));
        }
        game.undo(&mut after, &log);
        if after != *pos {
            let text = game.move_text(mv);
            return Err((
                "undo does not restore the position".into(),
                format!("{text}"),
            ));
        }
    }
    let Some(mv) = chooser.next(game, &list) else {
        return Ok(None);
    };
    let mut after = pos.clone();
    match game.play(&mut after, mv) {
        Ok(_) => Ok(Some((mv, after))),
        Err(e) => Err((
            "a listed move is refused".into(),
            format!("{}: {e}", game.move_text(mv)),
        )),
    }
}

fn texts(game: &Game, moves: &[Move]) -> String {
    if moves.is_empty() {
        return "(none)".into();
    }
    let texts: Vec<String> = moves
        .iter()
        .map(|m| game.move_text(*m).to_string())
        .collect();
    texts.join(" ")
}

/// Replay the solver's winning lines on the first seeds: how many lines were found, and how
/// many replayed to a won position.
fn replays(cx: &mut Context, findings: &mut Vec<Finding>) -> (usize, usize) {
    let (mut found, mut ok) = (0, 0);
    for seed in 0..cx.options.seeds.min(REPLAYS) {
        let game = cx.candidate.clone();
        let what = format!("the solver on seed {seed}");
        let reproduce = vec![format!("sol solve {} --seed {seed}", game.id())];
        let line = cx.guard(&what, &reproduce, move || {
            let deal = game.deal(seed);
            let budget = Budget {
                nodes: NODES,
                time: std::time::Duration::from_secs(3600),
                states: 1_000_000,
            };
            match solve(&game, &deal, budget).outcome {
                Outcome::Solved(line) => Some(line),
                Outcome::Unsolvable | Outcome::Unknown => None,
            }
        });
        let Ok(Some(line)) = line else { continue };
        found += 1;
        let game = cx.candidate.clone();
        let replay = cx.guard(&what, &reproduce, move || replay(&game, seed, &line));
        match replay {
            Ok(Ok(())) => ok += 1,
            Ok(Err(detail)) | Err(detail) => findings.push(Finding {
                title: format!("Seed {seed}: the solver's winning line does not replay"),
                detail,
                reproduce,
                hidden: false,
            }),
        }
    }
    (found, ok)
}

fn replay(game: &Game, seed: u64, line: &[Move]) -> Result<(), String> {
    let mut pos = game.deal(seed);
    for (i, &mv) in line.iter().enumerate() {
        if let Err(e) = game.play(&mut pos, mv) {
            return Err(format!(
                "move {} ({}) is refused: {e}",
                i + 1,
                game.move_text(mv)
            ));
        }
    }
    match game.status(&pos) {
        Status::Won => Ok(()),
        other => Err(format!(
            "after its {} moves the game is {}, not won",
            line.len(),
            other.name()
        )),
    }
}
