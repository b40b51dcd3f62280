//! Spider's own search, for the three shipped layouts and Weisser's family G(r, s, m, c, d):
//! the guide of every search ([`guide`]), and the fast search ([`fast`]: the same guide on a
//! compact state of its own, a portfolio of beam and stage searches). Small deals (at most 52
//! cards) first get a depth-first search through the engine, which can prove them lost;
//! deals the compact state cannot hold get the engine's beams under the guide. Spider has no
//! readings: the search serves every game of these rules.

pub(crate) mod fast;
pub mod guide;
pub mod small;

use solitaire_core::{Game, Position};
use solitaire_search::beam::beam;
use solitaire_search::dfs::dfs;
use solitaire_search::{
    Budget, Heuristic, Knob, Meter, Method, Outcome, Report, SearchPlugin, Unpruned,
};

use fast::Fast;
use guide::SpiderGuide;

/// Spider's search for the solver: for [`Method::Auto`] and [`Method::Beam`]; its guide for
/// every search.
pub const SEARCH: SearchPlugin = SearchPlugin {
    name: "spider",
    guide: |game| SpiderGuide::new(game).map(|g| Box::new(g) as Box<dyn Heuristic>),
    solve,
    serves: &[],
    knobs: &[
        Knob {
            name: "spider-portfolio",
            meaning: "the fast search's attempts, cheapest first, comma-separated \
                      (`b256s4,g1000x1s4,...`: a beam of width 256 or a stage search of 1000 \
                      nodes and 1 branch, each with weights s4 or s1)",
        },
        Knob {
            name: "spider-weights",
            meaning: "the guide's weights h,j,s,hb,e,b,st,c: hidden cards, joins, soft and \
                      hard breaks, empty columns, blocks, stock, cover",
        },
    ],
    small: small::family,
};

/// Deals of at most this many cards get the depth-first search first.
const SMALL: usize = 52;

/// The width of the first beam through the engine.
const FIRST_WIDTH: usize = 256;

/// Spider's search of `start` within `budget`: for [`Method::Auto`], a depth-first search
/// through the engine for a small deal (or one the fast search cannot hold), within 200,000
/// nodes and a fifth of the time (`dfs` when it decides); then the fast search (named by the
/// attempt that won, or `spider-fast`), or beams of growing width through the engine
/// (`spider-beam` when they win, `beam` otherwise). [`Method::Beam`] skips the depth-first
/// search. `None` for another method.
pub fn solve(game: &Game, start: &Position, budget: Budget, method: Method) -> Option<Report> {
    if !matches!(method, Method::Auto | Method::Beam) {
        return None;
    }
    let guide = SpiderGuide::new(game)?;
    let rules = game.rules();
    let fast = Fast::new(game, start);
    let mut meter = Meter::new(budget);
    let small = start.cards().count() <= SMALL;
    if method == Method::Auto && (fast.is_none() || small) {
        let first = Budget {
            nodes: budget.nodes.min(200_000),
            time: budget.time / 5,
            ..budget
        };
        let r = dfs(rules, &Unpruned(&guide), start, first);
        meter.nodes += r.nodes;
        if r.outcome != Outcome::Unknown {
            return Some(meter.report(r.outcome, "dfs"));
        }
    }
    if let Some(fast) = fast {
        let (out, used) = fast.solve(game, start, &mut meter);
        return Some(meter.report(out, &used));
    }
    let (mut width, mut cut) = (FIRST_WIDTH, false);
    loop {
        let out = beam(rules, &guide, start, width, &mut meter, &mut cut);
        if out != Outcome::Unknown {
            return Some(meter.report(out, "spider-beam"));
        }
        // A beam that never cut found all its guide lets it find.
        if meter.out_of_time() || !cut {
            return Some(meter.report(Outcome::Unknown, "beam"));
        }
        width = width.saturating_mul(4);
    }
}
