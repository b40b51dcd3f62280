//! Card flights: eased moves from where a card is to where the engine's position puts it,
//! with a flip half way when its face changes. A flight holds only pixels, never game state.

use bevy::prelude::*;

use super::{CardView, TableSet};
use crate::art::CardArt;

/// Seconds a card takes to fly.
pub const FLIGHT: f32 = 0.26;

/// A card on its way. `start` is in `Time::elapsed_secs`.
#[derive(Component, Clone, Copy, Debug)]
pub struct Flight {
    pub from: Vec3,
    pub to: Vec3,
    pub start: f32,
    pub duration: f32,
    /// The face to show on landing.
    pub up: bool,
    /// Whether the card turns over on the way.
    pub flip: bool,
}

/// Ease in and out (cubic).
pub fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    if t < 0.5 {
        4.0 * t * t * t
    } else {
        1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
    }
}

/// Move every flying card along its flight; land it at the end.
pub fn fly(
    mut commands: Commands,
    time: Res<Time>,
    art: Res<CardArt>,
    mut cards: Query<(Entity, &Flight, &mut Transform, &mut Sprite, &mut CardView)>,
) {
    let now = time.elapsed_secs();
    for (entity, f, mut transform, mut sprite, mut view) in &mut cards {
        let t = if f.duration > 0.0 {
            (now - f.start) / f.duration
        } else {
            1.0
        };
        if t < 0.0 {
            continue;
        }
        if t >= 1.0 {
            transform.translation = f.to;
            transform.scale.x = 1.0;
            show_face(&art, &mut sprite, &mut view, f.up);
            commands.entity(entity).remove::<Flight>();
            continue;
        }
        let p = f.from.lerp(f.to, ease(t));
        // Flying cards pass over everything that lies still.
        transform.translation = p.with_z(200.0 + f.to.z);
        if f.flip {
            transform.scale.x = (1.0 - 2.0 * t).abs().max(0.02);
            if t >= 0.5 {
                show_face(&art, &mut sprite, &mut view, f.up);
            }
        } else {
            transform.scale.x = 1.0;
        }
    }
}

/// Show a card face up or down.
pub fn show_face(art: &CardArt, sprite: &mut Sprite, view: &mut CardView, up: bool) {
    view.up = up;
    sprite.image = if up {
        art.face(view.card.rank, view.card.suit)
    } else {
        art.back()
    };
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, fly.in_set(TableSet::Animate));
}
