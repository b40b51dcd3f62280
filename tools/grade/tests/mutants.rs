//! Deliberately wrong copies of reference games, each changing one behaviour, must lose
//! points in the part that covers the broken rule and keep the others; every reference game
//! scores 100/100 against itself. A copy with its piles in another order and under another id
//! loses nothing for it, and every command its report prints runs.

mod support;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use solitaire_core::{
    Card, Game, Illegal, Layout, LayoutError, Move, Pile, PileKind, Plugin, Position, Rank,
    Reading, ReadingValues, Rules, Tx, candidate_moves,
};
use solitaire_grader::{Options, Report, grade};

/// The one behaviour a mutant changes.
enum Mutation {
    /// None: the game as it is.
    None,
    /// Bristol: a card may be moved into an emptied fan.
    RefillSpace,
    /// Spider: a King may be packed on a Queen.
    KingOnQueen,
    /// Bristol: the top two stock cards of the deal are swapped.
    StockOrder,
    /// Bristol: the last, short deal panics.
    PanicOnShortDeal,
    /// Bristol: deciding whether the game is won never ends.
    EndlessWin,
    /// Bristol: the rules count the moves applied, and forbid dealing after an odd number.
    HiddenState(AtomicUsize),
}

struct Mutant {
    inner: Box<dyn Rules>,
    mutation: Mutation,
    kinds: Vec<PileKind>,
    readings: &'static [Reading],
}

impl Mutant {
    fn index_of(&self, kind: PileKind) -> Option<usize> {
        self.kinds.iter().position(|&k| k == kind)
    }
}

impl Rules for Mutant {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        if let Move::Transfer { from, to, count } = mv {
            let (from, to, count) = (usize::from(from), usize::from(to), usize::from(count));
            let movable_kind = |k: PileKind| matches!(k, PileKind::Tableau | PileKind::Waste);
            match self.mutation {
                Mutation::RefillSpace
                    if count == 1
                        && self.kinds[to] == PileKind::Tableau
                        && movable_kind(self.kinds[from])
                        && pos.pile(to).is_empty()
                        && !pos.pile(from).is_empty() =>
                {
                    return Ok(());
                }
                Mutation::KingOnQueen
                    if count == 1
                        && self.kinds[from] == PileKind::Tableau
                        && self.kinds[to] == PileKind::Tableau
                        && pos
                            .pile(from)
                            .face_up()
                            .last()
                            .is_some_and(|c| c.rank == Rank::King)
                        && pos
                            .pile(to)
                            .face_up()
                            .last()
                            .is_some_and(|c| c.rank == Rank::Queen) =>
                {
                    return Ok(());
                }
                _ => {}
            }
        }
        if let (Mutation::HiddenState(applied), Move::Deal) = (&self.mutation, mv)
            && applied.load(Ordering::Relaxed) % 2 == 1
        {
            return Err(Illegal::stock("no deal after a move"));
        }
        self.inner.check(pos, mv)
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        match &self.mutation {
            Mutation::PanicOnShortDeal if mv == Move::Deal => {
                let stock = self.index_of(PileKind::Stock).unwrap_or(0);
                if tx.pos().pile(stock).len() < 3 {
                    panic!("index out of bounds: the stock has fewer than three cards");
                }
            }
            Mutation::HiddenState(applied) => {
                applied.fetch_add(1, Ordering::Relaxed);
            }
            _ => {}
        }
        self.inner.apply(tx, mv);
    }

    fn is_won(&self, pos: &Position) -> bool {
        let won = self.inner.is_won(pos);
        if won && matches!(self.mutation, Mutation::EndlessWin) {
            loop {
                std::thread::sleep(Duration::from_secs(1));
            }
        }
        won
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let start = out.len();
        candidate_moves(pos, out);
        let mut keep = start;
        for i in start..out.len() {
            if self.check(pos, out[i]).is_ok() {
                out[keep] = out[i];
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    fn score(&self, pos: &Position) -> i32 {
        self.inner.score(pos)
    }

    fn readings(&self) -> &'static [Reading] {
        self.readings
    }

    fn deal(&self, layout: &Layout, deck: Vec<Card>) -> Result<Position, LayoutError> {
        let pos = self.inner.deal(layout, deck)?;
        let (Mutation::StockOrder, Some(stock)) = (&self.mutation, self.index_of(PileKind::Stock))
        else {
            return Ok(pos);
        };
        let mut piles: Vec<Pile> = pos.piles().to_vec();
        let old = &piles[stock];
        let mut cards = old.cards().to_vec();
        let n = cards.len();
        if n >= 2 {
            cards.swap(n - 1, n - 2);
        }
        piles[stock] = Pile::new(cards, old.face_down());
        Ok(Position::new(piles, pos.vars()))
    }
}

fn catalog() -> solitaire_core::Catalog {
    solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"))
}

fn reference(id: &str) -> Arc<Game> {
    catalog()
        .get(id)
        .unwrap_or_else(|| panic!("{id} is registered"))
}

fn wrap(
    layout: &Layout,
    plugin: &Plugin,
    mutation: Mutation,
) -> Result<Box<dyn Rules>, LayoutError> {
    Ok(Box::new(Mutant {
        inner: (plugin.build)(layout)?,
        mutation,
        kinds: layout.piles.iter().map(|p| p.kind).collect(),
        readings: &[],
    }))
}

macro_rules! mutant_plugin {
    ($name:ident, $plugin:expr, $mutation:expr) => {
        fn $name(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
            wrap(layout, &$plugin, $mutation)
        }
    };
}

mutant_plugin!(bristol_refill, game_bristol::PLUGIN, Mutation::RefillSpace);
mutant_plugin!(
    spider_king_on_queen,
    game_spider::PLUGIN,
    Mutation::KingOnQueen
);
mutant_plugin!(
    bristol_stock_order,
    game_bristol::PLUGIN,
    Mutation::StockOrder
);
mutant_plugin!(
    bristol_panic,
    game_bristol::PLUGIN,
    Mutation::PanicOnShortDeal
);
mutant_plugin!(bristol_endless, game_bristol::PLUGIN, Mutation::EndlessWin);
mutant_plugin!(
    bristol_hidden_state,
    game_bristol::PLUGIN,
    Mutation::HiddenState(AtomicUsize::new(0))
);

fn options() -> Options {
    Options {
        seeds: 4,
        steps: 60,
        time_limit: Duration::from_secs(2),
        ..Options::default()
    }
}

/// Grade a mutant of `id` built by `build`.
fn grade_mutant(id: &str, build: fn(&Layout) -> Result<Box<dyn Rules>, LayoutError>) -> Report {
    let reference = reference(id);
    let plugin = Plugin {
        name: "mutant",
        build,
    };
    let candidate =
        Game::new(reference.layout().clone(), &plugin).unwrap_or_else(|e| panic!("{e}"));
    grade(Arc::new(candidate), reference, &options()).unwrap_or_else(|e| panic!("{e}"))
}

fn points(report: &Report, part: &str) -> f64 {
    report.part(part).map_or(f64::NAN, |p| p.points)
}

fn full(report: &Report, part: &str) -> bool {
    report.part(part).is_some_and(|p| p.points == p.max)
}

fn names_failed_scenario(report: &Report, words: &str) -> bool {
    report
        .part("conformance")
        .is_some_and(|p| p.findings.iter().any(|f| f.title.contains(words)))
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

/// Every reproduce command of every finding runs, with `games` as `sol` would find them.
fn assert_commands_run(report: &Report, games: &[Arc<Game>]) {
    let mut ran = 0;
    for part in &report.parts {
        for finding in &part.findings {
            if let Err(e) = support::run_commands(&finding.reproduce, games) {
                panic!("{}: {e}\n{}", finding.title, report.to_markdown());
            }
            ran += finding.reproduce.len();
        }
    }
    assert!(ran > 0, "{}", report.to_markdown());
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
    // Positions written with the reference's id, as reports used to, do not run.
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
    // Every seed diverges (all or nothing would give 0), yet each agreed for some steps.
    let seeds_diverged: usize = part
        .findings
        .iter()
        .map(|f| f.detail.matches("seed ").count())
        .sum();
    assert_eq!(seeds_diverged, 4, "{}", report.to_markdown());
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
    assert!(!report.to_markdown().contains("Illegal(\"w3>t1\""));
    let missing = Options {
        hidden_dir: Some(dir.join("no-such-dir")),
        ..options()
    };
    assert!(grade(reference("bristol"), reference("bristol"), &missing).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

fn bristol_with_refill_reading(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    let mutation = match layout.reading_value(&support::REFILL)?.value {
        "any-card" => Mutation::RefillSpace,
        _ => Mutation::None,
    };
    Ok(Box::new(Mutant {
        inner: (game_bristol::PLUGIN.build)(layout)?,
        mutation,
        kinds: layout.piles.iter().map(|p| p.kind).collect(),
        readings: &[support::REFILL],
    }))
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
