//! The attacks on where points come from (issue 37, items 4 and 5): every point is paid by a
//! check the judge made, and hidden outcomes stay hidden until publication. One strict class
//! run against Bristol, under a course that gives the student's own scenarios 10 points:
//!
//! - a control (the reference's rules, honest scenarios of its own) scores 100;
//! - the honest scaffold (rules unwritten) scores what it scores;
//! - the Quoter, the scaffold plus one scenario without a move whose name quotes every rule
//!   sentence, earns nothing for its scenarios and no more than the scaffold;
//! - the Idle variant (no reference), the scaffold whose rules list no move, with its own
//!   scenarios that pass, earns no properties and no conformance, while the control's rules as
//!   a variant (a win shown by its own scenario) score well;
//! - the Whisperer, the control's rules that, in the hidden phase (a fresh oracle that dealt
//!   nothing yet), panic or loop by one bit of the position: nothing Gradescope shows before
//!   publication differs from its grade without the hidden scenarios (a second run), but for
//!   the conformance test's share of points, which tells how many hidden scenarios there are,
//!   never how they went.
//!
//! Needs the strict sandbox (Linux with Landlock, user, PID, mount and network namespaces);
//! elsewhere it is skipped with the reason printed.

#![cfg(target_os = "linux")]

mod support;

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;
use solitaire_grader::{ClassOptions, GradebookRow};
use support::attack::{grade, report};
use support::class::{checkout, edit, read, scaffolded, write};
use support::win::winning_scenario;

const REFERENCE: &str = "bristol";
/// The instructor's hidden scenarios: two positions of 5 and 6 cards, the Whisperer's bit.
const HIDDEN_NAMES: [&str; 2] = [
    "'Pack down by one rank regardless of suit' (an Eight on a long fan)",
    "'Pack down by one rank regardless of suit' (a Four on a longer fan)",
];

fn hidden_file() -> String {
    format!(
        r#"(game: "bristol", scenarios: [
    (
        name: "{}",
        start: Position("stock: 5C |\nt1: 7S 2C 9H\nt2: 8D"),
        steps: [Play("t2>t1"), Pile("t1", "7S 2C 9H 8D")],
    ),
    (
        name: "{}",
        start: Position("stock: 5C |\nt1: 7S 2C 9H 5S\nt2: 4D"),
        steps: [Play("t2>t1"), Pile("t1", "7S 2C 9H 5S 4D")],
    ),
])
"#,
        HIDDEN_NAMES[0], HIDDEN_NAMES[1]
    )
}

/// A course that gives the student's own scenarios 10 points, and differential play 25, so
/// that a grade is out of 100.
const COURSE: &str = r#"(name: "Points", games: {"bristol": ()}, allowed_crates: ["serde"],
    student_scenarios: 10, weights: {"differential": 25})
"#;

/// Bristol's public scenarios twice, with a step more and two more: scenarios of the
/// control's own that reach every rule the public ones reach, copying none.
fn honest_scenarios(game: &str) -> String {
    let public = read(
        &solitaire_grader::build::trusted::built_from()
            .join("games/bristol/conformance/bristol.ron"),
    );
    let file = solitaire_conformance::ScenarioFile::parse("bristol.ron", &public)
        .unwrap_or_else(|e| panic!("{e}"));
    let bristol = support::mutant::reference(REFERENCE);
    let mut out = format!("(game: {game:?}, scenarios: [\n");
    for (i, scenario) in file.scenarios.iter().enumerate() {
        for more in 1..=2 {
            let mut mine = scenario.clone();
            mine.steps.extend(std::iter::repeat_n(
                solitaire_conformance::Step::Phase(solitaire_core::Phase::Play),
                more,
            ));
            if solitaire_conformance::run_scenario(&bristol, &mine).is_err() {
                continue;
            }
            let start = match &mine.start {
                solitaire_conformance::Start::Seed(n) => format!("Seed({n})"),
                solitaire_conformance::Start::Position(text) => format!("Position({text:?})"),
            };
            let steps: Vec<String> = mine.steps.iter().map(|s| s.describe()).collect();
            out.push_str(&format!(
                "    (name: \"mine {i}.{more}\", start: {start}, steps: [{}]),\n",
                steps.join(", ")
            ));
        }
    }
    out.push_str("])\n");
    out
}

/// A scenario without a move whose name quotes every sentence of Bristol's rules text.
fn quoter_scenarios(game: &str) -> String {
    let rules = support::mutant::reference(REFERENCE)
        .layout()
        .rules_text
        .clone();
    let quotes: Vec<String> = rules
        .split(['.', '\n'])
        .map(str::trim)
        .filter(|s| s.len() > 8)
        .map(|s| format!("'{}'", s.replace(['\'', '"', '\\'], " ")))
        .collect();
    format!(
        "(game: {game:?}, scenarios: [\n    (name: \"{}\", start: Seed(1), steps: [Count(\"stock\", 28)]),\n])\n",
        quotes.join(" ")
    )
}

fn own_file(dir: &Path, id: &str, text: &str) {
    write(&dir.join(format!("games/{id}/conformance/{id}.ron")), text);
}

/// The control's rules, which in the hidden phase (an oracle that dealt nothing but the deal
/// of its build) panic on a position of an odd number of cards and loop on an even one.
fn whisperer(class: &Path, id: &str) {
    let dir = checkout(class, REFERENCE, id);
    let rules = format!("games/{id}/src/rules.rs");
    edit(
        &dir,
        &rules,
        "fn deal(&self, layout: &Layout, deck: Vec<Card>) -> Result<Position, LayoutError> {",
        "fn deal(&self, layout: &Layout, deck: Vec<Card>) -> Result<Position, LayoutError> {\n        \
         DEALS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);",
    );
    edit(
        &dir,
        &rules,
        "fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {",
        "fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {\n        \
         if DEALS.load(std::sync::atomic::Ordering::SeqCst) < 3 {\n            \
         let cards: usize = pos.piles().iter().map(|p| p.len()).sum();\n            \
         if cards % 2 == 1 { panic!(\"a hidden position of {cards} cards\"); }\n            \
         loop { std::hint::spin_loop(); }\n        }",
    );
    edit(
        &dir,
        &rules,
        "use crate::Bristol;",
        "use crate::Bristol;\n\n/// Deals asked of this process: one at its build, more once graded in public.\n\
         static DEALS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);",
    );
}

fn class_options(tmp: &Path, hidden: Option<&Path>) -> ClassOptions {
    let mut options = support::class::options(tmp, 3, 40);
    options.limits.student_seconds = 200;
    options.gradescope = true;
    options.grade.hidden_dir = hidden.map(Path::to_path_buf);
    options
}

/// Grade `roster` (entries: student, reference or `None` for a variant, game id), written with
/// the course into `class`.
fn run(
    class: &Path,
    roster: &[(&str, Option<&str>, &str)],
    options: &ClassOptions,
) -> Vec<GradebookRow> {
    write(&class.join("course.ron"), COURSE);
    let mut text = String::from("(\n    course: \"course.ron\",\n    submissions: [\n");
    for (student, reference, game) in roster {
        let reference = reference.map_or(String::new(), |r| format!("reference: {r:?}, "));
        text.push_str(&format!(
            "        (student: {student:?}, {reference}game: {game:?}, source: Dir({game:?})),\n"
        ));
    }
    text.push_str("    ],\n)\n");
    grade(&class.join("roster.ron"), &text, options).rows
}

/// A row's points in part `id`, of the first four columns or the later ones.
fn part(row: &GradebookRow, id: &str) -> f64 {
    use solitaire_grader::class::gradebook::{LATER_PARTS, PARTS};
    let cell = match PARTS.iter().position(|p| *p == id) {
        Some(i) => &row.parts[i],
        None => LATER_PARTS
            .iter()
            .position(|p| *p == id)
            .map(|i| &row.later_parts[i])
            .unwrap_or_else(|| panic!("no part {id}")),
    };
    cell.parse().unwrap_or(f64::NAN)
}

fn results(reports: &Path, row: &GradebookRow) -> Value {
    let file = reports.join(format!("{}.results.json", row.report_name()));
    serde_json::from_str(&read(&file)).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

fn tests(results: &Value) -> Vec<Value> {
    results["tests"].as_array().cloned().unwrap_or_default()
}

fn visible(results: &Value) -> Vec<Value> {
    tests(results)
        .into_iter()
        .filter(|t| t["visibility"] == "visible")
        .collect()
}

#[test]
fn every_point_is_paid_by_a_check_and_hidden_outcomes_wait_for_publication() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let tmp = tmp.path();
    let hidden = tmp.join("hidden");
    let options = class_options(tmp, Some(&hidden));
    if let Err(why) = solitaire_grader::class::run::sandbox_in_force(&options) {
        eprintln!("skipped: the attacks on points need the strict sandbox: {why}");
        return;
    }
    write(&hidden.join("bristol.ron"), &hidden_file());
    let class = tmp.join("class");

    let control = checkout(&class, REFERENCE, "control-bristol");
    own_file(
        &control,
        "control-bristol",
        &honest_scenarios("control-bristol"),
    );
    scaffolded(&class, REFERENCE, "honest-bristol");
    let quoter = scaffolded(&class, REFERENCE, "quoter-bristol");
    own_file(
        &quoter,
        "quoter-bristol",
        &quoter_scenarios("quoter-bristol"),
    );
    whisperer(&class, "whisperer-bristol");
    // The variants: the scaffold that never moves, with scenarios that pass; the control's
    // rules under an id of their own, a win shown by a scenario, hidden scenarios for it.
    let idle = scaffolded(&class, REFERENCE, "idle-maze");
    own_file(
        &idle,
        "idle-maze",
        "(game: \"idle-maze\", scenarios: [\n    (name: \"28 in the stock\", start: Seed(1), \
         steps: [Count(\"stock\", 28), FaceDown(\"stock\", 28)]),\n])\n",
    );
    let real = checkout(&class, REFERENCE, "real-maze");
    own_file(
        &real,
        "real-maze",
        &format!(
            "(game: \"real-maze\", scenarios: [\n{}])\n",
            winning_scenario(REFERENCE, 0)
        ),
    );
    write(
        &hidden.join("real-maze.ron"),
        &honest_scenarios("real-maze"),
    );

    let roster = [
        ("Control", Some(REFERENCE), "control-bristol"),
        ("Honest", Some(REFERENCE), "honest-bristol"),
        ("Quoter", Some(REFERENCE), "quoter-bristol"),
        ("Whisperer", Some(REFERENCE), "whisperer-bristol"),
        ("Idle", None, "idle-maze"),
        ("Real", None, "real-maze"),
    ];
    let rows = run(&class, &roster, &options);
    let by: BTreeMap<&str, &GradebookRow> = rows.iter().map(|r| (r.student.as_str(), r)).collect();
    let total = |s: &str| by[s].total.parse::<f64>().unwrap_or(f64::NAN);
    let reports = tmp.join("reports");
    let explain = |s: &str| format!("{:?}\n{}", by[s], report(&reports, by[s]));

    // The control earns every point, its own scenarios' by the rules their moves reach.
    assert_eq!(total("Control"), 100.0, "{}", explain("Control"));
    assert_eq!(part(by["Control"], "student-scenarios"), 10.0);
    let honest = total("Honest");
    assert!(honest < 100.0, "{}", explain("Honest"));

    // The Quoter's scenario checks nothing: no point for its name.
    assert_eq!(
        part(by["Quoter"], "student-scenarios"),
        0.0,
        "{}",
        explain("Quoter")
    );
    assert!(total("Quoter") <= honest, "{}", explain("Quoter"));

    // A game that never moves earns no properties, its own scenarios no conformance; the
    // control's rules as a variant still score well.
    assert_eq!(by["Idle"].reference, "variant");
    assert_eq!(part(by["Idle"], "properties"), 0.0, "{}", explain("Idle"));
    assert_eq!(part(by["Idle"], "conformance"), 0.0, "{}", explain("Idle"));
    assert!(total("Idle") <= 15.0, "{}", explain("Idle"));
    assert_eq!(part(by["Real"], "properties"), 50.0, "{}", explain("Real"));
    assert_eq!(total("Real"), 100.0, "{}", explain("Real"));

    // The Whisperer's faults in the hidden phase cost it, in the hidden shares only.
    let whisper = results(&reports, by["Whisperer"]);
    assert!(total("Whisperer") < 100.0, "{}", explain("Whisperer"));
    assert!(whisper.get("score").is_none(), "{whisper}");
    let output = whisper["output"].as_str().unwrap_or("");
    assert!(!output.contains(&by["Whisperer"].total), "{output}");
    let hidden_tests: Vec<Value> = tests(&whisper)
        .into_iter()
        .filter(|t| t["visibility"] == "after_published")
        .collect();
    assert_eq!(hidden_tests.len(), 2, "{whisper}");
    let robustness_hidden = hidden_tests[1]["score"].as_f64().unwrap_or(0.0);
    assert!(robustness_hidden < 0.0, "{whisper}");
    for test in visible(&whisper) {
        let text = test.to_string();
        for name in HIDDEN_NAMES {
            assert!(
                !text.contains(name),
                "a visible test names a hidden scenario: {text}"
            );
        }
        for fault in ["panicked", "did not finish"] {
            assert!(
                !text.contains(fault),
                "a visible test shows a fault: {text}"
            );
        }
    }

    // The same student graded without the hidden scenarios: the same visible tests.
    let tmp_b = tmp.join("without-hidden");
    let options_b = class_options(&tmp_b, None);
    let class_b = tmp_b.join("class");
    whisperer(&class_b, "whisperer-bristol");
    let rows_b = run(
        &class_b,
        &[("Whisperer", Some(REFERENCE), "whisperer-bristol")],
        &options_b,
    );
    assert_eq!(
        (
            part(&rows_b[0], "conformance"),
            part(&rows_b[0], "robustness")
        ),
        (35.0, 15.0),
        "{:?}",
        rows_b[0]
    );
    let plain = results(&tmp_b.join("reports"), &rows_b[0]);
    let (seen, plain) = (visible(&whisper), visible(&plain));
    assert_eq!(seen.len(), plain.len(), "{seen:?}\n{plain:?}");
    for (a, b) in seen.iter().zip(&plain) {
        assert_eq!(a["name"], b["name"]);
        if a["name"] == "2. Conformance scenarios" {
            // Its share tells how many hidden scenarios there are: every public one passed.
            assert_eq!(a["score"], a["max_score"], "{a}");
            assert_eq!(b["score"], b["max_score"], "{b}");
            continue;
        }
        assert_eq!(a["score"], b["score"], "{a}\n{b}");
        assert_eq!(a["output"], b["output"], "{a}\n{b}");
    }
    let robustness = seen.iter().find(|t| t["name"] == "4. Robustness");
    assert_eq!(
        robustness.map(|t| t["score"].clone()),
        Some(Value::from(15.0))
    );
}
