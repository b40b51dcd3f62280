//! Interregnum, as Parlett describes it.
//!
//! # Rules
//! - Two packs: 104 cards. A row of eight indicators (`i1`..`i8`) is dealt face up; below it
//!   are eight foundations (`f1`..`f8`), empty at first; below those eight waste piles
//!   (`w1`..`w8`) get one face-up card each. The other 88 cards form the stock.
//! - Foundation `fN` is founded with any card one rank higher than indicator `iN` (a King is
//!   followed by an Ace), whatever its suit, and is built up by one rank regardless of suit,
//!   a King followed by an Ace, until it holds twelve cards.
//! - Then indicator `iN` is moved onto it at once, as part of the same move, as the thirteenth
//!   card: the foundation is crowned and complete. No other card of the indicator's rank may
//!   be the thirteenth, and nothing goes on a crowned foundation.
//! - Indicators are not otherwise playable, and cards never leave a foundation.
//! - The top card of each waste pile is available for the foundations (`w3>f5`). Nothing is
//!   packed on the waste piles.
//! - `deal` deals the next eight stock cards face up, one on each waste pile from left to
//!   right, empty or not (the last deal, if the stock runs short, as far as it goes). There
//!   is no redeal.
//! - Won when all eight foundations are crowned. Lost when no legal move is left.

use solitaire_core::{EmbeddedLayout, Layout, LayoutError, PileKind, Plugin, Rules};

mod rules;
#[cfg(test)]
mod tests;

/// The plugin that `rules: "interregnum"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "interregnum",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "assets/layouts/interregnum.ron",
    source: include_str!("../../../assets/layouts/interregnum.ron"),
}];

/// Cards built on a foundation before its indicator crowns it.
pub(crate) const BUILT: usize = 12;

/// What each pile of the layout is to Interregnum. Indicators and foundations carry the
/// number of their column.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    Stock,
    Indicator,
    Foundation(usize),
    Waste,
}

/// Interregnum's rules for one layout.
pub struct Interregnum {
    roles: Vec<Role>,
    stock: usize,
    indicators: Vec<usize>,
    foundations: Vec<usize>,
    wastes: Vec<usize>,
}

fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    let stock = layout.require_pile("stock")?;
    let indicators = layout.piles_of(PileKind::Indicator);
    let foundations = layout.piles_of(PileKind::Foundation);
    let wastes = layout.piles_of(PileKind::Waste);
    if indicators.is_empty() || indicators.len() != foundations.len() {
        return Err(layout.error(
            "piles",
            "Interregnum needs one foundation under each indicator",
        ));
    }
    if wastes.is_empty() || layout.piles_of(PileKind::Stock).len() != 1 {
        return Err(layout.error("piles", "Interregnum needs one stock and waste piles"));
    }
    let mut roles = Vec::with_capacity(layout.piles.len());
    for (i, spec) in layout.piles.iter().enumerate() {
        roles.push(match spec.kind {
            PileKind::Stock => Role::Stock,
            PileKind::Indicator => Role::Indicator,
            PileKind::Waste => Role::Waste,
            PileKind::Foundation => {
                Role::Foundation(foundations.iter().position(|&f| f == i).unwrap_or(0))
            }
            other => {
                return Err(layout.error(
                    &format!("\"{}\"", spec.id),
                    format!("Interregnum has no {} piles", other.name()),
                ));
            }
        });
    }
    Ok(Box::new(Interregnum {
        roles,
        stock,
        indicators,
        foundations,
        wastes,
    }))
}
