//! Card art: drawn once by pure functions ([`draw`], [`backs`]) into Bevy images at the size
//! the table shows cards, and drawn again when the window's size changes the card size a lot
//! or a setting changes the style.

pub mod backs;
mod court;
pub mod draw;
pub mod felt;
pub mod glyphs;
#[cfg(test)]
mod pip_tests;
mod pips;
mod suits;
#[cfg(test)]
mod tests;

pub use backs::CardBack;
pub use felt::TableColour;

use std::collections::HashMap;

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use solitaire_core::{Rank, Suit};
use tiny_skia::Pixmap;

/// Handles of every card image; the images are redrawn in place when the size changes.
#[derive(Resource, Default)]
pub struct CardArt {
    pub faces: HashMap<(Rank, Suit), Handle<Image>>,
    pub back: Handle<Image>,
    /// Empty-pile outlines by their sign (see [`MARKER_SIGNS`]).
    pub markers: HashMap<&'static str, Handle<Image>>,
    /// The card width in pixels the images were drawn at.
    pub width: u32,
    /// The style they were drawn in.
    pub style: draw::Style,
}

/// The card style the settings ask for.
pub fn art_style(settings: &crate::settings::Settings) -> draw::Style {
    draw::Style {
        four_colour: settings.four_colour,
        large_print: settings.large_print,
        back: settings.card_back,
    }
}

/// Every sign an empty pile's outline may carry: none, the stock's, a cell's, or the rank
/// of the first card the pile takes.
pub const MARKER_SIGNS: [&str; 16] = [
    "", "\u{21BB}", "\u{25A1}", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

/// A pixmap as a Bevy image (tiny-skia's premultiplied RGBA, which Bevy blends as sRGB).
pub fn to_image(pixmap: &Pixmap) -> Image {
    let mut data = Vec::with_capacity(pixmap.data().len());
    for px in pixmap.pixels() {
        let c = px.demultiply();
        data.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    Image::new(
        Extent3d {
            width: pixmap.width(),
            height: pixmap.height(),
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

impl CardArt {
    /// Draw (or redraw) every image for cards `width` pixels wide. Returns false if the
    /// font could not be read.
    pub fn draw(
        &mut self,
        images: &mut Assets<Image>,
        font_bytes: &[u8],
        width: u32,
        style: draw::Style,
    ) -> bool {
        let Ok(font) = ttf_parser::Face::parse(font_bytes, 0) else {
            return false;
        };
        let width = width.clamp(32, 640);
        let height = (width as f32 * 1.4).round() as u32;
        let mut put = |handle: &mut Handle<Image>, pixmap: Option<Pixmap>| {
            if let Some(p) = pixmap {
                let image = to_image(&p);
                // A default handle names Bevy's shared white image: never draw into that.
                let exists = *handle != Handle::default() && images.get(handle.id()).is_some();
                if exists && let Some(mut slot) = images.get_mut(handle.id()) {
                    *slot = image;
                } else {
                    *handle = images.add(image);
                }
            }
        };
        for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
            for rank in Rank::ALL {
                let handle = self.faces.entry((rank, suit)).or_default();
                put(
                    handle,
                    draw::face_styled(&font, rank, suit, width, height, style),
                );
            }
        }
        put(&mut self.back, backs::back(style.back, width, height));
        for sign in MARKER_SIGNS {
            let handle = self.markers.entry(sign).or_default();
            put(handle, draw::marker(&font, sign, width, height));
        }
        self.width = width;
        self.style = style;
        true
    }

    /// The outline of an empty pile carrying `sign` (one of [`MARKER_SIGNS`]).
    pub fn marker(&self, sign: &str) -> Handle<Image> {
        self.markers.get(sign).cloned().unwrap_or_default()
    }

    /// The face image of a card.
    pub fn face(&self, rank: Rank, suit: Suit) -> Handle<Image> {
        self.faces.get(&(rank, suit)).cloned().unwrap_or_default()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CardArt>();
}
