//! A class run read as a student reads it, in the starter repository where the reference is
//! absent: the issue 38 course (Rosamund under readings other than the defaults, weights
//! 10/30/40/10 and 10 points for the student's own scenarios, no allowed crate) and a student
//! who hard-wired the default reading of `discard`. Before anyone is graded, a hidden scenario
//! that fails on the reference stops the class with its step, expected and found. Then every
//! command the student's report prints runs in the starter, on the student's game alone, with
//! the course file the starter has; the public scenarios are cited as `tests/public/rosamund.ron`
//! and numbered as that file holds them.

#![cfg(target_os = "linux")]

mod support;

use std::path::Path;

use solitaire_core::{Layout, LayoutError, Rules};
use solitaire_grader::{Roster, run_class};
use support::class::{edit, read, rules, write};

const ID: &str = "ada-rosamund";

const COURSE: &str = r#"(
    name: "Issue 38",
    games: {"rosamund": (readings: {"discard": "unplayable-only", "guards": "obligatory"})},
    allowed_crates: [],
    student_scenarios: 10,
    weights: {"layout": 10, "conformance": 30, "differential": 40, "robustness": 10},
)"#;

/// Ada's game, as Ada wrote it: Rosamund with the default reading of `discard` hard-wired,
/// declaring no reading.
fn ada(class: &Path) {
    let dir = support::class::checkout(class, "rosamund", ID);
    let lib = format!("games/{ID}/src/lib.rs");
    edit(
        &dir,
        &lib,
        "discard: layout.reading_of(&DISCARD, &[Discard::AnyCard, Discard::UnplayableOnly])?,",
        "discard: Discard::AnyCard,",
    );
    edit(
        &dir,
        &lib,
        "guard_duty: layout.reading_of(&GUARDS, &[Guards::Obligatory, Guards::Optional])?,",
        "guard_duty: Guards::Obligatory,",
    );
    edit(&dir, &rules(ID), "        READINGS\n", "        &[]\n");
}

/// The same game in the judge's own process.
fn ada_here() -> std::sync::Arc<solitaire_core::Game> {
    fn defaults(_: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
        support::student::plain("rosamund", &[])
    }
    support::student::game("rosamund", ID, defaults)
}

/// A hidden scenario file for Rosamund: the deal of seed 0 has `stock` cards in its stock.
fn hidden(stock: usize) -> String {
    format!(
        "(game: \"rosamund\", scenarios: [\n    (name: \"'deal a packet of cards' the stock\", \
         start: Seed(0), steps: [Count(\"stock\", {stock})]),\n])\n"
    )
}

#[test]
fn a_students_report_runs_in_the_starter() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let class = tmp.path().join("class");
    ada(&class);
    write(&class.join("course.ron"), COURSE);
    let roster_text = format!(
        "(course: \"course.ron\", submissions: [(student: \"Ada\", reference: \"rosamund\", \
         game: \"{ID}\", source: Dir(\"{ID}\"))])\n"
    );
    let roster_file = class.join("roster.ron");
    write(&roster_file, &roster_text);
    let roster = Roster::parse("roster.ron", &roster_text).unwrap_or_else(|e| panic!("{e}"));
    let mut options = support::class::options(tmp.path(), 2, 30);
    if let Err(why) = solitaire_grader::class::run::sandbox_in_force(&options) {
        eprintln!("the strict sandbox is not available here, grading with --sandbox off: {why}");
        options.sandbox = solitaire_grader::sandbox::Mode::Off;
    }
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));

    // A hidden scenario the reference itself fails: no one is graded.
    let hidden_dir = tmp.path().join("hidden");
    write(&hidden_dir.join("rosamund.ron"), &hidden(3));
    options.grade.hidden_dir = Some(hidden_dir.clone());
    let refused = run_class(&roster, &roster_file, &catalog, &options, &mut |f| {
        panic!("{} was graded", f.row.student)
    });
    let error = refused.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        error.contains("scenario 1 \"'deal a packet of cards' the stock\" fails on the reference rosamund: step 1: expected Count(\"stock\", 3), found: "),
        "{error}"
    );

    // Mended, the class is graded.
    let rosamund = support::mutant::reference("rosamund");
    let at = rosamund
        .layout()
        .pile_index("stock")
        .unwrap_or_else(|| panic!("a stock"));
    let stock = rosamund.deal(0).piles()[at].len();
    write(&hidden_dir.join("rosamund.ron"), &hidden(stock));
    let rows = run_class(&roster, &roster_file, &catalog, &options, &mut |f| {
        eprintln!("{:?} in {:.2} s", f.row, f.time.as_secs_f64());
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rows.len(), 1);
    assert!(rows[0].error.is_empty(), "{:?}", rows[0]);
    let markdown = read(&tmp.path().join(format!("reports/ada--{ID}.md")));
    let json = read(&tmp.path().join(format!("reports/ada--{ID}.json")));
    let report: serde_json::Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));

    // The wrong reading fails the course's scenarios, cited as the starter has them.
    let parts = report["parts"].as_array().cloned().unwrap_or_default();
    let part = |id: &str| {
        parts
            .iter()
            .find(|p| p["id"] == id)
            .cloned()
            .unwrap_or_else(|| panic!("no part {id}"))
    };
    let conformance = part("conformance");
    assert!(conformance["points"].as_f64() < Some(30.0), "{markdown}");
    assert_eq!(part("student-scenarios")["max"].as_f64(), Some(10.0));
    assert_eq!(report["max"].as_f64(), Some(100.0));
    assert!(
        markdown.contains("(tests/public/rosamund.ron)"),
        "{markdown}"
    );
    assert!(
        !markdown.contains("games/rosamund/conformance"),
        "{markdown}"
    );
    let held = conformance["checks"].as_u64().unwrap_or(0) as usize - 1;
    for finding in conformance["findings"].as_array().into_iter().flatten() {
        let title = finding["title"].as_str().unwrap_or("");
        if let Some(n) = title.strip_prefix("Scenario ") {
            let n: usize = n
                .split(':')
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            assert!(
                (1..=held).contains(&n),
                "{title}: {held} public scenarios hold"
            );
        }
    }

    // Every command runs in the starter: the student's game, the starter's course file.
    let game = ada_here();
    let mut commands = 0;
    for part in &parts {
        for finding in part["findings"].as_array().into_iter().flatten() {
            let reproduce: Vec<String> = finding["reproduce"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|c| c.as_str().map(str::to_string))
                .collect();
            for command in reproduce.iter().filter(|c| c.starts_with("sol ")) {
                assert!(command.contains("--course course.ron"), "{command}");
                commands += 1;
            }
            support::run_commands(&reproduce, std::slice::from_ref(&game))
                .unwrap_or_else(|e| panic!("{}: {e}\n{markdown}", finding["title"]));
        }
    }
    assert!(commands > 2, "{markdown}");
    if std::env::var_os("SHOW_REPORT").is_some() {
        eprintln!("{markdown}");
    }
    assert!(
        markdown.contains("the reference's legal moves here: ["),
        "{markdown}"
    );
}
