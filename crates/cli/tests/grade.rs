//! `sol grade` as an instructor uses it: Markdown and JSON reports, a class roster into a CSV
//! gradebook, and errors for unknown games; and `sol handout`, what students get to know.

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

/// `sol grade CANDIDATE --reference REFERENCE --seeds 2 --steps STEPS --json`, which must
/// succeed, as JSON.
fn grade_json(candidate: &str, reference: &str, steps: &str) -> serde_json::Value {
    let out = sol(&[
        "grade",
        candidate,
        "--reference",
        reference,
        "--seeds",
        "2",
        "--steps",
        steps,
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&stdout(&out)).expect("JSON report")
}

#[test]
fn a_reference_graded_against_itself_scores_100_in_json() {
    let json = grade_json("bristol", "bristol", "30");
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
        "student,game,reference,layout,conformance,differential,robustness,total,error,submission,student-scenarios,properties,similarity"
    );
    assert_eq!(
        lines[1],
        "Ada,bristol,bristol,15,35,35,15,100,,registered,,,"
    );
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
    assert_eq!(
        lines[1],
        "Ada,strategy,strategy,15,35,35,15,99,,registered,,,"
    );
    assert_eq!(
        lines[2],
        "Alan,aces-up,aces-up,15,35,35,15,100,,registered,,,"
    );
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
fn a_sandbox_mode_is_strict_or_off() {
    let out = sol(&["grade", "--class", "roster.ron", "--sandbox", "loose"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("strict or off"), "{err}");
}

#[test]
fn unknown_games_and_rosters_fail_with_status_1() {
    let out = sol(&["grade", "nope"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game \"nope\""));
    let out = sol(&["grade", "--class", "/no/such/roster.ron"]);
    assert_eq!(out.status.code(), Some(1));
    // A reference that is not registered, here where no starter's public scenarios stand in
    // for it: never a self-check in its place.
    let out = sol(&["grade", "bristol", "--reference", "nope"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game \"nope\""));
}

#[test]
fn a_self_check_is_only_for_an_assignment_absent_from_the_checkout() {
    let course = temp_path("assignment-course.ron");
    std::fs::write(&course, r#"(games: {"bristol": ()})"#).expect("course written");
    let out = sol(&[
        "grade",
        "aces-up",
        "--course",
        &course,
        "--assignment",
        "bristol",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("--assignment bristol: the reference is in this checkout; grade against it with --reference bristol"),
        "{said}"
    );
    let out = sol(&[
        "grade",
        "aces-up",
        "--course",
        &course,
        "--assignment",
        "spider",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the course does not assign it"));
    let _ = std::fs::remove_file(&course);
}

/// Run one finding's commands in order in `dir` with `sh`, the `sol` under test first on the
/// path; each exits 0, or 2 for a `sol play` that ends on the refused move it shows.
fn run_in_shell(dir: &std::path::Path, commands: &[serde_json::Value]) {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_sol"))
        .parent()
        .expect("bin dir")
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for command in commands.iter().filter_map(|c| c.as_str()) {
        let out = Command::new("sh")
            .arg("-c")
            .arg(command)
            .current_dir(dir)
            .env("PATH", &path)
            .output()
            .expect("sh runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let refused_last = out.status.code() == Some(2) && command.starts_with("sol play");
        assert!(
            out.status.success() || refused_last,
            "`{command}` exited {:?}: {stderr}",
            out.status.code()
        );
    }
}

#[test]
fn every_printed_command_runs_against_a_candidate_with_other_piles() {
    // Labyrinth has Bristol's deck but not its waste piles: every part finds something.
    let json = grade_json("labyrinth", "bristol", "20");
    let layout = &json["parts"][0]["findings"][0];
    assert!(
        layout["detail"]
            .as_str()
            .is_some_and(|d| d.contains("missing: w1 (waste)")),
        "{layout}"
    );
    let dir = std::path::PathBuf::from(temp_path("replay"));
    std::fs::create_dir_all(&dir).expect("dir");
    let mut ran = 0;
    for part in json["parts"].as_array().expect("parts") {
        for finding in part["findings"].as_array().expect("findings") {
            let commands = finding["reproduce"].as_array().expect("reproduce");
            run_in_shell(&dir, commands);
            ran += commands.len();
        }
    }
    assert!(ran > 5, "{json}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn out_writes_the_report_to_a_file() {
    let md = temp_path("report.md");
    let json = temp_path("report.json");
    for file in [&md, &json] {
        let out = sol(&[
            "grade", "strategy", "--seeds", "1", "--steps", "10", "--out", file,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(stdout(&out).is_empty());
    }
    let text = std::fs::read_to_string(&md).expect("Markdown written");
    assert!(
        text.starts_with("# Grade: `strategy` against `strategy`"),
        "{text}"
    );
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("JSON written")).expect("JSON");
    assert_eq!(value["total"], 100.0);
    let _ = std::fs::remove_file(md);
    let _ = std::fs::remove_file(json);
}

#[test]
fn hidden_scenarios_show_only_their_rule_and_a_course_chooses_the_reference() {
    let dir = std::path::PathBuf::from(temp_path("hidden"));
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(
        dir.join("bristol.ron"),
        r#"(game: "bristol", scenarios: [(
            name: "'Deal eight fans of three cards each' (a secret count)",
            start: Seed(5),
            steps: [Count("t7", 4)],
        )])"#,
    )
    .expect("hidden file");
    let course = temp_path("course.ron");
    std::fs::write(&course, r#"(name: "Term", games: {"bristol": ()})"#).expect("course");
    let hidden = dir.to_string_lossy().into_owned();
    let args = [
        "--seeds",
        "1",
        "--steps",
        "10",
        "--scenarios",
        &hidden,
        "--course",
        &course,
    ];
    // The reference itself fails it: no one is graded against it, and the instructor learns
    // where.
    let out = sol(&[&["grade", "bristol"], &args[..]].concat());
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("fails on the reference bristol: step 1: expected Count(\"t7\", 4), found: t7 holds 3 cards"),
        "{said}"
    );
    assert!(stdout(&out).is_empty());
    // Mended, it holds for the reference and fails for another game.
    std::fs::write(
        dir.join("bristol.ron"),
        r#"(game: "bristol", scenarios: [(
            name: "'Deal eight fans of three cards each' (a secret count)",
            start: Seed(5),
            steps: [Count("t7", 3)],
        )])"#,
    )
    .expect("hidden file");
    let out = sol(&[&["grade", "spider", "--reference", "bristol"], &args[..]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert!(
        text.contains(
            "#### Hidden scenario: 'Deal eight fans of three cards each' (a secret count)"
        ),
        "{text}"
    );
    assert!(
        !text.contains("Count(\"t7\", 3)") && !text.contains("Seed(5)"),
        "{text}"
    );
    let other = sol(&[&["grade", "strategy"], &args[..]].concat());
    assert_eq!(other.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&other.stderr).contains("the course does not assign \"strategy\""),
        "{}",
        String::from_utf8_lossy(&other.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(course);
}

#[test]
fn a_handout_goes_to_standard_output_or_a_file_for_a_course() {
    let out = sol(&["handout", "aces-up"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("# Aces Up (`aces-up`)"), "{text}");
    assert!(text.contains("| `discard` | foundation |"), "{text}");

    let course = temp_path("course.ron");
    let file = temp_path("handout.md");
    std::fs::write(&course, r#"(name: "Spring term", games: {"aces-up": ()})"#).expect("course");
    let out = sol(&["handout", "aces-up", "--course", &course, "--out", &file]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    let text = std::fs::read_to_string(&file).expect("handout written");
    assert!(text.contains("Course: Spring term."), "{text}");
    assert!(
        text.contains(&format!("sol grade YOUR-GAME --course {course}\n")),
        "{text}"
    );
    assert!(!text.contains("--reference"), "{text}");

    let out = sol(&["handout", "nope"]);
    assert_eq!(out.status.code(), Some(1));
    std::fs::write(&course, "(games: {\"nope\": ()})").expect("course");
    let out = sol(&["handout", "aces-up", "--course", &course]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a registered game"));
    let _ = std::fs::remove_file(course);
    let _ = std::fs::remove_file(file);
}
