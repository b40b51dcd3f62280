//! Klondike, the patience most players know.
//!
//! # Rules
//! - One pack. Seven columns, dealt row by row: the first gets one card, the next two, and so
//!   on to seven; the top card of each is face up, the others face down. The other 24 cards
//!   are the stock.
//! - The four foundations are built up in suit from the Ace.
//! - A column is built down in alternate colours (a red Six on a black Seven).
//! - Any face-up run built that way moves as a unit onto a column whose top card takes its
//!   first card.
//! - A space takes only a King, or a run headed by a King.
//! - A face-down card left at the top of a column turns face up.
//! - The stock turns onto the waste three cards at a time, or as many as are left (the
//!   reading `draw`); the waste's top card plays to a foundation or a column.
//! - When the stock is empty, the waste is turned over to form it again, as often as the
//!   player likes (the reading `passes`).
//! - A foundation's top card may come back onto a column.
//! - Won when all 52 cards are on the foundations. Lost when no move is left (with passes
//!   unlimited, a stock that only goes round is no move).
//!
//! # Readings
//! Where books differ, the layout or a course chooses (the first is the default):
//! - `draw`: `three` (turn three cards at a time) or `one`.
//! - `passes`: `unlimited` (turn the waste over as often as you like) or `three` (three
//!   passes through the stock, so two turns of the waste) or `one` (no turn).

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

/// The plugin that `rules: "klondike"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "klondike",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "games/klondike/layouts/klondike.ron",
    source: include_str!("../layouts/klondike.ron"),
}];

/// How many cards the stock turns at a time.
pub const DRAW: Reading = Reading {
    name: "draw",
    sentence: "Turn the stock onto the waste three cards at a time",
    choices: &[
        Choice {
            value: "three",
            meaning: "three cards at a time (or as many as are left); only the top one plays",
        },
        Choice {
            value: "one",
            meaning: "one card at a time",
        },
    ],
};

/// How many passes through the stock.
pub const PASSES: Reading = Reading {
    name: "passes",
    sentence: "When the stock is empty, turn the waste over to form it again, as often as you like",
    choices: &[
        Choice {
            value: "unlimited",
            meaning: "the waste turns over as often as the player likes",
        },
        Choice {
            value: "three",
            meaning: "three passes through the stock: the waste turns over twice",
        },
        Choice {
            value: "one",
            meaning: "one pass: the waste never turns over",
        },
    ],
};

/// Klondike's readings, in the order they are listed.
pub(crate) const READINGS: &[Reading] = &[DRAW, PASSES];

/// How many cards a turn of the stock takes (the reading [`DRAW`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Draw {
    /// Three at a time.
    Three,
    /// One at a time.
    One,
}

/// How often the waste turns over (the reading [`PASSES`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Passes {
    /// As often as the player likes: the count is no part of the position
    /// (`Structure::unlimited_redeals`).
    Unlimited,
    /// Twice.
    Three,
    /// Never.
    One,
}

impl Draw {
    /// The values in the order of [`DRAW`]'s choices.
    pub const ALL: [Draw; 2] = [Draw::Three, Draw::One];
}

impl Passes {
    /// The values in the order of [`PASSES`]'s choices.
    pub const ALL: [Passes; 3] = [Passes::Unlimited, Passes::Three, Passes::One];

    /// How many times the waste may turn over, if there is a limit.
    fn redeals(self) -> Option<u8> {
        match self {
            Passes::Unlimited => None,
            Passes::Three => Some(2),
            Passes::One => Some(0),
        }
    }
}

/// Klondike's rules for one layout.
pub struct Klondike {
    stock: usize,
    waste: usize,
    foundations: Vec<usize>,
    columns: Vec<usize>,
    /// Cards a turn of the stock takes.
    draw: usize,
    /// Turns of the waste allowed; `None`: unlimited.
    redeals: Option<u8>,
}

/// Read the layout: one stock, one waste, the foundations and the columns.
fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    layout.pile_kinds(
        "Klondike",
        &[
            PileKind::Stock,
            PileKind::Waste,
            PileKind::Foundation,
            PileKind::Tableau,
        ],
    )?;
    let (stocks, wastes) = (
        layout.piles_of(PileKind::Stock),
        layout.piles_of(PileKind::Waste),
    );
    let ([stock], [waste]) = (stocks.as_slice(), wastes.as_slice()) else {
        return Err(layout.error("piles", "Klondike has one stock and one waste"));
    };
    let draw = layout.reading_of(&DRAW, &Draw::ALL)?;
    let passes = layout.reading_of(&PASSES, &Passes::ALL)?;
    Ok(Box::new(Klondike {
        stock: *stock,
        waste: *waste,
        foundations: layout.piles_of(PileKind::Foundation),
        columns: layout.piles_of(PileKind::Tableau),
        draw: match draw {
            Draw::Three => 3,
            Draw::One => 1,
        },
        redeals: passes.redeals(),
    }))
}
