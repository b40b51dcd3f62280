//! An exact search for Aces Up (the `aces-up` rules plugin): every deal is either won (the
//! moves, replayed through the engine by the caller) or proved lost by an exhaustive search,
//! unless a budget runs out first.
//!
//! The search runs on a compact board of its own ([`board`]) with the plugin's rules, through
//! a depth-first search with a transposition table and two reductions proved safe in
//! [`search`]. Its wins are translated to engine moves here.

pub(crate) mod board;
pub(crate) mod search;
#[cfg(test)]
mod tests;

use solitaire_core::{Game, Move, PileKind, Position};

use crate::outcome::{Meter, Outcome};
use board::{Board, Order, Step, code};

/// The nodes of the first round of [`Exact::solve`].
const FIRST_ROUND: u64 = 100_000;
use search::{Reductions, Verdict};

/// The exact search set up for one position.
pub(crate) struct Exact {
    /// The columns' pile indices, in dealing order.
    columns: Vec<usize>,
    discard: usize,
    board: Board,
}

impl Exact {
    /// The search for `pos` of `game`; `None` unless `game` plays by the `aces-up` rules with
    /// one stock, one discard pile and its columns (the piles the plugin accepts).
    pub fn new(game: &Game, pos: &Position) -> Option<Exact> {
        let layout = game.layout();
        if layout.rules != "aces-up" {
            return None;
        }
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

    /// Search within `meter`'s budget: rounds of the exhaustive search with the deal tried
    /// last, then first, each pair of rounds with twice the nodes of the one before (the
    /// orders win different deals early). Every round is complete: the first that ends
    /// without a win proves the deal lost.
    pub fn solve(mut self, meter: &mut Meter) -> Outcome {
        let mut cap = FIRST_ROUND;
        loop {
            for order in [Order::DealLast, Order::DealFirst] {
                match search::search(&mut self.board, Reductions::ALL, order, cap, meter) {
                    Verdict::Won(steps) => {
                        return Outcome::Solved(
                            steps.iter().map(|&s| self.engine_move(s)).collect(),
                        );
                    }
                    Verdict::Lost => return Outcome::Unsolvable,
                    Verdict::Unknown if meter.out_of_time() => return Outcome::Unknown,
                    Verdict::Unknown => {}
                }
            }
            cap = cap.saturating_mul(2);
        }
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
