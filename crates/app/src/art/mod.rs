//! Card art: drawn by pure functions ([`draw`], [`backs`]) into Bevy images at the size the
//! table shows cards, in the background (tasks on the async compute pool, never in a frame):
//! once for a table's card size and the style the settings ask for, and again when the
//! window's size changes the card size or a setting changes the style.

mod backs;
mod court;
mod draw;
mod felt;
mod glyphs;
#[cfg(test)]
mod pip_tests;
mod pips;
mod set;
#[cfg(test)]
mod set_tests;
mod suits;
#[cfg(test)]
mod tests;

pub use backs::CardBack;
pub use draw::{CORNER, Style, rank_label};
pub use felt::TableColour;

use std::collections::HashMap;

use bevy::image::Image;
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use solitaire_core::{Rank, Suit};

use set::{Part, Piece};

/// Handles of every card image. A handle never changes: a drawing replaces the images behind
/// the handles when it lands, so sprites follow it untouched. Until the first drawing lands,
/// a handle names no image and its sprite shows nothing.
#[derive(Resource, Default)]
pub struct CardArt {
    handles: HashMap<Piece, Handle<Image>>,
    /// The card width in pixels the images show, or are being drawn at (0: none asked for).
    pub width: u32,
    /// The style they show, or are being drawn in.
    pub style: draw::Style,
    /// Drawings under way, by the part of the set they draw.
    pending: Vec<(Part, Task<Vec<(Piece, Image)>>)>,
}

/// Every sign an empty pile's outline may carry: none, the stock's, a cell's, or the rank
/// of the first card the pile takes.
pub const MARKER_SIGNS: [&str; 16] = [
    "", "\u{21BB}", "\u{25A1}", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

impl CardArt {
    /// Ask for images for cards `width` pixels wide (clamped to 32..640) in `style`, from
    /// the font file's bytes. Nothing is drawn again if the images shown or being drawn have
    /// that width and style; a change of back only redraws the back and the outlines.
    /// Returns whether a drawing started.
    pub fn request(
        &mut self,
        images: &Assets<Image>,
        font: &Font,
        width: u32,
        style: draw::Style,
    ) -> bool {
        let width = width.clamp(32, 640);
        let same_faces = self.width == width
            && self.style.four_colour == style.four_colour
            && self.style.large_print == style.large_print;
        if same_faces && self.style == style {
            return false;
        }
        if self.handles.is_empty() {
            self.handles = every_piece()
                .map(|piece| (piece, images.reserve_handle()))
                .collect();
        }
        let parts: &[Part] = if same_faces {
            &[Part::Table]
        } else {
            self.width = width;
            &[Part::Table, Part::Faces]
        };
        let width = self.width;
        self.style = style;
        let pool = AsyncComputeTaskPool::get();
        for &part in parts {
            // A drawing of the same part made stale by this one is dropped.
            self.pending.retain(|(p, _)| *p != part);
            let bytes = font.data.clone();
            let task = pool.spawn(async move { set::draw_part(bytes.data(), part, width, style) });
            self.pending.push((part, task));
        }
        true
    }

    /// Whether a drawing is under way.
    pub fn drawing(&self) -> bool {
        !self.pending.is_empty()
    }

    fn handle(&self, piece: Piece) -> Handle<Image> {
        self.handles.get(&piece).cloned().unwrap_or_default()
    }

    /// The face image of a card.
    pub fn face(&self, rank: Rank, suit: Suit) -> Handle<Image> {
        self.handle(Piece::Face(rank, suit))
    }

    /// The back of every card.
    pub fn back(&self) -> Handle<Image> {
        self.handle(Piece::Back)
    }

    /// The outline of an empty pile carrying `sign` (one of [`MARKER_SIGNS`]).
    pub fn marker(&self, sign: &'static str) -> Handle<Image> {
        self.handle(Piece::Marker(sign))
    }
}

/// Every image of a set.
fn every_piece() -> impl Iterator<Item = Piece> {
    let faces = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]
        .into_iter()
        .flat_map(|suit| Rank::ALL.map(|rank| Piece::Face(rank, suit)));
    let markers = MARKER_SIGNS.into_iter().map(Piece::Marker);
    faces.chain(markers).chain([Piece::Back])
}

/// Put each finished drawing's images behind their handles.
fn install(mut art: ResMut<CardArt>, mut images: ResMut<Assets<Image>>) {
    if art.pending.is_empty() {
        return;
    }
    let CardArt {
        pending, handles, ..
    } = &mut *art;
    pending.retain_mut(|(_, task)| {
        let Some(drawn) = check_ready(task) else {
            return true;
        };
        for (piece, image) in drawn {
            if let Some(handle) = handles.get(&piece) {
                let _ = images.insert(handle.id(), image);
            }
        }
        false
    });
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CardArt>();
    app.add_systems(Update, install);
}
