//! The four suit signs as solid paths (each one piece of ink, the same in the corner index
//! and as a pip), in a unit box: x and y from 0 to 1, y down, the sign standing upright.

use solitaire_core::Suit;
use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Transform};

/// The parts of a suit sign, each filled on its own (a club's leaves overlap its stem).
fn parts(suit: Suit) -> Vec<Path> {
    let mut paths = Vec::new();
    match suit {
        Suit::Hearts => {
            let mut pb = PathBuilder::new();
            pb.move_to(0.5, 1.0);
            pb.cubic_to(0.2, 0.74, 0.0, 0.54, 0.0, 0.3);
            pb.cubic_to(0.0, 0.12, 0.13, 0.0, 0.28, 0.0);
            pb.cubic_to(0.39, 0.0, 0.47, 0.07, 0.5, 0.18);
            pb.cubic_to(0.53, 0.07, 0.61, 0.0, 0.72, 0.0);
            pb.cubic_to(0.87, 0.0, 1.0, 0.12, 1.0, 0.3);
            pb.cubic_to(1.0, 0.54, 0.8, 0.74, 0.5, 1.0);
            pb.close();
            paths.extend(pb.finish());
        }
        Suit::Diamonds => {
            let mut pb = PathBuilder::new();
            pb.move_to(0.5, 0.0);
            pb.quad_to(0.66, 0.27, 0.88, 0.5);
            pb.quad_to(0.66, 0.73, 0.5, 1.0);
            pb.quad_to(0.34, 0.73, 0.12, 0.5);
            pb.quad_to(0.34, 0.27, 0.5, 0.0);
            pb.close();
            paths.extend(pb.finish());
        }
        Suit::Spades => {
            let mut pb = PathBuilder::new();
            pb.move_to(0.5, 0.0);
            pb.cubic_to(0.8, 0.27, 1.0, 0.44, 1.0, 0.62);
            pb.cubic_to(1.0, 0.78, 0.88, 0.87, 0.75, 0.87);
            pb.cubic_to(0.65, 0.87, 0.58, 0.83, 0.54, 0.77);
            pb.quad_to(0.56, 0.93, 0.7, 1.0);
            pb.line_to(0.3, 1.0);
            pb.quad_to(0.44, 0.93, 0.46, 0.77);
            pb.cubic_to(0.42, 0.83, 0.35, 0.87, 0.25, 0.87);
            pb.cubic_to(0.12, 0.87, 0.0, 0.78, 0.0, 0.62);
            pb.cubic_to(0.0, 0.44, 0.2, 0.27, 0.5, 0.0);
            pb.close();
            paths.extend(pb.finish());
        }
        Suit::Clubs => {
            for (x, y) in [(0.5, 0.24), (0.24, 0.6), (0.76, 0.6)] {
                paths.extend(PathBuilder::from_circle(x, y, 0.235));
            }
            let mut pb = PathBuilder::new();
            pb.move_to(0.5, 0.3);
            pb.line_to(0.7, 0.62);
            pb.line_to(0.3, 0.62);
            pb.close();
            paths.extend(pb.finish());
            let mut pb = PathBuilder::new();
            pb.move_to(0.45, 0.55);
            pb.quad_to(0.45, 0.9, 0.28, 1.0);
            pb.line_to(0.72, 1.0);
            pb.quad_to(0.55, 0.9, 0.55, 0.55);
            pb.close();
            paths.extend(pb.finish());
        }
    }
    paths
}

/// Fill the sign of `suit`, `height` pixels tall and as wide, centred on `centre`, turned
/// half a turn when `upside_down`.
pub fn draw_suit(
    pixmap: &mut Pixmap,
    suit: Suit,
    centre: (f32, f32),
    height: f32,
    upside_down: bool,
    paint: &Paint,
) {
    let mut t = Transform::from_translate(centre.0, centre.1);
    if upside_down {
        t = t.pre_rotate(180.0);
    }
    let t = t.pre_scale(height, height).pre_translate(-0.5, -0.5);
    for path in parts(suit) {
        pixmap.fill_path(&path, paint, FillRule::Winding, t, None);
    }
}
