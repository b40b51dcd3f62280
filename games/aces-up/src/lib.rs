//! Aces Up, the title game of David Parlett's *Solitaire: Aces Up and 399 Other Card Games*.
//!
//! # Rules
//! - One pack. Four cards are dealt face up in a row, one to each column (`t1`..`t4`); the
//!   other 48 are the stock.
//! - A column's top card may be discarded (`t2>discard`) when it is lower than the top card of
//!   another column in the same suit. Ace is high. Only top cards count: a higher card buried
//!   in a column does not.
//! - A space (an empty column) may be filled with the top card of any other column
//!   (`t1>t3`). Nothing else moves from column to column, and only one card at a time.
//! - `deal` puts the next four stock cards face up, one on each column from `t1` to `t4`,
//!   spaces included. Parlett deals "when stuck"; here a deal is never refused while the stock
//!   lasts, as in PySolFC and Aisleriot: waiting is the player's choice. There is no redeal.
//! - Discards never come back; cards never go back to the stock.
//! - Won when the 48 cards other than the Aces are discarded (only the four Aces are left).
//!   Lost when no legal move is left: the stock is empty, no top card can be discarded and no
//!   card can fill a space.

use solitaire_core::{EmbeddedLayout, Layout, LayoutError, PileKind, Plugin, Rules};

mod rules;
pub mod search;
#[cfg(test)]
mod tests;

pub use search::SEARCH;

/// Deals the solver proved winnable (`winnable/aces-up.ron`): the app's "winnable deal".
pub const WINNABLE: &[solitaire_search::WinnableTable] = &[solitaire_search::WinnableTable {
    game: "aces-up",
    source: include_str!("../winnable/aces-up.ron"),
}];

/// Everything this crate registers: its rules, layouts, search and winnable deals (listed once in the registry).
pub const GAME: solitaire_search::Registered = solitaire_search::Registered {
    rules: solitaire_core::Registration {
        plugin: PLUGIN,
        layouts: LAYOUTS,
    },
    search: Some(SEARCH),
    winnable: WINNABLE,
};

/// The plugin that `rules: "aces-up"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "aces-up",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "games/aces-up/layouts/aces-up.ron",
    source: include_str!("../layouts/aces-up.ron"),
}];

/// Aces Up's rules for one layout.
pub struct AcesUp {
    /// Each pile's kind, in layout order: only the kinds the game plays.
    kinds: Vec<PileKind>,
    /// The columns, dealt to in this order.
    columns: Vec<usize>,
    stock: usize,
    discard: usize,
}

/// Read the layout: one stock, one discard pile (a foundation) and the columns (tableau).
fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    let kinds = layout.pile_kinds(
        "Aces Up",
        &[PileKind::Tableau, PileKind::Foundation, PileKind::Stock],
    )?;
    let (stocks, discards) = (
        layout.piles_of(PileKind::Stock),
        layout.piles_of(PileKind::Foundation),
    );
    let ([stock], [discard]) = (stocks.as_slice(), discards.as_slice()) else {
        return Err(layout.error("piles", "Aces Up has one stock and one discard pile"));
    };
    Ok(Box::new(AcesUp {
        kinds,
        columns: layout.piles_of(PileKind::Tableau),
        stock: *stock,
        discard: *discard,
    }))
}
