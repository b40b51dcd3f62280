//! The move sets a game lists and accepts, compared by the cross-game properties.

use std::collections::BTreeSet;

use solitaire_core::{Game, Move, Position};

pub use solitaire_core::testkit::accepted_moves;
use solitaire_core::testkit::notation;

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

/// Panics, naming `context` and showing the position, unless the moves `game` lists in `pos`
/// are exactly the ones it accepts.
pub fn assert_listed_are_accepted(game: &Game, pos: &Position, context: &str) {
    let listed = listed_moves(game, pos);
    let accepted = accepted_moves(game, pos);
    if listed != accepted {
        panic!(
            "{} {context}: listed [{}] but accepted [{}]\n{}",
            game.id(),
            notation(game, &listed),
            notation(game, &accepted),
            game.position_text(pos)
        );
    }
}
