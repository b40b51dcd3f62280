//! Layout-to-screen mapping: the table scaled into the window between the bars, and where
//! each card of a pile lies (fans squeezed so long piles stay on the table).

use bevy::prelude::*;
use solitaire_core::{Fan, Layout, PileSpec, Position};

/// Pixels kept for the top bar and the status bar.
pub const TOP_BAR: f32 = 44.0;
pub const BOTTOM_BAR: f32 = 32.0;
/// Pixels kept above the status bar while the table shows a note (the note of a worked example or pasted position).
pub const NOTE_LINE: f32 = 30.0;
const MARGIN: f32 = 8.0;

/// Fan steps in card widths: between face-down cards and after a face-up card.
const DOWN_STEP: f32 = 0.16;
const UP_STEP: f32 = 0.3;

/// How the table maps to the window: world = origin + table * (scale, -scale), with x taken
/// from the right edge when mirrored.
#[derive(Clone, Copy, Debug, PartialEq, Resource)]
pub struct Fit {
    /// Pixels per table unit.
    pub scale: f32,
    /// World position of the table's top-left corner.
    pub origin: Vec2,
    /// Table size in units (the layout's, grown to hold the bars' share of the window).
    pub table: Vec2,
    /// Left-handed: the table mirrored left to right (every pile, fan and card place).
    pub mirrored: bool,
}

impl Default for Fit {
    fn default() -> Fit {
        Fit {
            scale: 80.0,
            origin: Vec2::ZERO,
            table: Vec2::ONE,
            mirrored: false,
        }
    }
}

impl Fit {
    /// The table of `layout` fitted into a window of `window` logical pixels, centred in the
    /// space between the bars. World coordinates have (0, 0) at the window's centre, y up.
    pub fn new(layout: &Layout, window: Vec2) -> Fit {
        Fit::above(layout, window, 0.0)
    }

    /// [`Fit::new`] leaving `below` more pixels free above the status bar (for the table's
    /// note, [`NOTE_LINE`]).
    pub fn above(layout: &Layout, window: Vec2, below: f32) -> Fit {
        let table = Vec2::new(layout.table.width.max(1.0), layout.table.height.max(1.0));
        let free = Vec2::new(
            window.x - 2.0 * MARGIN,
            window.y - TOP_BAR - BOTTOM_BAR - below - 2.0 * MARGIN,
        )
        .max(Vec2::splat(1.0));
        let scale = (free.x / table.x).min(free.y / table.y);
        let size = table * scale;
        // Top-left of the table in window pixels (y down), then in world units (y up).
        let left = (window.x - size.x) / 2.0;
        let top = TOP_BAR + MARGIN + (free.y - size.y) / 2.0;
        let origin = Vec2::new(left - window.x / 2.0, window.y / 2.0 - top);
        Fit {
            scale,
            origin,
            table,
            mirrored: false,
        }
    }

    /// The same fit, mirrored left to right for a left-handed player when `layout` allows it
    /// (see [`mirrorable`]).
    pub fn mirror(self, left_handed: bool, layout: &Layout) -> Fit {
        Fit {
            mirrored: left_handed && mirrorable(layout),
            ..self
        }
    }

    /// The world position of a table point.
    pub fn world(&self, p: Vec2) -> Vec2 {
        let x = if self.mirrored {
            self.table.x - p.x
        } else {
            p.x
        };
        self.origin + Vec2::new(x, -p.y) * self.scale
    }

    /// The table point at a world position.
    pub fn table_point(&self, w: Vec2) -> Vec2 {
        let d = (w - self.origin) / self.scale;
        let x = if self.mirrored {
            self.table.x - d.x
        } else {
            d.x
        };
        Vec2::new(x, -d.y)
    }

    /// A card's size in pixels.
    pub fn card_size(&self, layout: &Layout) -> Vec2 {
        // Whole pixels, the size the card images are drawn at: each image maps one to one
        // onto the screen.
        let width = (layout.card_scale * self.scale).round().max(1.0);
        Vec2::new(width, (width * 1.4).round())
    }
}

/// Whether `layout` allows the left-handed (mirrored) table: every pile fans down, up or not
/// at all. A pile fanned sideways would fan the other way when mirrored, each card covering
/// the corner index of the card under it, so such a layout keeps its sides.
pub fn mirrorable(layout: &Layout) -> bool {
    layout
        .piles
        .iter()
        .all(|p| matches!(p.fan, Fan::None | Fan::Down | Fan::Up))
}

/// The top-left corner (table units) of card `index` of a pile, for the position's piles.
pub fn card_corner(layout: &Layout, pos: &Position, pile: usize, index: usize) -> Vec2 {
    let spec = &layout.piles[pile];
    let p = pos.pile(pile);
    let base = Vec2::new(spec.x, spec.y);
    let dir = fan_dir(spec);
    if dir == Vec2::ZERO || index == 0 {
        return base;
    }
    let steps = |i: usize| {
        (0..i)
            .map(|k| if p.is_face_up(k) { UP_STEP } else { DOWN_STEP })
            .sum::<f32>()
    };
    let (mut want, total) = (steps(index), steps(p.len().saturating_sub(1)));
    let room = room(layout, spec, dir);
    if total > room && total > 0.0 {
        want *= room / total;
    }
    base + dir * want * layout.card_scale
}

fn fan_dir(spec: &PileSpec) -> Vec2 {
    match spec.fan {
        Fan::None => Vec2::ZERO,
        Fan::Down => Vec2::Y,
        Fan::Up => -Vec2::Y,
        Fan::Right => Vec2::X,
        Fan::Left => -Vec2::X,
    }
}

/// How far a pile may fan before it leaves the table (in card-scale units).
fn room(layout: &Layout, spec: &PileSpec, dir: Vec2) -> f32 {
    let card = Vec2::new(1.0, 1.4) * layout.card_scale;
    let t = Vec2::new(layout.table.width, layout.table.height);
    let r = if dir.y > 0.0 {
        t.y - spec.y - card.y
    } else if dir.y < 0.0 {
        spec.y
    } else if dir.x > 0.0 {
        t.x - spec.x - card.x
    } else {
        spec.x
    };
    (r / layout.card_scale).max(0.0)
}
