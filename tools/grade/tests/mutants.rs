//! Deliberately wrong copies of reference games, each changing one behaviour, must lose
//! points in the part that covers the broken rule and keep the others; every reference game
//! scores 100/100 against itself.

mod support;

use std::sync::Arc;

use solitaire_core::Game;
use solitaire_grader::grade;
use support::mutant::*;

#[test]
fn only_the_scenarios_of_the_readings_graded_are_run() {
    let rosamund = reference("rosamund");
    let file = solitaire_conformance::load(&options().conformance_dir, "rosamund")
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("no rosamund scenarios"));
    let count = |game: &Game| file.scenarios.iter().filter(|s| s.holds_for(game)).count();
    let other = Arc::new(
        rosamund
            .with_readings(&[("discard".to_string(), "unplayable-only".to_string())].into())
            .unwrap_or_else(|e| panic!("{e}")),
    );
    assert_ne!(count(&rosamund), count(&other));
    for game in [rosamund, other] {
        let report =
            grade(game.clone(), game.clone(), &options()).unwrap_or_else(|e| panic!("{e}"));
        let part = report
            .part("conformance")
            .unwrap_or_else(|| panic!("no conformance part"));
        assert_eq!((part.checks, part.passed), (count(&game), count(&game)));
    }
}

#[test]
fn every_reference_game_scores_full_marks_against_itself() {
    for game in catalog().games() {
        let report =
            grade(game.clone(), game.clone(), &options()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            report.total,
            100.0,
            "{}\n{}",
            game.id(),
            report.to_markdown()
        );
    }
}

#[test]
fn bristol_refilling_a_space_loses_the_conformance_scenario_of_that_rule() {
    let report = grade_mutant("bristol", bristol_refill);
    assert!(
        points(&report, "conformance") < 35.0,
        "{}",
        report.to_markdown()
    );
    assert!(
        names_failed_scenario(&report, "never refilled"),
        "{}",
        report.to_markdown()
    );
    assert!(
        full(&report, "layout") && full(&report, "robustness"),
        "{}",
        report.to_markdown()
    );
}

#[test]
fn spider_king_on_queen_loses_the_conformance_scenario_of_that_rule() {
    let report = grade_mutant("spider", spider_king_on_queen);
    assert!(
        names_failed_scenario(&report, "A King may only be moved into a space"),
        "{}",
        report.to_markdown()
    );
    assert_commands_run(&report, &[reference("spider")]);
    assert!(
        full(&report, "layout") && full(&report, "robustness"),
        "{}",
        report.to_markdown()
    );
}

#[test]
fn a_different_deal_loses_only_layout_points() {
    let report = grade_mutant("bristol", bristol_stock_order);
    assert!(points(&report, "layout") <= 5.0, "{}", report.to_markdown());
    for part in ["conformance", "differential", "robustness"] {
        assert!(full(&report, part), "{part}\n{}", report.to_markdown());
    }
    let finding = &report.parts[0].findings[0];
    assert!(finding.detail.contains("pile stock"), "{}", finding.detail);
    assert!(
        finding
            .reproduce
            .iter()
            .any(|c| c.starts_with("sol deal bristol --seed 0"))
    );
}

#[test]
fn a_panic_is_caught_reported_and_costs_robustness_points() {
    let report = grade_mutant("bristol", bristol_panic);
    assert_eq!(
        points(&report, "robustness"),
        10.0,
        "{}",
        report.to_markdown()
    );
    assert!(full(&report, "layout"));
    assert!(
        names_failed_scenario(&report, "the last deal has one card"),
        "{}",
        report.to_markdown()
    );
    let robustness = report
        .part("robustness")
        .map(|p| p.findings.clone())
        .unwrap_or_default();
    assert!(
        robustness
            .iter()
            .any(|f| f.title.contains("panicked: index out of bounds"))
    );
    assert_commands_run(&report, &[reference("bristol")]);
}

#[test]
fn an_endless_loop_is_timed_out_reported_and_costs_robustness_points() {
    let report = grade_mutant("bristol", bristol_endless);
    assert_eq!(
        points(&report, "robustness"),
        10.0,
        "{}",
        report.to_markdown()
    );
    assert!(full(&report, "layout"));
    assert!(
        names_failed_scenario(&report, "won when all 52"),
        "{}",
        report.to_markdown()
    );
}

#[test]
fn hidden_state_shows_as_an_inconsistent_undo() {
    let report = grade_mutant("bristol", bristol_hidden_state);
    assert!(
        points(&report, "robustness") < 15.0,
        "{}",
        report.to_markdown()
    );
    let robustness = report
        .part("robustness")
        .map(|p| p.findings.clone())
        .unwrap_or_default();
    assert!(
        robustness.iter().any(|f| f.title.contains("hidden state")),
        "{}",
        report.to_markdown()
    );
}

#[test]
fn reports_render_as_json_and_markdown() {
    let report = grade_mutant("bristol", bristol_refill);
    let json: serde_json::Value =
        serde_json::from_str(&report.to_json()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(json["max"], 100.0);
    assert_eq!(json["parts"].as_array().map(Vec::len), Some(4));
    let md = report.to_markdown();
    assert!(md.contains("**Total: "), "{md}");
    assert!(
        md.contains("sol play bristol --position start.txt --play"),
        "{md}"
    );
}
