//! What makes a grade fair: piles matched by id (another order costs nothing), commands that
//! run as printed against the candidate, partial credit per step of differential play,
//! divergences grouped by the rule they touch, hidden scenarios that show only their rule,
//! and a course's readings deciding what the reference plays.

mod support;

use std::sync::Arc;

use solitaire_core::{Game, Layout, LayoutError, Plugin, ReadingValues, Rules};
use solitaire_grader::{Options, grade};
use support::mutant::*;

/// Bristol's layout as a student might write it: the waste piles before the foundations,
/// under the student's own game id.
fn student_layout() -> Layout {
    let source = game_bristol::LAYOUTS[0]
        .source
        .replace("id: \"bristol\"", "id: \"student-bristol\"");
    let lines: Vec<&str> = source.lines().collect();
    let is = |l: &&str, pile: &str| l.trim_start().starts_with(&format!("(id: \"{pile}"));
    let wastes: Vec<&str> = lines.iter().copied().filter(|l| is(l, "w")).collect();
    let mut reordered = Vec::new();
    for line in &lines {
        if is(line, "f1") {
            reordered.extend(wastes.iter().copied());
        }
        if !is(line, "w") {
            reordered.push(*line);
        }
    }
    Layout::parse("student-bristol.ron", &reordered.join("\n")).unwrap_or_else(|e| panic!("{e}"))
}

fn student(build: fn(&Layout) -> Result<Box<dyn Rules>, LayoutError>) -> Arc<Game> {
    let plugin = Plugin {
        name: "student",
        build,
    };
    Arc::new(Game::new(student_layout(), &plugin).unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn piles_in_another_order_cost_nothing_but_a_layout_note() {
    let candidate = student(game_bristol::PLUGIN.build);
    assert_eq!(candidate.layout().pile_ids()[1], "w1");
    let report =
        grade(candidate, reference("bristol"), &options()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.total, 100.0, "{}", report.to_markdown());
    let layout = report
        .part("layout")
        .map(|p| p.findings.clone())
        .unwrap_or_default();
    assert_eq!(layout.len(), 1, "{}", report.to_markdown());
    assert!(
        layout[0].title.contains("another order"),
        "{}",
        layout[0].title
    );
    for part in ["conformance", "differential", "robustness"] {
        let findings = report.part(part).map_or(1, |p| p.findings.len());
        assert_eq!(findings, 0, "{part}\n{}", report.to_markdown());
    }
}

#[test]
fn every_reproduce_command_runs_against_a_candidate_with_its_own_id_and_pile_order() {
    let candidate = student(bristol_refill);
    let games = [candidate.clone(), reference("bristol")];
    let report =
        grade(candidate, reference("bristol"), &options()).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        points(&report, "differential") < 35.0,
        "{}",
        report.to_markdown()
    );
    assert!(names_failed_scenario(&report, "never refilled"));
    assert_commands_run(&report, &games);
    let md = report.to_markdown();
    assert!(md.contains("game: student-bristol\n"), "{md}");
    assert!(
        md.contains("sol moves student-bristol --position position.txt"),
        "{md}"
    );
    assert!(
        md.contains("sol play student-bristol --position start.txt"),
        "{md}"
    );
    // Positions written with the reference's id instead of the student's do not run.
    let old = [
        "cat > start.txt <<'EOF'\ngame: bristol\nt1: AS\nEOF".to_string(),
        "sol moves student-bristol --position start.txt".to_string(),
    ];
    assert!(support::run_commands(&old, &games).is_err());
}

#[test]
fn a_seed_earns_the_steps_it_agrees_before_its_first_divergence() {
    let report = grade_mutant("bristol", bristol_refill);
    let part = report
        .part("differential")
        .cloned()
        .unwrap_or_else(|| panic!("part"));
    // Every walk of every seed diverges (all or nothing would give 0), yet each agreed for
    // some steps: the random walk and the walk toward the foundations of the 4 seeds, and
    // the solver's line of each seed it wins.
    let walks_diverged: usize = part
        .findings
        .iter()
        .map(|f| f.detail.matches("seed ").count())
        .sum();
    assert!(
        (8..=12).contains(&walks_diverged),
        "{walks_diverged}: {}",
        report.to_markdown()
    );
    assert!(part.points > 0.0 && part.points < 35.0, "{}", part.points);
    assert!(
        part.passed > 4 && part.passed < part.checks,
        "{} / {}",
        part.passed,
        part.checks
    );
    // Grouped by the rule touched: the reference's reason for refusing, with the scenario.
    assert_eq!(part.findings.len(), 1, "{}", report.to_markdown());
    let group = &part.findings[0];
    assert!(
        group.title.contains("never refilled") && group.title.contains("4 seeds: 0, 1, 2, 3"),
        "{}",
        group.title
    );
    assert!(
        group
            .detail
            .contains("The scenario on this rule: 'A vacancy"),
        "{}",
        group.detail
    );
    assert!(group.reproduce[0].starts_with("sol play bristol --seed 0 --play"));
}

const HIDDEN: &str = r#"(game: "bristol", scenarios: [
    (
        name: "'A vacancy made by clearing off a fan is never refilled' (from the third waste pile)",
        start: Position(r"
            stock: 4C 5C 6C |
            t1: AS
            t4: JH
            w3: 7D
        "),
        steps: [Play("t1>f1"), Illegal("w3>t1", target)],
    ),
    (
        name: "'found the Aces' (the fourth foundation)",
        start: Position(r"
            stock: 4C |
            t6: AD
        "),
        steps: [Play("t6>f4"), Pile("f4", "AD")],
    ),
])"#;

fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grade-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    dir
}

#[test]
fn hidden_scenarios_count_and_show_only_the_rule_sentence_they_cover() {
    let dir = scratch_dir("hidden");
    std::fs::write(dir.join("bristol.ron"), HIDDEN).unwrap_or_else(|e| panic!("{e}"));
    let public = grade_mutant("bristol", bristol_refill);
    let with_hidden = Options {
        hidden_dir: Some(dir.clone()),
        ..options()
    };
    let candidate = Game::new(
        reference("bristol").layout().clone(),
        &Plugin {
            name: "mutant",
            build: bristol_refill,
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let report = grade(Arc::new(candidate), reference("bristol"), &with_hidden)
        .unwrap_or_else(|e| panic!("{e}"));
    let (before, after) = (
        public.part("conformance").map_or(0, |p| p.checks),
        report.part("conformance").map_or(0, |p| p.checks),
    );
    assert_eq!(after, before + 2);
    let hidden: Vec<_> = report
        .part("conformance")
        .map(|p| p.findings.clone())
        .unwrap_or_default()
        .into_iter()
        .filter(|f| f.title.starts_with("Hidden scenario: "))
        .collect();
    assert_eq!(hidden.len(), 1, "{}", report.to_markdown());
    assert!(hidden[0].title.contains("(from the third waste pile)"));
    assert!(hidden[0].reproduce.is_empty() && !hidden[0].detail.contains("w3"));
    assert!(
        hidden[0].hidden,
        "a hidden scenario's finding is marked hidden"
    );
    assert!(!report.to_markdown().contains("Illegal(\"w3>t1\""));
    let missing = Options {
        hidden_dir: Some(dir.join("no-such-dir")),
        ..options()
    };
    assert!(grade(reference("bristol"), reference("bristol"), &missing).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

const READING_SCENARIOS: &str = r#"(game: "bristol", scenarios: [
    (
        name: "'never refilled', read strictly",
        readings: {"refill": "never"},
        start: Position("stock: 4C 5C 6C |\nt1: AS\nt2: QD"),
        steps: [Play("t1>f1"), Illegal("t2>t1", target)],
    ),
    (
        name: "'never refilled', read as 'any card may fill it'",
        readings: {"refill": "any-card"},
        start: Position("stock: 4C 5C 6C |\nt1: AS\nt2: QD"),
        steps: [Play("t1>f1"), Play("t2>t1"), Pile("t1", "QD")],
    ),
    (
        name: "'found the Aces'",
        start: Position("stock: 4C |\nt6: AD"),
        steps: [Play("t6>f1")],
    ),
])"#;

#[test]
fn a_course_reading_chooses_the_scenarios_and_what_differential_play_expects() {
    let dir = scratch_dir("readings");
    std::fs::write(dir.join("bristol.ron"), READING_SCENARIOS).unwrap_or_else(|e| panic!("{e}"));
    let scenarios = Options {
        conformance_dir: dir.clone(),
        ..options()
    };
    let plugin = Plugin {
        name: "bristol-readings",
        build: bristol_with_refill_reading,
    };
    let default = Arc::new(
        Game::new(reference("bristol").layout().clone(), &plugin).unwrap_or_else(|e| panic!("{e}")),
    );
    let chosen = ReadingValues::from([("refill".to_string(), "any-card".to_string())]);
    let course = Arc::new(
        default
            .with_readings(&chosen)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let candidate = Arc::new(
        Game::new(
            reference("bristol").layout().clone(),
            &Plugin {
                name: "mutant",
                build: bristol_refill,
            },
        )
        .unwrap_or_else(|e| panic!("{e}")),
    );

    let report = grade(candidate.clone(), course, &scenarios).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.total, 100.0, "{}", report.to_markdown());
    assert_eq!(
        report.readings.get("refill").map(String::as_str),
        Some("any-card")
    );
    let conformance = report
        .part("conformance")
        .cloned()
        .unwrap_or_else(|| panic!("part"));
    assert_eq!(conformance.checks, 2);
    assert!(
        conformance
            .scoring
            .contains("1 scenarios written for other readings were not run")
    );

    let report = grade(candidate, default, &scenarios).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        names_failed_scenario(&report, "read strictly"),
        "{}",
        report.to_markdown()
    );
    let differential = report
        .part("differential")
        .cloned()
        .unwrap_or_else(|| panic!("part"));
    assert!(differential.points < 35.0);
    assert!(
        differential.findings[0]
            .title
            .starts_with("Reading `refill`")
            && differential.findings[0].title.contains("as `any-card`"),
        "{}",
        report.to_markdown()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_candidate_that_cannot_read_the_reference_cards_gets_a_note_not_a_failing_command() {
    let source = game_bristol::LAYOUTS[0]
        .source
        .replace("id: \"bristol\"", "id: \"two-suit-bristol\"")
        .replace(
            "suits: [Spades, Hearts, Diamonds, Clubs], copies: 1",
            "suits: [Spades, Hearts], copies: 2",
        );
    let layout = Layout::parse("two-suit-bristol.ron", &source).unwrap_or_else(|e| panic!("{e}"));
    let plugin = Plugin {
        name: "mutant",
        build: bristol_refill,
    };
    let candidate = Arc::new(Game::new(layout, &plugin).unwrap_or_else(|e| panic!("{e}")));
    let games = [candidate.clone(), reference("bristol")];
    let report =
        grade(candidate, reference("bristol"), &options()).unwrap_or_else(|e| panic!("{e}"));
    assert_commands_run(&report, &games);
    let differential = report
        .part("differential")
        .cloned()
        .unwrap_or_else(|| panic!("part"));
    assert!(
        differential.findings.iter().any(|f| f
            .reproduce
            .iter()
            .any(|c| c.starts_with("# the candidate cannot read this position"))),
        "{}",
        report.to_markdown()
    );
}
