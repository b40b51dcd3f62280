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
//! - `deal` turns the next stock card face up. Where it goes, and from where it is played, is
//!   the reading `stock` (below); by default it goes onto the single waste pile, whose top
//!   card may be built on a pile (`waste>t2`).
//! - After the opening an emptied pile stays empty until the player fills it with the next
//!   stock card (`stock>t4`, which need not be turned first) or with the top card of the waste
//!   (`waste>t4`). Nothing else goes into an empty pile: a card from another pile does not.
//! - A stock card not yet turned goes onto a pile only into an empty one; to build it, turn
//!   it first. There is no redeal.
//! - Won when all eight piles hold thirteen cards. Lost when no legal move is left (the stock
//!   is empty and nothing can be built).
//!
//! The position's phase is `opening` until the first `deal`, `play` afterwards.
//!
//! # Readings
//! - `stock` ([`STOCK`]): "When you can or will proceed no further, turn cards from stock and
//!   build them if possible or discard them face up to a single wastepile if not." Is the
//!   turned card built from the stock, or discarded first and built from the waste?
//!   - `via-waste` (default): `deal` puts the turned card on top of the waste at once; it is
//!     built from there (`waste>t3`) or fills an empty pile (`waste>t4`), and otherwise stays
//!     on the waste, covering the card under it.
//!   - `direct`: `deal` turns the top card of the stock face up where it lies: the stock's top
//!     card, face up, is the turned card. It may be built straight from the stock on a pile
//!     where it fits (`stock>t3`), fill an empty pile (`stock>t4`) or be discarded face up to
//!     the waste (`stock>waste`); other moves may be made meanwhile, with the waste's top card
//!     still uncovered, but the next card is turned only once this one has gone.

use solitaire_core::{
    Choice, EmbeddedLayout, Layout, LayoutError, PileKind, Plugin, Reading, Rules,
};

mod rules;
pub mod search;
#[cfg(test)]
mod tests;

pub use search::SEARCH;

/// Deals the solver proved winnable (`winnable/german-patience.ron`): the app's "winnable deal".
pub const WINNABLE: &[solitaire_search::WinnableTable] = &[solitaire_search::WinnableTable {
    game: "german-patience",
    source: include_str!("../winnable/german-patience.ron"),
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

/// The plugin that `rules: "german-patience"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "german-patience",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "games/german-patience/layouts/german-patience.ron",
    source: include_str!("../layouts/german-patience.ron"),
}];

/// How many cards complete a pile.
pub(crate) const FULL: usize = 13;

/// The reading of "turn cards from stock and build them if possible or discard them face up to
/// a single wastepile if not".
pub const STOCK: Reading = Reading {
    name: "stock",
    sentence: "When you can or will proceed no further, turn cards from stock and build them if \
               possible or discard them face up to a single wastepile if not.",
    choices: &[
        Choice {
            value: "via-waste",
            meaning: "a turned card goes to the waste at once and is played from there \
                      (waste>t3)",
        },
        Choice {
            value: "direct",
            meaning: "a turned card stays face up on the stock until it is built or fills an \
                      empty pile from there (stock>t3) or is discarded to the waste \
                      (stock>waste); the next card is turned only after that",
        },
    ],
};

/// German Patience's readings.
const READINGS: &[Reading] = &[STOCK];

/// Where a card turned from the stock is played from ([`STOCK`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Turned {
    ViaWaste,
    Direct,
}

/// German Patience's rules for one layout.
pub struct GermanPatience {
    /// Each pile's kind, in layout order: only the kinds the game plays.
    kinds: Vec<PileKind>,
    stock: usize,
    waste: usize,
    piles: Vec<usize>,
    turned: Turned,
}

fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    let stock = layout.require_pile_of("stock", PileKind::Stock)?;
    let waste = layout.require_pile_of("waste", PileKind::Waste)?;
    let piles = layout.piles_of(PileKind::Tableau);
    if piles.is_empty() {
        return Err(layout.error("piles", "German Patience needs tableau piles"));
    }
    let kinds = layout.pile_kinds(
        "German Patience",
        &[PileKind::Stock, PileKind::Waste, PileKind::Tableau],
    )?;
    if layout.piles_of(PileKind::Stock).len() != 1 || layout.piles_of(PileKind::Waste).len() != 1 {
        return Err(layout.error("piles", "German Patience has one stock and one waste"));
    }
    Ok(Box::new(GermanPatience {
        kinds,
        stock,
        waste,
        piles,
        turned: layout.reading_of(&STOCK, &[Turned::ViaWaste, Turned::Direct])?,
    }))
}
