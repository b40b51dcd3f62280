//! Cards under other cards are not drawn where they are covered. Without a GPU, Mesa's
//! software renderer shades every pixel of every sprite, and a new deal's squared stock and
//! fanned columns would have it shade most of the table many times over each frame. A card
//! or outline lying exactly under a card is hidden; one whose lower part a card covers (a
//! fanned column) is cut to the strip that shows. Worked out each frame from where the
//! sprites are, so flights, drags and the celebration need nothing of their own.

use bevy::camera::visibility::VisibilitySystems;
use bevy::prelude::*;
use bevy::sprite::Anchor;

use super::{CardView, PileMarker};
use crate::art::CORNER;
use crate::fit::Fit;
use crate::play::Play;
use crate::screen::Screen;

/// Where a card's or outline's sprite lies: its centre (`z` orders them) and whether it is
/// drawn whole (a card half-way through turning over covers less than its size).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Place {
    pub centre: Vec3,
    pub whole: bool,
}

/// How much of a card shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shown {
    Whole,
    /// Only its top strip, this many pixels tall.
    Top(f32),
    Hidden,
}

/// How much of a sprite at `under` shows below the cards at `over` (every card on the table;
/// each `size` pixels, whose rounded corners are `corner` pixels tall). Only a whole card
/// above it in `z`, in the same column and lower by less than a card's height, covers it.
pub fn shown(under: Place, over: &[Place], size: Vec2, corner: f32) -> Shown {
    let mut strip = size.y;
    for o in over {
        let drop = under.centre.y - o.centre.y;
        if o.whole
            && o.centre.z > under.centre.z
            && (o.centre.x - under.centre.x).abs() < 0.5
            && (-0.5..size.y).contains(&drop)
        {
            strip = strip.min(drop.max(0.0));
        }
    }
    if strip < 0.5 {
        Shown::Hidden
    } else if strip + corner >= size.y {
        Shown::Whole
    } else {
        Shown::Top((strip + corner).ceil())
    }
}

/// How far down a card's rounded corners reach, with its edge's antialiased pixels: a card
/// shows this much of the one under it below its own top edge.
fn corner(size: Vec2) -> f32 {
    (size.x * CORNER + 2.0).ceil()
}

fn cut_covered_cards(
    play: Res<Play>,
    fit: Res<Fit>,
    images: Res<Assets<Image>>,
    mut sprites: Query<
        (
            &Transform,
            &mut Sprite,
            &mut Anchor,
            &mut Visibility,
            Has<CardView>,
        ),
        Or<(With<CardView>, With<PileMarker>)>,
    >,
) {
    let size = fit.card_size(play.game().layout());
    let over: Vec<Place> = sprites
        .iter()
        .filter(|s| s.4)
        .map(|(t, ..)| Place {
            centre: t.translation,
            whole: t.scale.x >= 0.999 && t.scale.y >= 0.999,
        })
        .collect();
    for (t, mut sprite, mut anchor, mut visibility, _) in &mut sprites {
        let place = Place {
            centre: t.translation,
            whole: true,
        };
        let show = shown(place, &over, size, corner(size));
        let texture = images.get(&sprite.image).map(|i| i.size_f32());
        let (want_visible, want_rect, want_size, want_anchor) = match (show, texture) {
            (Shown::Hidden, _) => (Visibility::Hidden, None, size, Anchor::CENTER),
            (Shown::Top(h), Some(tex)) => (
                Visibility::Inherited,
                Some(Rect::new(0.0, 0.0, tex.x, tex.y * h / size.y)),
                Vec2::new(size.x, h),
                // The strip's top stays at the card's top.
                Anchor(Vec2::new(0.0, 0.5 - size.y / (2.0 * h))),
            ),
            _ => (Visibility::Inherited, None, size, Anchor::CENTER),
        };
        // Only what differs is written: Bevy re-extracts nothing that did not change.
        if *visibility != want_visible {
            *visibility = want_visible;
        }
        if sprite.rect != want_rect || sprite.custom_size != Some(want_size) {
            sprite.rect = want_rect;
            sprite.custom_size = Some(want_size);
        }
        if *anchor != want_anchor {
            *anchor = want_anchor;
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        cut_covered_cards
            .before(VisibilitySystems::VisibilityPropagate)
            .run_if(in_state(Screen::Playing))
            .run_if(resource_exists::<Play>),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: Vec2 = Vec2::new(80.0, 112.0);

    fn at(x: f32, y: f32, z: f32) -> Place {
        Place {
            centre: Vec3::new(x, y, z),
            whole: true,
        }
    }

    #[test]
    fn a_card_exactly_under_another_is_hidden() {
        let over = [at(0.0, 0.0, 1.0), at(0.0, 0.0, 1.01)];
        assert_eq!(shown(over[0], &over, SIZE, 8.0), Shown::Hidden);
        assert_eq!(shown(over[1], &over, SIZE, 8.0), Shown::Whole);
    }

    #[test]
    fn a_fanned_card_shows_its_strip_and_the_corners_above_it() {
        let over = [
            at(0.0, 0.0, 1.0),
            at(0.0, -20.0, 1.01),
            at(0.0, -50.0, 1.02),
        ];
        assert_eq!(shown(over[0], &over, SIZE, 8.0), Shown::Top(28.0));
        assert_eq!(shown(over[1], &over, SIZE, 8.0), Shown::Top(38.0));
        assert_eq!(shown(over[2], &over, SIZE, 8.0), Shown::Whole);
    }

    #[test]
    fn cards_beside_above_or_turning_cover_nothing() {
        let under = at(0.0, 0.0, 1.0);
        let beside = at(30.0, -20.0, 2.0);
        let below_in_z = at(0.0, -20.0, 0.5);
        let higher_up = at(0.0, 20.0, 2.0);
        let far_down = at(0.0, -SIZE.y, 2.0);
        let turning = Place {
            whole: false,
            ..at(0.0, 0.0, 2.0)
        };
        for o in [beside, below_in_z, higher_up, far_down, turning] {
            assert_eq!(shown(under, &[under, o], SIZE, 8.0), Shown::Whole, "{o:?}");
        }
    }
}
