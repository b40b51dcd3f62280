//! Rosamund's Bower, as David Parlett gives it (the course's "Rosamund").
//!
//! # Rules
//! - One pack. The Queen of Hearts (`queen`), the King of Spades (`king`) and the Jack of Clubs
//!   (`f1`) are taken out. The Queen lies in the middle; eight cards are dealt face up around
//!   her in a plus, two above, two below and two on each side: the guards of the bower
//!   (`g1`..`g8`). The King lies top right with a packet of seven cards face down beside him:
//!   the King's guards (`r1`). The Jack of Clubs lies bottom left: it is the one foundation.
//!   The other 34 cards are the stock.
//! - The foundation is built down regardless of suit, wrapping from Ace to King, starting with
//!   a Ten on the Jack of Clubs. The King of Spades may be built only as the 51st card and the
//!   Queen of Hearts only as the 52nd, the last.
//! - `deal` turns the top card of the stock into the hand. The card in the hand must be built
//!   or put on one of the three waste piles (`w1`..`w3`, player's choice) before the next card
//!   is turned. Whether a card that could be built may go to a waste pile all the same is the
//!   reading `discard` (below).
//! - Available for building: the card in the hand, the top card of each waste pile and the
//!   eight guards. One card moves at a time. Only the card in the hand goes to a waste pile;
//!   nothing leaves the foundation, the stock or the King's guards by a move, and the King and
//!   Queen go nowhere but the foundation.
//! - While any guard can be built, building a guard is obligatory: no other move (building
//!   another card, putting the hand card on a waste pile, turning or redealing) is allowed.
//!   (The default of the reading `guards`, below.)
//! - A guard's space is refilled at once with the top card of the King's guards, turned face
//!   up. Once the King's guards are used up, a guard's space stays empty.
//! - When the stock and the hand are empty, `redeal` gathers the waste piles into a new stock:
//!   waste 1 under waste 2 under waste 3, turned face down, so the next card turned is the
//!   bottom card of waste 1. Three redeals are allowed (counted as `redeals`). A redeal with all
//!   three waste piles empty is refused.
//! - Won when all 52 cards are on the foundation; lost when no legal move is left.
//!
//! # Readings
//! Two sentences of the text allow more than one reading; each is an option a layout or a
//! course chooses (`readings: {"discard": "unplayable-only"}`), the first value the default.
//! - `discard` ([`DISCARD`]): "Turn cards from stock and build them if possible or discard
//!   them to any of three wastepiles if not."
//!   - `any-card` (default): the player may put the turned card on a waste pile even when it
//!     could be built; "if possible" is advice.
//!   - `unplayable-only`: a turned card that can be built must be built (`hand>f1`); only a
//!     card that does not fit the foundation goes to a waste pile. Another card may be built
//!     first, and if the turned card then no longer fits, it may be discarded.
//! - `guards` ([`GUARDS`]): "It is obligatory to build a guard of the bower as soon as
//!   possible, in preference to one from anywhere else".
//!   - `obligatory` (default): while a guard can be built, only guard builds are legal.
//!   - `optional`: guards may be built like any other available card, but need not be.
//!
//! Under both readings of `guards` a guard's space is refilled from the King's guards at once.

use solitaire_core::{
    Choice, EmbeddedLayout, Layout, LayoutError, PileKind, Plugin, Reading, Rules,
};

mod rules;
#[cfg(test)]
mod tests;

/// Everything this crate registers: its rules and layouts (listed once in the registry).
pub const GAME: solitaire_core::Registration = solitaire_core::Registration {
    plugin: PLUGIN,
    layouts: LAYOUTS,
};

/// The plugin that `rules: "rosamund"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "rosamund",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "games/rosamund/layouts/rosamund.ron",
    source: include_str!("../layouts/rosamund.ron"),
}];

/// How many times the waste piles may be gathered into a new stock.
pub const REDEALS: u8 = 3;

/// The reading of "build them if possible or discard them to any of three wastepiles if not".
pub const DISCARD: Reading = Reading {
    name: "discard",
    sentence: "Turn cards from stock and build them if possible or discard them to any of three \
               wastepiles if not.",
    choices: &[
        Choice {
            value: "any-card",
            meaning: "the turned card may go to a waste pile even if it could be built",
        },
        Choice {
            value: "unplayable-only",
            meaning: "a turned card that can be built must be built; only one that cannot \
                      goes to a waste pile",
        },
    ],
};

/// The reading of "It is obligatory to build a guard of the bower as soon as possible".
pub const GUARDS: Reading = Reading {
    name: "guards",
    sentence: "It is obligatory to build a guard of the bower as soon as possible, in \
               preference to one from anywhere else, and to fill its space with the top card of \
               the King's reserve.",
    choices: &[
        Choice {
            value: "obligatory",
            meaning: "while a guard can be built, only guard builds are legal",
        },
        Choice {
            value: "optional",
            meaning: "guards may be built but need not be",
        },
    ],
};

/// Rosamund's readings, in the order `sol handout` lists them.
const READINGS: &[Reading] = &[DISCARD, GUARDS];

/// Which turned cards may go to a waste pile ([`DISCARD`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Discard {
    AnyCard,
    UnplayableOnly,
}

/// Whether building a guard comes before everything else ([`GUARDS`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Guards {
    Obligatory,
    Optional,
}

/// What each pile of the layout is to Rosamund.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    Stock,
    Hand,
    Waste,
    Foundation,
    Queen,
    King,
    Guard,
    /// The King's guards: the face-down packet that refills the guards' spaces.
    Packet,
}

/// Rosamund's rules for one layout.
pub struct Rosamund {
    roles: Vec<Role>,
    stock: usize,
    hand: usize,
    foundation: usize,
    queen: usize,
    king: usize,
    packet: usize,
    wastes: Vec<usize>,
    guards: Vec<usize>,
    /// Every pile a card may be built from: hand, wastes, guards, King, Queen.
    sources: Vec<usize>,
    /// Which turned cards may go to a waste pile.
    discard: Discard,
    /// Whether a buildable guard must be built before anything else.
    guard_duty: Guards,
}

fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    let stock = layout.require_pile_of("stock", PileKind::Stock)?;
    let hand = layout.require_pile_of("hand", PileKind::Hand)?;
    let foundation = layout.require_pile("f1")?;
    let queen = layout.require_pile("queen")?;
    let king = layout.require_pile("king")?;
    let packet = layout.require_pile("r1")?;
    let wastes = layout.expand(&["w1..w3".to_string()])?;
    let guards = layout.expand(&["g1..g8".to_string()])?;
    let mut roles = vec![None; layout.piles.len()];
    roles[stock] = Some(Role::Stock);
    roles[hand] = Some(Role::Hand);
    roles[foundation] = Some(Role::Foundation);
    roles[queen] = Some(Role::Queen);
    roles[king] = Some(Role::King);
    roles[packet] = Some(Role::Packet);
    for &w in &wastes {
        roles[w] = Some(Role::Waste);
    }
    for &g in &guards {
        roles[g] = Some(Role::Guard);
    }
    let mut checked = Vec::with_capacity(roles.len());
    for (spec, role) in layout.piles.iter().zip(roles) {
        match role {
            Some(r) => checked.push(r),
            None => {
                return Err(layout.error(
                    &format!("\"{}\"", spec.id),
                    format!("Rosamund has no pile {:?}", spec.id),
                ));
            }
        }
    }
    let mut sources = vec![hand];
    sources.extend(&wastes);
    sources.extend(&guards);
    sources.extend([king, queen]);
    Ok(Box::new(Rosamund {
        roles: checked,
        stock,
        hand,
        foundation,
        queen,
        king,
        packet,
        wastes,
        guards,
        sources,
        discard: layout.reading_of(&DISCARD, &[Discard::AnyCard, Discard::UnplayableOnly])?,
        guard_duty: layout.reading_of(&GUARDS, &[Guards::Obligatory, Guards::Optional])?,
    }))
}
