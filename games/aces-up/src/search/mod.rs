//! Aces Up's own search: every deal is either won (the moves, replayed through the engine by
//! the caller) or proved lost by an exhaustive search, unless a budget runs out first.
//!
//! The search runs on a compact board of its own ([`board`]) with this crate's rules, through
//! a depth-first search with a transposition table ([`keys`]) and the reductions of
//! [`exhaustive`] (each argued in `games/aces-up/SEARCH.md`); a stage beam
//! ([`solitaire_search::stage_beam`], this board in [`beam`]) between its rounds finds many
//! wins sooner. Wins are translated to engine moves here. Aces Up has no readings: the search
//! serves every game of these rules.

mod beam;
pub(crate) mod board;
pub(crate) mod exhaustive;
mod ghost;
mod ghost_spaces;
mod keys;
pub mod small;
#[cfg(test)]
mod tests;

use solitaire_core::{Game, Move, PileKind, Position};
use solitaire_search::stage_beam::stage_beam;
use solitaire_search::{Budget, Meter, Method, Outcome, Report, SearchPlugin};

use board::{Board, Step, code};
use exhaustive::{Dfs, Reductions};

/// Aces Up's search for the solver: the exhaustive search for [`Method::Auto`].
pub const SEARCH: SearchPlugin = SearchPlugin {
    name: "aces-up",
    guide: |_| None,
    solve,
    serves: &[],
    knobs: &[],
    small: small::family,
};

/// The exhaustive search of `start` within `budget` ([`Method::Auto`] only), reported as
/// `aces-up-exact`; `None` for another method or a position it does not serve.
pub fn solve(game: &Game, start: &Position, budget: Budget, method: Method) -> Option<Report> {
    if method != Method::Auto {
        return None;
    }
    let exact = Exact::new(game, start)?;
    Some(Meter::run(budget, "aces-up-exact", |meter| {
        exact.solve(meter)
    }))
}

/// The nodes of the first round of [`Exact::solve`].
const FIRST_ROUND: u64 = 100_000;

/// A round of `n` nodes is followed by a beam of width `n / BEAM_SHARE` (which takes about a
/// quarter as many nodes: most open deals are losses, which only the exhaustive search proves).
const BEAM_SHARE: u64 = 8000;

/// The exact search set up for one position.
pub(crate) struct Exact {
    /// The columns' pile indices, in dealing order.
    columns: Vec<usize>,
    discard: usize,
    board: Board,
}

impl Exact {
    /// The search for `pos` of `game` (played by these rules); `None` unless the game has one
    /// stock, one discard pile and its columns (the piles the plugin accepts).
    pub fn new(game: &Game, pos: &Position) -> Option<Exact> {
        let layout = game.layout();
        let columns = layout.piles_of(PileKind::Tableau);
        let (stocks, discards) = (
            layout.piles_of(PileKind::Stock),
            layout.piles_of(PileKind::Foundation),
        );
        let ([stock], [discard]) = (stocks.as_slice(), discards.as_slice()) else {
            return None;
        };
        if columns.len() + 2 != layout.piles.len() || columns.len() > usize::from(u8::MAX) {
            return None;
        }
        let cols = columns
            .iter()
            .map(|&c| pos.pile(c).cards().iter().map(|&card| code(card)).collect())
            .collect();
        // The stock deals from its top, the end of the pile.
        let next_first = pos.pile(*stock).cards().iter().rev().map(|&c| code(c));
        Some(Exact {
            board: Board::new(cols, next_first.collect()),
            columns,
            discard: *discard,
        })
    }

    /// Search within `meter`'s budget: the exhaustive search, paused after every round of
    /// nodes for a stage beam that finds some wins much sooner; each round and beam twice as
    /// large as the one before. The exhaustive search is never restarted: when it ends without
    /// a win, the deal is proved lost.
    pub fn solve(self, meter: &mut Meter) -> Outcome {
        let mut dfs = Dfs::new(self.board.clone(), Reductions::ALL);
        let beam = |round: u64, meter: &mut Meter| {
            stage_beam(&self.board, (round / BEAM_SHARE) as usize, meter)
        };
        dfs.run_in_rounds(meter, FIRST_ROUND, beam)
            .outcome(|won| won.iter().map(|&s| self.engine_move(s)).collect())
    }

    /// The engine's move for `step`.
    fn engine_move(&self, step: Step) -> Move {
        let column = |c: u8| self.columns[usize::from(c)];
        match step {
            Step::Discard(c, _) => Move::transfer(column(c), self.discard, 1),
            Step::Shift(f, t) => Move::transfer(column(f), column(t), 1),
            Step::Deal(_) => Move::Deal,
        }
    }
}
