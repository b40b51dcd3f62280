//! Spider, as Don Woods documented it (with Morehead's and Weisser's readings).
//!
//! # Rules
//! - Two packs: 104 cards. The `spider-2suit` and `spider-1suit` layouts use only spades and
//!   hearts (4 copies each) or only spades (8 copies).
//! - Ten columns are dealt: the first four get six cards, the others five; all are face down
//!   but the top card. The other 50 cards form the stock.
//! - A card may be packed on the top card of a column that is one rank higher, whatever its
//!   suit. Nothing goes on an Ace (there is no wrap from Ace to King).
//! - The top card of a column moves, and so does any run at the top of a column that is in
//!   one suit and in descending sequence, or any tail of such a run, as a unit.
//! - Any card or movable run may be moved into an empty column. A King, or a run headed by a
//!   King, can go only into an empty column.
//! - When a column's face-up cards are all moved away, its top face-down card turns up.
//! - `deal` deals ten cards from the stock, one face up on each column, left to right. It is
//!   refused while any column is empty (layout option `relaxed_deal: true` allows it; option
//!   `deal_on_clear: true` allows it only when every column is empty, Weisser's amendment for
//!   the small games of his family, where the board can be cleared before the stock is).
//! - A complete suit from King down to Ace at the top of a column is removed to the next
//!   empty foundation (`t3>f1:13`). Layout option `removal`: `Automatic` (default: removed at
//!   once, as Weisser and most programs do) or `Optional` (Woods: the player may keep it).
//! - Won when no card is left in the stock and the tableau holds nothing but complete suits
//!   (with automatic removal: nothing at all). Lost when no legal move is left.
//!
//! # Score (Woods)
//! 10 for each initially face-down card turned up; 15 more for each column whose face-down
//! cards are all turned up; 2 for each face-up card sitting on the next higher card of its
//! suit; 50 for each completed suit removed (its cards then no longer score as pairs). That
//! makes 990 at most. Winning with four or more completed suits still in the tableau scores
//! those suits as removed and adds 2 for each one after the third: 1000 at the most.
//!
//! The same type plays Weisser's family G(r, s, m, c, d) through the layout: ranks (`deck.ranks`),
//! suits, copies, columns and deals; a complete suit then runs from rank r down to Ace.

use serde::Deserialize;
use solitaire_core::{EmbeddedLayout, Layout, LayoutError, PileKind, Plugin, Rules};

pub mod family;
mod rules;
mod score;
pub mod search;
#[cfg(test)]
mod tests;

pub use family::Family;
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

/// The plugin that `rules: "spider"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "spider",
    build,
};

/// The layouts this crate ships: 4-, 2- and 1-suit Spider.
pub const LAYOUTS: &[EmbeddedLayout] = &[
    EmbeddedLayout {
        file: "games/spider/layouts/spider.ron",
        source: include_str!("../layouts/spider.ron"),
    },
    EmbeddedLayout {
        file: "games/spider/layouts/spider-2suit.ron",
        source: include_str!("../layouts/spider-2suit.ron"),
    },
    EmbeddedLayout {
        file: "games/spider/layouts/spider-1suit.ron",
        source: include_str!("../layouts/spider-1suit.ron"),
    },
];

/// When a completed suit leaves the tableau.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Deserialize)]
pub enum Removal {
    /// As soon as it is complete.
    #[default]
    Automatic,
    /// When the player moves it to a foundation.
    Optional,
}

/// The layout parameters of Spider.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpiderParams {
    #[serde(default)]
    pub removal: Removal,
    #[serde(default)]
    pub relaxed_deal: bool,
    /// Allow a deal when the whole tableau is empty (Weisser's amended rule).
    #[serde(default)]
    pub deal_on_clear: bool,
}

/// The most tableau columns a Spider layout may have.
pub const MAX_COLUMNS: usize = 16;

/// Spider's rules for one layout.
pub struct Spider {
    params: SpiderParams,
    /// Each pile's kind, in layout order: only the kinds the game plays.
    kinds: Vec<PileKind>,
    stock: usize,
    foundations: Vec<usize>,
    columns: Vec<usize>,
    /// The highest rank: a complete suit runs from it down to Ace.
    top_rank: u8,
    /// Face-down cards in the columns after the deal (for the score).
    dealt_face_down: usize,
    /// Columns that start with face-down cards (for the score).
    columns_with_face_down: Vec<usize>,
}

fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    let params: SpiderParams = layout.params()?;
    let stock = layout.require_pile_of("stock", PileKind::Stock)?;
    let foundations = layout.piles_of(PileKind::Foundation);
    let columns = layout.piles_of(PileKind::Tableau);
    if columns.is_empty() || columns.len() > MAX_COLUMNS {
        return Err(layout.error(
            "piles",
            format!("Spider needs 1 to {MAX_COLUMNS} tableau columns"),
        ));
    }
    let kinds = layout.pile_kinds(
        "Spider",
        &[PileKind::Stock, PileKind::Foundation, PileKind::Tableau],
    )?;
    let dealt = layout.run_deal(layout.deck.cards())?;
    Ok(Box::new(Spider {
        params,
        kinds,
        stock,
        foundations,
        dealt_face_down: columns.iter().map(|&c| dealt.pile(c).face_down()).sum(),
        columns_with_face_down: columns
            .iter()
            .copied()
            .filter(|&c| dealt.pile(c).face_down() > 0)
            .collect(),
        columns,
        top_rank: layout.deck.ranks,
    }))
}
