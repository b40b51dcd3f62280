//! The move sets a game lists and accepts, compared by the cross-game properties.

use std::collections::BTreeSet;

use solitaire_core::{Game, Move, Position};

pub use solitaire_core::testkit::accepted_moves;

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
