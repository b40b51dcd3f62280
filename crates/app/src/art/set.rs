//! A whole set of card images for one card size and style, drawn off the main thread: the
//! quick part (back and empty-pile outlines) and the faces.

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use solitaire_core::{Rank, Suit};
use tiny_skia::Pixmap;

use super::{MARKER_SIGNS, backs, draw};

/// One image of the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    Face(Rank, Suit),
    Back,
    /// An empty pile's outline with its sign (one of [`MARKER_SIGNS`]).
    Marker(&'static str),
}

/// Which part of the set a drawing makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The back and the outlines: what a new deal shows first.
    Table,
    /// The 52 faces.
    Faces,
}

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

/// Draw `part` of the set for cards `width` pixels wide (1.4 times as tall) in `style`, from
/// the font file's bytes. Empty if the font cannot be read.
pub fn draw_part(font: &[u8], part: Part, width: u32, style: draw::Style) -> Vec<(Piece, Image)> {
    let Ok(font) = ttf_parser::Face::parse(font, 0) else {
        return Vec::new();
    };
    let height = (width as f32 * 1.4).round() as u32;
    let mut out = Vec::new();
    let mut put = |piece: Piece, pixmap: Option<Pixmap>| {
        if let Some(p) = pixmap {
            out.push((piece, to_image(&p)));
        }
    };
    match part {
        Part::Table => {
            put(Piece::Back, backs::back(style.back, width, height));
            for sign in MARKER_SIGNS {
                put(
                    Piece::Marker(sign),
                    draw::marker(&font, sign, width, height),
                );
            }
        }
        Part::Faces => {
            for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
                for rank in Rank::ALL {
                    let face = draw::face_styled(&font, rank, suit, width, height, style);
                    put(Piece::Face(rank, suit), face);
                }
            }
        }
    }
    out
}
