//! The card art as pure functions: a face and an empty pile's marker (the backs are in
//! [`super::backs`], the table's colour in [`super::felt`]).

use solitaire_core::{Rank, Suit};
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Shader, Stroke, Transform};
use ttf_parser::Face;

use super::CardBack;
use super::court;
use super::glyphs::{Placement, draw_text, text_width};
use super::pips::{self, Area};
use super::suits::draw_suit;

/// How the cards are drawn: the player's settings for colour, size and back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Spades black, hearts red, diamonds blue, clubs green (else red and black).
    pub four_colour: bool,
    /// A larger rank and suit in the corners, for low vision.
    pub large_print: bool,
    /// The design on the cards' backs.
    pub back: CardBack,
}

/// The ink of a suit.
pub fn ink(suit: Suit, style: Style) -> Color {
    match (suit, style.four_colour) {
        (Suit::Diamonds, true) => Color::from_rgba8(18, 84, 196, 255),
        (Suit::Clubs, true) => Color::from_rgba8(16, 128, 52, 255),
        (s, _) if s.is_red() => Color::from_rgba8(196, 22, 38, 255),
        _ => Color::from_rgba8(22, 24, 30, 255),
    }
}

pub(super) fn paint(color: Color) -> Paint<'static> {
    Paint {
        shader: Shader::SolidColor(color),
        anti_alias: true,
        ..Paint::default()
    }
}

/// A rounded rectangle inset by `inset` pixels from the pixmap's edges.
pub(super) fn rounded(w: f32, h: f32, inset: f32, radius: f32) -> Option<tiny_skia::Path> {
    let (x0, y0, x1, y1) = (inset, inset, w - inset, h - inset);
    let r = radius.min((x1 - x0) / 2.0).min((y1 - y0) / 2.0);
    let k = 0.447_715 * r; // a quarter circle as one cubic
    let mut pb = PathBuilder::new();
    pb.move_to(x0 + r, y0);
    pb.line_to(x1 - r, y0);
    pb.cubic_to(x1 - k, y0, x1, y0 + k, x1, y0 + r);
    pb.line_to(x1, y1 - r);
    pb.cubic_to(x1, y1 - k, x1 - k, y1, x1 - r, y1);
    pb.line_to(x0 + r, y1);
    pb.cubic_to(x0 + k, y1, x0, y1 - k, x0, y1 - r);
    pb.line_to(x0, y0 + r);
    pb.cubic_to(x0, y0 + k, x0 + k, y0, x0 + r, y0);
    pb.close();
    pb.finish()
}

/// The radius of a card's corners, as a fraction of its width.
pub const CORNER: f32 = 0.07;

fn card_shape(pixmap: &mut Pixmap, fill: Color, edge: Color) {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    if let Some(path) = rounded(w, h, 0.75, w * CORNER) {
        pixmap.fill_path(
            &path,
            &paint(fill),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        let stroke = Stroke {
            width: (w / 70.0).max(1.0),
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, &paint(edge), &stroke, Transform::identity(), None);
    }
}

/// A card's white paper with its grey edge, `w` x `h` pixels, transparent outside its
/// rounded corners.
pub(super) fn blank_card(w: u32, h: u32) -> Option<Pixmap> {
    let mut pixmap = Pixmap::new(w, h)?;
    card_shape(
        &mut pixmap,
        Color::from_rgba8(252, 251, 247, 255),
        Color::from_rgba8(120, 120, 120, 255),
    );
    Some(pixmap)
}

/// The rank as printed in the index: `A 2 ... 10 J Q K`.
pub fn rank_label(rank: Rank) -> &'static str {
    [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ][rank as usize - 1]
}

/// Cards narrower than this many pixels show their rank in large print over one pip instead
/// of the full face: below it a Ten's pips would be under 7 pixels tall and a court figure's
/// face under 6, too small to tell apart, and the corner index's letters under 8 pixels tall
/// are hard to read (Sixes and Sevens' cards at 1280 x 720 are 49 pixels wide).
pub const SIMPLE_BELOW: u32 = 40;

/// [`face_styled`] in the default style (as the tests draw faces).
#[cfg(test)]
pub fn face(font: &Face<'_>, rank: Rank, suit: Suit, w: u32, h: u32) -> Option<Pixmap> {
    face_styled(font, rank, suit, w, h, Style::default())
}

/// A card face `w` x `h` pixels in a [`Style`]: large rank and suit in the top-left corner
/// (readable when the card is covered but for its top strip), the same upside down in the
/// bottom-right; between them the pips in their traditional places, an Ace's large pip, or a
/// court figure.
pub fn face_styled(
    font: &Face<'_>,
    rank: Rank,
    suit: Suit,
    w: u32,
    h: u32,
    style: Style,
) -> Option<Pixmap> {
    let mut pixmap = blank_card(w, h)?;
    let (wf, hf) = (w as f32, h as f32);
    let colour = ink(suit, style);
    let ink = paint(colour);
    let label = rank_label(rank);
    let index_bottom = corner_indices(&mut pixmap, font, label, suit, style, &ink);
    let court = matches!(rank, Rank::Jack | Rank::Queen | Rank::King);
    let gap = hf * 0.025;
    let middle = Area {
        left: wf * 0.2,
        top: index_bottom + gap,
        right: wf * 0.8,
        bottom: hf - index_bottom - gap,
    };
    if w < SIMPLE_BELOW {
        simple_centre(&mut pixmap, font, label, suit, middle, &ink);
    } else if court {
        let frame = Area {
            left: wf * 0.15,
            right: wf * 0.85,
            ..middle
        };
        court::draw_court(&mut pixmap, rank, suit, frame, colour.to_color_u8())?;
    } else if rank == Rank::Ace {
        pips::draw_ace(&mut pixmap, suit, middle, &ink);
    } else {
        pips::draw_pips(&mut pixmap, rank, suit, middle, &ink);
    }
    Some(pixmap)
}

/// The rank and suit in the top-left corner and, turned round, in the bottom-right. Returns
/// the lowest pixel row the top index reaches.
fn corner_indices(
    pixmap: &mut Pixmap,
    font: &Face<'_>,
    label: &str,
    suit: Suit,
    style: Style,
    ink: &Paint,
) -> f32 {
    let (wf, hf) = (pixmap.width() as f32, pixmap.height() as f32);
    // Large print: the index fills the strip a covered card shows.
    let cap = hf * if style.large_print { 0.16 } else { 0.135 };
    let rank_w = text_width(font, label, cap);
    let suit_size = cap * 1.1;
    let margin = wf * 0.07;
    let y = hf * 0.03 + cap * 0.5 + hf * 0.02;
    for upside_down in [false, true] {
        let flip = |(x, y): (f32, f32)| {
            if upside_down {
                (wf - x, hf - y)
            } else {
                (x, y)
            }
        };
        let rank_at = Placement {
            centre: flip((margin + rank_w / 2.0, y)),
            cap_height: cap,
            upside_down,
            // Large print: heavier strokes too, for low vision.
            bold: cap * if style.large_print { 0.18 } else { 0.09 },
        };
        draw_text(pixmap, font, label, rank_at, ink);
        let suit_x = margin + rank_w + wf * 0.05 + suit_size / 2.0;
        draw_suit(pixmap, suit, flip((suit_x, y)), suit_size, upside_down, ink);
    }
    y + suit_size * 0.5
}

/// The middle of a small card's face: its rank in large print over one pip.
fn simple_centre(
    pixmap: &mut Pixmap,
    font: &Face<'_>,
    label: &str,
    suit: Suit,
    area: Area,
    ink: &Paint,
) {
    let (cx, cy) = area.centre();
    let letter = Placement {
        centre: (cx, cy - area.height() * 0.17),
        cap_height: area.height() * 0.42,
        upside_down: false,
        bold: area.height() * 0.03,
    };
    draw_text(pixmap, font, label, letter, ink);
    let pip = (cx, area.bottom - area.height() * 0.18);
    draw_suit(pixmap, suit, pip, area.height() * 0.32, false, ink);
}

/// The outline drawn where a pile is empty, with `sign` (a rank, a symbol, or nothing) as a
/// hint of what goes there.
pub fn marker(font: &Face<'_>, sign: &str, w: u32, h: u32) -> Option<Pixmap> {
    let mut pixmap = Pixmap::new(w, h)?;
    let (wf, hf) = (w as f32, h as f32);
    let line = paint(Color::from_rgba8(255, 255, 255, 110));
    let path = rounded(wf, hf, (wf / 40.0).max(1.5), wf * CORNER)?;
    pixmap.fill_path(
        &path,
        &paint(Color::from_rgba8(0, 0, 0, 40)),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
    let stroke = Stroke {
        width: (wf / 30.0).max(1.5),
        ..Stroke::default()
    };
    pixmap.stroke_path(&path, &line, &stroke, Transform::identity(), None);
    let at = Placement {
        centre: (wf / 2.0, hf / 2.0),
        cap_height: hf * 0.22,
        upside_down: false,
        bold: 0.0,
    };
    draw_text(&mut pixmap, font, sign, at, &line);
    Some(pixmap)
}
