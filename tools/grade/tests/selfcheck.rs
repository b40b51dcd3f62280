//! A student's self-check in a starter repository, as issue 38 tried it: a course assigning
//! Rosamund with readings other than the defaults, weights 10/30/40/10 and 10 points for the
//! student's own scenarios, no allowed crate. A game that implements the course's readings
//! (declaring none) runs every public scenario that holds under them; one that got a reading
//! wrong fails those of that reading; a game the class grade would refuse is refused here
//! first, in the class grade's words; the own scenarios' part is shown; every command the
//! report prints runs in the starter, on the student's game alone.

mod support;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use solitaire_core::{Game, Layout, LayoutError, Rules};
use solitaire_files::Course;
use solitaire_grader::Report;
use solitaire_grader::build::trusted::built_from;
use solitaire_grader::selfcheck::{SelfCheck, self_check};
use support::class::{edit, read, scaffolded, write};
use support::student::{game, plain};

const ID: &str = "ada-rosamund";

const COURSE: &str = r#"(
    name: "Issue 38",
    games: {"rosamund": (readings: {"discard": "unplayable-only", "guards": "obligatory"})},
    allowed_crates: [],
    student_scenarios: 10,
    weights: {"layout": 10, "conformance": 30, "differential": 40, "robustness": 10},
)"#;

fn course() -> Course {
    Course::parse("course.ron", COURSE).unwrap_or_else(|e| panic!("{e}"))
}

/// A student's Rosamund, under the course's readings (`right`) or the defaults, declaring no
/// reading, under the student's id.
fn student(right: bool) -> Arc<Game> {
    fn course_readings(_: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
        plain(
            "rosamund",
            &[("discard", "unplayable-only"), ("guards", "obligatory")],
        )
    }
    fn defaults(_: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
        plain("rosamund", &[])
    }
    game(
        "rosamund",
        ID,
        if right { course_readings } else { defaults },
    )
}

/// A starter-shaped checkout: the workspace's manifests, the course, the assignment's public
/// scenarios (`public`: the text of `tests/public/rosamund.ron`) and the student's
/// scaffolded game.
fn starter(tmp: &Path, public: &str) -> PathBuf {
    let dir = scaffolded(tmp, "rosamund", ID);
    for rel in ["crates/core/Cargo.toml", "tools/grade/Cargo.toml"] {
        write(&dir.join(rel), &read(&built_from().join(rel)));
    }
    write(&dir.join("course.ron"), COURSE);
    write(&dir.join("tests/public/rosamund.ron"), public);
    dir
}

/// The reference's conformance file, as the collection has it (with `readings:` fields).
fn conformance_file() -> String {
    read(&built_from().join("games/rosamund/conformance/rosamund.ron"))
}

fn check(checkout: &Path, game: Arc<Game>) -> Report {
    let check = SelfCheck {
        checkout: checkout.to_path_buf(),
        course: course(),
        course_file: "course.ron".into(),
        assignment: "rosamund".into(),
    };
    let options = solitaire_grader::Options {
        seeds: 2,
        steps: 20,
        time_limit: std::time::Duration::from_secs(2),
        win_nodes: 0,
        ..solitaire_grader::Options::default()
    };
    self_check(game, &check, &options).unwrap_or_else(|e| panic!("{e}"))
}

/// How many public scenarios hold for the reference as the course configures it.
fn held() -> usize {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let rosamund = catalog
        .get("rosamund")
        .unwrap_or_else(|| panic!("rosamund"));
    let chosen = &course().games["rosamund"].readings;
    let configured = rosamund
        .with_readings(chosen)
        .unwrap_or_else(|e| panic!("{e}"));
    let file = solitaire_conformance::ScenarioFile::parse("rosamund.ron", &conformance_file())
        .unwrap_or_else(|e| panic!("{e}"));
    file.scenarios
        .iter()
        .filter(|s| s.holds_for(&configured))
        .count()
}

#[test]
fn the_courses_readings_run_and_a_wrong_reading_fails_them() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let checkout = starter(tmp.path(), &conformance_file());
    let right = student(true);
    assert!(right.readings().is_empty());
    let report = check(&checkout, right.clone());
    let conformance = report.part("conformance").unwrap_or_else(|| panic!("part"));
    assert_eq!(conformance.checks, held(), "{}", report.to_markdown());
    assert_eq!(conformance.passed, held(), "{}", report.to_markdown());
    assert_eq!((conformance.points, conformance.max), (30.0, 30.0));
    assert!(conformance.scoring.contains("tests/public/rosamund.ron"));
    assert!(
        conformance
            .scoring
            .contains("scenarios written for other readings were not run"),
        "{}",
        conformance.scoring
    );
    let ids: Vec<&str> = report.parts.iter().map(|p| p.id).collect();
    assert_eq!(
        ids,
        [
            "conformance",
            "properties",
            "robustness",
            "student-scenarios"
        ]
    );
    let own = report
        .part("student-scenarios")
        .unwrap_or_else(|| panic!("part"));
    assert_eq!((own.points, own.max), (0.0, 10.0));
    assert!(
        own.findings
            .iter()
            .any(|f| f.title == "Your scenario file has no scenarios"),
        "{own:?}"
    );
    let note = report.notes.join("\n");
    for part in [
        "1. Layout and deal (10)",
        "2. Conformance scenarios (30)",
        "3. Differential play (40)",
        "4. Robustness (10)",
        "5. Your own scenarios (10)",
        "out of 100 in all",
    ] {
        assert!(note.contains(part), "{part}: {note}");
    }

    // The defaults: every scenario of the course's readings fails.
    let wrong = student(false);
    let report = check(&checkout, wrong.clone());
    let conformance = report.part("conformance").unwrap_or_else(|| panic!("part"));
    assert_eq!(conformance.checks, held());
    assert!(conformance.passed < held(), "{}", report.to_markdown());
    assert!(conformance.points < 30.0);

    // Every command the reports print runs in the starter, on the student's game alone,
    // with the course file the student has.
    let mut ran = 0;
    for report in [check(&checkout, right.clone()), report] {
        for part in &report.parts {
            for finding in &part.findings {
                ran += finding.reproduce.len();
                for command in finding.reproduce.iter().filter(|c| c.starts_with("sol ")) {
                    assert!(command.contains("--course course.ron"), "{command}");
                }
                support::run_commands(&finding.reproduce, std::slice::from_ref(&wrong))
                    .unwrap_or_else(|e| panic!("{}: {e}", finding.title));
            }
        }
    }
    assert!(ran > 0);
    if std::env::var_os("SHOW_REPORT").is_some() {
        eprintln!("{}", check(&checkout, wrong).to_markdown());
    }
}

#[test]
fn a_scenario_naming_a_reading_no_one_chose_is_left_out_by_name() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let file = conformance_file().replacen(
        "readings: {\"guards\": \"optional\"}",
        "readings: {\"redeals\": \"four\"}",
        1,
    );
    let checkout = starter(tmp.path(), &file);
    let report = check(&checkout, student(true));
    let conformance = report.part("conformance").unwrap_or_else(|| panic!("part"));
    assert!(
        conformance
            .scoring
            .contains("the course does not choose and the game does not declare")
            && conformance.scoring.contains("(reading \"redeals\")"),
        "{}",
        conformance.scoring
    );
}

#[test]
fn what_the_class_grade_refuses_the_self_check_refuses_first() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let checkout = starter(tmp.path(), &conformance_file());
    let game = student(true);
    let manifest = format!("games/{ID}/Cargo.toml");
    let refused = |report: &Report, words: &str| {
        assert_eq!(report.total, 0.0, "{}", report.to_markdown());
        // Not "-0": the sum of no parts is -0.0.
        assert!(report.to_markdown().contains("**Total: 0 / 100**"));
        assert_eq!(report.max, 100.0);
        assert!(report.parts.is_empty());
        let note = report.notes.join("\n");
        assert!(
            note.contains("The instructor's grade would give this game 0") && note.contains(words),
            "{words}: {note}"
        );
    };

    // An example's crate, which the course does not allow.
    edit(
        &checkout,
        &manifest,
        "solitaire-core.workspace = true",
        "solitaire-core.workspace = true\nstrum.workspace = true",
    );
    refused(
        &check(&checkout, game.clone()),
        "refused: it depends on strum",
    );
    edit(&checkout, &manifest, "\nstrum.workspace = true", "");

    // rustc's guard, named.
    let lib = checkout.join(format!("games/{ID}/src/notes.txt"));
    write(&lib, "#![allow(long_running_const_eval)]\n");
    refused(
        &check(&checkout, game.clone()),
        "refused: games/ada-rosamund/src/notes.txt names",
    );
    std::fs::remove_file(&lib).unwrap_or_else(|e| panic!("{e}"));

    // A symbolic link: not taken.
    let link = checkout.join(format!("games/{ID}/src/answers.ron"));
    std::os::unix::fs::symlink("/etc/hostname", &link).unwrap_or_else(|e| panic!("{e}"));
    refused(
        &check(&checkout, game.clone()),
        "not taken: games/ada-rosamund/src/answers.ron is a symbolic link",
    );
    std::fs::remove_file(&link).unwrap_or_else(|e| panic!("{e}"));

    // Mended, it is checked.
    assert!(check(&checkout, game).total > 0.0);
}
