//! Deliberately wrong copies of reference games, each changing one behaviour, and what the
//! tests that grade them share.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use solitaire_core::{
    Card, End, Game, Illegal, Layout, LayoutError, Move, Pile, PileKind, Plugin, Position, Rank,
    Reading, Rules, Structure, StructureError, Tx,
};
use solitaire_grader::{Options, Report, grade};

/// The one behaviour a mutant changes.
pub enum Mutation {
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
    /// Bristol: the last of two or more legal moves is accepted but never listed.
    ForgetsAMove,
}

pub struct Mutant {
    pub inner: Box<dyn Rules>,
    pub mutation: Mutation,
    pub kinds: Vec<PileKind>,
    pub readings: &'static [Reading],
}

impl Mutant {
    fn index_of(&self, kind: PileKind) -> Option<usize> {
        self.kinds.iter().position(|&k| k == kind)
    }
}

impl Rules for Mutant {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        if let Move::Transfer {
            end: End::Top,
            from,
            to,
            count,
        } = mv
        {
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

    /// The trait's default (every candidate move this `check` accepts), but for
    /// [`Mutation::ForgetsAMove`].
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let start = out.len();
        solitaire_core::candidate_moves(pos, out);
        if self.takes_from_bottom() {
            solitaire_core::candidate_bottom_moves(pos, out);
        }
        let mut keep = start;
        for i in start..out.len() {
            if self.check(pos, out[i]).is_ok() {
                out[keep] = out[i];
                keep += 1;
            }
        }
        out.truncate(keep);
        if matches!(self.mutation, Mutation::ForgetsAMove) && out.len() >= start + 2 {
            out.pop();
        }
    }

    fn takes_from_bottom(&self) -> bool {
        self.inner.takes_from_bottom()
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

pub fn catalog() -> solitaire_core::Catalog {
    solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"))
}

pub fn reference(id: &str) -> Arc<Game> {
    catalog()
        .get(id)
        .unwrap_or_else(|| panic!("{id} is registered"))
}

pub fn wrap(
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
        pub fn $name(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
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
    bristol_forgets,
    game_bristol::PLUGIN,
    Mutation::ForgetsAMove
);
mutant_plugin!(
    bristol_hidden_state,
    game_bristol::PLUGIN,
    Mutation::HiddenState(AtomicUsize::new(0))
);

pub fn options() -> Options {
    Options {
        seeds: 4,
        steps: 60,
        time_limit: Duration::from_secs(2),
        ..Options::default()
    }
}

/// Grade a mutant of `id` built by `build`.
pub fn grade_mutant(id: &str, build: fn(&Layout) -> Result<Box<dyn Rules>, LayoutError>) -> Report {
    let reference = reference(id);
    let plugin = Plugin {
        name: "mutant",
        build,
    };
    let candidate =
        Game::new(reference.layout().clone(), &plugin).unwrap_or_else(|e| panic!("{e}"));
    grade(Arc::new(candidate), reference, &options()).unwrap_or_else(|e| panic!("{e}"))
}

pub fn points(report: &Report, part: &str) -> f64 {
    report.part(part).map_or(f64::NAN, |p| p.points)
}

pub fn full(report: &Report, part: &str) -> bool {
    report.part(part).is_some_and(|p| p.points == p.max)
}

pub fn names_failed_scenario(report: &Report, words: &str) -> bool {
    report
        .part("conformance")
        .is_some_and(|p| p.findings.iter().any(|f| f.title.contains(words)))
}

/// Every reproduce command of every finding runs, with `games` as `sol` would find them.
pub fn assert_commands_run(report: &Report, games: &[Arc<Game>]) {
    let mut ran = 0;
    for part in &report.parts {
        for finding in &part.findings {
            if let Err(e) = super::run_commands(&finding.reproduce, games) {
                panic!("{}: {e}\n{}", finding.title, report.to_markdown());
            }
            ran += finding.reproduce.len();
        }
    }
    assert!(ran > 0, "{}", report.to_markdown());
}

pub fn bristol_with_refill_reading(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    let mutation = match layout.reading_value(&super::REFILL)?.value {
        "any-card" => Mutation::RefillSpace,
        _ => Mutation::None,
    };
    Ok(Box::new(Mutant {
        inner: (game_bristol::PLUGIN.build)(layout)?,
        mutation,
        kinds: layout.piles.iter().map(|p| p.kind).collect(),
        readings: &[super::REFILL],
    }))
}
