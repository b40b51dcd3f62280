//! Strategy, as Parlett describes it.
//!
//! # Rules
//! - One pack: 52 cards, all in the stock at the start. Four foundations (`f1`..`f4`) and
//!   eight piles (`p1`..`p8`) are empty.
//! - `deal` turns the next stock card face up into the hand. An Ace goes on at once, as part
//!   of the same move, to the next free foundation (the leftmost empty one): Aces are founded
//!   as they appear.
//! - Any other turned card must be placed face up on one of the eight piles, whichever the
//!   player chooses, empty or not (`hand>p3`), before the next card is turned.
//! - No card but an Ace is built until the stock is empty and the last turned card has been
//!   placed. Then the top card of any pile may be built on a foundation, up in suit from
//!   Ace to King (`p3>f1`).
//! - Only the top card of a pile moves, and only to a foundation: there is no packing from
//!   pile to pile. Cards never leave the foundations. There is no redeal.
//! - Won when all 52 cards are on the foundations. Lost when no legal move is left.

use solitaire_core::{EmbeddedLayout, Layout, LayoutError, PileKind, Plugin, Rules};

mod rules;
#[cfg(test)]
mod tests;

/// The plugin that `rules: "strategy"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "strategy",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "assets/layouts/strategy.ron",
    source: include_str!("../../../assets/layouts/strategy.ron"),
}];

/// What each pile of the layout is to Strategy.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    Stock,
    Hand,
    Foundation,
    Pile,
}

/// Strategy's rules for one layout.
pub struct Strategy {
    roles: Vec<Role>,
    stock: usize,
    hand: usize,
    foundations: Vec<usize>,
    piles: Vec<usize>,
    /// Cards in a complete foundation: the deck's ranks (13).
    full: usize,
}

fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    let stock = layout.require_pile("stock")?;
    let hand = layout.require_pile("hand")?;
    let foundations = layout.piles_of(PileKind::Foundation);
    let piles = layout.piles_of(PileKind::Waste);
    if foundations.is_empty() || piles.is_empty() {
        return Err(layout.error("piles", "Strategy needs foundations and waste piles"));
    }
    if layout.piles_of(PileKind::Stock).len() != 1 || layout.piles_of(PileKind::Hand).len() != 1 {
        return Err(layout.error("piles", "Strategy has one stock and one hand"));
    }
    let mut roles = Vec::with_capacity(layout.piles.len());
    for spec in &layout.piles {
        roles.push(match spec.kind {
            PileKind::Stock => Role::Stock,
            PileKind::Hand => Role::Hand,
            PileKind::Foundation => Role::Foundation,
            PileKind::Waste => Role::Pile,
            other => {
                return Err(layout.error(
                    &format!("\"{}\"", spec.id),
                    format!("Strategy has no {} piles", other.name()),
                ));
            }
        });
    }
    Ok(Box::new(Strategy {
        roles,
        stock,
        hand,
        foundations,
        piles,
        full: usize::from(layout.deck.ranks),
    }))
}
