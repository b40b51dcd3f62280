//! Penguin, as David Parlett gives it.
//!
//! # Rules
//! - One pack. Seven columns (`t1`..`t7`) are dealt in seven overlapping rows of seven cards,
//!   face up, row by row from left to right. The first card dealt is the penguin (the "beak"):
//!   it lies at the buried end of the first column. While dealing, the other three cards of
//!   the penguin's rank are taken out as foundation bases (`f1`, `f2`, `f3` in the order they
//!   appear) and the next card takes their place, so every column gets seven cards.
//! - The foundations build up in suit, turning from King to Ace as necessary, until each holds
//!   thirteen cards. The fourth foundation (`f4`, or any empty one) takes only the penguin's
//!   rank: the penguin is freed as the fourth base.
//! - The top (exposed) card of each column is available. The tableau packs down in suit,
//!   turning from Ace to King as necessary. Any tail of a column that is a proper sequence
//!   (in suit, each card one rank below the one it lies on, wrapping) moves as a unit, if its
//!   head joins the destination legally.
//! - A space made by clearing a column may be filled only with a card one rank below the
//!   bases (a Four when the bases are Fives; a King when they are Aces), alone or heading a
//!   sequence.
//! - The flipper: seven cells (`c1`..`c7`), each holding one card. Any exposed card may go into
//!   an empty cell. Flipper cards may be built on the foundations, packed back on the tableau
//!   or fill a space under the rule above; they never move from one cell to another.
//! - Cards never leave the foundations; only single cards are built. There is no stock.
//! - Won when all 52 cards are on the foundations; lost when no legal move is left.
//!
//! # Conventions
//! The text leaves two things to the program, and Penguin settles them without an option:
//! - Where the three bases go as they are dealt: to `f1`, `f2` and `f3`, in the order they
//!   turn up (whatever their suits), so `f4` is left for the penguin. The foundations play
//!   alike, so this only names them.
//! - "A properly packed sequence headed by an exposed card may be shifted as a whole": "as a
//!   whole" is read as "in one move", and any proper sequence at the top of a column may move,
//!   not only the longest one. Since a sequence holds each rank at most once, at most one of
//!   them joins a given destination.

use solitaire_core::{EmbeddedLayout, Layout, LayoutError, PileKind, Plugin, Rules};

mod rules;
pub mod search;
#[cfg(test)]
mod tests;

pub use search::SEARCH;

/// Everything this crate registers: its rules, layouts, search (listed once in the registry).
pub const GAME: solitaire_search::Registered = solitaire_search::Registered {
    rules: solitaire_core::Registration {
        plugin: PLUGIN,
        layouts: LAYOUTS,
    },
    search: Some(SEARCH),
    winnable: &[],
};

/// The plugin that `rules: "penguin"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "penguin",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "games/penguin/layouts/penguin.ron",
    source: include_str!("../layouts/penguin.ron"),
}];

/// Penguin's rules for one layout.
pub struct Penguin {
    /// Each pile's kind, in layout order: only the kinds the game plays.
    kinds: Vec<PileKind>,
    foundations: Vec<usize>,
    columns: Vec<usize>,
    cells: Vec<usize>,
}

fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    let foundations = layout.piles_of(PileKind::Foundation);
    let columns = layout.piles_of(PileKind::Tableau);
    let cells = layout.piles_of(PileKind::Cell);
    if foundations.len() != 4 {
        return Err(layout.error("piles", "Penguin needs four foundations"));
    }
    if columns.is_empty() {
        return Err(layout.error("piles", "Penguin needs tableau columns"));
    }
    let kinds = layout.pile_kinds(
        "Penguin",
        &[PileKind::Foundation, PileKind::Tableau, PileKind::Cell],
    )?;
    Ok(Box::new(Penguin {
        kinds,
        foundations,
        columns,
        cells,
    }))
}
