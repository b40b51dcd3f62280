//! A game without a reference is graded on the engine's properties along walks that move and
//! only once it is shown won; its own scenarios alone earn no conformance points, the
//! assignment's public ones (a starter's self-check) do; a broken property costs points.

mod support;

use std::sync::Arc;

use solitaire_conformance::{Scenario, ScenarioFile};
use solitaire_core::{Game, Illegal, Move, Plugin, Position, Rules, Tx};
use solitaire_grader::{Played, PublicScenarios, Report, grade_alone};
use support::mutant::*;

fn public() -> Vec<Scenario> {
    solitaire_conformance::load(&options().conformance_dir, "bristol")
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("no bristol scenarios"))
        .scenarios
}

fn file(game: &Game, scenarios: Vec<Scenario>) -> ScenarioFile {
    ScenarioFile {
        game: game.id().into(),
        scenarios,
    }
}

fn own(game: Arc<Game>, scenarios: Option<Vec<Scenario>>) -> Report {
    let own = scenarios.map(|s| file(&game, s));
    grade_alone(
        game,
        &options(),
        PublicScenarios::Own(own),
        Vec::new(),
        None,
    )
}

fn points(report: &Report, id: &str) -> f64 {
    report.part(id).map_or(f64::NAN, |p| p.points)
}

#[test]
fn a_self_check_earns_the_assignments_scenarios_a_variants_own_alone_earn_nothing() {
    let bristol = reference("bristol");
    let assignment = file(&bristol, public());
    let report = grade_alone(
        bristol.clone(),
        &options(),
        PublicScenarios::Assignment {
            public: assignment,
            own: None,
            played: Played::by(&bristol),
        },
        Vec::new(),
        None,
    );
    assert!(report.reference.is_empty());
    assert!(
        report
            .notes
            .iter()
            .any(|n| n.contains("without a reference"))
    );
    let ids: Vec<&str> = report.parts.iter().map(|p| p.id).collect();
    assert_eq!(ids, ["conformance", "properties", "robustness"]);
    assert_eq!((report.total, report.max), (100.0, 100.0));
    let properties = report
        .part("properties")
        .unwrap_or_else(|| panic!("no part"));
    assert_eq!(
        (properties.points, properties.max),
        (50.0, 50.0),
        "{properties:?}"
    );
    assert!(properties.checks > 100);
    assert_eq!(points(&report, "robustness"), 15.0);

    // The same scenarios as the variant's own: run and reported, worth nothing without the
    // instructor's hidden ones; with them, the two share the part.
    let report = own(bristol.clone(), Some(public()));
    let conformance = report.part("conformance").unwrap_or_else(|| panic!("part"));
    assert_eq!((conformance.points, conformance.passed), (0.0, 21));
    assert!(
        conformance
            .scoring
            .contains("your own scenarios alone earn no points")
    );
    assert_eq!(report.total, 65.0, "{}", report.to_markdown());
    let hidden = public().into_iter().take(2).collect();
    let own_file = PublicScenarios::Own(Some(file(&bristol, public())));
    let report = grade_alone(bristol, &options(), own_file, hidden, None);
    assert_eq!(points(&report, "conformance"), 35.0);
}

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

#[test]
fn a_game_that_never_moves_earns_no_properties() {
    let plugin = Plugin {
        name: "idle",
        build: |_| Ok(Box::new(Idle)),
    };
    let layout = reference("bristol").layout().clone();
    let idle = Arc::new(Game::new(layout, &plugin).unwrap_or_else(|e| panic!("{e}")));
    let count = solitaire_conformance::Step::Count("stock".into(), 28);
    let passing = Scenario {
        name: "'Deal eight fans': 28 in the stock".into(),
        readings: Default::default(),
        start: solitaire_conformance::Start::Seed(1),
        steps: vec![count],
    };
    let report = own(idle, Some(vec![passing]));
    let properties = report.part("properties").unwrap_or_else(|| panic!("part"));
    assert_eq!(properties.points, 0.0, "{}", report.to_markdown());
    assert!(
        properties.findings[0].title.contains("No win was shown"),
        "{:?}",
        properties.findings
    );
    assert_eq!(points(&report, "conformance"), 0.0);
    assert_eq!(report.total, 15.0, "{}", report.to_markdown());
}

#[test]
fn a_game_stuck_early_earns_its_walks_from_fresh_deals_and_a_scenario_can_show_the_win() {
    // Labyrinth's deals end in a few moves, and the first win is on seed 35.
    let labyrinth = reference("labyrinth");
    let report = own(labyrinth.clone(), None);
    let properties = report.part("properties").unwrap_or_else(|| panic!("part"));
    assert_eq!(properties.points, 50.0, "{}", report.to_markdown());
    assert!(
        properties
            .scoring
            .contains("36 deals, 87737 positions, lines found: 1, replayed: 1"),
        "{}",
        properties.scoring
    );

    // Where the solver shows no win (here: it does not search), a scenario that plays a deal
    // to a win stands for one; a scenario that does not pass does not.
    let line = solitaire_solver::solve(
        &labyrinth,
        &labyrinth.deal(35),
        solitaire_solver::Budget::seconds(10.0),
    );
    let solitaire_solver::Outcome::Solved(line) = line.outcome else {
        panic!("no win on seed 35");
    };
    let mut steps: Vec<solitaire_conformance::Step> = line
        .iter()
        .map(|m| solitaire_conformance::Step::Play(labyrinth.move_text(*m).to_string()))
        .collect();
    steps.push(solitaire_conformance::Step::Status(
        solitaire_core::Status::Won,
    ));
    let win = Scenario {
        name: "a whole game".into(),
        readings: Default::default(),
        start: solitaire_conformance::Start::Seed(35),
        steps,
    };
    let mut wrong = win.clone();
    wrong.start = solitaire_conformance::Start::Seed(36);
    let no_search = solitaire_grader::Options {
        win_nodes: 0,
        ..options()
    };
    let grade = |scenarios: Vec<Scenario>| {
        let own = PublicScenarios::Own(Some(file(&labyrinth, scenarios)));
        grade_alone(labyrinth.clone(), &no_search, own, Vec::new(), None)
    };
    let shown = grade(vec![wrong.clone(), win]);
    let properties = shown.part("properties").unwrap_or_else(|| panic!("part"));
    assert!(
        properties
            .scoring
            .contains("The scenario \"a whole game\" plays a deal to a win"),
        "{}",
        shown.to_markdown()
    );
    let not_shown = grade(vec![wrong]);
    assert_eq!(points(&not_shown, "properties"), 0.0);
}

#[test]
fn a_broken_property_costs_points() {
    let bristol = reference("bristol");
    // A variant that accepts a move it never lists.
    let plugin = Plugin {
        name: "mutant",
        build: bristol_forgets,
    };
    let mutant = Game::new(bristol.layout().clone(), &plugin).unwrap_or_else(|e| panic!("{e}"));
    let report = own(Arc::new(mutant), None);
    let properties = report
        .part("properties")
        .unwrap_or_else(|| panic!("no part"));
    assert!(properties.points < 50.0, "{properties:?}");
    let finding = properties
        .findings
        .iter()
        .find(|f| {
            f.title
                .contains("the moves listed are not the moves accepted")
        })
        .unwrap_or_else(|| panic!("{:?}", properties.findings));
    assert!(finding.detail.contains("accepted, not listed"));
    assert!(finding.reproduce[0].starts_with("sol play bristol --seed "));
}
