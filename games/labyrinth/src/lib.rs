//! Labyrinth, as David Parlett describes it.
//!
//! # Rules
//! - One pack. The four Aces are taken out as the foundations (`f1`..`f4`: spades, hearts,
//!   diamonds, clubs) and built up in suit to the Kings.
//! - Eight cards are dealt face up in a row: the columns `t1`..`t8`.
//! - Opening phase: build from the row; every vacancy in the row is refilled at once from
//!   the stock. The player ends the opening phase by asking for a deal.
//! - `deal` places the next 8 stock cards (fewer at the end), one on each column from left to
//!   right, overlapping the previous row, so the rows form 8 columns. An empty column receives
//!   its card too. After the opening phase, vacancies are filled only by the next deal. When
//!   the player may deal is the reading `deal` (see below).
//! - Both ends of every column are available: the last dealt card (the pile's top, lowest on
//!   the table: `t3>f1`) and the first row's card (the pile's bottom, highest on the table:
//!   `t3^>f1`). Removing one releases the next card at that end. A column of one card is
//!   played as its top card (`t3>f1`).
//! - Cards go only to the foundations: there is no packing on the columns. No redeal.
//! - Won when all 52 cards are on the foundations; lost when no move is left.
//!
//! # Readings
//! Where the text allows two readings, the layout or a course chooses (the first is the
//! default):
//! - `deal` ("Keep building and filling until you can go no further. Then deal"): `any-time`,
//!   deal whenever stock remains; or `when-stuck`, deal only when no card at either end of a
//!   column can be built. Filling never waits on the player (in the opening phase a vacancy
//!   is refilled as it opens; afterwards only a deal fills), so "no build" is "no further".
//!   A deal refused for that reason is a `stock` refusal.

use solitaire_core::{
    Choice, EmbeddedLayout, Layout, LayoutError, PileKind, Plugin, Reading, Rules, Timing,
};

mod rules;
#[cfg(test)]
mod tests;

/// Everything this crate registers: its rules and layouts (listed once in the registry).
pub const GAME: solitaire_core::Registration = solitaire_core::Registration {
    plugin: PLUGIN,
    layouts: LAYOUTS,
};

/// The plugin that `rules: "labyrinth"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "labyrinth",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "games/labyrinth/layouts/labyrinth.ron",
    source: include_str!("../layouts/labyrinth.ron"),
}];

/// When the player may deal.
pub const DEAL: Reading = Reading {
    name: "deal",
    sentence: "Keep building and filling until you can go no further. Then deal another row of eight overlapping the first",
    choices: &[
        Timing::ANY_TIME,
        Choice {
            value: "when-stuck",
            meaning: "deal only when no card at either end of a column can be built",
        },
    ],
};

/// Labyrinth's rules for one layout.
pub struct Labyrinth {
    /// Each pile's kind, in layout order: only the kinds the game plays.
    kinds: Vec<PileKind>,
    stock: usize,
    foundations: Vec<usize>,
    columns: Vec<usize>,
    deal: Timing,
}

fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    let stock = layout.require_pile_of("stock", PileKind::Stock)?;
    let foundations = layout.piles_of(PileKind::Foundation);
    let columns = layout.piles_of(PileKind::Tableau);
    if columns.is_empty() || foundations.is_empty() {
        return Err(layout.error("piles", "Labyrinth needs columns and foundations"));
    }
    let kinds = layout.pile_kinds(
        "Labyrinth",
        &[PileKind::Stock, PileKind::Foundation, PileKind::Tableau],
    )?;
    Ok(Box::new(Labyrinth {
        kinds,
        stock,
        foundations,
        columns,
        deal: layout.reading(&DEAL)?,
    }))
}
