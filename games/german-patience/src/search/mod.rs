//! German Patience's own search under its default readings: every deal is either won (the
//! moves, replayed through the engine by the caller) or proved lost by an exhaustive search,
//! unless a budget runs out first.
//!
//! The exhaustive search of the toolkit (`solitaire_search::exact`) runs on a compact board
//! of ranks only ([`board`]), with the reductions argued in
//! `games/german-patience/SEARCH.md`, paused between rounds for a stage beam ([`beam`]). Wins
//! are translated to engine moves here: the board keeps its piles in the engine's order, so a
//! step names the engine's piles. Under other readings the generic search answers, steered by
//! the game's guide ([`guide`]).

mod beam;
pub(crate) mod board;
pub(crate) mod bound;
pub(crate) mod endgame;
pub mod guide;
pub(crate) mod relaxed;
pub mod small;
#[cfg(test)]
mod tests;

use solitaire_core::{Game, Move, Phase, PileKind, Position};
use solitaire_search::exact::{Board as _, search_in_rounds};
use solitaire_search::key::random;
use solitaire_search::stage_beam::salted_stage_beam;
use solitaire_search::{Budget, Heuristic, Meter, Method, Outcome, Report, SearchPlugin};

use board::{Board, Pile, Play, Reductions, Step};
use guide::GermanGuide;

/// German Patience's search for the solver: the exhaustive search for [`Method::Auto`], and
/// its guide for the generic searches.
pub const SEARCH: SearchPlugin = SearchPlugin {
    name: "german-patience",
    guide: |game| GermanGuide::new(game).map(|g| Box::new(g) as Box<dyn Heuristic>),
    solve,
    serves: &[],
    knobs: &[],
    small: small::family,
};

/// The exhaustive search of `start` within `budget` ([`Method::Auto`] only), reported as
/// `german-patience-exact`; `None` for another method or a position or reading it does not
/// serve.
pub fn solve(game: &Game, start: &Position, budget: Budget, method: Method) -> Option<Report> {
    if method != Method::Auto {
        return None;
    }
    let exact = Exact::new(game, start, Reductions::SEARCH)?;
    Some(Meter::run(budget, "german-patience-exact", |meter| {
        exact.solve(meter)
    }))
}

/// How many cards complete a pile (the plugin's rule).
const FULL: u8 = 13;

/// The exhaustive search's first round of nodes; each round is twice the one before.
const FIRST_ROUND: u64 = 50_000;

/// A round of `n` nodes is followed by a stage beam of width `n / BEAM_SHARE`.
const BEAM_SHARE: u64 = 2000;

/// The exact search set up for one position.
pub(crate) struct Exact {
    stock: usize,
    waste: usize,
    piles: Vec<usize>,
    pub(crate) board: Board,
}

impl Exact {
    /// The search for `pos` of `game` (played by these rules); `None` unless the game has
    /// its default readings, thirteen ranks, at most 16 piles, and every pile of `pos` a run
    /// of consecutive ranks up from its bottom card (as the rules build them).
    pub fn new(game: &Game, pos: &Position, reductions: Reductions) -> Option<Exact> {
        let layout = game.layout();
        if !game.readings().iter().all(|r| r.is_default())
            || layout.deck.ranks != FULL
            || layout.piles_of(PileKind::Tableau).len() > 16
        {
            return None;
        }
        let [stock] = layout.piles_of(PileKind::Stock)[..] else {
            return None;
        };
        let [waste] = layout.piles_of(PileKind::Waste)[..] else {
            return None;
        };
        let piles = layout.piles_of(PileKind::Tableau);
        let ranks =
            |p: usize| -> Vec<u8> { pos.pile(p).cards().iter().map(|c| c.rank.value()).collect() };
        let mut board_piles = Vec::with_capacity(piles.len());
        for &p in &piles {
            let cards = ranks(p);
            let base = cards.first().copied().unwrap_or(1);
            let runs = cards
                .iter()
                .enumerate()
                .all(|(i, &r)| r == (base - 1 + i as u8) % FULL + 1);
            if !runs || cards.len() > usize::from(FULL) {
                return None;
            }
            board_piles.push(Pile {
                base,
                len: cards.len() as u8,
            });
        }
        let board = Board::new(
            FULL,
            board_piles,
            ranks(waste),
            ranks(stock).into_iter().rev().collect(),
            pos.vars().phase == Phase::Opening,
            reductions,
        );
        Some(Exact {
            stock,
            waste,
            piles,
            board,
        })
    }

    /// Search within `meter`'s budget: the exhaustive search, paused after every round of
    /// nodes for a stage beam ([`beam`]) that finds most wins much sooner; each round and beam
    /// twice as large as the one before. When the exhaustive search ends without a win, the
    /// deal is proved lost.
    pub fn solve(self, meter: &mut Meter) -> Outcome {
        let mut board = self.board.clone();
        let beam = |round: u64, meter: &mut Meter| {
            // Each beam breaks ties its own way: beams of one width but other tie-breaks
            // find other wins.
            let width = (round / BEAM_SHARE) as usize;
            salted_stage_beam(&self.board, width, random(round), meter)
        };
        search_in_rounds(&mut board, meter, FIRST_ROUND, beam)
            .outcome(|steps| self.engine_moves(&steps))
    }

    /// The engine's moves for `steps` played from the start: each step's rearrangement as
    /// packs (found on the board as it stands then), then its play.
    pub(crate) fn engine_moves(&self, steps: &[Step]) -> Vec<Move> {
        let mut board = self.board.clone();
        let mut moves = Vec::new();
        for &step in steps {
            for (from, to) in board.packs_to(step.after) {
                moves.push(self.engine_move(Play::Pack {
                    from,
                    to,
                    refilled: false,
                }));
            }
            moves.push(self.engine_move(step.play));
            board.apply(step);
        }
        moves
    }

    /// The engine's move for `play`.
    pub(crate) fn engine_move(&self, play: Play) -> Move {
        let pile = |p: u8| self.piles[usize::from(p)];
        match play {
            Play::Pack { from, to, .. } => Move::transfer(pile(from), pile(to), 1),
            Play::Waste(to) => Move::transfer(self.waste, pile(to), 1),
            Play::Stock(to) => Move::transfer(self.stock, pile(to), 1),
            Play::Deal { .. } => Move::Deal,
        }
    }
}
