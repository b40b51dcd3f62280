//! Every rule graded: in a class against Bristol, a submission whose `is_won` never holds and
//! one that refuses moves to a wrong destination as `source` instead of `target` each lose
//! points in differential play (the solver's winning line reaches the end of the game; moves
//! that differ from a legal one only in where the cards go are refused in the reference's
//! category), while a correct one scores 100.

#![cfg(target_os = "linux")]

mod support;

use support::class::part;

use std::collections::BTreeMap;

use solitaire_grader::{GradebookRow, Roster, run_class};
use support::class::{checkout, edit, read, rules, write};

const REFERENCE: &str = "bristol";

#[test]
fn a_wrong_win_and_a_wrong_refusal_category_lose_points_in_differential_play() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let tmp = tmp.path();
    let class = tmp.join("class");
    let mut options = support::class::options(tmp, 4, 60);
    if let Err(why) = solitaire_grader::class::run::sandbox_in_force(&options) {
        eprintln!("the strict sandbox is not available here, grading with --sandbox off: {why}");
        options.sandbox = solitaire_grader::sandbox::Mode::Off;
    }
    checkout(&class, REFERENCE, "cora-bristol");
    let will = checkout(&class, REFERENCE, "will-bristol");
    edit(
        &will,
        &rules("will-bristol"),
        "fn is_won(&self, pos: &Position) -> bool {",
        "fn is_won(&self, pos: &Position) -> bool {\n        if pos.piles().len() < 100 { return false; }",
    );
    let cat = checkout(&class, REFERENCE, "cat-bristol");
    let path = cat.join(rules("cat-bristol"));
    write(
        &path,
        &read(&path).replace("Illegal::target(", "Illegal::source("),
    );
    let submissions: Vec<(String, String, String, String)> = [
        ("Cora (correct)", "cora-bristol"),
        ("Will (is_won never holds)", "will-bristol"),
        ("Cat (refuses a destination as source)", "cat-bristol"),
    ]
    .iter()
    .map(|(s, g)| {
        (
            s.to_string(),
            REFERENCE.to_string(),
            g.to_string(),
            format!("Dir({g:?})"),
        )
    })
    .collect();
    write(
        &class.join("course.ron"),
        "(name: \"Rules\", games: {\"bristol\": ()}, allowed_crates: [\"serde\"])\n",
    );
    let text = support::class::roster_text(&submissions, Some("course.ron"));
    let roster_file = class.join("roster.ron");
    write(&roster_file, &text);
    let roster = Roster::parse("roster.ron", &text).unwrap_or_else(|e| panic!("{e}"));
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let rows = run_class(&roster, &roster_file, &catalog, &options, &mut |f| {
        eprintln!("{:?} in {:.1} s", f.row, f.time.as_secs_f64());
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let by: BTreeMap<&str, &GradebookRow> = rows.iter().map(|r| (r.game.as_str(), r)).collect();
    let report = |game: &str| {
        read(
            &tmp.join("reports")
                .join(format!("{}.md", by[game].report_name())),
        )
    };
    assert_eq!(
        by["cora-bristol"].total,
        "100",
        "{}",
        report("cora-bristol")
    );

    let will = report("will-bristol");
    assert!(part(by["will-bristol"], "differential") < 35.0, "{will}");
    assert!(
        will.contains("(the reference solver's winning line)") && will.contains("instead of won"),
        "the end of the game is compared:\n{will}"
    );

    let cat = report("cat-bristol");
    assert!(part(by["cat-bristol"], "differential") < 35.0, "{cat}");
    assert!(
        cat.contains("The category of a refusal: the reference refuses as `target`")
            && cat.contains("as `source`"),
        "refusal categories are compared:\n{cat}"
    );
    // The reproduce commands show what was compared, in the student's starter: the refused
    // move is played on the student's game with --json, whose output names its category; the
    // reference's side, absent there, is the finding's text.
    assert!(
        cat.contains(
            "sol play --json cat-bristol --position position.txt --course course.ron --play"
        ) && !cat.contains("sol play --json bristol")
            && cat.contains("the reference's reason: "),
        "{cat}"
    );
}
