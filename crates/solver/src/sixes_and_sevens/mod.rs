//! An exact search for Sixes and Sevens (the `sixes-and-sevens` rules plugin with its default
//! readings): every deal is either won (the moves replayed through the engine by the caller)
//! or proved lost by an exhaustive search, unless a budget runs out first.
//!
//! The search runs on a compact board of its own ([`board`]), through a depth-first search
//! with a transposition table and reductions proved sound in [`search`] and [`relaxed`] (a
//! relaxed game that only the reserve and the stock constrain). Wins are translated
//! to engine moves here, by replaying them.

pub(crate) mod board;
pub(crate) mod relaxed;
pub(crate) mod search;
#[cfg(test)]
mod tests;

use solitaire_core::{Card as EngineCard, Game, Move, PileKind, Position};

use crate::outcome::{Meter, Outcome};
use board::{Board, CELLS, Card, EMPTY, Step, WASTE};
use search::{Dfs, Reductions, Verdict};

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
    /// The search for `pos` of `game`; `None` unless `game` plays by the `sixes-and-sevens`
    /// rules with their default readings and the usual 8 x 8 square of piles.
    pub fn new(game: &Game, pos: &Position) -> Option<Exact> {
        let layout = game.layout();
        if layout.rules != "sixes-and-sevens"
            || !game.readings().iter().all(|r| r.is_default())
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
        let mut dfs = Dfs::new(self.board.clone(), Reductions::ALL);
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
