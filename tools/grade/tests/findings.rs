//! No finding leaves a report without its count, its kind and its title: a candidate that
//! fails more public and hidden scenarios than a report lists in full has the rest named in
//! one finding per kind, hidden ones apart; and every Gradescope test's text agrees with its
//! score (a test that lost points never says "Nothing failed.").

mod support;

use std::sync::Arc;

use solitaire_core::{Game, Illegal, Move, Plugin, Position, Rules, Tx};
use solitaire_grader::class::export::gradescope;
use solitaire_grader::{Options, Report, grade};
use support::mutant::{options, reference};

/// Rules that list no move and accept none.
struct Idle;

impl Rules for Idle {
    fn check(&self, _pos: &Position, _mv: Move) -> Result<(), Illegal> {
        Err(Illegal::unsupported("nothing moves"))
    }
    fn apply(&self, _tx: &mut Tx<'_>, _mv: Move) {}
    fn is_won(&self, _pos: &Position) -> bool {
        false
    }
    fn legal_moves(&self, _pos: &Position, _out: &mut Vec<Move>) {}
}

/// Bristol's piles and deal with rules under which nothing moves, graded against Bristol with
/// Bristol's public scenarios as hidden ones too.
fn idle_report() -> (Report, usize) {
    let bristol = reference("bristol");
    let mut layout = bristol.layout().clone();
    layout.id = "idle-bristol".into();
    let plugin = Plugin {
        name: "idle",
        build: |_| Ok(Box::new(Idle)),
    };
    let idle = Arc::new(Game::new(layout, &plugin).unwrap_or_else(|e| panic!("{e}")));
    let hidden = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let public = solitaire_conformance::scenario_path(&options().conformance_dir, "bristol");
    std::fs::copy(&public, hidden.path().join("bristol.ron")).unwrap_or_else(|e| panic!("{e}"));
    let options = Options {
        seeds: 2,
        steps: 10,
        hidden_dir: Some(hidden.path().to_path_buf()),
        ..options()
    };
    let report = grade(idle, bristol, &options).unwrap_or_else(|e| panic!("{e}"));
    let conformance = report.part("conformance").unwrap_or_else(|| panic!("part"));
    let failed = conformance.checks - conformance.passed;
    (report, failed)
}

#[test]
fn every_failed_scenario_is_listed_or_counted_with_its_kind_and_title() {
    let (report, failed) = idle_report();
    let conformance = report.part("conformance").unwrap_or_else(|| panic!("part"));
    let (public, hidden): (Vec<_>, Vec<_>) = conformance.findings.iter().partition(|f| !f.hidden);
    assert!(
        failed > 22,
        "{failed}: more than ten public and ten hidden fail"
    );
    for (findings, kind) in [
        (&public, "more scenarios that failed"),
        (&hidden, "more hidden scenarios that failed"),
    ] {
        let more = findings
            .iter()
            .find(|f| f.title.contains(kind))
            .unwrap_or_else(|| panic!("no {kind:?} in {findings:?}"));
        let count: usize = more
            .title
            .trim_start_matches("... and ")
            .split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert_eq!(count, more.detail.lines().count(), "{more:?}");
        assert_eq!(findings.len() - 1 + count, failed / 2, "{findings:?}");
    }
    // Every failed scenario's title is in the Markdown report.
    let md = report.to_markdown();
    let titles = md.matches("Scenario ").count() + md.matches("Hidden scenario: ").count();
    assert!(titles >= failed, "{titles} of {failed}:\n{md}");
}

#[test]
fn a_test_that_lost_points_never_says_nothing_failed() {
    let (report, _) = idle_report();
    let results = gradescope(&report);
    let tests = results["tests"].as_array().cloned().unwrap_or_default();
    assert!(tests.len() > 4);
    for test in &tests {
        let (score, max) = (test["score"].as_f64(), test["max_score"].as_f64());
        let output = test["output"].as_str().unwrap_or("");
        if score < max {
            assert!(!output.contains("Nothing failed."), "{test}");
        }
    }
    let md = report.to_markdown();
    for part in &report.parts {
        let (points, max) = part.public_points();
        let section = md
            .split(&format!("## {} (", part.title))
            .nth(1)
            .and_then(|s| s.split("\n## ").next())
            .unwrap_or_else(|| panic!("no section {}", part.title));
        if points < max {
            assert!(!section.contains("Nothing failed."), "{section}");
        }
    }
}
