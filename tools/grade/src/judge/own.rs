//! The student's own scenarios (`games/<id>/conformance/<id>.ron` of the submission), run against
//! the reference as the course configures it: which of them the reference agrees with, which
//! of the reference's rules their moves reach, and, where the course gives the part points
//! (`student_scenarios: N`), how many of those points they earn.
//!
//! Points: `N x agreed / run x min(1, covered / bar)`. `run` counts the student's scenarios
//! that hold for the reference's readings; `agreed`, those the reference passes. A rule is what
//! the reference says when a scenario's moves are played on it ([`reach`]): the category and
//! reason of a refusal, or what a legal move did (from which kind of pile to which, the kinds
//! of steps it took). `covered` counts the distinct rules reached by agreed scenarios that are
//! not copies of a public one, at most [`MAX_NEW_RULES`] new ones each, so that one long
//! scenario cannot cover everything; `bar`, the distinct rules the public scenarios reach the
//! same way, which a student can compute from public data. A scenario's name earns nothing,
//! nor does one without moves. A scenario the reference disagrees with costs its share, so a
//! wrong test is worth less than none.

mod reach;

use std::collections::BTreeSet;
use std::sync::Arc;

use solitaire_conformance::{Scenario, ScenarioFile, Start, run_scenario};
use solitaire_core::Game;

use crate::judge::conformance::start_text;
use crate::judge::context::cap;
use crate::judge::report::{Finding, Part, round1};
use reach::{Rule, reach};

/// The part's id in reports and the gradebook.
pub const ID: &str = "student-scenarios";
/// The most scenarios of a student's file that are run.
const MAX_SCENARIOS: usize = 200;
/// The most steps of one scenario that are run; a longer one counts as disagreed.
const MAX_STEPS: usize = 1000;
/// The most rules one scenario covers that no scenario before it covered.
pub const MAX_NEW_RULES: usize = 3;
/// The most characters of a scenario's name a report shows.
const MAX_NAME: usize = 120;

/// What the reference said of one student scenario.
enum Verdict {
    /// It passes, reaching these rules.
    Agreed(Vec<Rule>),
    /// A public scenario's start and steps, under another name.
    Copy(usize),
    Disagreed(String),
}

/// The student's scenario file as the judge read it: `None` when the submission has none.
pub type Own = Option<Result<ScenarioFile, String>>;

/// The rules the student's scenarios covered, and those of the bar.
struct Coverage {
    bar: BTreeSet<Rule>,
    covered: BTreeSet<Rule>,
}

/// The part for the student's own scenarios: `own` as read from the submission, `public` the
/// reference's public scenarios, `points` the course's.
pub(crate) fn part(reference: &Arc<Game>, own: &Own, public: &[Scenario], points: u32) -> Part {
    let unread = match own {
        Some(Err(e)) => Some(Finding {
            title: "Your scenario file does not read".into(),
            detail: crate::capped(e, crate::MAX_CANDIDATE_TEXT),
            ..Finding::default()
        }),
        _ => None,
    };
    let own = own.as_ref().and_then(|r| r.as_ref().ok());
    let scenarios: Vec<&Scenario> = own
        .map(|f| f.scenarios.iter().collect())
        .unwrap_or_default();
    let run: Vec<(usize, &Scenario)> = scenarios
        .iter()
        .enumerate()
        .filter(|(_, s)| s.holds_for(reference))
        .take(MAX_SCENARIOS)
        .map(|(i, s)| (i + 1, *s))
        .collect();
    let public: Vec<&Scenario> = public.iter().filter(|s| s.holds_for(reference)).collect();
    let mut coverage = Coverage {
        bar: public
            .iter()
            .flat_map(|s| reach(reference, &prepared(reference, s)))
            .collect(),
        covered: BTreeSet::new(),
    };
    let mut agreed = Vec::new();
    let mut findings: Vec<Finding> = unread.into_iter().collect();
    for (number, scenario) in &run {
        let title = format!(
            "Your scenario {number}: {}",
            crate::capped(&scenario.name, MAX_NAME)
        );
        let detail = match verdict(reference, scenario, &public) {
            Verdict::Agreed(rules) => {
                agreed.push(*number);
                let new: Vec<Rule> = rules
                    .into_iter()
                    .filter(|r| !coverage.covered.contains(r))
                    .take(MAX_NEW_RULES)
                    .collect();
                if !new.is_empty() {
                    coverage.covered.extend(new);
                    continue;
                }
                "The reference agrees, but its moves reach no rule your scenarios before it \
                 had not reached (a scenario without Play, Legal or Illegal steps reaches none): \
                 it covers nothing."
                    .to_string()
            }
            Verdict::Copy(of) => {
                agreed.push(*number);
                format!(
                    "The same start and steps as public scenario {of}: it covers no rule of its \
                     own."
                )
            }
            Verdict::Disagreed(detail) => format!("The reference disagrees: {detail}"),
        };
        findings.push(Finding {
            title,
            detail,
            ..Finding::default()
        });
    }
    findings = cap(findings, 10, "findings on your scenarios");
    findings.extend(missed(&coverage));
    let share = (coverage.covered.len() as f64 / coverage.bar.len().max(1) as f64).min(1.0);
    let earned = if run.is_empty() {
        0.0
    } else {
        f64::from(points) * agreed.len() as f64 / run.len() as f64 * share
    };
    let left_out = scenarios.len() - run.len();
    Part {
        id: ID,
        title: "5. Your own scenarios",
        points: round1(earned),
        max: f64::from(points),
        checks: run.len(),
        passed: agreed.len(),
        findings,
        scoring: scoring(own.is_some(), points, &agreed, &coverage, left_out),
        hidden: None,
    }
}

/// The scenario with its start position as the reference reads it.
fn prepared(reference: &Game, scenario: &Scenario) -> Scenario {
    let mut scenario = scenario.clone();
    if let Start::Position(text) = &scenario.start {
        scenario.start = Start::Position(start_text(reference, text));
    }
    scenario
}

/// Whether the reference passes `scenario` (and the rules it reaches), and whether it is a
/// public one renamed.
fn verdict(reference: &Arc<Game>, scenario: &Scenario, public: &[&Scenario]) -> Verdict {
    if scenario.steps.len() > MAX_STEPS {
        return Verdict::Disagreed(format!("it has more than {MAX_STEPS} steps"));
    }
    let scenario = prepared(reference, scenario);
    let game = reference.clone();
    let owned = scenario.clone();
    let limit = std::time::Duration::from_secs(10);
    let outcome = crate::judge::guard::guarded(limit, move || {
        run_scenario(&game, &owned).map(|()| reach(&game, &owned))
    });
    match outcome {
        Ok(Ok(rules)) => match public
            .iter()
            .position(|p| same_start(&p.start, &scenario.start) && p.steps == scenario.steps)
        {
            Some(i) => Verdict::Copy(i + 1),
            None => Verdict::Agreed(rules),
        },
        Ok(Err(f)) => Verdict::Disagreed(format!(
            "step {}: expected {}, found: {}",
            f.step,
            f.expected,
            crate::capped(&f.found, crate::MAX_CANDIDATE_TEXT)
        )),
        Err(fault) => Verdict::Disagreed(format!("running it on the reference: {fault}")),
    }
}

/// Two starts are the same deal, or the same position up to layout (spaces, blank lines).
fn same_start(a: &Start, b: &Start) -> bool {
    match (a, b) {
        (Start::Seed(x), Start::Seed(y)) => x == y,
        (Start::Position(x), Start::Position(y)) => {
            let lines = |t: &str| -> Vec<String> {
                t.lines()
                    .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                    .filter(|l| !l.is_empty() && !l.starts_with("game:"))
                    .collect()
            };
            lines(x) == lines(y)
        }
        _ => false,
    }
}

/// The finding that lists the rules of the bar no scenario of the student's reached.
fn missed(coverage: &Coverage) -> Option<Finding> {
    let missed: Vec<String> = coverage
        .bar
        .difference(&coverage.covered)
        .map(|r| format!("- {}", r.describe()))
        .collect();
    (!missed.is_empty()).then(|| Finding {
        title: format!(
            "{} of the {} rules the public scenarios reach, your scenarios do not",
            missed.len(),
            coverage.bar.len()
        ),
        detail: missed.join("\n"),
        ..Finding::default()
    })
}

fn scoring(
    has_file: bool,
    points: u32,
    agreed: &[usize],
    coverage: &Coverage,
    left_out: usize,
) -> String {
    if !has_file {
        return format!(
            "{points} points for your own scenarios (games/<your game>/conformance/<your game>.ron): the \
             submission has none."
        );
    }
    let list = |v: &[usize]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    let in_bar = coverage.covered.intersection(&coverage.bar).count();
    let reached: Vec<String> = coverage
        .covered
        .iter()
        .map(|r| {
            let mark = if coverage.bar.contains(r) {
                ""
            } else {
                " (not reached by a public scenario)"
            };
            format!("- {}{mark}", r.describe())
        })
        .collect();
    let left = match left_out {
        0 => String::new(),
        n => format!(
            " {n} scenarios were not run: written for other readings, or beyond the first \
             {MAX_SCENARIOS}."
        ),
    };
    format!(
        "Your scenarios run against the reference as the course configures it. The reference \
         agrees with: {}. A rule is what the reference says when a scenario's moves are played \
         on it: the reason it refuses a move (Illegal steps), or what a move it accepts does \
         (Play and Legal steps); a scenario's name counts for nothing, and each scenario covers \
         at most {MAX_NEW_RULES} rules no scenario before it covered. Your scenarios reach {}, \
         {in_bar} of the {} the public scenarios reach. {points} points x agreed / run x \
         min(1, rules / {}); a copy of a public scenario covers nothing.{left}\n\nThe rules \
         your scenarios reach:\n\n{}",
        list(agreed),
        match coverage.covered.len() {
            1 => "1 rule".to_string(),
            n => format!("{n} rules"),
        },
        coverage.bar.len(),
        coverage.bar.len().max(1),
        if reached.is_empty() {
            "- none".to_string()
        } else {
            reached.join("\n")
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_position_laid_out_differently_is_the_same_start() {
        let a = Start::Position("\n    game: x\n    t1: KS   TH\n".into());
        let b = Start::Position("t1: KS TH".into());
        assert!(same_start(&a, &b));
        assert!(!same_start(&a, &Start::Position("t1: KS".into())));
    }
}
