//! A search in two phases: a game's own search for a share of the budget, then beam
//! searches of growing width for the rest.

use solitaire_core::{Position, Rules};

use crate::beam::widening;
use crate::heuristic::Heuristic;
use crate::outcome::{Budget, Meter, Outcome, Report};

/// The width of the first beam of the second phase.
const FIRST_WIDTH: usize = 256;

/// Run `first` (reported as `method`) within `1 / share` of `budget`; if it decides nothing,
/// beam searches of growing width guided by `guide` get the rest (reported as `beam`, with
/// the nodes and time of both phases).
pub fn then_beams(
    rules: &dyn Rules,
    guide: &dyn Heuristic,
    start: &Position,
    budget: Budget,
    share: u32,
    method: &str,
    first: impl FnOnce(&mut Meter) -> Outcome,
) -> Report {
    let part = Budget {
        nodes: budget.nodes / u64::from(share),
        time: budget.time / share,
        ..budget
    };
    let mut meter = Meter::new(part);
    let out = first(&mut meter);
    if out != Outcome::Unknown {
        return meter.report(out, method);
    }
    let rest = Budget {
        nodes: budget.nodes.saturating_sub(meter.nodes),
        time: budget.time.saturating_sub(meter.start.elapsed()),
        ..budget
    };
    let mut beams = Meter::new(rest);
    let out = widening(rules, guide, start, FIRST_WIDTH, &mut beams);
    let mut report = beams.report(out, "beam");
    report.nodes += meter.nodes;
    report.elapsed = meter.start.elapsed();
    report
}
