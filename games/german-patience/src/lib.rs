//! German Patience, as Parlett describes it.
//!
//! # Rules
//! - Two packs: 104 cards. Eight cards are dealt face up, one to each of eight piles
//!   (`t1`..`t8`); each is the base of its pile. The other 96 cards form the stock.
//! - A pile is built up by one rank regardless of suit, a King followed by an Ace, until it
//!   holds thirteen cards. A pile that reaches thirteen cards is turned face down at once and
//!   is out of play: nothing is taken from it or put on it any more.
//! - Only single cards move. The top card of a pile may go onto the top card of another pile
//!   if it is one rank higher (`t3>t7`).
//! - Opening: before the player first turns a card from the stock, every pile emptied by moving
//!   its card away is refilled at once with the next stock card, so there are always eight
//!   piles. The opening ends with the first `deal`.
//! - `deal` turns the next stock card face up onto the single waste pile. The top card of the
//!   waste may be built on a pile (`waste>t2`).
//! - After the opening an emptied pile stays empty until the player fills it with the next
//!   stock card (`stock>t4`, which need not be turned first) or with the top card of the waste
//!   (`waste>t4`). Nothing else goes into an empty pile: a card from another pile does not.
//! - A stock card goes onto a pile only into an empty one; to build it, turn it to the waste
//!   first. There is no redeal.
//! - Won when all eight piles hold thirteen cards. Lost when no legal move is left (the stock
//!   is empty and nothing can be built).
//!
//! The position's phase is `opening` until the first `deal`, `play` afterwards.

use solitaire_core::{EmbeddedLayout, Layout, LayoutError, PileKind, Plugin, Rules};

mod rules;
#[cfg(test)]
mod tests;

/// The plugin that `rules: "german-patience"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "german-patience",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "assets/layouts/german-patience.ron",
    source: include_str!("../../../assets/layouts/german-patience.ron"),
}];

/// How many cards complete a pile.
pub(crate) const FULL: usize = 13;

/// What each pile of the layout is to German Patience.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    Stock,
    Waste,
    Pile,
}

/// German Patience's rules for one layout.
pub struct GermanPatience {
    roles: Vec<Role>,
    stock: usize,
    waste: usize,
    piles: Vec<usize>,
}

fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    let stock = layout.require_pile("stock")?;
    let waste = layout.require_pile("waste")?;
    let piles = layout.piles_of(PileKind::Tableau);
    if piles.is_empty() {
        return Err(layout.error("piles", "German Patience needs tableau piles"));
    }
    let mut roles = Vec::with_capacity(layout.piles.len());
    for spec in &layout.piles {
        roles.push(match spec.kind {
            PileKind::Stock => Role::Stock,
            PileKind::Waste => Role::Waste,
            PileKind::Tableau => Role::Pile,
            other => {
                return Err(layout.error(
                    &format!("\"{}\"", spec.id),
                    format!("German Patience has no {} piles", other.name()),
                ));
            }
        });
    }
    if layout.piles_of(PileKind::Stock).len() != 1 || layout.piles_of(PileKind::Waste).len() != 1 {
        return Err(layout.error("piles", "German Patience has one stock and one waste"));
    }
    Ok(Box::new(GermanPatience {
        roles,
        stock,
        waste,
        piles,
    }))
}
