//! Penguin's own search: every deal is either won (the moves, replayed through the engine by
//! the caller) or proved lost by an exhaustive search, unless a budget runs out first.
//!
//! The exhaustive search of the toolkit (`solitaire_search::exact`) runs on a compact board
//! of its own ([`board`]), with the reductions argued in `games/penguin/SEARCH.md`. Wins are
//! translated to engine moves here. Penguin has no readings: the search serves every game of
//! these rules.

pub(crate) mod board;
pub mod small;
#[cfg(test)]
mod tests;

use solitaire_core::{Card, Game, Move, PileKind, Position};
use solitaire_search::exact::pile_of;
use solitaire_search::{Budget, Meter, Method, Outcome, Report, SearchPlugin};

use board::{Board, Code, Reductions, Step};

/// Penguin's search for the solver: the exhaustive search for [`Method::Auto`].
pub const SEARCH: SearchPlugin = SearchPlugin {
    name: "penguin",
    guide: |_| None,
    solve,
    serves: &[],
    knobs: &[],
    small: small::family,
};

/// The exhaustive search of `start` within `budget` ([`Method::Auto`] only), reported as
/// `penguin-exact`; `None` for another method or a position it does not serve.
pub fn solve(game: &Game, start: &Position, budget: Budget, method: Method) -> Option<Report> {
    if method != Method::Auto {
        return None;
    }
    let exact = Exact::new(game, start, Reductions::ALL)?;
    Some(Meter::run(budget, "penguin-exact", |meter| {
        exact.solve(meter)
    }))
}

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
    /// The search for `pos` of `game` (played by these rules); `None` unless the game has one
    /// pack of thirteen ranks and its bases are dealt.
    pub fn new(game: &Game, pos: &Position, reductions: Reductions) -> Option<Exact> {
        let layout = game.layout();
        if layout.deck.copies != 1 || layout.deck.ranks != 13 {
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
        solitaire_search::exact::solve(&mut board, meter, |s| self.engine_move(s))
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
