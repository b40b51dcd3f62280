//! A term's submissions as GitHub Classroom leaves them: a folder of repositories named
//! `<assignment>-<username>`, graded at a deadline (each repository's last commit before it),
//! with the grades written for Gradescope, Canvas and Moodle.

#![cfg(target_os = "linux")]

mod support;

use std::path::Path;
use std::process::Command;

use solitaire_grader::{Roster, run_class};
use support::class::{checkout, read, write};

const REFERENCE: &str = "labyrinth";

/// Commit everything in `dir` as of `date` (committer and author).
fn commit(dir: &Path, message: &str, date: &str) {
    for args in [vec!["add", "-A"], vec!["commit", "-qm", message]] {
        let status = Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(["-c", "user.name=Student", "-c", "user.email=s@example.org"])
            .args(&args)
            .env("GIT_AUTHOR_DATE", date)
            .env("GIT_COMMITTER_DATE", date)
            .status()
            .unwrap_or_else(|e| panic!("git: {e}"));
        assert!(status.success(), "git {args:?}");
    }
}

#[test]
fn a_classroom_folder_is_graded_at_the_deadline_and_exported() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let tmp = tmp.path();
    let class = tmp.join("class");
    let folder = class.join("classroom");
    for user in ["alice", "bob"] {
        let repo = checkout(&folder, REFERENCE, &format!("{user}-game"));
        let named = folder.join(format!("sixes-{user}"));
        std::fs::rename(&repo, &named).unwrap_or_else(|e| panic!("{e}"));
        let init = Command::new("git")
            .args(["init", "-q"])
            .arg(&named)
            .status()
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(init.success());
        commit(&named, "the game", "2026-11-20T12:00:00Z");
    }
    // Bob breaks his game after the deadline: the commit before it is what counts.
    let bob = folder.join("sixes-bob");
    write(&bob.join("games/bob-game/src/rules.rs"), "not Rust\n");
    commit(&bob, "late", "2026-12-03T09:00:00Z");
    // A folder of another assignment is not taken.
    std::fs::create_dir_all(folder.join("penguin-carol")).unwrap_or_else(|e| panic!("{e}"));

    write(
        &class.join("course.ron"),
        "(name: \"Term\", games: {\"labyrinth\": ()}, allowed_crates: [])\n",
    );
    let text = "(course: \"course.ron\", submissions_from: Classroom(dir: \"classroom\", \
                assignment: \"sixes\"), before: \"2026-12-01T23:59:00Z\")\n";
    let roster_file = class.join("roster.ron");
    write(&roster_file, text);
    let roster = Roster::parse("roster.ron", text).unwrap_or_else(|e| panic!("{e}"));
    let mut options = support::class::options(tmp, 2, 20);
    if let Err(why) = solitaire_grader::classroom::sandbox_in_force(&options) {
        eprintln!("the strict sandbox is not available here, grading with --sandbox off: {why}");
        options.sandbox = solitaire_grader::sandbox::Mode::Off;
    }
    options.gradescope = true;
    options.canvas = Some(tmp.join("canvas.csv"));
    options.moodle = Some(tmp.join("moodle.csv"));
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let rows = run_class(&roster, &roster_file, &catalog, &options, &mut |f| {
        eprintln!("{:?}", f.row);
    })
    .unwrap_or_else(|e| panic!("{e}"));

    let students: Vec<&str> = rows.iter().map(|r| r.student.as_str()).collect();
    assert_eq!(students, ["alice", "bob"]);
    for row in &rows {
        assert_eq!(row.total, "100", "{row:?}");
        assert_eq!(row.game, format!("{}-game", row.student));
        assert!(
            row.submission
                .contains(", the last before 2026-12-01T23:59:00Z)"),
            "{row:?}"
        );
    }
    let canvas = read(&tmp.join("canvas.csv"));
    assert!(canvas.contains("\nalice,,,alice,,100\n"), "{canvas}");
    let moodle = read(&tmp.join("moodle.csv"));
    assert!(moodle.contains("\nbob,,bob,100\n"), "{moodle}");
    let results = read(&tmp.join("reports/alice--alice-game.results.json"));
    let results: serde_json::Value =
        serde_json::from_str(&results).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(results["score"].as_f64(), Some(100.0));
}
