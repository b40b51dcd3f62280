//! The instructor's hidden scenarios run on the reference itself, as the course configures it,
//! before any student is graded: a scenario that fails there would fail every student, and a
//! student is told only that an instructor's scenario failed. The instructor learns which, at
//! which step, what was expected and what was found; students never see it.

use solitaire_conformance::{Scenario, run_scenario};
use solitaire_core::Game;

use crate::judge::holds::Played;

/// The scenarios of `hidden` (read from `file`) that hold for `reference` but fail on it, one
/// line each: their number in the file, their name, the step, what was expected and found.
pub fn failing(reference: &Game, hidden: &[Scenario], file: &str) -> Vec<String> {
    let played = Played::by(reference);
    hidden
        .iter()
        .enumerate()
        .filter(|(_, s)| played.runs(s))
        .filter_map(|(i, s)| {
            let f = run_scenario(reference, s).err()?;
            let moves = if f.moves.is_empty() {
                "(none)".to_string()
            } else {
                f.moves.join(" ")
            };
            Some(format!(
                "{file}: scenario {} {:?} fails on the reference {}: step {}: expected {}, found: \
                 {} (after the moves: {moves})",
                i + 1,
                s.name,
                reference.id(),
                f.step,
                f.expected,
                f.found
            ))
        })
        .collect()
}

/// `failures` as an error that stops a grade: the instructor mends or removes each first.
pub fn refusal(failures: &[String]) -> String {
    format!(
        "the instructor's hidden scenarios must hold for the reference before anyone is graded \
         against them; no one was graded:\n{}",
        failures.join("\n")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_scenario_that_fails_on_the_reference_is_named_with_its_step() {
        let Some(bristol) = crate::testing::registered("bristol") else {
            return;
        };
        let text = r#"(game: "bristol", scenarios: [
            (name: "holds", start: Seed(0), steps: [Count("stock", 28)]),
            (name: "wrong count", start: Seed(0), steps: [Count("stock", 3)]),
        ])"#;
        let file = solitaire_conformance::ScenarioFile::parse("hidden/bristol.ron", text)
            .unwrap_or_else(|e| panic!("{e}"));
        let failing = failing(&bristol, &file.scenarios, "hidden/bristol.ron");
        assert_eq!(failing.len(), 1, "{failing:?}");
        assert!(
            failing[0].starts_with(
                "hidden/bristol.ron: scenario 2 \"wrong count\" fails on the reference bristol: \
                 step 1: expected"
            ),
            "{failing:?}"
        );
    }
}
