//! Setting the table: an outline and count for each pile, and every card, dealt one by one
//! from the stock when the game is new (the felt is the window's clear colour).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::accepts::marker_sign;
use super::anim::{FLIGHT, Flight};
use super::drag::{on_card_press, on_drag, on_drag_end, on_drag_start, on_marker_press};
use super::follow::rest;
use super::{CardEntities, CardView, MarkerSign, PileCount, PileMarker};
use crate::art::CardArt;
use crate::assets::GameAssets;
use crate::fit::Fit;
use crate::play::Play;
use crate::screen::Screen;
use crate::ui;

/// Seconds between cards of the opening deal.
const DEAL_GAP: f32 = 0.018;

fn spawn_table(
    mut commands: Commands,
    play: Res<Play>,
    window: Single<&Window, With<PrimaryWindow>>,
    time: Res<Time>,
    mut fit: ResMut<Fit>,
    mut art: ResMut<CardArt>,
    assets: Res<GameAssets>,
    fonts: Res<Assets<Font>>,
    images: Res<Assets<Image>>,
    mut entities: ResMut<CardEntities>,
    settings: Res<crate::settings::Settings>,
    note: Option<Res<super::note::TableNote>>,
) {
    let layout = play.game().layout();
    let speed = settings.anim();
    let size = Vec2::new(window.width(), window.height());
    let room = super::note::note_room(note.as_deref(), Some(&*play));
    *fit = Fit::above(layout, size, room).mirror(settings.left_handed, layout);
    let card = fit.card_size(layout);
    if let Some(font) = fonts.get(&assets.font) {
        art.request(&images, font, card.x.round() as u32, settings.art_style());
    }
    let scoped = DespawnOnExit(Screen::Playing);
    let pos = play.session.position();
    for (p, spec) in layout.piles.iter().enumerate() {
        let sign = marker_sign(play.game(), pos, p);
        commands
            .spawn((
                scoped.clone(),
                PileMarker(p),
                MarkerSign(sign),
                Pickable::default(),
                Transform::from_translation(rest(layout, &fit, pos, p, 0).with_z(0.5)),
                Sprite {
                    image: art.marker(sign),
                    custom_size: Some(card),
                    ..default()
                },
            ))
            .observe(on_marker_press)
            // A press that travels from an outline is no click on it.
            .observe(on_drag)
            .observe(super::info_ui::on_right_press);
        if spec.show_count {
            let base = rest(layout, &fit, pos, p, 0);
            commands.spawn((
                scoped.clone(),
                PileCount(p),
                Text2d::new(""),
                TextFont::from_font_size(16.0),
                TextColor(ui::TEXT),
                Pickable::IGNORE,
                Transform::from_xyz(base.x, base.y - card.y * 0.5 - 11.0, 5.0),
            ));
        }
    }
    // A new game is dealt from the stock (or the first pile) one card at a time.
    let fresh = play.session.move_count() == 0 && speed > 0.0;
    let stock = layout
        .piles_of(solitaire_core::PileKind::Stock)
        .first()
        .copied()
        .unwrap_or(0);
    let from = rest(layout, &fit, pos, stock, 0);
    let now = time.elapsed_secs() + 0.15;
    entities.0.clear();
    let mut order = 0;
    let depth = pos.piles().iter().map(|p| p.len()).max().unwrap_or(0);
    for i in 0..depth {
        for (p, pile) in pos.piles().iter().enumerate() {
            let Some(&c) = pile.cards().get(i) else {
                continue;
            };
            let up = pile.is_face_up(i);
            let to = rest(layout, &fit, pos, p, i);
            let dealt = fresh && p != stock;
            let image = if up && !dealt {
                art.face(c.rank, c.suit)
            } else {
                art.back()
            };
            let mut e = commands.spawn((
                scoped.clone(),
                Pickable::default(),
                CardView {
                    card: c,
                    up: up && !dealt,
                },
                Transform::from_translation(if dealt { from } else { to }),
                Sprite {
                    image,
                    custom_size: Some(card),
                    ..default()
                },
            ));
            if dealt {
                e.insert(Flight {
                    from,
                    to,
                    start: now + order as f32 * DEAL_GAP * speed,
                    duration: FLIGHT * speed,
                    up,
                    flip: up,
                });
                order += 1;
            }
            e.observe(on_drag_start)
                .observe(on_drag)
                .observe(on_drag_end)
                .observe(on_card_press)
                .observe(super::info_ui::on_right_press);
            entities.0.insert(c, e.id());
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), spawn_table);
}
