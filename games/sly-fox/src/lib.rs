//! Sly Fox, as David Parlett gives it.
//!
//! # Rules
//! - Two packs. One Ace and one King of each suit are taken out to start eight foundations:
//!   the Aces (`f1..f4`, the left column) are built up in suit to the King, the Kings
//!   (`f5..f8`, the right column) down in suit to the Ace. Cards never move from one
//!   foundation to another, nor leave them.
//! - Twenty reserve piles (`r1..r20`, four rows of five) are dealt one card each, face up.
//!   Only the top card of each is available, and only for building: cards never move from one
//!   reserve pile to another. The other 76 cards are the stock.
//! - Opening phase: build from the reserve; every space is refilled at once from the stock.
//! - The player ends the opening phase by asking for a deal (`deal`). A deal places the next
//!   20 stock cards (fewer for the last deal) one on each reserve pile, the player choosing
//!   which card goes where: the dealt cards come face up into the hand, and the player puts
//!   the hand's top card on any reserve pile that has not yet had a card in this deal
//!   (`hand>r7`). How many cards the hand shows at a time is the reading `deal` (below): by
//!   default one, the next stock card coming to the hand as soon as the last is placed. Every
//!   pile, empty or not, gets exactly one card per deal. The deal ends when every pile has
//!   had its card or the cards run out; while it is in progress nothing may be built and no
//!   other deal started.
//! - After the opening phase a space stays empty until the next deal fills it.
//! - There is no redeal. A deal from an empty stock is refused.
//! - Won when all 104 cards are on the foundations. Lost when no legal move is left (nothing
//!   to build and the stock is empty).
//!
//! The position's variables hold the phase (`opening`, `dealing`, then `play`) and, during a
//! deal, the set of reserve piles that have had their card (`marks`).
//!
//! # Readings
//! - `deal` ([`DEAL`]): "When stuck, deal twenty more cards, one on each place in the reserve
//!   in any order you please." Does the player see the twenty cards before placing them?
//!   - `one-at-a-time` (default): `deal` turns one card into the hand; once it is placed the
//!     next stock card comes to the hand, so each card is placed before the next is seen.
//!   - `all-twenty`: `deal` turns all twenty cards (or what is left of the stock) face up into
//!     the hand at once, the next stock card on top, and the player places them from the top
//!     down, each on any pile not yet served, knowing every card of the deal. Since any card
//!     may go on any pile still waiting, every way of sharing the twenty cards among the twenty
//!     piles can be made: that is the "any order you please".
//!
//!   The moves are the same under both (`deal`, then `hand>rN` until the deal is done); what
//!   differs is what the hand holds, and so what the player knows, while placing.

use solitaire_core::{
    Choice, EmbeddedLayout, Layout, LayoutError, PileKind, Plugin, Rank, Reading, Rules,
};

mod rules;
pub mod search;
#[cfg(test)]
mod tests;

pub use search::SEARCH;

/// Deals the solver proved winnable (`winnable/sly-fox.ron`): the app's "winnable deal".
pub const WINNABLE: &[solitaire_search::WinnableTable] = &[solitaire_search::WinnableTable {
    game: "sly-fox",
    source: include_str!("../winnable/sly-fox.ron"),
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

/// The plugin that `rules: "sly-fox"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "sly-fox",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "games/sly-fox/layouts/sly-fox.ron",
    source: include_str!("../layouts/sly-fox.ron"),
}];

/// The reading of "deal twenty more cards, one on each place in the reserve in any order you
/// please".
pub const DEAL: Reading = Reading {
    name: "deal",
    sentence: "When stuck, deal twenty more cards, one on each place in the reserve in any order \
               you please.",
    choices: &[
        Choice {
            value: "one-at-a-time",
            meaning: "the twenty cards come to the hand one at a time, each placed before the \
                      next is shown",
        },
        Choice {
            value: "all-twenty",
            meaning: "all twenty cards come to the hand face up at once and are placed, each \
                      on any pile not yet served, knowing them all",
        },
    ],
};

/// Sly Fox's readings.
const READINGS: &[Reading] = &[DEAL];

/// How many of a deal's cards the hand shows at a time ([`DEAL`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dealing {
    OneAtATime,
    AllTwenty,
}

/// What each pile of the layout is to Sly Fox.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    Stock,
    Hand,
    /// Founded with an Ace, built up in suit.
    Up,
    /// Founded with a King, built down in suit.
    Down,
    Reserve,
}

/// Sly Fox's rules for one layout.
pub struct SlyFox {
    roles: Vec<Role>,
    stock: usize,
    hand: usize,
    foundations: Vec<usize>,
    reserves: Vec<usize>,
    dealing: Dealing,
}

fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    // No options: the layout's `params`, if any, must be empty.
    let () = layout.params()?;
    let stock = layout.require_pile_of("stock", PileKind::Stock)?;
    let hand = layout.require_pile_of("hand", PileKind::Hand)?;
    // A foundation builds up or down according to the base the deal puts on it.
    let dealt = layout.run_deal(layout.deck.cards())?;
    let mut roles = Vec::with_capacity(layout.piles.len());
    for (i, spec) in layout.piles.iter().enumerate() {
        roles.push(match spec.kind {
            PileKind::Stock => Role::Stock,
            PileKind::Hand => Role::Hand,
            PileKind::Reserve => Role::Reserve,
            PileKind::Foundation => match dealt.pile(i).bottom().map(|c| c.rank) {
                Some(Rank::Ace) => Role::Up,
                Some(Rank::King) => Role::Down,
                _ => {
                    return Err(layout.error(
                        &format!("\"{}\"", spec.id),
                        "each Sly Fox foundation is dealt an Ace or a King as its base",
                    ));
                }
            },
            other => {
                return Err(layout.error(
                    &format!("\"{}\"", spec.id),
                    format!("Sly Fox has no {} piles", other.name()),
                ));
            }
        });
    }
    let reserves = layout.piles_of(PileKind::Reserve);
    if reserves.is_empty() || reserves.iter().any(|&r| r >= 64) {
        return Err(layout.error(
            "piles",
            "Sly Fox needs reserve piles among the first 64 piles",
        ));
    }
    if layout.piles_of(PileKind::Stock).len() != 1 || layout.piles_of(PileKind::Hand).len() != 1 {
        return Err(layout.error("piles", "Sly Fox needs exactly one stock and one hand"));
    }
    Ok(Box::new(SlyFox {
        roles,
        stock,
        hand,
        foundations: layout.piles_of(PileKind::Foundation),
        reserves,
        dealing: layout.reading_of(&DEAL, &[Dealing::OneAtATime, Dealing::AllTwenty])?,
    }))
}
