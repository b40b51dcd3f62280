//! Deliberately wrong copies of reference games, each changing one behaviour, must lose
//! points in the part that covers the broken rule and keep the others; every reference game
//! scores 100/100 against itself.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use solitaire_core::{
    Card, Game, Illegal, Layout, LayoutError, Move, Pile, PileKind, Plugin, Position, Rank, Rules,
    Structure, StructureError, Tx, candidate_moves,
};
use solitaire_grader::{Options, Report, grade};

/// The one behaviour a mutant changes.
enum Mutation {
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

    fn structure(&self, layout: &Layout) -> Structure {
        self.inner.structure(layout)
    }

    fn check_structure(&self, pos: &Position) -> Result<(), StructureError> {
        self.inner.check_structure(pos)
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
