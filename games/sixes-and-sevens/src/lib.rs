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
//!   corner). Cards move one at a time, only to the foundations: there is no packing, and a
//!   gap in the frames is filled only by a deal.
//! - `deal` (when stuck, or whenever the player likes while the stock lasts) fills the gaps of
//!   both frames with stock cards, left to right and top to bottom across the whole square,
//!   until the gaps or the stock run out. It is refused when there is no gap.
//! - When the stock is empty, `deal` turns the top reserve card face up onto the reserve
//!   waste, whose top card is available; building from the frames goes on between turns.
//!   Reserve cards never fill gaps. No redeal.
//! - Won when all 104 cards are on the 16 foundations; lost when no move is left.

use solitaire_core::{EmbeddedLayout, Layout, LayoutError, PileKind, Plugin, Rules};

mod rules;
#[cfg(test)]
mod tests;

/// The plugin that `rules: "sixes-and-sevens"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "sixes-and-sevens",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "assets/layouts/sixes-and-sevens.ron",
    source: include_str!("../../../assets/layouts/sixes-and-sevens.ron"),
}];

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
    let stock = layout.require_pile("stock")?;
    let reserve = layout.require_pile("reserve")?;
    let waste = layout.require_pile("waste")?;
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
    for r in 0..SIDE {
        for c in 0..SIDE {
            let index = at[r][c];
            match roles[index] {
                Role::Aces | Role::Kings => foundations.push(index),
                Role::Inner => {
                    frames.push(index);
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
    Ok(Box::new(SixesAndSevens {
        roles,
        stock,
        reserve,
        waste,
        foundations,
        frames,
        outer_neighbours,
    }))
}
