//! Part 2: the reference game's conformance scenarios, run against the candidate.

use solitaire_conformance::{ScenarioFile, Start, run_scenario};

use crate::context::{Context, cap};
use crate::report::{Finding, Part, round1};

const POINTS: f64 = 35.0;

pub(crate) fn grade(cx: &mut Context, file: &ScenarioFile) -> Part {
    let mut passed = 0;
    let mut findings = Vec::new();
    let cand = cx.candidate.clone();
    let id = cand.id().to_string();
    let source = if cx.options.conformance_dir == solitaire_conformance::conformance_dir() {
        format!("tests/conformance/{}.ron", file.game)
    } else {
        solitaire_conformance::scenario_path(&cx.options.conformance_dir, &file.game)
            .display()
            .to_string()
    };
    // Only the scenarios that hold for the readings the reference is played with (by default,
    // or as a course chose) are run: the others describe another reading of the rules.
    let reference = cx.reference.clone();
    let mut total = 0;
    for (n, scenario) in file.scenarios.iter().enumerate() {
        if !scenario.holds_for(&reference) {
            continue;
        }
        total += 1;
        let game = cand.clone();
        let owned = scenario.clone();
        let start_cmd = |moves: &str| match &scenario.start {
            Start::Seed(seed) => format!("sol play {id} --seed {seed} --play \"{moves}\""),
            Start::Position(_) => {
                format!("sol play {id} --position start.txt --play \"{moves}\"")
            }
        };
        let what = format!("scenario {} {:?}", n + 1, scenario.name);
        let start_text = match &scenario.start {
            Start::Seed(_) => String::new(),
            Start::Position(text) => format!("start.txt:\n{}\n", dedent(text)),
        };
        let reproduce_start = vec![start_cmd("")];
        match cx.guard(&what, &reproduce_start, move || run_scenario(&game, &owned)) {
            Ok(Ok(())) => passed += 1,
            Ok(Err(f)) => {
                let moves = f.moves.join(" ");
                findings.push(Finding {
                    title: format!("Scenario {}: {} ({source})", n + 1, scenario.name),
                    detail: format!(
                        "{start_text}step {}: expected {}\nfound: {}\nafter the moves: {}\nposition:\n{}",
                        f.step,
                        f.expected,
                        f.found,
                        if moves.is_empty() { "(none)" } else { &moves },
                        f.position
                    ),
                    reproduce: vec![start_cmd(&moves)],
                });
            }
            Err(message) => findings.push(Finding {
                title: format!("Scenario {}: {} ({source})", n + 1, scenario.name),
                detail: format!("{start_text}{message}"),
                reproduce: reproduce_start,
            }),
        }
    }
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
        findings: cap(findings, 10),
        scoring: format!(
            "{POINTS} points shared among the {total} scenarios of {source} that hold for the \
             readings graded; each names the rule sentence it checks. For a scenario that \
             starts from a position, save the position shown as start.txt to reproduce it."
        ),
    }
}

/// The position text without the indentation it has in the RON file.
fn dedent(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}
