//! Sly Fox's own search under its default readings: nested play-outs ([`playout`]) on a
//! compact board of its own ([`board`]: a byte per card) for half the budget, then beam
//! searches steered by the game's guide ([`guide`]) for the rest. Play-outs find wins only;
//! no exhaustive search proves a Sly Fox deal lost from its start, so none is kept. Wins are
//! translated to engine moves here. Under `deal: all-twenty` the generic search answers,
//! steered by the same guide. `games/sly-fox/SEARCH.md` describes the board and the play-outs.

pub(crate) mod board;
pub mod guide;
pub(crate) mod playout;
pub mod small;
#[cfg(test)]
mod tests;

use solitaire_core::{Card, Game, Move, Phase as EnginePhase, PileKind, Position, Rank};
use solitaire_search::{
    Budget, Heuristic, Meter, Method, Outcome, Report, SearchPlugin, phases::then_beams,
};

use board::{Board, Cell, Phase, Step};
use guide::SlyFoxGuide;

/// Sly Fox's search for the solver: play-outs, then the beams, for [`Method::Auto`]; its
/// guide for the generic searches.
pub const SEARCH: SearchPlugin = SearchPlugin {
    name: "sly-fox",
    guide: |game| SlyFoxGuide::new(game).map(|g| Box::new(g) as Box<dyn Heuristic>),
    solve,
    serves: &[],
    knobs: &[],
    small: small::family,
};

/// Play-outs of `start` for half of `budget`, reported as `sly-fox-playout` if they win, then
/// beam searches for the rest ([`Method::Auto`] only); `None` for another method or a
/// position or reading it does not serve.
pub fn solve(game: &Game, start: &Position, budget: Budget, method: Method) -> Option<Report> {
    if method != Method::Auto {
        return None;
    }
    let exact = PlayOuts::new(game, start)?;
    let guide = SlyFoxGuide::new(game)?;
    Some(then_beams(
        game.rules(),
        &guide,
        start,
        budget,
        2,
        "sly-fox-playout",
        |meter| exact.play_outs(meter),
    ))
}

/// The byte of `card` on the board.
pub(crate) fn cell(card: Card) -> Cell {
    card.suit as u8 * 13 + card.rank.value() - 1
}

/// The play-outs set up for one position.
pub(crate) struct PlayOuts {
    hand: usize,
    reserves: Vec<usize>,
    foundations: Vec<usize>,
    board: Board,
}

impl PlayOuts {
    /// The search for `pos` of `game` (played by these rules); `None` unless the game has
    /// its default readings, one up and one down foundation per suit (each with its base), at
    /// most 32 reserve piles, one stock and one hand.
    pub fn new(game: &Game, pos: &Position) -> Option<PlayOuts> {
        let layout = game.layout();
        if !game.readings().iter().all(|r| r.is_default()) {
            return None;
        }
        let foundations = layout.piles_of(PileKind::Foundation);
        let reserves = layout.piles_of(PileKind::Reserve);
        let [stock] = layout.piles_of(PileKind::Stock)[..] else {
            return None;
        };
        let [hand] = layout.piles_of(PileKind::Hand)[..] else {
            return None;
        };
        if reserves.len() > 32 || foundations.len() != 8 || pos.pile(hand).len() > 1 {
            return None;
        }
        let mut kinds = Vec::new();
        let mut tops = Vec::new();
        for &f in &foundations {
            let pile = pos.pile(f);
            let (base, top) = (pile.bottom()?, pile.top()?);
            kinds.push((base.suit as u8, base.rank == Rank::Ace));
            tops.push(top.rank.value());
        }
        for s in 0..4 {
            for up in [true, false] {
                if kinds.iter().filter(|&&k| k == (s, up)).count() != 1 {
                    return None;
                }
            }
        }
        let vars = pos.vars();
        let phase = match vars.phase {
            EnginePhase::Opening => Phase::Opening,
            EnginePhase::Dealing => Phase::Dealing,
            _ => Phase::Play,
        };
        let marks = reserves
            .iter()
            .enumerate()
            .filter(|&(_, &r)| phase == Phase::Dealing && vars.is_marked(r))
            .fold(0u32, |m, (i, _)| m | (1 << i));
        let board = Board {
            kinds,
            tops,
            piles: reserves
                .iter()
                .map(|&r| pos.pile(r).cards().iter().map(|&c| cell(c)).collect())
                .collect(),
            stock: pos.pile(stock).cards().iter().map(|&c| cell(c)).collect(),
            hand: pos.pile(hand).top().map(cell),
            phase,
            marks,
        };
        Some(PlayOuts {
            hand,
            reserves,
            foundations,
            board,
        })
    }

    /// Jittered play-outs within `meter`'s budget ([`playout`]): a win, or unknown.
    pub fn play_outs(&self, meter: &mut Meter) -> Outcome {
        match playout::search(&self.board, meter) {
            Some(steps) => Outcome::Solved(steps.iter().map(|&s| self.engine_move(s)).collect()),
            None => Outcome::Unknown,
        }
    }

    /// The engine's move for `step`.
    fn engine_move(&self, step: Step) -> Move {
        match step {
            Step::Build(p, f) => Move::transfer(
                self.reserves[usize::from(p)],
                self.foundations[usize::from(f)],
                1,
            ),
            Step::Deal => Move::Deal,
            Step::Place(p) => Move::transfer(self.hand, self.reserves[usize::from(p)], 1),
        }
    }
}
