//! Strategy, as Parlett describes it.
//!
//! # Rules
//! - One pack: 52 cards, all in the stock at the start. Four foundations (`f1`..`f4`) and
//!   eight piles (`p1`..`p8`) are empty.
//! - `deal` turns the next stock card face up into the hand. Aces are founded as they appear:
//!   how is the reading `aces` (see below).
//! - Any other turned card must be placed face up on one of the eight piles, whichever the
//!   player chooses, empty or not (`hand>p3`), before the next card is turned.
//! - No card but an Ace is built until the stock is empty and the last turned card has been
//!   placed. Then the top card of any pile may be built on a foundation, up in suit from
//!   Ace to King (`p3>f1`).
//! - Only the top card of a pile moves, and only to a foundation: there is no packing from
//!   pile to pile. Cards never leave the foundations. There is no redeal.
//! - Won when all 52 cards are on the foundations. Lost when no legal move is left.
//!
//! # Readings
//! Where the text allows two readings, the layout or a course chooses (the first is the
//! default):
//! - `aces` ("Aces may be founded when they appear"): `automatic`, a turned Ace goes on at
//!   once, as part of the turn, to the next free foundation (the leftmost empty one); or
//!   `by-hand`, the player moves it from the hand to any empty foundation (`hand>f3`). The
//!   text says "may": a player who places the Ace on a pile instead (`hand>p3`, as any other
//!   card) founds it later like any other card, once the whole stock is placed. Either way
//!   the next card is turned only once the hand is empty.

use solitaire_core::{
    Choice, EmbeddedLayout, Layout, LayoutError, PileKind, Plugin, Reading, Rules,
};

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

/// The plugin that `rules: "strategy"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "strategy",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "games/strategy/layouts/strategy.ron",
    source: include_str!("../layouts/strategy.ron"),
}];

/// How a turned Ace is founded.
pub const ACES: Reading = Reading {
    name: "aces",
    sentence: "Aces may be founded when they appear, but no other cards are to be built until the piles have been completed",
    choices: &[
        Choice {
            value: "automatic",
            meaning: "a turned Ace goes to the leftmost empty foundation as part of the turn",
        },
        Choice {
            value: "by-hand",
            meaning: "the player moves a turned Ace to any empty foundation, or places it on a pile to be built once the stock is placed",
        },
    ],
};

/// How a turned Ace is founded (the reading [`ACES`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Aces {
    Automatic,
    ByHand,
}

/// Strategy's rules for one layout.
pub struct Strategy {
    /// Each pile's kind, in layout order: only the kinds the game plays.
    kinds: Vec<PileKind>,
    stock: usize,
    hand: usize,
    foundations: Vec<usize>,
    piles: Vec<usize>,
    /// Cards in a complete foundation: the deck's ranks (13).
    full: usize,
    aces: Aces,
}

fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    let stock = layout.require_pile_of("stock", PileKind::Stock)?;
    let hand = layout.require_pile_of("hand", PileKind::Hand)?;
    let foundations = layout.piles_of(PileKind::Foundation);
    let piles = layout.piles_of(PileKind::Waste);
    if foundations.is_empty() || piles.is_empty() {
        return Err(layout.error("piles", "Strategy needs foundations and waste piles"));
    }
    if layout.piles_of(PileKind::Stock).len() != 1 || layout.piles_of(PileKind::Hand).len() != 1 {
        return Err(layout.error("piles", "Strategy has one stock and one hand"));
    }
    let kinds = layout.pile_kinds(
        "Strategy",
        &[
            PileKind::Stock,
            PileKind::Hand,
            PileKind::Foundation,
            PileKind::Waste,
        ],
    )?;
    Ok(Box::new(Strategy {
        kinds,
        stock,
        hand,
        foundations,
        piles,
        full: usize::from(layout.deck.ranks),
        aces: layout.reading_of(&ACES, &[Aces::Automatic, Aces::ByHand])?,
    }))
}
