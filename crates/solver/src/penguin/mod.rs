//! An exact search for Penguin (the `penguin` rules plugin): every deal is either won (the
//! moves, replayed through the engine by the caller) or proved lost by an exhaustive search,
//! unless a budget runs out first.
//!
//! The search (module `exact`) runs on a compact board of its own ([`board`]), with reductions
//! proved safe in that module. Wins are translated to engine moves here.

pub(crate) mod board;
#[cfg(test)]
mod tests;

use solitaire_core::{Card, Game, Move, PileKind, Position};

use crate::exact::pile_of;
use crate::outcome::{Meter, Outcome};
use board::{Board, Code, Reductions, Step};

/// The code of `card`.
fn code(card: Card) -> Code {
    ((card.suit as u8) << 4) | card.rank.value()
}

/// The exact search set up for one position.
pub(crate) struct Exact {
    columns: Vec<usize>,
    cells: Vec<usize>,
    foundations: Vec<usize>,
    pub(crate) board: Board,
}

impl Exact {
    /// The search for `pos` of `game`; `None` unless `game` plays by the `penguin` rules with
    /// one pack of thirteen ranks, its bases dealt, and sequences no longer than a suit.
    pub fn new(game: &Game, pos: &Position, reductions: Reductions) -> Option<Exact> {
        let layout = game.layout();
        if layout.rules != "penguin" || layout.deck.copies != 1 || layout.deck.ranks != 13 {
            return None;
        }
        let columns = layout.piles_of(PileKind::Tableau);
        let cells = layout.piles_of(PileKind::Cell);
        let foundations = layout.piles_of(PileKind::Foundation);
        if layout.piles.len() > 255 {
            return None;
        }
        let base = foundations
            .iter()
            .find_map(|&f| pos.pile(f).bottom())?
            .rank
            .value();
        let board = Board::new(
            columns
                .iter()
                .map(|&c| pos.pile(c).cards().iter().map(|&x| code(x)).collect())
                .collect(),
            cells.iter().map(|&c| pos.pile(c).top().map(code)).collect(),
            foundations
                .iter()
                .map(|&f| (pos.pile(f).top().map(code), pos.pile(f).len() as u8))
                .collect(),
            base,
            reductions,
        );
        Some(Exact {
            columns,
            cells,
            foundations,
            board,
        })
    }

    /// Search within `meter`'s budget.
    pub fn solve(self, meter: &mut Meter) -> Outcome {
        let mut board = self.board.clone();
        crate::exact::solve(&mut board, meter, |s| self.engine_move(s))
    }

    /// The engine's pile of the board's pile `p`.
    fn pile(&self, p: u8) -> usize {
        pile_of(&self.columns, &self.cells, p)
    }

    /// The engine's move for `step`.
    pub(crate) fn engine_move(&self, step: Step) -> Move {
        match step {
            Step::Build(from, to) => {
                Move::transfer(self.pile(from), self.foundations[usize::from(to)], 1)
            }
            Step::Shift(from, to, n) => {
                Move::transfer(self.pile(from), self.pile(to), usize::from(n))
            }
            Step::Park(from, cell) => {
                Move::transfer(self.pile(from), self.cells[usize::from(cell)], 1)
            }
        }
    }
}
