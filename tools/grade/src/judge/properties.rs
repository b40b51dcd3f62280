//! The engine's properties, checked on the candidate alone: the part that stands in for
//! differential play where there is no reference (a student's own variant, a self-check in a
//! starter repository).
//!
//! From the candidate's deal of each seed, walks (random, then toward the foundations) of the
//! planned number of steps, along which, at every position: the candidate lists no move twice,
//! lists exactly the moves it accepts, and the position keeps the layout's structure (pile
//! kinds, capacities, faces); every move played keeps the pack's cards, and undo restores the
//! position exactly. A walk that ends before its steps are used (no move is listed: the game
//! is stuck, lost or won) goes on from a fresh deal (seed + k x seeds), until its steps are
//! used or [`IDLE_DEALS`] deals gave no move at all. Each walk earns the share of its planned
//! steps that played a move with every property holding, before the first broken property:
//! a game that never moves earns nothing. And the game must be shown won ([`wins`]): a
//! scenario plays a deal to a win, or the solver's line replays to one; otherwise the part
//! earns 0.

mod deadline;
mod wins;

use std::sync::Arc;

use solitaire_conformance::Scenario;
use solitaire_core::{Card, Game, Move, Position};

use crate::judge::commands::{Origin, sol};
use crate::judge::context::{Context, cap};
use crate::judge::differential::walks::{Chooser, Walk};
use crate::judge::report::{Finding, Part, round1};

/// The part's id in reports and the gradebook.
pub const ID: &str = "properties";
/// The part's points.
pub(crate) const POINTS: f64 = solitaire_files::course::default_points::PROPERTIES as f64;
/// A walk stops after this many deals that listed no move at all.
pub(crate) const IDLE_DEALS: usize = 10;

/// What one step found: the move played and the position after it (`None`: no move is
/// listed), or the property it broke and how.
type Step = Result<Option<(Move, Position)>, (String, String)>;

/// What the walks found.
#[derive(Default)]
struct Walks {
    /// The sum of the walks' shares.
    share: f64,
    walks: usize,
    checks: usize,
    passed: usize,
    findings: Vec<Finding>,
}

/// The part: walks from each seed's deal, then the search for a win; `scenarios` are those
/// that may play a deal to a win.
pub(crate) fn grade(cx: &mut Context, scenarios: &[Scenario]) -> Part {
    let mut walks = Walks::default();
    for seed in 0..cx.options.seeds {
        for walk in [Walk::Random, Walk::Foundations] {
            walk_from(cx, seed, walk, &mut walks);
        }
    }
    let mut findings = walks.findings;
    let wins = wins::search(cx, scenarios, &mut findings);
    let lines_ok = wins.replayed + usize::from(wins.witness.is_some());
    let lines = wins.found + usize::from(wins.witness.is_some());
    let score = if wins.shown() {
        (walks.share + lines_ok as f64) / (walks.walks + lines).max(1) as f64
    } else {
        findings.insert(
            0,
            Finding {
                title: "No win was shown: the part earns nothing".into(),
                detail: format!(
                    "No scenario that starts from a deal, plays moves and ends with Status(won) \
                     passes, and the solver found no win that replays on the first {} deals ({} \
                     positions searched). A game that can be won shows it: add such a scenario \
                     (`sol solve YOUR-GAME --seed N` finds a winning line).",
                    wins.deals, wins.nodes
                ),
                ..Finding::default()
            },
        );
        0.0
    };
    let witness = match &wins.witness {
        Some(name) => format!(" The scenario \"{name}\" plays a deal to a win."),
        None => String::new(),
    };
    Part {
        id: ID,
        title: "3. The engine's properties",
        points: round1(POINTS * score),
        max: POINTS,
        checks: walks.checks + wins.found,
        passed: walks.passed + wins.replayed,
        findings: cap(findings, 10, "broken properties and failed searches"),
        scoring: format!(
            "Without a reference, the game is checked against the engine's properties: from \
             the deal of each of {seeds} seeds, a random walk and a walk toward the foundations \
             of {steps} moves each (one that ends goes on from a fresh deal, until {IDLE_DEALS} \
             deals gave no move), along which the moves listed are exactly the moves accepted \
             (none twice), every position keeps the layout's structure, every move keeps the \
             pack's cards and undo restores the position. A walk earns the share of its {steps} \
             moves played with every property holding, before the first broken one. The game \
             must be shown won: by a scenario that starts from a deal and plays to \
             Status(won), passing, or by a winning line of the solver's, replayed from the deal \
             to a won position (it searches deals from seed 0: up to {deals} deals, \
             {deal_nodes} positions and three quarters of a check's time each, {total} \
             positions and {time} s in all; here {searched} deals, {nodes} positions, lines \
             found: {found}, replayed: {replayed}).{witness} {POINTS} points in proportion, each \
             line replayed counting as a walk; 0 without a win.",
            seeds = cx.options.seeds,
            steps = cx.options.steps,
            deals = wins::MAX_DEALS,
            deal_nodes = wins::DEAL_NODES,
            total = cx.options.win_nodes,
            time = wins::time_allowed(cx.options.time_limit).as_secs(),
            searched = wins.deals,
            nodes = wins.nodes,
            found = wins.found,
            replayed = wins.replayed,
        ),
        hidden: None,
    }
}

/// One walk of the planned steps from the deal of `seed`, going on from fresh deals.
fn walk_from(cx: &mut Context, seed: u64, walk: Walk, out: &mut Walks) {
    let Some(mut chooser) = Chooser::new(walk, seed, None) else {
        return;
    };
    let game = cx.candidate.clone();
    let planned = cx.options.steps;
    let stride = cx.options.seeds.max(1);
    let (mut moved, mut idle, mut fresh) = (0, 0, 0u64);
    'deals: while moved < planned && idle < IDLE_DEALS {
        let at = seed + fresh * stride;
        fresh += 1;
        let Some((mut pos, deck)) = deal(cx, &game, at) else {
            out.findings.push(Finding {
                title: format!(
                    "Seed {seed}, {}: the walk stopped after {moved} of {planned} moves: the deal \
                     of seed {at} failed (see Robustness)",
                    walk.name()
                ),
                ..Finding::default()
            });
            break;
        };
        let mut moves: Vec<String> = Vec::new();
        loop {
            let course = cx.options.checkout.candidate_course();
            let reproduce = vec![sol("play", game.id(), &Origin::Seed(at), course, &moves)];
            let (g, d, here) = (game.clone(), deck.clone(), pos.clone());
            let what = format!("seed {at}, {}", walk.name());
            let answer = cx.guard(&what, &reproduce, move || {
                let step = step(&g, &here, &d, &mut chooser);
                (step, chooser)
            });
            out.checks += 1;
            let step = match answer {
                Ok((step, back)) => {
                    chooser = back;
                    step
                }
                Err(fault) => {
                    // The chooser went with the check: the walk cannot go on.
                    out.findings.push(broken(
                        &game,
                        (at, walk),
                        ("a fault", &fault),
                        &moves,
                        &pos,
                        reproduce,
                    ));
                    break 'deals;
                }
            };
            match step {
                Ok(Some((mv, after))) => {
                    out.passed += 1;
                    moved += 1;
                    moves.push(game.move_text(mv).to_string());
                    pos = after;
                    if moved == planned {
                        break 'deals;
                    }
                }
                Ok(None) => {
                    out.passed += 1;
                    if moves.is_empty() {
                        idle += 1;
                    }
                    continue 'deals;
                }
                Err((property, detail)) => {
                    out.findings.push(broken(
                        &game,
                        (at, walk),
                        (&property, &detail),
                        &moves,
                        &pos,
                        reproduce,
                    ));
                    break 'deals;
                }
            }
        }
    }
    if moved < planned && idle >= IDLE_DEALS {
        out.findings.push(Finding {
            title: format!(
                "Seed {seed}, {}: the walk stopped after {moved} of {planned} moves: \
                 {IDLE_DEALS} deals listed no move at all",
                walk.name()
            ),
            ..Finding::default()
        });
    }
    out.share += moved as f64 / planned.max(1) as f64;
    out.walks += 1;
}

/// The deal of `seed` and its cards, dealt under guard (a fault is robustness's).
fn deal(cx: &mut Context, game: &Arc<Game>, seed: u64) -> Option<(Position, Arc<Vec<Card>>)> {
    let g = game.clone();
    let course = cx.options.checkout.candidate_course();
    let reproduce = vec![sol("deal", game.id(), &Origin::Seed(seed), course, &[])];
    cx.guard(&format!("the deal of seed {seed}"), &reproduce, move || {
        let deal = g.deal(seed);
        let deck = Arc::new(deal.sorted_cards());
        (deal, deck)
    })
    .ok()
}

/// The finding of `property` broken (and how: `detail`) on `walk` from the deal of `seed`,
/// after `moves`, at `pos`.
fn broken(
    game: &Game,
    (seed, walk): (u64, Walk),
    (property, detail): (&str, &str),
    moves: &[String],
    pos: &Position,
    reproduce: Vec<String>,
) -> Finding {
    let moves_text = if moves.is_empty() {
        "(none)".to_string()
    } else {
        moves.join(" ")
    };
    Finding {
        title: format!("Seed {seed}, {}: {property}", walk.name()),
        detail: format!(
            "{detail}\nafter the moves: {moves_text}\nposition:\n{}",
            game.position_text(pos)
        ),
        reproduce,
        hidden: false,
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
