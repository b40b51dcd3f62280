//! A student's own scenarios earn the course's points where the reference agrees with them
//! and their moves reach the reference's rules (never for their names); a course weighs the
//! parts. A game without a reference: `tests/variant.rs`.

mod support;

use std::collections::BTreeMap;

use solitaire_conformance::ScenarioFile;
use solitaire_grader::judge::own;
use solitaire_grader::{Options, Report, grade_with};
use support::mutant::*;

fn public() -> ScenarioFile {
    solitaire_conformance::load(&options().conformance_dir, "bristol")
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("no bristol scenarios"))
}

fn scenarios(text: &str) -> ScenarioFile {
    ScenarioFile::parse("mine.ron", text).unwrap_or_else(|e| panic!("{e}"))
}

fn graded(own: Option<ScenarioFile>, options: &Options) -> Report {
    let bristol = reference("bristol");
    let own: own::Own = own.map(Ok);
    grade_with(
        bristol.clone(),
        bristol,
        options,
        public(),
        Vec::new(),
        own,
        None,
    )
}

fn with_points(points: u32) -> Options {
    Options {
        student_scenarios: points,
        ..options()
    }
}

/// One scenario the reference agrees with (it quotes the rules text), one it does not, and a
/// public scenario under another name.
const MINE: &str = r#"(game: "ada-bristol", scenarios: [
    (
        name: "'Pack down by one rank regardless of suit': a Nine on a Ten of another suit",
        start: Position(r"
            game: ada-bristol
            stock: 5C |
            t1: TH
            t2: 9S
        "),
        steps: [Play("t2>t1"), Pile("t1", "TH 9S"), Count("t2", 0)],
    ),
    (
        name: "'Pack down by one rank': a Nine on a Jack (wrong: the reference refuses it)",
        start: Position(r"
            stock: 5C |
            t1: JH
            t2: 9S
        "),
        steps: [Play("t2>t1")],
    ),
    (
        name: "my copy",
        start: Seed(31),
        steps: [Pile("t6", "KD KS 6H")],
    ),
])"#;

#[test]
fn the_reference_judges_the_students_scenarios_and_the_course_gives_them_points() {
    let report = graded(Some(scenarios(MINE)), &with_points(10));
    let part = report
        .part(own::ID)
        .unwrap_or_else(|| panic!("no part for the student's scenarios"));
    assert_eq!((part.checks, part.passed, part.max), (3, 2, 10.0));
    assert!(
        part.points > 0.0 && part.points < 10.0 * 2.0 / 3.0,
        "{part:?}"
    );
    let titles: Vec<&str> = part.findings.iter().map(|f| f.title.as_str()).collect();
    assert!(
        titles.iter().any(|t| t.contains("Your scenario 2")),
        "{titles:?}"
    );
    let copy = part
        .findings
        .iter()
        .find(|f| f.title.contains("Your scenario 3"));
    assert!(
        copy.is_some_and(|f| f.detail.contains("public scenario 2")),
        "{copy:?}"
    );
    assert!(
        part.scoring.contains("agrees with: 1, 3"),
        "{}",
        part.scoring
    );
    assert!(
        part.scoring
            .contains("- a card moved from a tableau pile to another tableau pile"),
        "{}",
        part.scoring
    );
    let missed = part
        .findings
        .iter()
        .find(|f| {
            f.title
                .contains("rules the public scenarios reach, your scenarios do not")
        })
        .unwrap_or_else(|| panic!("no list of rules missed: {:?}", part.findings));
    assert!(
        missed
            .detail
            .contains("- a move refused (target): \"an emptied fan is never refilled\""),
        "{}",
        missed.detail
    );
    assert_eq!((report.total, report.max), (100.0 + part.points, 110.0));

    // Only the wrong scenario: nothing earned. Only copies of public ones: nothing covered.
    let wrong = MINE.replace(
        "name: \"'Pack down by one rank regardless",
        "readings: {\"x\": \"y\"}, name: \"'x",
    );
    let report = graded(Some(scenarios(&wrong)), &with_points(10));
    let part = report.part(own::ID).unwrap_or_else(|| panic!("no part"));
    assert_eq!((part.checks, part.passed), (2, 1));
    assert_eq!(part.points, 0.0);
    let mut copies = public();
    copies
        .scenarios
        .iter_mut()
        .for_each(|s| s.name = "renamed".into());
    let report = graded(Some(copies), &with_points(10));
    let part = report.part(own::ID).unwrap_or_else(|| panic!("no part"));
    assert_eq!(part.passed, part.checks);
    assert_eq!(part.points, 0.0);
}

/// Bristol's rules text, every sentence quoted in one scenario name.
fn quoting_every_sentence() -> String {
    let rules = reference("bristol").layout().rules_text.clone();
    rules
        .split(['.', '\n'])
        .map(str::trim)
        .filter(|s| s.len() > 8)
        .map(|s| format!("'{}'", s.replace(['\'', '"', '\\'], " ")))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_scenario_earns_coverage_for_the_rules_its_moves_reach_not_for_its_name() {
    // The quoter: one scenario without a move, whose name quotes every rule sentence.
    let quoter = format!(
        r#"(game: "ada-bristol", scenarios: [
            (name: "{}", start: Seed(1), steps: [Count("stock", 28)]),
        ])"#,
        quoting_every_sentence()
    );
    let report = graded(Some(scenarios(&quoter)), &with_points(10));
    let part = report.part(own::ID).unwrap_or_else(|| panic!("no part"));
    assert_eq!(
        (part.checks, part.passed, part.points),
        (1, 1, 0.0),
        "{part:?}"
    );

    // One long scenario: a whole game from a deal, its moves reaching many rules, covers three.
    let line = solitaire_solver::solve(
        &reference("bristol"),
        &reference("bristol").deal(1),
        solitaire_solver::Budget::seconds(10.0),
    );
    let solitaire_solver::Outcome::Solved(line) = line.outcome else {
        panic!("no win on seed 1");
    };
    let game = reference("bristol");
    let plays: Vec<String> = line
        .iter()
        .map(|m| format!("Play({:?})", game.move_text(*m).to_string()))
        .collect();
    let long = format!(
        r#"(game: "ada-bristol", scenarios: [
            (name: "a whole game", start: Seed(1), steps: [{}, Status(won)]),
        ])"#,
        plays.join(", ")
    );
    let report = graded(Some(scenarios(&long)), &with_points(10));
    let part = report.part(own::ID).unwrap_or_else(|| panic!("no part"));
    assert_eq!(part.passed, 1, "{part:?}");
    assert!(
        part.scoring.contains("Your scenarios reach 3 rules"),
        "{}",
        part.scoring
    );
    assert!(part.points > 0.0 && part.points < 10.0, "{part:?}");

    // The public scenarios twice, with a step more and two more (so no copy), the second
    // covering what the first could not: they reach the whole bar.
    let mut mine = public();
    let holds = solitaire_conformance::Step::Phase(solitaire_core::Phase::Play);
    mine.scenarios = mine
        .scenarios
        .iter()
        .flat_map(|s| {
            [1, 2].map(|n| {
                let mut s = s.clone();
                s.name = format!("mine {n}");
                s.steps.extend(std::iter::repeat_n(holds.clone(), n));
                s
            })
        })
        .filter(|s| solitaire_conformance::run_scenario(&reference("bristol"), s).is_ok())
        .collect();
    let report = graded(Some(mine), &with_points(10));
    let part = report.part(own::ID).unwrap_or_else(|| panic!("no part"));
    assert_eq!(part.points, 10.0, "{}", report.to_markdown());
}

#[test]
fn without_points_or_a_file_the_part_is_absent_and_a_bad_file_is_a_finding() {
    let report = graded(None, &options());
    assert!(report.part(own::ID).is_none());
    assert_eq!(report.max, 100.0);
    let bristol = reference("bristol");
    let bad: own::Own = Some(Err("mine.ron: 1:1: Expected opening `(`".into()));
    let report = grade_with(
        bristol.clone(),
        bristol,
        &with_points(5),
        public(),
        Vec::new(),
        bad,
        None,
    );
    let part = report.part(own::ID).unwrap_or_else(|| panic!("no part"));
    assert_eq!(part.points, 0.0);
    assert!(part.findings[0].detail.contains("Expected opening"));
}

#[test]
fn a_course_weighs_the_parts() {
    let weights = BTreeMap::from([("differential".to_string(), 30), ("layout".to_string(), 20)]);
    let options = Options {
        weights,
        ..options()
    };
    let report = graded(None, &options);
    let max = |id: &str| report.part(id).map(|p| (p.points, p.max));
    assert_eq!(max("differential"), Some((30.0, 30.0)));
    assert_eq!(max("layout"), Some((20.0, 20.0)));
    assert_eq!(max("conformance"), Some((35.0, 35.0)));
    assert_eq!((report.total, report.max), (100.0, 100.0));
}
