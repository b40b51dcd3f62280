//! The move sets a game lists and accepts, compared by the cross-game properties.

use std::collections::BTreeSet;

use solitaire_core::{Game, Move, Position, candidate_moves};

/// The moves `game` accepts in `pos` out of every candidate move, sorted.
pub fn accepted_moves(game: &Game, pos: &Position) -> BTreeSet<Move> {
    let mut candidates = Vec::new();
    candidate_moves(pos, &mut candidates);
    candidates
        .into_iter()
        .filter(|&mv| game.check(pos, mv).is_ok())
        .collect()
}

/// The moves `game` lists in `pos`, sorted; panics if it lists one twice.
pub fn listed_moves(game: &Game, pos: &Position) -> BTreeSet<Move> {
    let list = game.legal_moves(pos);
    let set: BTreeSet<Move> = list.iter().copied().collect();
    assert_eq!(
        set.len(),
        list.len(),
        "{}: a move is listed twice",
        game.id()
    );
    set
}
