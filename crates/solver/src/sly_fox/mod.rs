//! An exact search for Sly Fox (the `sly-fox` rules plugin with its default readings): a deal
//! is either won (the moves, replayed through the engine by the caller) or proved lost by an
//! exhaustive search, unless a budget runs out first.
//!
//! The search runs on a compact board of its own ([`board`]: a byte per card), through a
//! depth-first search with a transposition table and two reductions proved sound in
//! [`search`]. Wins are translated to engine moves here.

pub(crate) mod board;
pub(crate) mod playout;
pub(crate) mod search;
#[cfg(test)]
mod tests;

use solitaire_core::{Card, Game, Move, Phase as EnginePhase, PileKind, Position, Rank};

use crate::outcome::{Meter, Outcome};
use board::{Board, Cell, Phase, Step};
use search::{Dfs, Reductions, Verdict};

/// The byte of `card` on the board.
pub(crate) fn cell(card: Card) -> Cell {
    card.suit as u8 * 13 + card.rank.value() - 1
}

/// The exact search set up for one position.
pub(crate) struct Exact {
    hand: usize,
    reserves: Vec<usize>,
    foundations: Vec<usize>,
    board: Board,
}

impl Exact {
    /// The search for `pos` of `game`; `None` unless `game` plays by the `sly-fox` rules with
    /// their default readings, with one up and one down foundation per suit (each with its
    /// base), at most 32 reserve piles, one stock and one hand.
    pub fn new(game: &Game, pos: &Position) -> Option<Exact> {
        let layout = game.layout();
        if layout.rules != "sly-fox" || !game.readings().iter().all(|r| r.is_default()) {
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
        Some(Exact {
            hand,
            reserves,
            foundations,
            board,
        })
    }

    /// Search within `meter`'s budget, the exhaustive search alone: a win, a proof of loss, or
    /// unknown when the budget runs out.
    pub fn solve(self, meter: &mut Meter) -> Outcome {
        let mut dfs = Dfs::new(self.board.clone(), Reductions::ALL);
        match dfs.run(u64::MAX, meter) {
            Verdict::Won(steps) => {
                Outcome::Solved(steps.iter().map(|&s| self.engine_move(s)).collect())
            }
            Verdict::Lost => Outcome::Unsolvable,
            Verdict::Unknown => Outcome::Unknown,
        }
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
