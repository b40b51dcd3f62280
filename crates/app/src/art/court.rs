//! Court cards: a framed, double-ended figure per rank, drawn from paths (no outside art).
//! The King wears a pointed crown and a beard and holds a sword, the Queen a rounded
//! coronet over long hair and holds a flower, the Jack a feathered cap and holds a halberd.
//! Robes are in the suit's ink; the lower half is the upper half turned round, as on a
//! printed card.

use super::pips::Area;
use super::suits::draw_suit;
use solitaire_core::{Rank, Suit};
use tiny_skia::{
    Color, ColorU8, FillRule, Mask, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, Transform,
};

const GOLD: ColorU8 = rgb(222, 172, 44);
const SKIN: ColorU8 = rgb(248, 218, 186);
const WHITE: ColorU8 = rgb(255, 255, 255);
const STEEL: ColorU8 = rgb(186, 194, 206);
const LEAF: ColorU8 = rgb(46, 124, 56);
const LINE: ColorU8 = rgb(34, 28, 26);
const PANEL: ColorU8 = rgb(253, 246, 226);

const fn rgb(r: u8, g: u8, b: u8) -> ColorU8 {
    ColorU8::from_rgba(r, g, b, 255)
}

fn solid(c: ColorU8) -> Paint<'static> {
    Paint {
        shader: tiny_skia::Shader::SolidColor(Color::from_rgba8(
            c.red(),
            c.green(),
            c.blue(),
            c.alpha(),
        )),
        anti_alias: true,
        ..Paint::default()
    }
}

/// Draws one half of the figure in units of the half's height (y down, 0 at the frame's top
/// edge, 1 at the middle line), under a transform to pixels and a clip.
struct Pen<'a> {
    pixmap: &'a mut Pixmap,
    to_pixels: Transform,
    clip: &'a Mask,
    /// The outline's width, in units.
    line: f32,
}

impl Pen<'_> {
    fn fill(&mut self, path: Option<Path>, color: ColorU8) {
        if let Some(path) = path {
            self.pixmap.fill_path(
                &path,
                &solid(color),
                FillRule::Winding,
                self.to_pixels,
                Some(self.clip),
            );
        }
    }

    /// Fill, then outline in the line colour.
    fn shape(&mut self, path: Option<Path>, color: ColorU8) {
        if let Some(path) = path {
            self.fill(Some(path.clone()), color);
            self.stroke(Some(path), LINE, self.line);
        }
    }

    fn stroke(&mut self, path: Option<Path>, color: ColorU8, width: f32) {
        if let Some(path) = path {
            let stroke = Stroke {
                width,
                line_cap: tiny_skia::LineCap::Round,
                ..Stroke::default()
            };
            self.pixmap.stroke_path(
                &path,
                &solid(color),
                &stroke,
                self.to_pixels,
                Some(self.clip),
            );
        }
    }
}

fn poly(points: &[(f32, f32)]) -> Option<Path> {
    let (&(x, y), rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(x, y);
    for &(x, y) in rest {
        pb.line_to(x, y);
    }
    pb.close();
    pb.finish()
}

fn oval(cx: f32, cy: f32, rx: f32, ry: f32) -> Option<Path> {
    Rect::from_ltrb(cx - rx, cy - ry, cx + rx, cy + ry).and_then(PathBuilder::from_oval)
}

fn circle(cx: f32, cy: f32, r: f32) -> Option<Path> {
    PathBuilder::from_circle(cx, cy, r)
}

fn line(points: &[(f32, f32)]) -> Option<Path> {
    let (&(x, y), rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(x, y);
    for &(x, y) in rest {
        pb.line_to(x, y);
    }
    pb.finish()
}

/// `c` mixed half way with white: the lighter shade of a robe.
fn tint(c: ColorU8) -> ColorU8 {
    let mix = |v: u8| ((u16::from(v) + 2 * 255) / 3) as u8;
    rgb(mix(c.red()), mix(c.green()), mix(c.blue()))
}

/// Shoulders and robe down to the middle line, `half` wide at the bottom, in the suit's ink
/// with sleeves in its lighter shade and gold cuffs.
fn robe(pen: &mut Pen<'_>, cx: f32, half: f32, ink: ColorU8) {
    let mut pb = PathBuilder::new();
    pb.move_to(cx - half, 1.02);
    pb.line_to(cx - half * 0.95, 0.8);
    pb.quad_to(cx - half * 0.9, 0.62, cx - half * 0.45, 0.6);
    pb.line_to(cx + half * 0.45, 0.6);
    pb.quad_to(cx + half * 0.9, 0.62, cx + half * 0.95, 0.8);
    pb.line_to(cx + half, 1.02);
    pb.close();
    pen.shape(pb.finish(), ink);
    for side in [-1.0, 1.0] {
        let x = cx + side * half * 0.7;
        let mut pb = PathBuilder::new();
        pb.move_to(x - side * half * 0.28, 1.02);
        pb.quad_to(x - side * half * 0.3, 0.7, x + side * half * 0.1, 0.66);
        pb.quad_to(x + side * half * 0.32, 0.72, x + side * half * 0.3, 1.02);
        pb.close();
        pen.shape(pb.finish(), tint(ink));
        pen.stroke(
            line(&[
                (x - side * half * 0.26, 0.94),
                (x + side * half * 0.28, 0.94),
            ]),
            GOLD,
            0.05,
        );
    }
}

/// The face: skin, eyes and a mouth.
fn head(pen: &mut Pen<'_>, cx: f32, cy: f32) {
    pen.shape(oval(cx, cy, 0.16, 0.19), SKIN);
    for dx in [-0.06, 0.06] {
        pen.fill(circle(cx + dx, cy - 0.03, 0.022), LINE);
    }
    pen.stroke(
        line(&[(cx - 0.045, cy + 0.09), (cx + 0.045, cy + 0.09)]),
        LINE,
        0.025,
    );
}

/// A hand at (x, y).
fn hand(pen: &mut Pen<'_>, x: f32, y: f32) {
    pen.shape(circle(x, y, 0.065), SKIN);
}

fn king(pen: &mut Pen<'_>, cx: f32, ink: ColorU8) {
    // The sword, raised behind the right shoulder.
    let x = cx + 0.54;
    pen.shape(
        poly(&[
            (x - 0.04, 0.66),
            (x - 0.04, 0.14),
            (x, 0.03),
            (x + 0.04, 0.14),
            (x + 0.04, 0.66),
        ]),
        STEEL,
    );
    pen.shape(
        poly(&[
            (x - 0.14, 0.64),
            (x + 0.14, 0.64),
            (x + 0.14, 0.7),
            (x - 0.14, 0.7),
        ]),
        GOLD,
    );
    robe(pen, cx, 0.6, ink);
    pen.shape(
        poly(&[
            (cx - 0.13, 0.64),
            (cx + 0.13, 0.64),
            (cx + 0.16, 1.02),
            (cx - 0.16, 1.02),
        ]),
        GOLD,
    );
    for y in [0.8, 0.92] {
        pen.fill(circle(cx, y, 0.035), ink);
    }
    // Ermine collar: white with black tails.
    let mut pb = PathBuilder::new();
    pb.move_to(cx - 0.4, 0.62);
    pb.quad_to(cx, 0.92, cx + 0.4, 0.62);
    pb.quad_to(cx, 0.72, cx - 0.4, 0.62);
    pb.close();
    pen.shape(pb.finish(), WHITE);
    for (dx, y) in [(-0.24, 0.7), (0.0, 0.77), (0.24, 0.7)] {
        pen.fill(circle(cx + dx, y, 0.02), LINE);
    }
    hand(pen, x, 0.76);
    head(pen, cx, 0.42);
    // Beard and moustache.
    let mut pb = PathBuilder::new();
    pb.move_to(cx - 0.16, 0.42);
    pb.quad_to(cx - 0.14, 0.68, cx, 0.78);
    pb.quad_to(cx + 0.14, 0.68, cx + 0.16, 0.42);
    pb.quad_to(cx + 0.09, 0.54, cx, 0.53);
    pb.quad_to(cx - 0.09, 0.54, cx - 0.16, 0.42);
    pb.close();
    pen.shape(pb.finish(), rgb(120, 74, 34));
    // The crown: three points with pearls, a jewel in the suit's ink.
    pen.shape(
        poly(&[
            (cx - 0.2, 0.28),
            (cx - 0.22, 0.07),
            (cx - 0.1, 0.17),
            (cx, 0.03),
            (cx + 0.1, 0.17),
            (cx + 0.22, 0.07),
            (cx + 0.2, 0.28),
        ]),
        GOLD,
    );
    for (dx, y) in [(-0.22, 0.07), (0.0, 0.03), (0.22, 0.07)] {
        pen.shape(circle(cx + dx, y, 0.035), WHITE);
    }
    pen.fill(circle(cx, 0.225, 0.04), ink);
}

fn queen(pen: &mut Pen<'_>, cx: f32, ink: ColorU8) {
    // Long hair behind the head and shoulders.
    let mut pb = PathBuilder::new();
    pb.move_to(cx - 0.18, 0.22);
    pb.quad_to(cx - 0.34, 0.3, cx - 0.32, 0.76);
    pb.line_to(cx + 0.32, 0.76);
    pb.quad_to(cx + 0.34, 0.3, cx + 0.18, 0.22);
    pb.close();
    pen.shape(pb.finish(), rgb(196, 136, 52));
    robe(pen, cx, 0.56, ink);
    // A lace collar of white scallops and a gold necklace.
    for i in 0..7 {
        let t = i as f32 / 6.0;
        let x = cx - 0.3 + 0.6 * t;
        let y = 0.66 + 0.08 * (1.0 - (2.0 * t - 1.0).powi(2));
        pen.shape(circle(x, y, 0.06), WHITE);
    }
    let mut pb = PathBuilder::new();
    pb.move_to(cx - 0.18, 0.8);
    pb.quad_to(cx, 0.95, cx + 0.18, 0.8);
    pen.stroke(pb.finish(), GOLD, 0.04);
    // The flower she holds.
    let (fx, fy) = (cx - 0.5, 0.42);
    pen.stroke(line(&[(fx, fy), (fx + 0.05, 0.98)]), LEAF, 0.045);
    pen.shape(oval(fx + 0.1, 0.64, 0.075, 0.035), LEAF);
    for k in 0..5 {
        let a = k as f32 * std::f32::consts::TAU / 5.0;
        pen.shape(
            circle(fx + 0.085 * a.cos(), fy + 0.085 * a.sin(), 0.065),
            ink,
        );
    }
    pen.shape(circle(fx, fy, 0.05), GOLD);
    hand(pen, fx + 0.035, 0.8);
    head(pen, cx, 0.44);
    pen.fill(circle(cx, 0.535, 0.025), rgb(200, 40, 60));
    // The coronet: a band with rounded arches and pearls.
    let mut pb = PathBuilder::new();
    pb.move_to(cx - 0.18, 0.29);
    pb.line_to(cx - 0.18, 0.17);
    for k in 0..4 {
        let x0 = cx - 0.18 + 0.09 * k as f32;
        pb.quad_to(x0 + 0.045, 0.05, x0 + 0.09, 0.17);
    }
    pb.line_to(cx + 0.18, 0.29);
    pb.close();
    pen.shape(pb.finish(), GOLD);
    for k in 0..4 {
        pen.shape(circle(cx - 0.135 + 0.09 * k as f32, 0.09, 0.025), WHITE);
    }
    pen.fill(circle(cx, 0.235, 0.032), ink);
}

fn jack(pen: &mut Pen<'_>, cx: f32, ink: ColorU8) {
    // The halberd: a staff with an axe head and a spike.
    let x = cx - 0.5;
    pen.stroke(line(&[(x, 0.12), (x, 1.02)]), rgb(120, 80, 40), 0.055);
    pen.shape(
        poly(&[(x, 0.02), (x + 0.045, 0.15), (x - 0.045, 0.15)]),
        STEEL,
    );
    let mut pb = PathBuilder::new();
    pb.move_to(x, 0.16);
    pb.quad_to(x - 0.22, 0.14, x - 0.22, 0.32);
    pb.quad_to(x - 0.11, 0.32, x, 0.36);
    pb.close();
    pen.shape(pb.finish(), STEEL);
    robe(pen, cx, 0.58, ink);
    // A tunic with gold bands and a small white collar.
    for dx in [-0.12, 0.12] {
        pen.shape(
            poly(&[
                (cx + dx - 0.035, 0.64),
                (cx + dx + 0.035, 0.64),
                (cx + dx + 0.045, 1.02),
                (cx + dx - 0.045, 1.02),
            ]),
            GOLD,
        );
    }
    pen.shape(
        poly(&[(cx - 0.16, 0.6), (cx + 0.16, 0.6), (cx, 0.74)]),
        WHITE,
    );
    hand(pen, x, 0.8);
    // Short curls either side of the face.
    for dx in [-0.16, 0.16] {
        pen.shape(circle(cx + dx, 0.5, 0.075), rgb(176, 112, 40));
    }
    head(pen, cx, 0.44);
    // The cap: a soft crown in the suit's ink on a gold band, with a feather.
    let mut pb = PathBuilder::new();
    pb.move_to(cx + 0.08, 0.16);
    pb.quad_to(cx + 0.32, 0.0, cx + 0.48, 0.03);
    pb.quad_to(cx + 0.34, 0.12, cx + 0.12, 0.23);
    pb.close();
    pen.shape(pb.finish(), tint(ink));
    pen.shape(oval(cx - 0.02, 0.17, 0.23, 0.12), ink);
    pen.shape(
        poly(&[
            (cx - 0.19, 0.22),
            (cx + 0.19, 0.22),
            (cx + 0.19, 0.3),
            (cx - 0.19, 0.3),
        ]),
        GOLD,
    );
}

/// The frame of a court card inside `area`: the figure twice, a suit pip by each head.
pub fn draw_court(
    pixmap: &mut Pixmap,
    rank: Rank,
    suit: Suit,
    area: Area,
    ink: ColorU8,
) -> Option<()> {
    let frame = Rect::from_ltrb(area.left, area.top, area.right, area.bottom)?;
    let edge = (area.width() / 60.0).max(1.0);
    pixmap.fill_rect(frame, &solid(PANEL), Transform::identity(), None);
    let unit = area.height() / 2.0;
    let width = area.width() / unit;
    let cx = width / 2.0;
    let (w, h) = (pixmap.width(), pixmap.height());
    for upside_down in [false, true] {
        let half = if upside_down {
            Rect::from_ltrb(area.left, area.top + unit, area.right, area.bottom)?
        } else {
            Rect::from_ltrb(area.left, area.top, area.right, area.top + unit)?
        };
        let mut clip = Mask::new(w, h)?;
        clip.fill_path(
            &PathBuilder::from_rect(half),
            FillRule::Winding,
            false,
            Transform::identity(),
        );
        let mut to_pixels = Transform::from_translate(area.left, area.top).pre_scale(unit, unit);
        if upside_down {
            let (x, y) = area.centre();
            to_pixels = Transform::from_rotate_at(180.0, x, y).pre_concat(to_pixels);
        }
        let mut pen = Pen {
            pixmap,
            to_pixels,
            clip: &clip,
            line: (0.9 / unit).max(0.012),
        };
        match rank {
            Rank::King => king(&mut pen, cx, ink),
            Rank::Queen => queen(&mut pen, cx, ink),
            _ => jack(&mut pen, cx, ink),
        }
        // The pip by the head, on the side the figure's sword, flower or halberd leaves free.
        let side = if rank == Rank::King { 0.2 } else { width - 0.2 };
        let pip = (area.left + unit * side, area.top + unit * 0.2);
        let at = if upside_down {
            (
                area.left + area.right - pip.0,
                area.top + area.bottom - pip.1,
            )
        } else {
            pip
        };
        draw_suit(pixmap, suit, at, unit * 0.24, upside_down, &solid(ink));
    }
    let middle = PathBuilder::from_rect(Rect::from_xywh(
        area.left,
        area.top + unit - edge / 2.0,
        area.width(),
        edge,
    )?);
    pixmap.fill_path(
        &middle,
        &solid(ink),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
    let stroke = Stroke {
        width: edge,
        ..Stroke::default()
    };
    pixmap.stroke_path(
        &PathBuilder::from_rect(frame),
        &solid(ink),
        &stroke,
        Transform::identity(),
        None,
    );
    Some(())
}
