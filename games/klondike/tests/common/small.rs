//! Small Klondike layouts for the tests that search deals exhaustively (the crate's own,
//! `game_klondike::search::small::layout`).

use solitaire_core::Layout;

/// Klondike with `ranks` ranks of `suits`, `columns` columns, `readings` and `search` (see
/// `game_klondike::search::small::layout`).
pub fn small(suits: &str, ranks: u8, columns: usize, readings: &str, search: &str) -> Layout {
    game_klondike::search::small::layout(suits, ranks, columns, readings, search)
        .expect("the small layout parses")
}
