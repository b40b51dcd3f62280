//! Card backs to choose from in the settings: a blue lattice, a red quilt with a medallion,
//! and green tartan.

use serde::{Deserialize, Serialize};
use tiny_skia::{Color, FillRule, Mask, PathBuilder, Pixmap, Stroke, Transform};

use super::draw::{blank_card, paint, rounded};

/// A card back design.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardBack {
    /// A blue diamond lattice.
    #[default]
    BlueLattice,
    /// A red quilt of small diamonds around an oval medallion.
    RedQuilt,
    /// Green tartan.
    GreenTartan,
}

impl CardBack {
    pub const ALL: [CardBack; 3] = [
        CardBack::BlueLattice,
        CardBack::RedQuilt,
        CardBack::GreenTartan,
    ];

    /// The design's name, as the settings screen shows it.
    pub fn name(self) -> &'static str {
        match self {
            CardBack::BlueLattice => "blue lattice",
            CardBack::RedQuilt => "red quilt",
            CardBack::GreenTartan => "green tartan",
        }
    }
}

/// The card back `w` x `h` pixels: white paper with a border, the design inside.
pub fn back(design: CardBack, w: u32, h: u32) -> Option<Pixmap> {
    let mut pixmap = blank_card(w, h)?;
    let (wf, hf) = (w as f32, h as f32);
    let inner = rounded(wf, hf, wf * 0.07, wf * 0.04)?;
    let (ground, line) = match design {
        CardBack::BlueLattice => ((28, 64, 140), (90, 130, 210)),
        CardBack::RedQuilt => ((150, 24, 36), (226, 110, 110)),
        CardBack::GreenTartan => ((22, 92, 58), (214, 190, 96)),
    };
    let rgb = |(r, g, b): (u8, u8, u8)| Color::from_rgba8(r, g, b, 255);
    pixmap.fill_path(
        &inner,
        &paint(rgb(ground)),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
    let mut mask = Mask::new(w, h)?;
    mask.fill_path(&inner, FillRule::Winding, true, Transform::identity());
    let thin = (wf / 60.0).max(1.0);
    let mut lines = PathBuilder::new();
    match design {
        CardBack::BlueLattice | CardBack::RedQuilt => {
            let step = wf
                / if design == CardBack::RedQuilt {
                    10.0
                } else {
                    7.0
                };
            let mut x = -hf;
            while x < wf + hf {
                lines.move_to(x, 0.0);
                lines.line_to(x + hf, hf);
                lines.move_to(x + hf, 0.0);
                lines.line_to(x, hf);
                x += step;
            }
        }
        CardBack::GreenTartan => {
            let step = wf / 5.0;
            let mut x = step / 2.0;
            while x < wf {
                lines.move_to(x, 0.0);
                lines.line_to(x, hf);
                x += step;
            }
            let mut y = step / 2.0;
            while y < hf {
                lines.move_to(0.0, y);
                lines.line_to(wf, y);
                y += step;
            }
        }
    }
    if let Some(path) = lines.finish() {
        let stroke = Stroke {
            width: thin,
            ..Stroke::default()
        };
        pixmap.stroke_path(
            &path,
            &paint(rgb(line)),
            &stroke,
            Transform::identity(),
            Some(&mask),
        );
        if design == CardBack::GreenTartan {
            // The wide, dark bands of the sett between the fine lines.
            let wide = Stroke {
                width: wf / 12.0,
                ..Stroke::default()
            };
            let shade = Color::from_rgba8(10, 40, 70, 120);
            pixmap.stroke_path(
                &path,
                &paint(shade),
                &wide,
                Transform::from_translate(wf / 10.0, wf / 10.0),
                Some(&mask),
            );
        }
    }
    if design == CardBack::RedQuilt {
        let oval = tiny_skia::Rect::from_xywh(wf * 0.3, hf * 0.32, wf * 0.4, hf * 0.36)
            .and_then(PathBuilder::from_oval)?;
        pixmap.fill_path(
            &oval,
            &paint(rgb(ground)),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        let ring = Stroke {
            width: thin * 2.0,
            ..Stroke::default()
        };
        pixmap.stroke_path(
            &oval,
            &paint(Color::from_rgba8(240, 214, 150, 255)),
            &ring,
            Transform::identity(),
            None,
        );
    }
    Some(pixmap)
}
