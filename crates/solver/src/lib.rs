//! The solver's front end for every registered game, through the engine's `Rules` trait; the
//! searches themselves are the toolkit's (`solitaire_search`) and the games' own.
//!
//! - [`solve`]: full knowledge (the solver sees face-down cards and the stock). A game that
//!   brings a search of its own (a [`SearchPlugin`] in the registry's `searches`, found by the
//!   layout's `rules`; its code lives in `games/<id>/src/search`) answers first for the
//!   positions, readings and methods it serves, and its guide steers every other search.
//!   Otherwise a narrow beam ([`beam`]) tries first, then a depth-first search with a
//!   transposition table ([`dfs`]) within a fifth of the budget (it can prove a deal
//!   unsolvable), then beam searches of growing width, guided by the game's [`Heuristic`]
//!   ([`Generic`] when the game brings none).
//! - [`fair::hint`]: the app's hint, from what a player sees only.
//! - [`obvious`]: the front ends' quick ranking of legal moves: the obvious move for a
//!   clicked card, the foundation move for a double click, a hint without a search.
//! - [`Stop`]: cancel a search from another thread ([`solve_until`], [`hint_until`]).
//! - [`winnable`]: whether the solver wins a deal, and the tables of winnable deals.
//!
//! Every answer is one of three: `solved` (with the moves), `unsolvable` (only after an
//! exhaustive, unpruned search) or `unknown` (a budget ran out). [`verify`] replays a move list
//! through the engine.
//!
//! # Examples
//! ```
//! use solitaire_solver::{Budget, Outcome, solve, verify};
//! let catalog = solitaire_games::catalog().unwrap();
//! // Spider with one suit, where it is registered (a course's starter may leave it out).
//! if let Some(game) = catalog.get("spider-1suit") {
//!     let start = game.deal(1);
//!     let report = solve(&game, &start, Budget::seconds(20.0));
//!     if let Outcome::Solved(moves) = &report.outcome {
//!         assert!(verify(&game, &start, moves).unwrap());
//!     }
//! }
//! ```

pub mod fair;
pub mod obvious;
pub mod shorten;
mod until;
pub mod winnable;

use std::time::Duration;

use solitaire_core::{Game, Position};

pub use fair::{FairReport, fair_solve, hint};
pub use solitaire_search::{
    Budget, Declared, Generic, Heuristic, Knowledge, Method, Outcome, Report, SearchPlugin, Stop,
    Unpruned, beam, dfs, heuristic, key, outcome, stats, tuning, verify, with_stop,
};
pub use until::{hint_until, solve_until};
pub use winnable::{Win, winnable_deal};

use outcome::Meter;

/// The guide for `game`: the one its game's [`SearchPlugin`] offers, the generic one
/// otherwise, with what its layout declares to the searches added ([`Declared`]).
pub fn guide(game: &Game) -> Box<dyn Heuristic> {
    let own = search_plugin(game)
        .and_then(|s| (s.guide)(game))
        .unwrap_or_else(|| Box::new(Generic::new(game)));
    Declared::wrap(game, own)
}

/// The search registered for `game`'s rules (a layout's `rules:`), if its game brings one.
pub fn search_plugin(game: &Game) -> Option<SearchPlugin> {
    let rules = &game.layout().rules;
    solitaire_games::searches()
        .into_iter()
        .find(|s| s.name == rules)
}

/// Whether `game`'s own search answers for it: the game has none, it serves `game`'s
/// readings, or it does not (and the generic search answers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OwnSearch {
    /// The game brings no search of its own.
    None,
    /// Its search serves every reading `game` plays.
    Serves,
    /// Its search does not serve this reading (`name: value`).
    Unserved(String),
}

impl OwnSearch {
    /// What `sol solve --json` says (`own_search`): `none`, `serves`, or `unserved: R: V`.
    pub fn describe(&self) -> String {
        match self {
            OwnSearch::None => "none".into(),
            OwnSearch::Serves => "serves".into(),
            OwnSearch::Unserved(reading) => format!("unserved: {reading}"),
        }
    }
}

/// Whether `game`'s own search answers for it ([`OwnSearch`]).
pub fn own_search(game: &Game) -> OwnSearch {
    match search_plugin(game) {
        None => OwnSearch::None,
        Some(s) => s
            .unserved(game)
            .map_or(OwnSearch::Serves, OwnSearch::Unserved),
    }
}

/// Solve `start` with full knowledge within `budget` ([`Method::Auto`]).
pub fn solve(game: &Game, start: &Position, budget: Budget) -> Report {
    solve_with(game, start, budget, Method::Auto)
}

/// Solve `start` with full knowledge within `budget` by `method`. A win is reported
/// shortened ([`shorten::shorten`]: its loops and detours gone).
pub fn solve_with(game: &Game, start: &Position, budget: Budget, method: Method) -> Report {
    let mut report = search_with(game, start, budget, method);
    if let Outcome::Solved(moves) = &report.outcome {
        report.outcome = Outcome::Solved(shorten::shorten(game, start, moves));
    }
    report
}

/// The search of [`solve_with`], its win as found.
fn search_with(game: &Game, start: &Position, budget: Budget, method: Method) -> Report {
    let guide = guide(game);
    let rules = game.rules();
    match method {
        Method::Dfs => dfs::dfs(rules, &Unpruned(guide.as_ref()), start, budget),
        Method::Bfs => {
            let mut meter = Meter::new(budget);
            let out = beam::beam(
                rules,
                &Unpruned(guide.as_ref()),
                start,
                usize::MAX,
                &mut meter,
                &mut false,
            );
            meter.report(out, "bfs")
        }
        _ if let Some(report) = search_plugin(game)
            .filter(|s| s.unserved(game).is_none())
            .and_then(|s| (s.solve)(game, start, budget, method)) =>
        {
            report
        }
        Method::Beam | Method::Auto => {
            let mut meter = Meter::new(budget);
            let mut width = 256usize;
            let mut cut = false;
            if method == Method::Auto {
                // A first narrow beam wins most won deals in milliseconds, before the
                // exhaustive phase (which proves losses) takes its share.
                let out = beam::beam(rules, guide.as_ref(), start, width, &mut meter, &mut cut);
                if out != Outcome::Unknown {
                    return meter.report(out, "beam");
                }
                width = width.saturating_mul(4);
            }
            // A first beam that never cut found all its guide lets it find (below).
            let narrow_done = width > 256 && !cut;
            if method == Method::Auto {
                let first = Budget {
                    nodes: budget.nodes / 5,
                    time: budget.time / 5,
                    ..budget
                };
                let r = dfs::dfs(rules, &Unpruned(guide.as_ref()), start, first);
                meter.nodes += r.nodes;
                if r.outcome != Outcome::Unknown {
                    return meter.report(r.outcome, "dfs");
                }
            }
            if narrow_done {
                return meter.report(Outcome::Unknown, "beam");
            }
            loop {
                let out = beam::beam(rules, guide.as_ref(), start, width, &mut meter, &mut cut);
                // A beam that never cut nor pruned was exhaustive; one that never cut found
                // all its guide lets it find: a wider one would search the same positions.
                if out != Outcome::Unknown || meter.out_of_time() || !cut {
                    return meter.report(out, "beam");
                }
                width = width.saturating_mul(4);
            }
        }
    }
}

/// The default time limit of one solve in the command line (seconds).
pub const DEFAULT_SECONDS: f64 = 30.0;

/// A [`Duration`] in seconds with three decimals, for reports.
pub fn seconds(d: Duration) -> f64 {
    (d.as_secs_f64() * 1000.0).round() / 1000.0
}
