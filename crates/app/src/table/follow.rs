//! The view follows the engine: every card's target comes from the current position; a
//! change starts flights timed by the step log; a new window size snaps everything.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use solitaire_core::{Layout, Position};

use super::anim::{FLIGHT, Flight, show_face};
use super::steps::delays;
use super::{CardEntities, CardView, MarkerSign, PileCount, PileMarker, TableSet};
use crate::art::CardArt;
use crate::assets::GameAssets;
use crate::fit::{Fit, card_corner};
use crate::play::{Changed, Play};

/// Where card `index` of `pile` rests, in world coordinates (z stacks the pile), its edges
/// on whole pixels so that its image is not resampled.
pub fn rest(layout: &Layout, fit: &Fit, pos: &Position, pile: usize, index: usize) -> Vec3 {
    let size = Vec2::new(1.0, 1.4) * layout.card_scale;
    let c = fit.world(card_corner(layout, pos, pile, index) + size / 2.0);
    let pixels = fit.card_size(layout);
    let c = (c - pixels / 2.0).round() + pixels / 2.0;
    c.extend(1.0 + index as f32 * 0.01)
}

/// Start flights towards the new position after each change.
pub fn follow_changes(
    mut commands: Commands,
    mut changes: MessageReader<Changed>,
    play: Res<Play>,
    fit: Res<Fit>,
    time: Res<Time>,
    entities: Res<CardEntities>,
    settings: Option<Res<crate::settings::Settings>>,
    cards: Query<(&Transform, &CardView)>,
) {
    let now = time.elapsed_secs();
    let speed = settings.map_or(1.0, |s| s.anim());
    for change in changes.read() {
        let timing = delays(&change.before, &change.steps, change.backwards);
        let layout = play.game().layout();
        let pos = play.session.position();
        for (p, pile) in pos.piles().iter().enumerate() {
            for (i, card) in pile.cards().iter().enumerate() {
                let Some(&entity) = entities.0.get(card) else {
                    continue;
                };
                let Ok((transform, view)) = cards.get(entity) else {
                    continue;
                };
                let to = rest(layout, &fit, pos, p, i);
                let up = pile.is_face_up(i);
                let delay = timing.iter().find(|(c, _)| c == card).map(|&(_, d)| d);
                if delay.is_none() && up == view.up && transform.translation == to {
                    continue;
                }
                commands.entity(entity).insert(Flight {
                    from: transform.translation,
                    to,
                    start: now + delay.unwrap_or(0.0) * speed,
                    duration: FLIGHT * speed,
                    up,
                    flip: up != view.up,
                });
            }
        }
    }
}

/// Fit the table to the window; on a change, resize and snap everything (and ask for the art
/// at the new card size, drawn in the background).
pub fn refit(
    mut commands: Commands,
    window: Single<&Window, With<PrimaryWindow>>,
    play: Res<Play>,
    mut fit: ResMut<Fit>,
    mut art: ResMut<CardArt>,
    assets: Option<Res<GameAssets>>,
    fonts: Res<Assets<Font>>,
    images: Res<Assets<Image>>,
    entities: Res<CardEntities>,
    settings: Option<Res<crate::settings::Settings>>,
    note: Option<Res<super::note::TableNote>>,
    mut cards: Query<(&mut Transform, &mut Sprite, &mut CardView), Without<PileMarker>>,
    mut markers: Query<(&PileMarker, &MarkerSign, &mut Transform, &mut Sprite), Without<CardView>>,
    mut counts: Query<(&PileCount, &mut Transform), (Without<CardView>, Without<PileMarker>)>,
) {
    let layout = play.game().layout();
    let size = Vec2::new(window.width(), window.height());
    let room = super::note::note_room(note.as_deref(), Some(&*play));
    let new = Fit::above(layout, size, room)
        .mirror(settings.as_ref().is_some_and(|s| s.left_handed), layout);
    let style = settings.as_ref().map(|s| s.art_style()).unwrap_or_default();
    if new == *fit && art.width > 0 && art.style == style {
        return;
    }
    *fit = new;
    let card = fit.card_size(layout);
    if let Some(font) = assets.and_then(|a| fonts.get(&a.font)) {
        art.request(&images, font, card.x.round() as u32, style);
    }
    let pos = play.session.position();
    for (p, pile) in pos.piles().iter().enumerate() {
        for (i, c) in pile.cards().iter().enumerate() {
            let Some(Ok((mut t, mut sprite, mut view))) =
                entities.0.get(c).map(|&e| cards.get_mut(e))
            else {
                continue;
            };
            sprite.custom_size = Some(card);
            t.translation = rest(layout, &fit, pos, p, i);
            t.scale.x = 1.0;
            show_face(&art, &mut sprite, &mut view, pile.is_face_up(i));
            if let Some(&e) = entities.0.get(c) {
                commands.entity(e).remove::<Flight>();
            }
        }
    }
    for (m, sign, mut t, mut sprite) in &mut markers {
        sprite.custom_size = Some(card);
        sprite.image = art.marker(sign.0);
        t.translation = rest(layout, &fit, pos, m.0, 0).with_z(0.5);
    }
    for (c, mut t) in &mut counts {
        let base = rest(layout, &fit, pos, c.0, 0);
        t.translation = Vec3::new(base.x, base.y - card.y * 0.5 - 11.0, 5.0);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (refit, follow_changes).chain().in_set(TableSet::Follow),
    );
}
