//! Interregnum, as Parlett describes it.
//!
//! # Rules
//! - Two packs: 104 cards. A row of eight indicators (`i1`..`i8`) is dealt face up; below it
//!   are eight foundations (`f1`..`f8`), empty at first; below those eight waste piles
//!   (`w1`..`w8`) get one face-up card each. The other 88 cards form the stock.
//! - Foundation `fN` is founded with any card one rank higher than indicator `iN` (a King is
//!   followed by an Ace), whatever its suit, and is built up by one rank regardless of suit,
//!   a King followed by an Ace, until it holds twelve cards.
//! - Then indicator `iN` crowns it as the thirteenth card, and the foundation is complete. No
//!   other card of the indicator's rank may be the thirteenth, and nothing goes on a crowned
//!   foundation. Who crowns is the reading `crown` (see below).
//! - Indicators are not otherwise playable, and cards never leave a foundation.
//! - The top card of each waste pile is available for the foundations (`w3>f5`). Nothing is
//!   packed on the waste piles.
//! - `deal` deals the next eight stock cards face up, one on each waste pile from left to
//!   right, empty or not (the last deal, if the stock runs short, as far as it goes). When the
//!   player may deal is the reading `deal` (see below). There is no redeal.
//! - Won when all eight foundations are crowned. Lost when no legal move is left.
//!
//! # Readings
//! Where the text allows two readings, the layout or a course chooses (the first is the
//! default):
//! - `deal` ("When all such moves have been made, deal the next eight"): `any-time`, deal
//!   whenever stock remains; or `when-stuck`, deal only when no card can be founded, built or
//!   (under `crown: by-hand`) crowned. A deal refused for that reason is a `stock` refusal.
//! - `crown` ("the indicator itself will subsequently be used to crown the suite"):
//!   `automatic`, the indicator goes onto its foundation as part of the move that builds the
//!   twelfth card; or `by-hand`, the player moves it there (`i3>f3`) once the foundation holds
//!   twelve cards, and until then the foundation takes nothing else. Won, either way, only
//!   when all eight are crowned: a foundation of twelve waiting for its indicator is not done.

use solitaire_core::{
    Choice, EmbeddedLayout, Layout, LayoutError, PileKind, Plugin, Reading, Rules, Timing,
};

mod rules;
pub mod search;
#[cfg(test)]
mod tests;

pub use search::SEARCH;

/// Deals the solver proved winnable (`winnable/interregnum.ron`): the app's "winnable deal".
pub const WINNABLE: &[solitaire_search::WinnableTable] = &[solitaire_search::WinnableTable {
    game: "interregnum",
    source: include_str!("../winnable/interregnum.ron"),
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

/// The plugin that `rules: "interregnum"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "interregnum",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "games/interregnum/layouts/interregnum.ron",
    source: include_str!("../layouts/interregnum.ron"),
}];

/// Cards built on a foundation before its indicator crowns it.
pub(crate) const BUILT: usize = 12;

/// When the player may deal.
pub const DEAL: Reading = Reading {
    name: "deal",
    sentence: "When all such moves have been made, deal the next eight cards of stock from left to right across the bottom row",
    choices: &[
        Timing::ANY_TIME,
        Choice {
            value: "when-stuck",
            meaning: "deal only when no card can be founded, built or crowned",
        },
    ],
};

/// Who puts the indicator on its foundation.
pub const CROWN: Reading = Reading {
    name: "crown",
    sentence: "the indicator itself will subsequently be used to crown the suite to show that it has been completed",
    choices: &[
        Choice {
            value: "automatic",
            meaning: "the indicator goes onto its foundation with the move that builds the twelfth card",
        },
        Choice {
            value: "by-hand",
            meaning: "the player moves the indicator onto its foundation once it holds twelve cards",
        },
    ],
};

/// Interregnum's readings, in the order they are listed.
pub(crate) const READINGS: &[Reading] = &[DEAL, CROWN];

/// Who crowns a foundation (the reading [`CROWN`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Crown {
    Automatic,
    ByHand,
}

/// What each pile of the layout is to Interregnum. Indicators and foundations carry the
/// number of their column.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    Stock,
    Indicator(usize),
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
    deal: Timing,
    crown: Crown,
}

fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    let stock = layout.require_pile_of("stock", PileKind::Stock)?;
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
            PileKind::Indicator => Role::Indicator(column(&indicators, i)),
            PileKind::Waste => Role::Waste,
            PileKind::Foundation => Role::Foundation(column(&foundations, i)),
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
        deal: layout.reading(&DEAL)?,
        crown: layout.reading_of(&CROWN, &[Crown::Automatic, Crown::ByHand])?,
    }))
}

/// The column number of pile `i` in a row of piles.
fn column(row: &[usize], i: usize) -> usize {
    row.iter().position(|&p| p == i).unwrap_or(0)
}
