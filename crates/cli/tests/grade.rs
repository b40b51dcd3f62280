//! `sol grade` as an instructor uses it: Markdown and JSON reports, a class roster into a CSV
//! gradebook, and errors for unknown games.

use std::process::{Command, Output};

fn sol(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sol"))
        .args(args)
        .current_dir(std::env::temp_dir())
        .output()
        .expect("sol runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn temp_path(name: &str) -> String {
    std::env::temp_dir()
        .join(format!("sol-grade-test-{}-{name}", std::process::id()))
        .to_string_lossy()
        .into_owned()
}

#[test]
fn a_reference_graded_against_itself_scores_100_in_json() {
    let out = sol(&[
        "grade",
        "bristol",
        "--reference",
        "bristol",
        "--seeds",
        "2",
        "--steps",
        "30",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON report");
    assert_eq!(json["total"], 100.0);
    assert_eq!(json["candidate"], "bristol");
    let parts: Vec<&str> = json["parts"]
        .as_array()
        .expect("parts")
        .iter()
        .filter_map(|p| p["id"].as_str())
        .collect();
    assert_eq!(
        parts,
        ["layout", "conformance", "differential", "robustness"]
    );
}

#[test]
fn markdown_is_the_default_report() {
    let out = sol(&["grade", "strategy", "--seeds", "1", "--steps", "10"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.starts_with("# Grade: `strategy` against `strategy`"),
        "{text}"
    );
    assert!(text.contains("**Total: 100 / 100**"), "{text}");
}

#[test]
fn a_class_roster_gives_a_csv_gradebook() {
    let roster = temp_path("roster.ron");
    let csv = temp_path("gradebook.csv");
    std::fs::write(
        &roster,
        r#"(students: {
            "Ada": {"bristol": "bristol"},
            "Alan, Jr.": {"no-such-game": "bristol"},
        })"#,
    )
    .expect("roster written");
    let out = sol(&[
        "grade", "--class", &roster, "--out", &csv, "--seeds", "1", "--steps", "10",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let book = std::fs::read_to_string(&csv).expect("gradebook written");
    let lines: Vec<&str> = book.lines().collect();
    assert_eq!(
        lines[0],
        "student,game,reference,layout,conformance,differential,robustness,total,error,submission"
    );
    assert_eq!(lines[1], "Ada,bristol,bristol,15,35,35,15,100,,registered");
    assert!(
        lines[2].starts_with("\"Alan, Jr.\",no-such-game,bristol,,,,,0,"),
        "{}",
        lines[2]
    );
}

#[test]
fn resume_keeps_the_rows_it_has_and_grades_the_rest_with_reports() {
    let roster = temp_path("resume-roster.ron");
    let csv = temp_path("resume-gradebook.csv");
    let reports = temp_path("resume-reports");
    let class = |students: &str| {
        std::fs::write(&roster, format!("(students: {{{students}}})")).expect("roster written");
        sol(&[
            "grade",
            "--class",
            &roster,
            "--out",
            &csv,
            "--reports",
            &reports,
            "--resume",
            "--seeds",
            "1",
            "--steps",
            "5",
        ])
    };
    let _ = std::fs::remove_file(&csv);
    let first = class(r#""Ada": {"strategy": "strategy"}"#);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    // An interrupted run's gradebook: Ada's row is kept as it is, not graded again.
    let book = std::fs::read_to_string(&csv).expect("gradebook written");
    std::fs::write(&csv, book.replace(",100,,registered", ",99,,registered")).expect("edited");
    let second = class(r#""Ada": {"strategy": "strategy"}, "Alan": {"aces-up": "aces-up"}"#);
    assert!(
        second.status.success(),
        "{}",
        String::from_utf8_lossy(&second.stderr)
    );
    let book = std::fs::read_to_string(&csv).expect("gradebook written");
    let lines: Vec<&str> = book.lines().collect();
    assert_eq!(lines.len(), 3, "{book}");
    assert_eq!(lines[1], "Ada,strategy,strategy,15,35,35,15,99,,registered");
    assert_eq!(lines[2], "Alan,aces-up,aces-up,15,35,35,15,100,,registered");
    let report = std::fs::read_to_string(format!("{reports}/alan--aces-up.md")).expect("report");
    assert!(
        report.starts_with("# Grade: `aces-up` against `aces-up`"),
        "{report}"
    );
    assert!(std::path::Path::new(&format!("{reports}/alan--aces-up.json")).is_file());
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert!(stderr.contains("graded Alan / aces-up: 100"), "{stderr}");
    assert!(!stderr.contains("graded Ada"), "{stderr}");
}

#[test]
fn unknown_games_and_rosters_fail_with_status_1() {
    let out = sol(&["grade", "nope"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game \"nope\""));
    let out = sol(&["grade", "--class", "/no/such/roster.ron"]);
    assert_eq!(out.status.code(), Some(1));
}
