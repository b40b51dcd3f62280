//! The card art as pure functions: a face, the back, empty-pile markers, the table.

use solitaire_core::{Rank, Suit};
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Rect, Shader, Stroke, Transform};
use ttf_parser::Face;

use super::glyphs::{Placement, draw_text, text_width};

/// How the faces are drawn: the players' settings for colour and size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Spades black, hearts red, diamonds blue, clubs green (else red and black).
    pub four_colour: bool,
    /// A larger rank and suit in the corners, for low vision.
    pub large_print: bool,
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

fn paint(color: Color) -> Paint<'static> {
    Paint {
        shader: Shader::SolidColor(color),
        anti_alias: true,
        ..Paint::default()
    }
}

/// A rounded rectangle inset by `inset` pixels from the pixmap's edges.
fn rounded(w: f32, h: f32, inset: f32, radius: f32) -> Option<tiny_skia::Path> {
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

fn card_shape(pixmap: &mut Pixmap, fill: Color, edge: Color) {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    if let Some(path) = rounded(w, h, 0.75, w * 0.07) {
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

/// The rank as printed in the index: `A 2 ... 10 J Q K`.
pub fn rank_label(rank: Rank) -> &'static str {
    [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ][rank as usize - 1]
}

/// A card face `w` x `h` pixels: large rank and suit in the top-left corner (readable when
/// the card is covered but for its top strip), the same upside down in the bottom-right,
/// and a big suit symbol (or the court letter) in the centre.
pub fn face(font: &Face<'_>, rank: Rank, suit: Suit, w: u32, h: u32) -> Option<Pixmap> {
    face_styled(font, rank, suit, w, h, Style::default())
}

/// [`face`] in a [`Style`].
pub fn face_styled(
    font: &Face<'_>,
    rank: Rank,
    suit: Suit,
    w: u32,
    h: u32,
    style: Style,
) -> Option<Pixmap> {
    let mut pixmap = Pixmap::new(w, h)?;
    let (wf, hf) = (w as f32, h as f32);
    card_shape(
        &mut pixmap,
        Color::from_rgba8(252, 251, 247, 255),
        Color::from_rgba8(120, 120, 120, 255),
    );
    let ink = paint(ink(suit, style));
    let label = rank_label(rank);
    let symbol = suit.symbol().to_string();
    // Large print: the index fills the strip a covered card shows.
    let cap = hf * if style.large_print { 0.16 } else { 0.135 };
    let rank_w = text_width(font, label, cap);
    let suit_cap = cap * 1.15;
    let suit_w = text_width(font, &symbol, suit_cap);
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
        draw_text(&mut pixmap, font, label, rank_at, &ink);
        let suit_x = margin + rank_w + wf * 0.05 + suit_w / 2.0;
        let suit_at = Placement {
            centre: flip((suit_x, y)),
            cap_height: suit_cap,
            upside_down,
            bold: if style.large_print { cap * 0.06 } else { 0.0 },
        };
        draw_text(&mut pixmap, font, &symbol, suit_at, &ink);
    }
    let centre = (wf / 2.0, hf * 0.53);
    if matches!(rank, Rank::Jack | Rank::Queen | Rank::King) {
        if let Some(frame) = rect_path(wf * 0.2, hf * 0.3, wf * 0.8, hf * 0.76) {
            let stroke = Stroke {
                width: (wf / 40.0).max(1.0),
                ..Stroke::default()
            };
            pixmap.stroke_path(&frame, &ink, &stroke, Transform::identity(), None);
        }
        let letter = Placement {
            centre: (centre.0, hf * 0.44),
            cap_height: hf * 0.16,
            upside_down: false,
            bold: hf * 0.012,
        };
        draw_text(&mut pixmap, font, label, letter, &ink);
        let small = Placement {
            centre: (centre.0, hf * 0.64),
            cap_height: hf * 0.13,
            upside_down: false,
            bold: 0.0,
        };
        draw_text(&mut pixmap, font, &symbol, small, &ink);
    } else {
        let size = if rank == Rank::Ace { 0.36 } else { 0.3 };
        let big = Placement {
            centre,
            cap_height: hf * size,
            upside_down: false,
            bold: 0.0,
        };
        draw_text(&mut pixmap, font, &symbol, big, &ink);
    }
    Some(pixmap)
}

fn rect_path(x0: f32, y0: f32, x1: f32, y1: f32) -> Option<tiny_skia::Path> {
    Rect::from_ltrb(x0, y0, x1, y1).map(PathBuilder::from_rect)
}

/// The card back: a blue card with a white frame and a diamond lattice.
pub fn back(w: u32, h: u32) -> Option<Pixmap> {
    let mut pixmap = Pixmap::new(w, h)?;
    let (wf, hf) = (w as f32, h as f32);
    card_shape(
        &mut pixmap,
        Color::from_rgba8(252, 251, 247, 255),
        Color::from_rgba8(120, 120, 120, 255),
    );
    let inset = wf * 0.07;
    let inner = rounded(wf, hf, inset, wf * 0.04)?;
    pixmap.fill_path(
        &inner,
        &paint(Color::from_rgba8(28, 64, 140, 255)),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
    let mut lattice = PathBuilder::new();
    let step = wf / 7.0;
    let mut x = -hf;
    while x < wf + hf {
        lattice.move_to(x, 0.0);
        lattice.line_to(x + hf, hf);
        lattice.move_to(x + hf, 0.0);
        lattice.line_to(x, hf);
        x += step;
    }
    let mask = {
        let mut m = tiny_skia::Mask::new(w, h)?;
        m.fill_path(&inner, FillRule::Winding, true, Transform::identity());
        m
    };
    if let Some(lines) = lattice.finish() {
        let stroke = Stroke {
            width: (wf / 60.0).max(1.0),
            ..Stroke::default()
        };
        let ink = paint(Color::from_rgba8(90, 130, 210, 255));
        pixmap.stroke_path(&lines, &ink, &stroke, Transform::identity(), Some(&mask));
    }
    Some(pixmap)
}

/// The outline drawn where a pile is empty, with `sign` (a rank, a symbol, or nothing) as a
/// hint of what goes there.
pub fn marker(font: &Face<'_>, sign: &str, w: u32, h: u32) -> Option<Pixmap> {
    let mut pixmap = Pixmap::new(w, h)?;
    let (wf, hf) = (w as f32, h as f32);
    let line = paint(Color::from_rgba8(255, 255, 255, 110));
    let path = rounded(wf, hf, (wf / 40.0).max(1.5), wf * 0.07)?;
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

/// The table's felt: green, lighter in the middle.
pub fn table(w: u32, h: u32) -> Option<Pixmap> {
    let mut pixmap = Pixmap::new(w, h)?;
    let (wf, hf) = (w as f32, h as f32);
    let shader = tiny_skia::RadialGradient::new(
        tiny_skia::Point::from_xy(wf / 2.0, hf * 0.45),
        tiny_skia::Point::from_xy(wf / 2.0, hf * 0.45),
        wf.max(hf) * 0.75,
        vec![
            tiny_skia::GradientStop::new(0.0, Color::from_rgba8(38, 112, 64, 255)),
            tiny_skia::GradientStop::new(1.0, Color::from_rgba8(16, 62, 36, 255)),
        ],
        tiny_skia::SpreadMode::Pad,
        Transform::identity(),
    )?;
    let fill = Paint {
        shader,
        ..Paint::default()
    };
    pixmap.fill_rect(
        Rect::from_xywh(0.0, 0.0, wf, hf)?,
        &fill,
        Transform::identity(),
        None,
    );
    Some(pixmap)
}
