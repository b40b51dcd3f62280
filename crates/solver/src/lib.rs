//! Solvers for every registered game, through the engine's `Rules` trait.
//!
//! - [`solve`]: full knowledge (the solver sees face-down cards and the stock). A depth-first
//!   search with a transposition table ([`dfs`]) tries first within part of the budget: it can
//!   prove a deal unsolvable. Then beam searches of growing width ([`beam`]) guided by the
//!   game's [`Heuristic`] ([`SpiderGuide`] for Spider and Weisser's family, [`Generic`]
//!   otherwise). Spider deals of more than 52 cards skip the exhaustive phase and go to the
//!   fast Spider search instead (a compact state of its own, a portfolio of beam and stage
//!   searches: module `fast`), whose wins are replayed through the engine like any other.
//! - [`fair::hint`]: the app's hint, from what a player sees only.
//! - [`family::Family`]: Weisser's G(r, s, m, c, d) as layout text.
//! - [`stop::Stop`]: cancel a search from another thread ([`solve_until`], [`hint_until`]).
//! - [`winnable`]: whether the solver wins a deal, and the tables of winnable deals.
//!
//! A game that brings a search of its own (a [`SearchPlugin`] in the registry's `searches`,
//! found by the layout's `rules`; its code lives in `games/<id>/src/search`) answers first for
//! the positions, readings and methods it serves; its guide steers the generic searches.
//!
//! Every answer is one of three: `solved` (with the moves), `unsolvable` (only after an
//! exhaustive, unpruned search) or `unknown` (a budget ran out). [`verify`] replays a move list
//! through the engine.
//!
//! # Examples
//! ```
//! use solitaire_solver::{Budget, Outcome, solve, verify};
//! let catalog = solitaire_games::catalog().unwrap();
//! let game = catalog.get("spider-1suit").unwrap();
//! let start = game.deal(1);
//! let report = solve(&game, &start, Budget::seconds(20.0));
//! if let Outcome::Solved(moves) = &report.outcome {
//!     assert!(verify(&game, &start, moves).unwrap());
//! }
//! ```

pub mod fair;
pub mod family;
mod fast;
pub mod spider;
mod until;
pub mod winnable;

use std::time::Duration;

use solitaire_core::{Game, Position};

pub use fair::{FairReport, fair_solve, hint};
pub use family::Family;
pub use solitaire_search::{
    Budget, Generic, Heuristic, Knowledge, Method, Outcome, Report, SearchPlugin, Stop, Unpruned,
    beam, dfs, heuristic, key, outcome, stats, verify, with_stop,
};
pub use spider::SpiderGuide;
pub use until::{hint_until, solve_until};
pub use winnable::{Win, winnable_deal};

use outcome::Meter;

/// The guide for `game`: the one its game's [`SearchPlugin`] offers, Spider's for the
/// `spider` plugin, the generic one otherwise.
pub fn guide(game: &Game) -> Box<dyn Heuristic> {
    if let Some(g) = search_plugin(game).and_then(|s| (s.guide)(game)) {
        return g;
    }
    match SpiderGuide::new(game) {
        Some(g) => Box::new(g),
        None => Box::new(Generic::new(game)),
    }
}

/// The search registered for `game`'s rules (a layout's `rules:`), if its game brings one.
pub fn search_plugin(game: &Game) -> Option<SearchPlugin> {
    let rules = &game.layout().rules;
    solitaire_games::searches()
        .into_iter()
        .find(|s| s.name == rules)
}

/// Solve `start` with full knowledge within `budget` ([`Method::Auto`]).
pub fn solve(game: &Game, start: &Position, budget: Budget) -> Report {
    solve_with(game, start, budget, Method::Auto)
}

/// Solve `start` with full knowledge within `budget` by `method`.
pub fn solve_with(game: &Game, start: &Position, budget: Budget, method: Method) -> Report {
    let guide = guide(game);
    let rules = game.rules();
    let spider = SpiderGuide::new(game).is_some();
    let report = |outcome, meter: &Meter, method: &str| Report {
        outcome,
        nodes: meter.nodes,
        elapsed: meter.start.elapsed(),
        method: method.to_string(),
        knowledge: Knowledge::Full,
    };
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
            report(out, &meter, "bfs")
        }
        _ if let Some(report) =
            search_plugin(game).and_then(|s| (s.solve)(game, start, budget, method)) =>
        {
            report
        }
        Method::Beam | Method::Auto => {
            let mut meter = Meter::new(budget);
            let mut used = "beam";
            let fast = fast::Fast::new(game, start);
            // Spider's exhaustive phase settles the small family members; a full-size deal
            // goes straight to the fast search's portfolio.
            let small = start.cards().count() <= SMALL_SPIDER;
            let mut width = 256usize;
            let mut cut = false;
            if method == Method::Auto && fast.is_none() && !spider {
                // A first narrow beam wins most won deals of the other games in milliseconds,
                // before the exhaustive phase (which proves losses) takes its share.
                let out = beam::beam(rules, guide.as_ref(), start, width, &mut meter, &mut cut);
                if out != Outcome::Unknown {
                    return report(out, &meter, used);
                }
                width = width.saturating_mul(4);
            }
            // A first beam that never cut found all its guide lets it find (below).
            let narrow_done = width > 256 && !cut;
            if method == Method::Auto && (fast.is_none() || small) {
                // Spider's exhaustive phase is short: it settles the small family members;
                // other games get a fifth of the budget.
                let first = if spider {
                    Budget {
                        nodes: budget.nodes.min(200_000),
                        time: budget.time / 5,
                        ..budget
                    }
                } else {
                    Budget {
                        nodes: budget.nodes / 5,
                        time: budget.time / 5,
                        ..budget
                    }
                };
                let r = dfs::dfs(rules, &Unpruned(guide.as_ref()), start, first);
                meter.nodes += r.nodes;
                if r.outcome != Outcome::Unknown {
                    return report(r.outcome, &meter, "dfs");
                }
            }
            if narrow_done {
                return report(Outcome::Unknown, &meter, used);
            }
            if let Some(fast) = fast {
                let (out, used) = fast.solve(game, start, &mut meter);
                return report(out, &meter, &used);
            }
            loop {
                let out = beam::beam(rules, guide.as_ref(), start, width, &mut meter, &mut cut);
                if !matches!(out, Outcome::Unknown) {
                    if spider {
                        used = "spider-beam";
                    }
                    // A beam that never cut nor pruned was exhaustive.
                    return report(out, &meter, used);
                }
                // A beam that never cut found all its guide lets it find: a wider one would
                // search the same positions again.
                if meter.out_of_time() || !cut {
                    return report(Outcome::Unknown, &meter, used);
                }
                width = width.saturating_mul(4);
            }
        }
    }
}

/// Spider deals of at most this many cards get the exhaustive phase first.
const SMALL_SPIDER: usize = 52;

/// The default time limit of one solve in the command line (seconds).
pub const DEFAULT_SECONDS: f64 = 30.0;

/// A [`Duration`] in seconds with three decimals, for reports.
pub fn seconds(d: Duration) -> f64 {
    (d.as_secs_f64() * 1000.0).round() / 1000.0
}
