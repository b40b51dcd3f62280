//! The student's own scenarios (`games/<id>/conformance/<id>.ron` of the submission), run on the
//! reference as the course configures it (in a self-check, where the reference is absent, on
//! the student's own game under the course's readings: [`On`]): which of them it agrees with,
//! which of its rules their moves reach, and, where the course gives the part points
//! (`student_scenarios: N`), how many of those points they earn.
//!
//! Points: `N x agreed / run x min(1, covered / bar)`. `run` counts the student's scenarios
//! that hold under the readings played; `agreed`, those the game passes. A rule is what the
//! game says when a scenario's moves are played on it ([`reach`]): the category and reason of
//! a refusal, or what a legal move did (from which kind of pile to which, the kinds of steps
//! it took). `covered` counts the distinct rules reached by agreed scenarios that are not
//! copies of a public one, at most [`MAX_NEW_RULES`] new ones each, so that one long scenario
//! cannot cover everything; `bar`, the distinct rules the public scenarios reach the same way,
//! which a student can compute from public data. A scenario's name earns nothing, nor does one
//! without moves. A scenario the game disagrees with costs its share, so a wrong test is worth
//! less than none.

mod reach;
mod words;

use std::collections::BTreeSet;
use std::sync::Arc;

use solitaire_conformance::{Scenario, ScenarioFile, Start, run_scenario};
use solitaire_core::Game;

use crate::judge::conformance::{Suite, start_text};
use crate::judge::context::cap;
use crate::judge::report::{Finding, Part, capitalized, round1};
use reach::{Rule, reach};
use words::{Counts, missed, none_ran, scoring};

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

/// The game the student's scenarios run on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum On {
    /// The reference, as the course configures it (the instructor's grade).
    Reference,
    /// The student's own game (a self-check, where the reference is absent): what the
    /// instructor's grade finds on the reference may differ.
    OwnGame,
}

impl On {
    /// The game in words.
    fn game(self) -> &'static str {
        match self {
            On::Reference => "the reference",
            On::OwnGame => "your game",
        }
    }
}

/// The rules the student's scenarios covered, and those of the bar.
struct Coverage {
    bar: BTreeSet<Rule>,
    covered: BTreeSet<Rule>,
}

/// The part for the student's own scenarios: `own` as read from the submission, run on `game`
/// (`on` says which it is) under the readings of `suite`, whose public scenarios make the bar;
/// `points` the course's.
pub(crate) fn part(game: &Arc<Game>, own: &Own, suite: &Suite, points: u32, on: On) -> Part {
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
        .filter(|(_, s)| suite.played.runs(s))
        .take(MAX_SCENARIOS)
        .map(|(i, s)| (i + 1, *s))
        .collect();
    let public = suite.public();
    let mut coverage = Coverage {
        bar: public
            .iter()
            .flat_map(|(_, s)| reach(game, &prepared(game, s)))
            .collect(),
        covered: BTreeSet::new(),
    };
    let mut agreed = Vec::new();
    let mut findings: Vec<Finding> = unread.into_iter().collect();
    let (judge, judged) = (on.game(), capitalized(on.game()));
    for (number, scenario) in &run {
        let title = format!(
            "Your scenario {number}: {}",
            crate::capped(&scenario.name, MAX_NAME)
        );
        let detail = match verdict(game, scenario, &public) {
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
                format!(
                    "{judged} agrees, but its moves reach no rule your scenarios before it had \
                     not reached (a scenario without Play, Legal or Illegal steps reaches none): \
                     it covers nothing."
                )
            }
            Verdict::Copy(of) => {
                agreed.push(*number);
                format!(
                    "The same start and steps as public scenario {of} ({}): it covers no rule \
                     of its own.",
                    suite.source
                )
            }
            Verdict::Disagreed(detail) => format!("{judged} disagrees: {detail}"),
        };
        findings.push(Finding {
            title,
            detail,
            ..Finding::default()
        });
    }
    if run.is_empty() && points > 0 {
        findings.push(none_ran(own.is_some(), scenarios.len()));
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
    let counts = Counts {
        points,
        agreed: &agreed,
        left_out,
    };
    Part {
        id: ID,
        title: "5. Your own scenarios",
        points: round1(earned),
        max: f64::from(points),
        checks: run.len(),
        passed: agreed.len(),
        findings,
        scoring: scoring(own.is_some(), &counts, &coverage, judge, on),
        hidden: None,
    }
}

/// The scenario with its start position as `game` reads it.
fn prepared(game: &Game, scenario: &Scenario) -> Scenario {
    let mut scenario = scenario.clone();
    if let Start::Position(text) = &scenario.start {
        scenario.start = Start::Position(start_text(game, text));
    }
    scenario
}

/// Whether `game` passes `scenario` (and the rules it reaches), and whether it is a public
/// one (numbered) under another name.
fn verdict(game: &Arc<Game>, scenario: &Scenario, public: &[(usize, &Scenario)]) -> Verdict {
    if scenario.steps.len() > MAX_STEPS {
        return Verdict::Disagreed(format!("it has more than {MAX_STEPS} steps"));
    }
    let scenario = prepared(game, scenario);
    let judge = game.clone();
    let owned = scenario.clone();
    let limit = std::time::Duration::from_secs(10);
    let outcome = crate::judge::guard::guarded(limit, move || {
        run_scenario(&judge, &owned).map(|()| reach(&judge, &owned))
    });
    match outcome {
        Ok(Ok(rules)) => match public
            .iter()
            .find(|(_, p)| same_start(&p.start, &scenario.start) && p.steps == scenario.steps)
        {
            Some((n, _)) => Verdict::Copy(*n),
            None => Verdict::Agreed(rules),
        },
        Ok(Err(f)) => Verdict::Disagreed(format!(
            "step {}: expected {}, found: {}",
            f.step,
            f.expected,
            crate::capped(&f.found, crate::MAX_CANDIDATE_TEXT)
        )),
        Err(fault) => Verdict::Disagreed(format!("running it: {fault}")),
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
