//! Interregnum's own search: every deal is either won (the moves, replayed through the engine
//! by the caller) or proved lost by an exhaustive search, unless a budget runs out first.
//!
//! The search runs on a compact board of its own ([`board`], a byte per card: suits never
//! matter), through a depth-first search with a transposition table and the reductions of
//! [`exhaustive`] (argued in `games/interregnum/SEARCH.md`); a stage beam ([`beam`]) between
//! its rounds finds many wins sooner. Wins are translated to engine moves here.
//!
//! It serves both readings of `deal` (`any-time`, `when-stuck`: the board deals only when no
//! card can be played) under `crown: automatic`; under `crown: by-hand` the generic search
//! answers. Under `when-stuck` the search leaves out the reductions proved for `any-time`
//! only (safe plays and longest runs).

mod beam;
pub(crate) mod board;
pub(crate) mod exhaustive;
pub mod small;
#[cfg(test)]
mod tests;

use solitaire_core::{Card, Game, Move, PileKind, Position, Timing};
use solitaire_search::stage_beam::stage_beam;
use solitaire_search::{Budget, Meter, Method, Outcome, Report, SearchPlugin, Served};

use crate::{CROWN, DEAL};
use board::{BUILT, Board, Rank, Step};
use exhaustive::{Dfs, Reductions};

/// Interregnum's search for the solver: the exhaustive search for [`Method::Auto`].
pub const SEARCH: SearchPlugin = SearchPlugin {
    name: "interregnum",
    guide: |_| None,
    solve,
    serves: &[Served {
        reading: &crate::DEAL,
        values: &["any-time", "when-stuck"],
    }],
    knobs: &[],
    small: small::family,
};

/// The exhaustive search of `start` within `budget` ([`Method::Auto`] only), reported as
/// `interregnum-exact`; `None` for another method or a position or reading it does not
/// serve.
pub fn solve(game: &Game, start: &Position, budget: Budget, method: Method) -> Option<Report> {
    if method != Method::Auto {
        return None;
    }
    let exact = Exact::new(game, start)?;
    Some(Meter::run(budget, "interregnum-exact", |meter| {
        exact.solve(meter)
    }))
}

/// The nodes of the first round of [`Exact::solve`].
const FIRST_ROUND: u64 = 100_000;

/// A round of `n` nodes is followed by a beam of width `n / BEAM_SHARE`.
const BEAM_SHARE: u64 = 2000;

/// The rank of `card` on the board (an Ace is 0).
pub(crate) fn rank(card: Card) -> Rank {
    card.rank.value() - 1
}

/// The exact search set up for one position.
pub(crate) struct Exact {
    wastes: Vec<usize>,
    foundations: Vec<usize>,
    board: Board,
}

impl Exact {
    /// The search for `pos` of `game` (played by these rules); `None` under `crown:
    /// by-hand`, or unless the game has one stock, and its indicators, foundations and waste
    /// piles.
    pub fn new(game: &Game, pos: &Position) -> Option<Exact> {
        let layout = game.layout();
        if layout.reading_value(&CROWN).ok()?.value != "automatic" {
            return None;
        }
        let when_stuck = layout.reading::<Timing>(&DEAL).ok()? == Timing::WhenStuck;
        let indicators = layout.piles_of(PileKind::Indicator);
        let foundations = layout.piles_of(PileKind::Foundation);
        let wastes = layout.piles_of(PileKind::Waste);
        let stocks = layout.piles_of(PileKind::Stock);
        let [stock] = stocks.as_slice() else {
            return None;
        };
        if indicators.len() != foundations.len()
            || foundations.len() > 16
            || wastes.len() > 64
            || indicators.len() + foundations.len() + wastes.len() + 1 != layout.piles.len()
            || pos.pile(*stock).len() > 128
        {
            return None;
        }
        let mut marks = Vec::new();
        let mut heights = Vec::new();
        for (&i, &f) in indicators.iter().zip(&foundations) {
            let found = pos.pile(f).cards();
            let mark = match pos.pile(i).top() {
                Some(c) => rank(c),
                // Crowned: the indicator is the foundation's top card.
                None => rank(*found.last()?),
            };
            marks.push(mark);
            heights.push((found.len().min(usize::from(BUILT))) as u8);
        }
        let piles = wastes
            .iter()
            .map(|&w| pos.pile(w).cards().iter().map(|&c| rank(c)).collect())
            .collect();
        // The stock deals from its top, the end of the pile.
        let next_first = pos.pile(*stock).cards().iter().rev().map(|&c| rank(c));
        let mut board = Board::new(marks, heights, piles, next_first.collect());
        board.when_stuck = when_stuck;
        Some(Exact {
            board,
            wastes,
            foundations,
        })
    }

    /// Search within `meter`'s budget: the exhaustive search, paused after every round of
    /// nodes for a stage beam that finds some wins much sooner; each round and beam twice as
    /// large as the one before. The exhaustive search is never restarted: when it ends without
    /// a win, the deal is proved lost.
    pub fn solve(self, meter: &mut Meter) -> Outcome {
        let reductions = if self.board.when_stuck {
            Reductions::WHEN_STUCK
        } else {
            Reductions::ALL
        };
        let mut dfs = Dfs::new(self.board.clone(), reductions);
        let beam = |round: u64, meter: &mut Meter| {
            stage_beam(&self.board, (round / BEAM_SHARE) as usize, meter)
        };
        dfs.run_in_rounds(meter, FIRST_ROUND, beam)
            .outcome(|won| won.iter().map(|&s| self.engine_move(s)).collect())
    }

    /// The engine's move for `step`.
    fn engine_move(&self, step: Step) -> Move {
        match step {
            Step::Play(w, f) => Move::transfer(
                self.wastes[usize::from(w)],
                self.foundations[usize::from(f)],
                1,
            ),
            Step::Deal(_) => Move::Deal,
        }
    }
}
