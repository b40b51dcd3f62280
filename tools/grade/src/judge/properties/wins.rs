//! Whether the candidate's game can be won, as the judge sees it: a scenario (a variant's own,
//! a self-check's public or own) that plays a deal to a won position, run on the candidate,
//! shows a win; without one, the solver searches the candidate's own deals from seed 0 (each
//! deal within a node budget and a check's time, until a win is shown or the deals or budgets
//! run out), and a line it finds must replay from the deal, every move accepted, to a won
//! position. A game no one shows won earns no properties' points.

use std::time::{Duration, Instant};

use solitaire_conformance::{Scenario, Start, Step, run_scenario};
use solitaire_core::{Game, Move, Status};
use solitaire_solver::Budget;

use super::deadline;
use crate::judge::commands::{Origin, sol};
use crate::judge::context::Context;
use crate::judge::report::Finding;

/// The most deals searched for a win, seeds 0 and up.
pub(crate) const MAX_DEALS: u64 = 64;
/// The solver's node budget on one deal.
pub(crate) const DEAL_NODES: u64 = 300_000;
/// The search stops once this many wins are shown (a scenario's counts).
const WANTED: usize = 1;
/// The whole search's time, in checks' time limits: an oracle that answers slowly searches
/// fewer positions, never longer.
const TIME_IN_CHECKS: u32 = 12;

/// What the search for wins found.
#[derive(Default)]
pub(crate) struct Wins {
    /// Deals searched.
    pub deals: u64,
    /// Positions the solver generated, on every deal.
    pub nodes: u64,
    /// Winning lines the solver found.
    pub found: usize,
    /// Of them, those that replayed from the deal to a won position.
    pub replayed: usize,
    /// The name of the scenario that played a deal to a won position.
    pub witness: Option<String>,
}

impl Wins {
    /// Whether a win was shown: a solver line replayed, or a scenario stood for one.
    pub fn shown(&self) -> bool {
        self.replayed > 0 || self.witness.is_some()
    }
}

/// Look for a scenario among `scenarios` that plays a deal to a win, then search the candidate's
/// deals for wins and replay them, until a win is shown or the budgets are spent.
pub(crate) fn search(
    cx: &mut Context,
    scenarios: &[Scenario],
    findings: &mut Vec<Finding>,
) -> Wins {
    let mut wins = Wins {
        witness: witness(cx, scenarios),
        ..Wins::default()
    };
    let started = Instant::now();
    let limit = cx.options.time_limit;
    let total = cx.options.win_nodes;
    for seed in 0..MAX_DEALS {
        let shown = wins.replayed + usize::from(wins.witness.is_some());
        if shown >= WANTED || wins.nodes >= total || started.elapsed() >= time_allowed(limit) {
            break;
        }
        wins.deals += 1;
        let game = cx.candidate.clone();
        let what = format!("the solver on seed {seed}");
        let course = cx.options.checkout.candidate_course();
        let reproduce = vec![sol("solve", game.id(), &Origin::Seed(seed), course, &[])];
        let budget = Budget {
            nodes: DEAL_NODES.min(total - wins.nodes),
            time: limit,
            states: 1_000_000,
        };
        // Within the check's time limit: a slow oracle gets an unknown answer, not a fault.
        let allowed = limit * 3 / 4;
        let answer = cx.guard(&what, &reproduce, move || {
            let deal = game.deal(seed);
            deadline::solve_by(&game, &deal, budget, Instant::now() + allowed)
        });
        // A fault is the robustness part's, and would come again: the search stops.
        let Ok((nodes, line)) = answer else { break };
        wins.nodes += nodes;
        // A deal won before any move shows nothing.
        let Some(line) = line.filter(|l| !l.is_empty()) else {
            continue;
        };
        wins.found += 1;
        let game = cx.candidate.clone();
        match cx.guard(&what, &reproduce, move || replay(&game, seed, &line)) {
            Ok(Ok(())) => wins.replayed += 1,
            Ok(Err(detail)) | Err(detail) => findings.push(Finding {
                title: format!("Seed {seed}: the solver's winning line does not replay"),
                detail,
                reproduce,
                hidden: false,
            }),
        }
    }
    wins
}

/// Play `line` from the deal of `seed`: every move accepted, the game won at the end.
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

/// The name of the first of `scenarios` that starts from a deal, plays moves and states the
/// game won, and passes on the candidate.
fn witness(cx: &mut Context, scenarios: &[Scenario]) -> Option<String> {
    let wins = |s: &Scenario| {
        matches!(s.start, Start::Seed(_))
            && s.steps.iter().any(|t| matches!(t, Step::Play(_)))
            && s.steps.contains(&Step::Status(Status::Won))
    };
    for scenario in scenarios.iter().filter(|s| wins(s)) {
        let game = cx.candidate.clone();
        let owned = scenario.clone();
        let what = format!("scenario {:?}, a win", scenario.name);
        let passed = cx.guard(&what, &[], move || run_scenario(&game, &owned).is_ok());
        if passed == Ok(true) {
            return Some(crate::capped(&scenario.name, 120));
        }
    }
    None
}

/// How long the whole search may take with checks of `limit`.
pub(crate) fn time_allowed(limit: Duration) -> Duration {
    limit * TIME_IN_CHECKS
}
