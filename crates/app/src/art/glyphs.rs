//! Text and symbols drawn from a font's outlines onto a pixmap (no GPU, no system fonts).

use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Transform};
use ttf_parser::{Face, OutlineBuilder};

/// Collects a glyph outline into a tiny-skia path.
struct Outline(PathBuilder);

impl OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.quad_to(x1, y1, x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.cubic_to(x1, y1, x2, y2, x, y);
    }
    fn close(&mut self) {
        self.0.close();
    }
}

/// Where and how large to draw a line of text.
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    /// The centre of the text's box, in pixels.
    pub centre: (f32, f32),
    /// The height of a capital letter, in pixels.
    pub cap_height: f32,
    /// Turned half a turn about its centre (the bottom-right index of a card).
    pub upside_down: bool,
    /// Extra stroke around the letters, in pixels (0 for the font's own weight).
    pub bold: f32,
}

/// The width of `text` in font units, and the font's cap height in font units.
fn metrics(face: &Face<'_>, text: &str) -> (f32, f32) {
    let width: f32 = text
        .chars()
        .filter_map(|c| face.glyph_index(c))
        .map(|g| f32::from(face.glyph_hor_advance(g).unwrap_or(0)))
        .sum();
    let cap = face
        .capital_height()
        .map_or(f32::from(face.units_per_em()) * 0.73, f32::from);
    (width, cap)
}

/// Fill `text` in `paint`'s colour; characters the font lacks are skipped.
pub fn draw_text(pixmap: &mut Pixmap, face: &Face<'_>, text: &str, at: Placement, paint: &Paint) {
    let (width, cap) = metrics(face, text);
    let scale = at.cap_height / cap;
    // Font units have y up; the box's centre sits half a cap height above the baseline.
    let mut base = Transform::from_translate(at.centre.0, at.centre.1);
    if at.upside_down {
        base = base.pre_rotate(180.0);
    }
    let mut pen = -width / 2.0;
    for c in text.chars() {
        let Some(id) = face.glyph_index(c) else {
            continue;
        };
        let mut outline = Outline(PathBuilder::new());
        if face.outline_glyph(id, &mut outline).is_some()
            && let Some(path) = outline.0.finish()
        {
            let t = base.pre_scale(scale, -scale).pre_translate(pen, -cap / 2.0);
            pixmap.fill_path(&path, paint, FillRule::Winding, t, None);
            if at.bold > 0.0 {
                let stroke = tiny_skia::Stroke {
                    width: at.bold / scale,
                    ..Default::default()
                };
                pixmap.stroke_path(&path, paint, &stroke, t, None);
            }
        }
        pen += f32::from(face.glyph_hor_advance(id).unwrap_or(0));
    }
}

/// The width in pixels `text` takes at this cap height.
pub fn text_width(face: &Face<'_>, text: &str, cap_height: f32) -> f32 {
    let (width, cap) = metrics(face, text);
    width * cap_height / cap
}
