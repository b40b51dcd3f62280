//! The instructor's half of a term, after a student wrote a game in a starter: the student
//! breaks a reading the course chose (hard-wires the game's default and declares none), runs
//! the self-check with the starter's own `sol`, and the instructor grades the class (the
//! starter handed in as a directory) with the three exports. The self-check and the class
//! grade agree on the public scenarios, the exports carry the course's maximum, and every
//! command the report prints runs as printed in the starter.

use std::path::Path;

use serde_json::Value;
use solitaire_files::Course;
use solitaire_grader::{Roster, run_class};

use super::starter::Written;

/// The student's id in the starter, as `sol new-game "My Game"` gives it.
const STUDENT: &str = "my-game";

/// Hard-wire the game's default readings into the student's `my-game`: its rules declare no
/// reading and its layout chooses none. `false` where the game's sources are not shaped so.
fn break_the_reading(dir: &Path) -> bool {
    let game = dir.join("games").join(STUDENT);
    let rules = game.join("src/rules.rs");
    let layout = game.join(format!("layouts/{STUDENT}.ron"));
    let (Ok(rules_text), Ok(layout_text)) = (
        std::fs::read_to_string(&rules),
        std::fs::read_to_string(&layout),
    ) else {
        return false;
    };
    if !rules_text.contains("        READINGS\n") {
        return false;
    }
    let kept: Vec<&str> = layout_text
        .lines()
        .filter(|l| !l.trim_start().starts_with("readings: {"))
        .collect();
    let write = |path: &Path, text: String| {
        std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    };
    write(
        &rules,
        rules_text.replacen("        READINGS\n", "        &[]\n", 1),
    );
    write(&layout, kept.join("\n") + "\n");
    true
}

/// The points and maximum of the part `id` of a JSON report.
fn part(report: &Value, id: &str) -> (f64, f64) {
    let part = report["parts"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["id"] == id)
        .unwrap_or_else(|| panic!("no part {id} in {report}"));
    (
        part["points"].as_f64().unwrap_or(f64::NAN),
        part["max"].as_f64().unwrap_or(f64::NAN),
    )
}

/// The term's end for the assignment `id` of the starter `w` (whose `my-game` plays the
/// reference's rules); `shell` runs a command in the starter as the student would.
pub fn grade_the_term(w: &Written, id: &str, shell: &dyn Fn(&str) -> (i32, String)) {
    let dir = &w.out;
    if !break_the_reading(dir) {
        eprintln!("the term's grade skipped: {id}'s sources declare their readings otherwise");
        return;
    }

    // The student's self-check, with the starter's `sol`.
    let (code, out) = shell(&format!(
        "sol grade {STUDENT} --course course.ron --json --out self-check.json"
    ));
    assert_eq!(code, 0, "the self-check:\n{out}");
    let self_check: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("self-check.json")).unwrap_or_default(),
    )
    .unwrap_or_else(|e| panic!("self-check.json: {e}"));
    let (mine, of) = part(&self_check, "conformance");
    assert!(
        mine < of,
        "the self-check passes a wrong reading: {self_check}"
    );

    // The instructor's class grade, with the exports.
    let instructor = w.tmp.path().join("instructor");
    let course_file = w.tmp.path().join("course.ron");
    let roster_text = format!(
        "(course: {:?}, submissions: [(student: \"student\", reference: {id:?}, game: \
         {STUDENT:?}, source: Dir({:?}))])\n",
        course_file.display().to_string(),
        dir.display().to_string()
    );
    let roster_file = instructor.join("roster.ron");
    super::class::write(&roster_file, &roster_text);
    let roster = Roster::parse("roster.ron", &roster_text).unwrap_or_else(|e| panic!("{e}"));
    let mut options = super::class::options(&instructor, 2, 30);
    options.gradescope = true;
    options.canvas = Some(instructor.join("canvas.csv"));
    options.moodle = Some(instructor.join("moodle.csv"));
    if let Err(why) = solitaire_grader::class::run::sandbox_in_force(&options) {
        eprintln!("the strict sandbox is not available here, grading with --sandbox off: {why}");
        options.sandbox = solitaire_grader::sandbox::Mode::Off;
    }
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let rows = run_class(&roster, &roster_file, &catalog, &options, &mut |_| {})
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(rows[0].error.is_empty(), "{:?}", rows[0]);
    let name = rows[0].report_name();
    let read = |rel: &str| super::class::read(&instructor.join(rel));
    let report: Value = serde_json::from_str(&read(&format!("reports/{name}.json")))
        .unwrap_or_else(|e| panic!("{e}"));

    // No surprise: the public scenarios fail alike (no hidden ones here).
    let (theirs, max) = part(&report, "conformance");
    assert!(
        (mine / of - theirs / max).abs() < 1e-9,
        "the self-check's conformance {mine}/{of}, the class grade's {theirs}/{max}"
    );

    // The exports carry the course's maximum and the student's total.
    let course = Course::read_file(&course_file).unwrap_or_else(|e| panic!("{e}"));
    let possible: u32 = ["layout", "conformance", "differential", "robustness"]
        .iter()
        .map(|p| course.points(p))
        .sum::<u32>()
        + course.student_scenarios;
    assert_eq!(report["max"].as_f64(), Some(f64::from(possible)));
    let canvas = read("canvas.csv");
    let points_possible = canvas.lines().nth(1).unwrap_or("");
    assert!(
        points_possible.starts_with("Points Possible,")
            && points_possible.ends_with(&format!(",{possible}")),
        "{canvas}"
    );
    let total = &rows[0].total;
    assert!(
        canvas
            .lines()
            .nth(2)
            .is_some_and(|l| l.ends_with(&format!(",{total}")))
    );
    assert!(read("moodle.csv").contains(&format!(",{total}")));
    let results: Value = serde_json::from_str(&read(&format!("reports/{name}.results.json")))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        results["tests"].as_array().is_some_and(|t| !t.is_empty()),
        "{results}"
    );

    // Every command the report prints runs as printed in the starter.
    let mut ran = 0;
    for part in report["parts"].as_array().into_iter().flatten() {
        for finding in part["findings"].as_array().into_iter().flatten() {
            for command in finding["reproduce"].as_array().into_iter().flatten() {
                let text = command.as_str().unwrap_or("");
                if text.starts_with("# ") {
                    continue;
                }
                let (code, out) = shell(text);
                let refused_play = text.starts_with(&format!("sol play {STUDENT} ")) && code == 2;
                assert!(code == 0 || refused_play, "`{text}` exits {code}:\n{out}");
                ran += 1;
            }
        }
    }
    assert!(ran > 2, "the report printed {ran} commands");
    eprintln!("the term: self-check {mine}/{of}, class grade {total}, {ran} report commands ran");
}
