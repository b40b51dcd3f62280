//! Sixes and Sevens, as David Parlett describes it (not PySolFC's game of that name).
//!
//! # Rules
//! - Two packs, dealt into an 8 x 8 square: first the centre 4 x 4 (16 cards, `f1`..`f16`
//!   in reading order), then the inner frame around it (20 cards, `i1`..`i20`), then the
//!   outer frame around that (28 cards, `o1`..`o28`), each left to right and top to bottom.
//!   The other 40 cards are the stock.
//! - From the centre, every card that is not an Ace or a King is removed, left to right and
//!   top to bottom as dealt, and placed face down as the reserve (the first removed at the
//!   bottom).
//! - The centre's 16 cells are the foundations. The top two rows (`f1`..`f8`) hold Aces,
//!   built up in suit to the Six; the bottom two rows (`f9`..`f16`) hold Kings, built down in
//!   suit to the Seven. An Ace or a King becomes a base by moving into an empty cell of its
//!   half. At the deal, an Ace dealt in the bottom half or a King dealt in the top half moves
//!   to the first empty cell of its own half (reading order); the others stay where dealt.
//! - Outer-frame cards are always available. An inner-frame card is available once an outer
//!   cell sharing an edge with it is empty (so an outer corner never releases an inner
//!   corner); how long it stays available is the reading `release` (see below). Cards move
//!   one at a time, only to the foundations: there is no packing, and a gap in the frames is
//!   filled only by a deal.
//! - `deal` fills the gaps of both frames with stock cards, left to right and top to bottom
//!   across the whole square, until the gaps or the stock run out. It is refused when there
//!   is no gap. When the player may deal is the reading `deal`.
//! - When the stock is empty, `deal` turns the top reserve card face up onto the reserve
//!   waste, whose top card is available; building from the frames goes on between turns.
//!   When the player may turn is the reading `reserve`. Reserve cards never fill gaps. No
//!   redeal.
//! - Won when all 104 cards are on the 16 foundations; lost when no move is left.
//!
//! # Readings
//! Where the text allows two readings, the layout or a course chooses (the first is the
//! default). "A build" below is a frame card (outer, or inner and available) that can go on a
//! foundation; the reserve waste's top card does not count, since the text asks only to pause
//! "to build from the frame" between turns (and before the first turn the waste is empty).
//! A deal or turn refused for waiting is a `stock` refusal.
//! - `deal` ("When stuck, deal cards from stock to fill gaps in the double frame"):
//!   `any-time`, deal whenever the stock lasts and a frame has a gap; or `when-stuck`, only
//!   when no frame card can be built as well.
//! - `reserve` ("When the stock is exhausted and no more building can be done, turn up the
//!   cards of the reserve one by one"): `any-time`, turn whenever the stock is out; or
//!   `when-stuck`, only when no frame card can be built.
//! - `release` ("The removal of an outer card releases for building that card of the inner
//!   frame which is adjacent to it"): `while-open`, an inner card is available while an outer
//!   cell beside it is empty, so a deal that refills the cell covers it again; or `once-open`,
//!   an inner card once released stays available until it is built, even after the outer
//!   cell is refilled. Released cards are kept in the position's marks (`marks: i3 i8` in
//!   the text form); a card dealt later into a built inner cell must be released anew.

use solitaire_core::{
    Choice, EmbeddedLayout, Layout, LayoutError, PileKind, Plugin, Reading, Rules, Timing,
};

mod rules;
pub mod search;
#[cfg(test)]
mod tests;

pub use search::SEARCH;

/// Deals the solver proved winnable (`winnable/sixes-and-sevens.ron`): the app's "winnable deal".
pub const WINNABLE: &[solitaire_search::WinnableTable] = &[solitaire_search::WinnableTable {
    game: "sixes-and-sevens",
    source: include_str!("../winnable/sixes-and-sevens.ron"),
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

/// The plugin that `rules: "sixes-and-sevens"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "sixes-and-sevens",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "games/sixes-and-sevens/layouts/sixes-and-sevens.ron",
    source: include_str!("../layouts/sixes-and-sevens.ron"),
}];

/// When the player may deal from the stock.
pub const DEAL: Reading = Reading {
    name: "deal",
    sentence: "When stuck, deal cards from stock to fill gaps in the double frame, proceeding from left to right and from top to bottom",
    choices: &[
        Timing::ANY_TIME,
        Choice {
            value: "when-stuck",
            meaning: "deal only when no frame card can be built",
        },
    ],
};

/// When the player may turn a reserve card.
pub const RESERVE: Reading = Reading {
    name: "reserve",
    sentence: "When the stock is exhausted and no more building can be done, turn up the cards of the reserve one by one and build them, pausing to build from the frame whenever possible",
    choices: &[
        Choice {
            value: "any-time",
            meaning: "turn the next reserve card whenever the stock is out, builds waiting or not",
        },
        Choice {
            value: "when-stuck",
            meaning: "turn the next reserve card only when no frame card can be built",
        },
    ],
};

/// How long an inner-frame card stays available.
pub const RELEASE: Reading = Reading {
    name: "release",
    sentence: "The removal of an outer card releases for building that card of the inner frame which is adjacent to it edge by edge",
    choices: &[
        Choice {
            value: "while-open",
            meaning: "an inner card is available while an outer cell beside it is empty",
        },
        Choice {
            value: "once-open",
            meaning: "an inner card once released stays available until built, even when a deal refills the outer cell",
        },
    ],
};

/// Sixes and Sevens' readings, in the order they are listed.
pub(crate) const READINGS: &[Reading] = &[DEAL, RESERVE, RELEASE];

/// How long an inner-frame card stays available (the reading [`RELEASE`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Release {
    WhileOpen,
    OnceOpen,
}

/// What each pile of the layout is to Sixes and Sevens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    /// A cell of the outer frame: always available.
    Outer,
    /// A cell of the inner frame: available once an outer cell beside it is empty.
    Inner,
    /// A centre cell of the top two rows: an Ace built up to the Six.
    Aces,
    /// A centre cell of the bottom two rows: a King built down to the Seven.
    Kings,
    Stock,
    Reserve,
    Waste,
}

/// Sixes and Sevens' rules for one layout.
pub struct SixesAndSevens {
    roles: Vec<Role>,
    stock: usize,
    reserve: usize,
    waste: usize,
    /// The centre cells in reading order: Aces' half first, then Kings' half.
    foundations: Vec<usize>,
    /// Every frame cell (both frames) in reading order across the square: the deal's order.
    frames: Vec<usize>,
    /// For each pile, the outer cells sharing an edge with it (inner cells only).
    outer_neighbours: Vec<Vec<usize>>,
    /// The inner cells, in reading order.
    inner: Vec<usize>,
    deal: Timing,
    /// When the reserve may be turned (the reading [`RESERVE`]).
    turn: Timing,
    release: Release,
}

/// The side of the square.
const SIDE: usize = 8;

fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    let n = layout.piles.len();
    let mut roles = vec![None; n];
    let mut at = [[0usize; SIDE]; SIDE];
    let mut counts = [0usize; 3];
    for (r, row) in at.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let ring = r.min(c).min(SIDE - 1 - r).min(SIDE - 1 - c);
            let (k, prefix, kind, role) = match ring {
                0 => (0, "o", PileKind::Tableau, Role::Outer),
                1 => (1, "i", PileKind::Tableau, Role::Inner),
                _ if r < SIDE / 2 => (2, "f", PileKind::Foundation, Role::Aces),
                _ => (2, "f", PileKind::Foundation, Role::Kings),
            };
            counts[k] += 1;
            let id = format!("{prefix}{}", counts[k]);
            let index = layout.require_pile(&id)?;
            if layout.piles[index].kind != kind {
                return Err(layout.error(
                    &format!("\"{id}\""),
                    format!("pile {id:?} must be a {} pile", kind.name()),
                ));
            }
            roles[index] = Some(role);
            *cell = index;
        }
    }
    // Every Ace and every King must find a cell of its half (8 cells each) when the centre
    // is dealt.
    if usize::from(layout.deck.copies) * layout.deck.suits.len() > 8 {
        return Err(layout.error(
            "deck",
            "Sixes and Sevens holds at most 8 Aces and 8 Kings: one per cell of each half of the centre",
        ));
    }
    let stock = layout.require_pile_of("stock", PileKind::Stock)?;
    let reserve = layout.require_pile_of("reserve", PileKind::Reserve)?;
    let waste = layout.require_pile_of("waste", PileKind::Waste)?;
    roles[stock] = Some(Role::Stock);
    roles[reserve] = Some(Role::Reserve);
    roles[waste] = Some(Role::Waste);
    let roles = roles
        .into_iter()
        .enumerate()
        .map(|(i, role)| {
            role.ok_or_else(|| {
                let id = &layout.piles[i].id;
                layout.error(
                    &format!("\"{id}\""),
                    format!("Sixes and Sevens has no pile {id:?}"),
                )
            })
        })
        .collect::<Result<Vec<Role>, LayoutError>>()?;
    let mut frames = Vec::new();
    let mut foundations = Vec::new();
    let mut outer_neighbours = vec![Vec::new(); n];
    let mut inner = Vec::new();
    for r in 0..SIDE {
        for c in 0..SIDE {
            let index = at[r][c];
            match roles[index] {
                Role::Aces | Role::Kings => foundations.push(index),
                Role::Inner => {
                    frames.push(index);
                    inner.push(index);
                    let beside = [
                        (r.wrapping_sub(1), c),
                        (r + 1, c),
                        (r, c.wrapping_sub(1)),
                        (r, c + 1),
                    ];
                    for (nr, nc) in beside {
                        if nr < SIDE && nc < SIDE && roles[at[nr][nc]] == Role::Outer {
                            outer_neighbours[index].push(at[nr][nc]);
                        }
                    }
                }
                _ => frames.push(index),
            }
        }
    }
    let release = layout.reading_of(&RELEASE, &[Release::WhileOpen, Release::OnceOpen])?;
    if release == Release::OnceOpen && inner.iter().any(|&i| i >= 64) {
        return Err(layout.error(
            "piles",
            "the reading once-open marks inner cells by pile number: list them among the first 64 piles",
        ));
    }
    Ok(Box::new(SixesAndSevens {
        roles,
        stock,
        reserve,
        waste,
        foundations,
        frames,
        outer_neighbours,
        inner,
        deal: layout.reading(&DEAL)?,
        turn: layout.reading(&RESERVE)?,
        release,
    }))
}
