//! Bristol, as David Parlett gives it.
//!
//! # Rules
//! - One pack. Eight fans of three cards each are dealt face up (round by round, one card to
//!   each fan in turn). In each fan any Kings are moved to the bottom (the buried end), the
//!   other cards keeping their order; Kings keep their order among themselves.
//! - Four foundations are founded with Aces as they become available and built up regardless
//!   of suit to the King. An Ace may go to any empty foundation; founding is the player's
//!   move, never automatic.
//! - The remaining 28 cards are the stock. `deal` puts the next three stock cards face up one
//!   on each of the three waste piles, left to right; the last deal has one card. The waste
//!   piles start empty. There is no redeal.
//! - Available: the top card of each fan and of each waste pile, for building on the
//!   foundations or for packing on a fan.
//! - Packing is down by one rank regardless of suit, one card at a time, onto the top card of
//!   a fan only: never onto a waste pile. Nothing is packed on an Ace; a King packs nowhere.
//! - An emptied fan is never refilled: no card may be moved into it.
//! - Cards never leave the foundations and go back to the stock.
//! - Won when all 52 cards are on the foundations. Lost when no legal move is left (no deal,
//!   no build, no packing).
//!
//! # Conventions
//! The text says to "found the Aces as and when they become available" but neither which
//! foundation an Ace goes to nor whether founding happens by itself. Bristol reads it as: the
//! player founds an exposed Ace by moving it (`t3>f2`) to any empty foundation, and nothing is
//! ever moved automatically. This is a convention, not a reading to choose: the foundations
//! are built regardless of suit, so they are all alike, and founding an Ace never closes a
//! door (nothing packs on an Ace, and moving it only exposes the card under it), so moving it
//! at once or later makes no difference to what can be won.

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

/// The plugin that `rules: "bristol"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "bristol",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "games/bristol/layouts/bristol.ron",
    source: include_str!("../layouts/bristol.ron"),
}];

/// Bristol's rules for one layout.
pub struct Bristol {
    /// Each pile's kind, in layout order: only the kinds the game plays.
    kinds: Vec<PileKind>,
    stock: usize,
    wastes: Vec<usize>,
    foundations: Vec<usize>,
    fans: Vec<usize>,
}

fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    // No options: the layout's `params`, if any, must be empty.
    let () = layout.params()?;
    let stock = layout.require_pile_of("stock", PileKind::Stock)?;
    let kinds = layout.pile_kinds(
        "Bristol",
        &[
            PileKind::Stock,
            PileKind::Waste,
            PileKind::Foundation,
            PileKind::Tableau,
        ],
    )?;
    let wastes = layout.piles_of(PileKind::Waste);
    let foundations = layout.piles_of(PileKind::Foundation);
    let fans = layout.piles_of(PileKind::Tableau);
    if wastes.is_empty() || foundations.is_empty() || fans.is_empty() {
        return Err(layout.error("piles", "Bristol needs waste piles, foundations and fans"));
    }
    if layout.piles_of(PileKind::Stock).len() != 1 {
        return Err(layout.error("piles", "Bristol needs exactly one stock"));
    }
    Ok(Box::new(Bristol {
        kinds,
        stock,
        wastes,
        foundations,
        fans,
    }))
}
