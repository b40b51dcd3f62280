//! Part 2: the reference game's conformance scenarios, and the instructor's hidden ones, run
//! against the candidate: those that hold for the reference as configured (its readings).
//! A hidden scenario is reported by its name (the rule sentence it covers) only.

mod start;
mod suite;

use solitaire_conformance::run_scenario;

use crate::judge::context::{Context, Secrecy, cap};
use crate::judge::report::{Finding, Part, Share, round1};

use start::reproduce;
pub(crate) use start::start_text;
pub(crate) use suite::{Suite, Whose};

/// The part's points.
pub(crate) const POINTS: f64 = solitaire_files::course::default_points::CONFORMANCE as f64;

/// What one run of scenarios found.
#[derive(Default)]
pub(crate) struct Outcome {
    passed: usize,
    findings: Vec<Finding>,
}

/// Run the public scenarios (`hidden` false) or the instructor's hidden ones against the
/// candidate. A hidden scenario's finding names its rule only: no position, no move, and
/// nothing the candidate wrote (its panic message or refusal reason).
pub(crate) fn run(cx: &mut Context, suite: &Suite, hidden: bool) -> Outcome {
    let mut out = Outcome::default();
    let cand = cx.candidate.clone();
    let course = cx
        .options
        .checkout
        .candidate_course()
        .map(ToOwned::to_owned);
    for entry in suite.entries.iter().filter(|e| e.hidden == hidden) {
        let (scenario, n) = (&entry.scenario, entry.number);
        let game = cand.clone();
        let owned = scenario.clone();
        // A variant's scenarios are the student's own: their names are a candidate's text.
        let name = super::inert::candidate_text(&scenario.name);
        let (what, title) = if hidden {
            let title = format!("Hidden scenario: {name}");
            (format!("hidden scenario {name:?}"), title)
        } else {
            let title = format!("Scenario {n}: {name} ({})", suite.source);
            (format!("scenario {n} {name:?}"), title)
        };
        let start = if hidden {
            Vec::new()
        } else {
            reproduce(&cand, course.as_deref(), scenario, &[])
        };
        let secrecy = if hidden {
            Secrecy::Secret
        } else {
            Secrecy::Public
        };
        let outcome = cx.guard_in(secrecy, &what, &start, move || run_scenario(&game, &owned));
        let finding = match outcome {
            Ok(Ok(())) => {
                out.passed += 1;
                continue;
            }
            Err(_) if hidden => Finding {
                title,
                detail: "The candidate failed on the instructor's scenario on this rule (see \
                         Robustness)."
                    .into(),
                reproduce: Vec::new(),
                hidden: true,
            },
            Ok(Err(_)) if hidden => Finding {
                title,
                detail: "The instructor's scenario on this rule failed.".into(),
                reproduce: Vec::new(),
                hidden: true,
            },
            Ok(Err(f)) => Finding {
                title,
                detail: format!(
                    "step {}: expected {}\nfound: {}\nafter the moves: {}\nposition:\n{}",
                    f.step,
                    f.expected,
                    f.found,
                    if f.moves.is_empty() {
                        "(none)".to_string()
                    } else {
                        f.moves.join(" ")
                    },
                    f.position
                ),
                reproduce: reproduce(&cand, course.as_deref(), scenario, &f.moves),
                hidden: false,
            },
            Err(message) => Finding {
                title,
                detail: message,
                reproduce: start,
                hidden: false,
            },
        };
        cx.failed.insert(scenario.name.clone());
        out.findings.push(finding);
    }
    out
}

/// The conformance part from the runs of the public and the hidden scenarios.
pub(crate) fn part(suite: &Suite, public: Outcome, hidden: Outcome) -> Part {
    let passed = public.passed + hidden.passed;
    let hidden_checks = suite.hidden();
    let hidden_share = (hidden_checks > 0).then(|| {
        let total = suite.entries.len() as f64;
        Share {
            points: round1(POINTS * hidden.passed as f64 / total),
            max: round1(POINTS * hidden_checks as f64 / total),
            checks: hidden_checks,
            passed: hidden.passed,
        }
    });
    // Capped apart: a count of findings left out must not tell of hidden ones.
    let mut findings = cap(public.findings, 10, "scenarios that failed");
    findings.extend(cap(hidden.findings, 10, "hidden scenarios that failed"));
    let total = suite.entries.len();
    let points = if total == 0 {
        0.0
    } else {
        POINTS * passed as f64 / total as f64
    };
    Part {
        id: "conformance",
        title: "2. Conformance scenarios",
        points: round1(points),
        max: POINTS,
        checks: total,
        passed,
        findings,
        scoring: format!(
            "{POINTS} points shared among the {total} scenarios that hold for the game as the \
             course configures it: those of {} and {} hidden scenarios of the instructor's. Each names \
             the rule sentence it checks; a hidden one is shown by its name only.{}",
            suite.source,
            suite.hidden(),
            suite.left_out()
        ),
        hidden: hidden_share,
    }
}
