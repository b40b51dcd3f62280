//! An exact search for Interregnum (the `interregnum` rules plugin with its default readings):
//! every deal is either won (the moves, replayed through the engine by the caller) or proved
//! lost by an exhaustive search, unless a budget runs out first.
//!
//! The search runs on a compact board of its own ([`board`], a byte per card: suits never
//! matter), through a depth-first search with a transposition table and three reductions
//! proved sound in [`search`]. Wins are translated to engine moves here.

mod beam;
pub(crate) mod board;
pub(crate) mod search;
#[cfg(test)]
mod tests;

use solitaire_core::{Card, Game, Move, PileKind, Position};

use crate::outcome::{Meter, Outcome};
use crate::stage_beam::stage_beam;
use board::{BUILT, Board, Rank, Step};
use search::{Dfs, Reductions};

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
    /// The search for `pos` of `game`; `None` unless `game` plays by the `interregnum` rules
    /// with their default readings, one stock, and its indicators, foundations and waste
    /// piles.
    pub fn new(game: &Game, pos: &Position) -> Option<Exact> {
        let layout = game.layout();
        if layout.rules != "interregnum" || !game.readings().iter().all(|r| r.is_default()) {
            return None;
        }
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
        Some(Exact {
            board: Board::new(marks, heights, piles, next_first.collect()),
            wastes,
            foundations,
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
