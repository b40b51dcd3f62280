//! Perft: the number of move sequences of a given depth, to pin move generation in tests.

use crate::game::Game;
use crate::position::Position;
use crate::tx::{Tx, undo};

/// The number of distinct legal move sequences of exactly `depth` moves from `pos` (a line
/// that ends early, with no legal move, is not counted). `depth` 0 counts 1.
pub fn perft(game: &Game, pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut log = Vec::new();
    let mut total = 0;
    for mv in moves {
        log.clear();
        game.rules().apply(&mut Tx::new(pos, &mut log), mv);
        total += perft(game, pos, depth - 1);
        undo(pos, &log);
    }
    total
}
