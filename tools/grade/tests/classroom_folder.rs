//! A term's submissions as GitHub Classroom leaves them: a folder of repositories named
//! `<assignment>-<username>`, collected at the deadline (`sol course collect`) and graded at it
//! (each repository's commit of its latest collection record at or before the deadline, the
//! course's due date, never its commit dates), with the grades written for Gradescope, Canvas
//! and Moodle, each student known by GitHub Classroom's roster export.

#![cfg(target_os = "linux")]

mod support;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use solitaire_grader::intake::collected;
use solitaire_grader::{ClassOptions, Roster, run_class};
use support::class::{checkout, read, write};

const REFERENCE: &str = "labyrinth";

/// Commit everything in `dir`, dated `date` (committer and author), as a student may.
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

/// Collect the roster's repositories into its log, as `sol course collect` does.
fn collect(roster: &Roster, file: &Path, options: &ClassOptions) -> Vec<collected::Record> {
    let log = file.with_file_name("collected.csv");
    let started = Instant::now();
    let found = solitaire_grader::class::collect::collect(roster, file, &log, options)
        .unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "collected {} repositories in {:.2} s",
        found.records.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(found.failures.is_empty(), "{:?}", found.failures);
    found.records
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
    // A folder of another assignment is not taken.
    std::fs::create_dir_all(folder.join("penguin-carol")).unwrap_or_else(|e| panic!("{e}"));
    // The course's due date, once set, is the deadline of a roster without `before`.
    let course_due = |due: Option<&str>| {
        let due = due.map_or(String::new(), |d| format!(", due: {d:?}"));
        write(
            &class.join("course.ron"),
            &format!("(name: \"Term\", games: {{\"labyrinth\": ()}}, allowed_crates: []{due})\n"),
        );
    };
    course_due(None);
    // GitHub Classroom's roster export: Alice's identifier and name, Bob's identifier.
    write(
        &folder.join("classroom_roster.csv"),
        "\"identifier\",\"github_username\",\"github_id\",\"name\"\n\
         \"S1001\",\"Alice\",\"101\",\"Alice Liddell\"\n\
         \"S1002\",\"bob\",\"102\",\"\"\n\
         \"S1003\",\"\",\"\",\"Not Joined\"\n",
    );
    let roster_file = class.join("roster.ron");
    let roster_at = |deadline: Option<&str>| {
        let before = deadline.map_or(String::new(), |d| format!(", before: {d:?}"));
        let text = format!(
            "(course: \"course.ron\", submissions_from: Classroom(dir: \"classroom\", \
             assignment: \"sixes\", roster: \"classroom/classroom_roster.csv\"), \
             collected: \"collected.csv\"{before})\n"
        );
        write(&roster_file, &text);
        Roster::parse("roster.ron", &text).unwrap_or_else(|e| panic!("{e}"))
    };
    let mut options = support::class::options(tmp, 2, 20);
    if let Err(why) = solitaire_grader::class::run::sandbox_in_force(&options) {
        eprintln!("the strict sandbox is not available here, grading with --sandbox off: {why}");
        options.sandbox = solitaire_grader::sandbox::Mode::Off;
    }

    // The instructor collects at the deadline: the first record's time is the deadline here.
    let first = collect(&roster_at(None), &roster_file, &options);
    assert_eq!(first.len(), 2);
    let deadline = first[0].at.to_string();
    // Bob breaks his game after the deadline, dating the commit long before it; the next
    // collection, a second later, records it.
    let bob = folder.join("sixes-bob");
    write(&bob.join("games/bob-game/src/rules.rs"), "not Rust\n");
    commit(&bob, "late", "2026-01-01T09:00:00Z");
    std::thread::sleep(Duration::from_millis(1100));
    let second = collect(&roster_at(None), &roster_file, &options);
    assert!(second.iter().all(|r| r.at.to_string() > deadline));
    assert_ne!(second[1].commit, first[1].commit);
    let log = collected::read(&class.join("collected.csv")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(log.len(), 4);

    course_due(Some(&deadline));
    let roster = roster_at(None);
    options.gradescope = true;
    options.canvas = Some(tmp.join("canvas.csv"));
    options.moodle = Some(tmp.join("moodle.csv"));
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let rows = run_class(&roster, &roster_file, &catalog, &options, &mut |f| {
        eprintln!("{:?} in {:.2} s", f.row, f.time.as_secs_f64());
    })
    .unwrap_or_else(|e| panic!("{e}"));

    let students: Vec<&str> = rows.iter().map(|r| r.student.as_str()).collect();
    assert_eq!(students, ["alice", "bob"]);
    for (row, record) in rows.iter().zip(&first) {
        assert_eq!(row.total, "100", "{row:?}");
        assert_eq!(row.game, format!("{}-game", row.student));
        assert_eq!(
            row.submission,
            format!(
                "git classroom/sixes-{} HEAD ({}, collected {deadline}, deadline {deadline})",
                row.student, record.commit
            )
        );
    }
    let canvas = read(&tmp.join("canvas.csv"));
    assert!(canvas.contains("\nPoints Possible,,,,,100\n"), "{canvas}");
    assert!(
        canvas.contains("\nAlice Liddell,,S1001,alice,,100\n"),
        "{canvas}"
    );
    let moodle = read(&tmp.join("moodle.csv"));
    assert!(moodle.contains("\nbob,S1002,bob,100\n"), "{moodle}");
    let results = read(&tmp.join("reports/alice--alice-game.results.json"));
    let results: serde_json::Value =
        serde_json::from_str(&results).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(results["score"].as_f64(), Some(100.0));

    // Without a record at or before the deadline a repository is not taken, and its row says
    // what to run; the roster's own deadline comes before the course's.
    let early = roster_at(Some("2020-01-01T00:00:00Z"));
    let options = ClassOptions {
        out: None,
        reports: None,
        gradescope: false,
        canvas: None,
        moodle: None,
        ..options
    };
    let rows = run_class(&early, &roster_file, &catalog, &options, &mut |_| {})
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rows.len(), 2);
    for row in &rows {
        assert!(
            row.error
                .starts_with("not taken: no record of classroom/sixes-")
                && row.error.contains("sol course collect"),
            "{row:?}"
        );
    }
}
