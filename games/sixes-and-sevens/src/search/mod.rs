//! Sixes and Sevens' own search: every deal is either won (the moves replayed through the
//! engine by the caller) or proved lost by an exhaustive search, unless a budget runs out
//! first; it gets half the budget, and the beam searches steered by the game's guide
//! ([`guide`]) the rest.
//!
//! The search runs on a compact board of its own ([`board`]), through a depth-first search
//! with a transposition table and the reductions of [`exhaustive`] and [`relaxed`] (a relaxed
//! game that only the reserve and the stock constrain), argued in
//! `games/sixes-and-sevens/SEARCH.md`. Wins are translated to engine moves here, by replaying
//! them.
//!
//! It serves both readings of `deal` and of `reserve` (under `when-stuck` the board deals or
//! turns only when no frame card can be built) under `release: while-open`; under
//! `release: once-open` the generic search answers.

pub(crate) mod board;
pub(crate) mod exhaustive;
pub mod guide;
pub(crate) mod relaxed;
pub mod small;
#[cfg(test)]
mod tests;

use solitaire_core::{Card as EngineCard, Game, Move, PileKind, Position, Timing};
use solitaire_search::{
    Budget, Heuristic, Meter, Method, Outcome, Report, SearchPlugin, Served, phases::then_beams,
};

use crate::{DEAL, RELEASE, RESERVE};
use board::{Board, CELLS, Card, EMPTY, Step, WASTE};
use exhaustive::{Dfs, Reductions, Verdict};
use guide::SixesGuide;

/// Sixes and Sevens' search for the solver: the exhaustive search, then the beams, for
/// [`Method::Auto`]; its guide for the generic searches.
pub const SEARCH: SearchPlugin = SearchPlugin {
    name: "sixes-and-sevens",
    guide: |game| SixesGuide::new(game).map(|g| Box::new(g) as Box<dyn Heuristic>),
    solve,
    serves: &[
        Served {
            reading: &crate::DEAL,
            values: &["any-time", "when-stuck"],
        },
        Served {
            reading: &crate::RESERVE,
            values: &["any-time", "when-stuck"],
        },
    ],
    knobs: &[],
    small: small::family,
};

/// The exhaustive search of `start` for half of `budget`, reported as
/// `sixes-and-sevens-exact` if it decides the deal, then beam searches for the rest
/// ([`Method::Auto`] only); `None` for another method or a position or reading it does not
/// serve.
pub fn solve(game: &Game, start: &Position, budget: Budget, method: Method) -> Option<Report> {
    if method != Method::Auto {
        return None;
    }
    let exact = Exact::new(game, start)?;
    let guide = SixesGuide::new(game)?;
    Some(then_beams(
        game.rules(),
        &guide,
        start,
        budget,
        2,
        "sixes-and-sevens-exact",
        |meter| exact.solve(game, start, meter),
    ))
}

/// The side of the square.
const SIDE: usize = 8;

/// The board's byte for `card`.
fn card_of(card: EngineCard) -> Card {
    card.suit as u8 * 13 + card.rank.value() - 1
}

/// The exact search set up for one position.
pub(crate) struct Exact {
    /// The engine pile of each frame cell (reading order).
    cells: Vec<usize>,
    waste: usize,
    foundations: Vec<usize>,
    pub(crate) board: Board,
}

impl Exact {
    /// The search for `pos` of `game` (played by these rules); `None` under `release:
    /// once-open`, or unless the game has two packs and the usual 8 x 8 square of piles.
    pub fn new(game: &Game, pos: &Position) -> Option<Exact> {
        let layout = game.layout();
        let when_stuck =
            |reading| Some(layout.reading::<Timing>(reading).ok()? == Timing::WhenStuck);
        let (deal_when_stuck, turn_when_stuck) = (when_stuck(&DEAL)?, when_stuck(&RESERVE)?);
        if layout.reading_value(&RELEASE).ok()?.value != "while-open"
            || layout.deck.suits.len() != 4
            || layout.deck.ranks != 13
            || layout.deck.copies != 2
        {
            return None;
        }
        let find = |id: &str| layout.piles.iter().position(|p| p.id == id);
        let mut counts = [0usize; 3];
        let mut at = [[None; SIDE]; SIDE];
        let mut foundations = Vec::new();
        for (r, row) in at.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                let ring = r.min(c).min(SIDE - 1 - r).min(SIDE - 1 - c).min(2);
                counts[ring] += 1;
                let prefix = ["o", "i", "f"][ring];
                let index = find(&format!("{prefix}{}", counts[ring]))?;
                if ring == 2 {
                    foundations.push(index);
                } else {
                    *cell = Some((index, ring == 1));
                }
            }
        }
        let mut cells = Vec::new();
        let mut grid = [[u8::MAX; SIDE]; SIDE];
        for r in 0..SIDE {
            for c in 0..SIDE {
                if let Some((index, _)) = at[r][c] {
                    grid[r][c] = cells.len() as u8;
                    cells.push(index);
                }
            }
        }
        let mut inner = [false; CELLS];
        let mut beside = vec![Vec::new(); CELLS];
        for r in 0..SIDE {
            for c in 0..SIDE {
                let Some((_, true)) = at[r][c] else { continue };
                let me = usize::from(grid[r][c]);
                inner[me] = true;
                for (nr, nc) in [
                    (r.wrapping_sub(1), c),
                    (r + 1, c),
                    (r, c.wrapping_sub(1)),
                    (r, c + 1),
                ] {
                    if nr < SIDE && nc < SIDE && matches!(at[nr][nc], Some((_, false))) {
                        beside[me].push(grid[nr][nc]);
                    }
                }
            }
        }
        let [stock] = layout.piles_of(PileKind::Stock)[..] else {
            return None;
        };
        let [reserve] = layout.piles_of(PileKind::Reserve)[..] else {
            return None;
        };
        let [waste] = layout.piles_of(PileKind::Waste)[..] else {
            return None;
        };
        if cells.len() != CELLS || layout.piles.len() != CELLS + 16 + 3 {
            return None;
        }
        let mut board_cells = [EMPTY; CELLS];
        for (slot, &p) in board_cells.iter_mut().zip(&cells) {
            match pos.pile(p).cards() {
                [] => {}
                [card] => *slot = card_of(*card),
                _ => return None,
            }
        }
        let mut built = [[0u8; 13]; 4];
        for &f in &foundations {
            for &card in pos.pile(f).cards() {
                let c = card_of(card);
                built[board::suit(c)][board::rank(c)] += 1;
            }
        }
        // Stock and reserve give their top card (the end of the pile) first.
        let stock_cards = pos.pile(stock).cards().iter().rev().map(|&c| card_of(c));
        let reserve_cards = pos.pile(reserve).cards().iter().rev().map(|&c| card_of(c));
        let board = Board {
            cells: board_cells,
            inner,
            beside,
            stock: stock_cards.collect(),
            dealt: 0,
            reserve: reserve_cards.collect(),
            turned: 0,
            waste: pos
                .pile(waste)
                .cards()
                .iter()
                .map(|&c| card_of(c))
                .collect(),
            built,
            deal_when_stuck,
            turn_when_stuck,
        };
        Some(Exact {
            cells,
            waste,
            foundations,
            board,
        })
    }

    /// Search within `meter`'s budget; `Unknown` when it runs out.
    pub fn solve(&self, game: &Game, start: &Position, meter: &mut Meter) -> Outcome {
        let reductions = if self.board.turn_when_stuck {
            Reductions::TURN_WHEN_STUCK
        } else {
            Reductions::ALL
        };
        let mut dfs = Dfs::new(self.board.clone(), reductions);
        match dfs.run(u64::MAX, meter) {
            Verdict::Won(steps) => Outcome::Solved(self.engine_moves(game, start, &steps)),
            Verdict::Lost => Outcome::Unsolvable,
            Verdict::Unknown => Outcome::Unknown,
        }
    }

    /// The engine's moves for `steps` from `start` (a play goes to the first foundation that
    /// takes it).
    pub fn engine_moves(&self, game: &Game, start: &Position, steps: &[Step]) -> Vec<Move> {
        let mut pos = start.clone();
        let mut out = Vec::new();
        for &step in steps {
            let mv = self.engine_move(game, &pos, step);
            if game.play(&mut pos, mv).is_err() {
                break;
            }
            out.push(mv);
        }
        out
    }

    /// The engine's move for `step` in `pos`.
    fn engine_move(&self, game: &Game, pos: &Position, step: Step) -> Move {
        match step {
            Step::Play { from, .. } => {
                let from = if from == WASTE {
                    self.waste
                } else {
                    self.cells[usize::from(from)]
                };
                self.foundations
                    .iter()
                    .map(|&f| Move::transfer(from, f, 1))
                    .find(|&mv| game.rules().check(pos, mv).is_ok())
                    .unwrap_or(Move::transfer(from, self.foundations[0], 1))
            }
            Step::Fill(_) | Step::Turn => Move::Deal,
        }
    }
}
