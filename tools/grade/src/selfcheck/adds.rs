//! What a self-check says it checked, and what the instructor's grade adds, part by part of
//! the instructor's grade with the course's points.

use crate::judge::points;
use crate::{Options, Report};

/// The note atop a self-check's report of `assignment`.
pub(super) fn note(report: &Report, assignment: &str, options: &Options) -> String {
    let at = |id: &str| points::of(id, options);
    let part = |id: &str| report.part(id);
    let public = part("conformance").map_or(0, |p| p.checks);
    let own = match part(crate::judge::own::ID) {
        Some(p) => format!("{} of your scenarios ran here", p.checks),
        None => "you have none".to_string(),
    };
    let lines = [
        format!(
            "A self-check against the public scenarios of {assignment} and the engine's \
             properties. The instructor's grade runs the same public checks under the course's \
             readings and adds what it keeps back: the layout and the deal, differential play \
             against the reference, its hidden scenarios. Its parts, with the course's points \
             (out of {} in all):",
            points::maximum(options, true)
        ),
        String::new(),
        format!(
            "- 1. Layout and deal ({}): not checked here. The instructor's grade compares your \
             piles (ids and kinds) and your deal of each seed with the reference's; the \
             handout lists the piles.",
            at("layout")
        ),
        format!(
            "- 2. Conformance scenarios ({}): here the {public} public scenarios that hold under \
             the course's readings, all of them. The instructor's grade runs the same ones and \
             its hidden scenarios, the points shared among them all.",
            at("conformance")
        ),
        format!(
            "- 3. Differential play ({}): not checked here. The instructor's grade plays the \
             reference's deals along random walks, walks toward the foundations and the \
             reference solver's winning lines, and compares your game with it move by move. \
             Here the engine's properties (worth {} here, not part of the instructor's grade) \
             check your game against itself only.",
            at("differential"),
            at(crate::judge::properties::ID)
        ),
        format!(
            "- 4. Robustness ({}): here the faults of the checks above; the instructor's grade \
             counts those of all its checks.",
            at("robustness")
        ),
        format!(
            "- 5. Your own scenarios ({}): {own}, on your own game, against the rules the \
             public scenarios reach on it. The instructor's grade runs them, and the public \
             scenarios that set the bar, on the reference.",
            at(crate::judge::own::ID)
        ),
        String::new(),
        format!(
            "This self-check's total, out of {}, is not the instructor's grade.",
            report.max
        ),
    ];
    lines.join("\n")
}
