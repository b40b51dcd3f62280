//! Bristol's own search: every deal is either won (the moves, replayed through the engine by
//! the caller) or proved lost by an exhaustive search, unless a budget runs out first.
//!
//! The exhaustive search of the toolkit (`solitaire_search::exact`) runs on a compact board
//! of ranks only ([`board`]), with the reductions argued in `games/bristol/SEARCH.md`. Wins
//! are translated to engine moves here. Bristol has no readings: the search serves every
//! game of these rules.

pub(crate) mod board;
pub mod small;
#[cfg(test)]
mod tests;

use solitaire_core::{Game, Move, PileKind, Position};

use solitaire_search::exact::pile_of;
use solitaire_search::{Budget, Meter, Method, Outcome, Report, SearchPlugin};

use board::{Board, Reductions, Step};

/// Bristol's search for the solver: the exhaustive search for [`Method::Auto`].
pub const SEARCH: SearchPlugin = SearchPlugin {
    name: "bristol",
    guide: |_| None,
    solve,
    serves: &[],
    knobs: &[],
    small: small::family,
};

/// The exhaustive search of `start` within `budget` ([`Method::Auto`] only), reported as
/// `bristol-exact`; `None` for another method or a position it does not serve.
pub fn solve(game: &Game, start: &Position, budget: Budget, method: Method) -> Option<Report> {
    if method != Method::Auto {
        return None;
    }
    let exact = Exact::new(game, start, Reductions::ALL)?;
    Some(Meter::run(budget, "bristol-exact", |meter| {
        exact.solve(meter)
    }))
}

/// The exact search set up for one position.
pub(crate) struct Exact {
    fans: Vec<usize>,
    wastes: Vec<usize>,
    foundations: Vec<usize>,
    pub(crate) board: Board,
}

impl Exact {
    /// The search for `pos` of `game` (played by these rules); `None` unless the game has
    /// one pack and as many foundations as suits (so that a rank is all founded exactly when
    /// every foundation has reached it), at most 15 ranks and at most 255 piles.
    pub fn new(game: &Game, pos: &Position, reductions: Reductions) -> Option<Exact> {
        let layout = game.layout();
        let foundations = layout.piles_of(PileKind::Foundation);
        if layout.deck.copies != 1
            || layout.deck.suits.len() != foundations.len()
            || layout.deck.ranks > 15
            || layout.piles.len() > 255
        {
            return None;
        }
        let [stock] = layout.piles_of(PileKind::Stock)[..] else {
            return None;
        };
        let fans = layout.piles_of(PileKind::Tableau);
        let wastes = layout.piles_of(PileKind::Waste);
        let ranks =
            |p: usize| -> Vec<u8> { pos.pile(p).cards().iter().map(|c| c.rank.value()).collect() };
        let board = Board::new(
            fans.iter().map(|&p| ranks(p)).collect(),
            wastes.iter().map(|&p| ranks(p)).collect(),
            foundations
                .iter()
                .map(|&f| pos.pile(f).len() as u8)
                .collect(),
            ranks(stock).into_iter().rev().collect(),
            reductions,
        );
        Some(Exact {
            fans,
            wastes,
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
        pile_of(&self.fans, &self.wastes, p)
    }

    /// The engine's move for `step`.
    pub(crate) fn engine_move(&self, step: Step) -> Move {
        match step {
            Step::Build(from, to) => {
                Move::transfer(self.pile(from), self.foundations[usize::from(to)], 1)
            }
            Step::Pack(from, to) => Move::transfer(self.pile(from), self.pile(to), 1),
            Step::Deal(_) => Move::Deal,
        }
    }
}
