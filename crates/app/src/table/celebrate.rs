//! The win celebration: the cards leave the foundations one by one and bounce across the
//! table, leaving fading trails, for a few seconds (any key or click cuts it short); then
//! they fly home. Pixels only: the position is not touched.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use solitaire_core::PileKind;

use super::anim::Flight;
use super::follow::rest;
use super::{CardEntities, CardView, TableSet};
use crate::fit::{BOTTOM_BAR, Fit};
use crate::input_focus::{self, KeyOwner};
use crate::play::Play;
use crate::screen::Screen;

/// Seconds the whole launch takes at most, and the longest gap between two cards.
const LAUNCH_SPAN: f32 = 4.0;
const MAX_GAP: f32 = 0.14;
/// Seconds the last card keeps bouncing before the celebration ends by itself.
const TAIL: f32 = 2.5;
/// Seconds between trail marks, and how long a mark takes to fade.
const TRAIL_EVERY: f32 = 0.05;
const TRAIL_LIFE: f32 = 1.0;
/// Seconds the cards take to fly home afterwards.
const HOME: f32 = 0.5;

/// A celebration under way: `order` is launched one card every `gap` seconds from `start`.
#[derive(Resource, Clone, Debug)]
pub struct Celebration {
    pub start: f32,
    pub gap: f32,
    pub order: Vec<Entity>,
    pub launched: usize,
    pub next_trail: f32,
    /// Trail marks left so far (each a little above the last, all below the cards).
    pub marks: u32,
}

impl Celebration {
    /// When the celebration ends by itself.
    pub fn end(&self) -> f32 {
        self.start + self.gap * self.order.len() as f32 + TAIL
    }
}

/// A card in free flight (pixels per second, world axes).
#[derive(Component, Clone, Copy, Debug)]
pub struct Bounce {
    pub velocity: Vec2,
}

/// A fading copy left behind a bouncing card.
#[derive(Component, Clone, Copy, Debug)]
pub struct Trail {
    pub born: f32,
}

/// Start celebrating at `start`: the foundations' cards (every card if the foundations are
/// empty), top cards first, taking the piles in turn.
pub fn begin(play: &Play, entities: &CardEntities, start: f32) -> Celebration {
    let layout = play.game().layout();
    let pos = play.session.position();
    let mut piles: Vec<Vec<_>> = layout
        .piles_of(PileKind::Foundation)
        .iter()
        .map(|&p| pos.pile(p).cards().to_vec())
        .collect();
    if piles.iter().all(Vec::is_empty) {
        piles = pos.piles().iter().map(|p| p.cards().to_vec()).collect();
    }
    let mut order = Vec::new();
    while piles.iter().any(|p| !p.is_empty()) {
        for pile in &mut piles {
            if let Some(c) = pile.pop()
                && let Some(&e) = entities.0.get(&c)
            {
                order.push(e);
            }
        }
    }
    let gap = (LAUNCH_SPAN / order.len().max(1) as f32).min(MAX_GAP);
    Celebration {
        start,
        gap,
        order,
        launched: 0,
        next_trail: start,
        marks: 0,
    }
}

/// A pseudo-random number in [0, 1) for the `k`th card (the same every run).
fn unit(k: usize, salt: u64) -> f32 {
    let h = (k as u64 + 1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(17)
        .wrapping_mul(salt | 1);
    ((h >> 40) as f32) / (1u64 << 24) as f32
}

fn cascade(
    mut commands: Commands,
    time: Res<Time>,
    celebration: Option<ResMut<Celebration>>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut cards: Query<(&mut Transform, &Sprite, Option<&mut Bounce>), With<CardView>>,
) {
    let Some(mut party) = celebration else { return };
    let now = time.elapsed_secs();
    let dt = time.delta_secs().min(0.05);
    let size = window.iter().next().map_or(Vec2::new(1280.0, 720.0), |w| {
        Vec2::new(w.width(), w.height())
    });
    while party.launched < party.order.len()
        && now >= party.start + party.launched as f32 * party.gap
    {
        let k = party.launched;
        let e = party.order[k];
        let sign = if unit(k, 3) < 0.5 { -1.0 } else { 1.0 };
        let velocity = Vec2::new(
            sign * (0.12 + 0.25 * unit(k, 5)) * size.x,
            // Mostly sideways and a little up: the cards fall and bounce below the foundations.
            (-0.1 + 0.35 * unit(k, 7)) * size.y,
        );
        commands
            .entity(e)
            .try_remove::<Flight>()
            .try_insert(Bounce { velocity });
        if let Ok((mut t, ..)) = cards.get_mut(e) {
            t.translation.z = 300.0 + k as f32 * 0.01;
        }
        party.launched += 1;
    }
    let trail = now >= party.next_trail;
    if trail {
        party.next_trail = now + TRAIL_EVERY;
    }
    let gravity = 2.4 * size.y;
    for (mut t, sprite, bounce) in &mut cards {
        let Some(mut b) = bounce else { continue };
        let half = sprite.custom_size.unwrap_or(Vec2::splat(40.0)) / 2.0;
        let floor = -size.y / 2.0 + BOTTOM_BAR + half.y;
        b.velocity.y -= gravity * dt;
        t.translation += (b.velocity * dt).extend(0.0);
        if t.translation.y < floor {
            t.translation.y = floor;
            b.velocity.y = -b.velocity.y * 0.78;
        }
        if t.translation.x.abs() > size.x / 2.0 + half.x {
            b.velocity = Vec2::ZERO; // gone: it waits off the table
            continue;
        }
        if trail {
            party.marks += 1;
            let z = 250.0 + (party.marks % 40_000) as f32 * 0.001;
            commands.spawn((
                DespawnOnExit(Screen::Playing),
                Trail { born: now },
                Pickable::IGNORE,
                Transform::from_translation(t.translation.with_z(z)),
                sprite.clone(),
            ));
        }
    }
    if now >= party.end() {
        commands.run_system_cached(finish);
    }
}

/// End the celebration (by itself, or cut short): trails go, cards fly home.
pub fn finish(
    mut commands: Commands,
    time: Res<Time>,
    play: Res<Play>,
    fit: Res<Fit>,
    entities: Res<CardEntities>,
    cards: Query<(Entity, &Transform, &CardView)>,
    trails: Query<Entity, With<Trail>>,
) {
    commands.remove_resource::<Celebration>();
    input_focus::set_with_commands(&mut commands, KeyOwner::Party, false);
    for e in &trails {
        commands.entity(e).despawn();
    }
    let layout = play.game().layout();
    let pos = play.session.position();
    for (p, pile) in pos.piles().iter().enumerate() {
        for (i, c) in pile.cards().iter().enumerate() {
            let Some(Ok((e, t, view))) = entities.0.get(c).map(|&e| cards.get(e)) else {
                continue;
            };
            commands
                .entity(e)
                .try_remove::<Bounce>()
                .try_insert(Flight {
                    from: t.translation,
                    to: rest(layout, &fit, pos, p, i),
                    start: time.elapsed_secs(),
                    duration: HOME,
                    up: view.up,
                    flip: false,
                });
        }
    }
}

/// Any key or click cuts the celebration short.
fn skip(
    mut commands: Commands,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    party: Option<Res<Celebration>>,
    time: Res<Time>,
) {
    let Some(party) = party else { return };
    let pressed = keys.is_some_and(|k| k.get_just_pressed().next().is_some())
        || mouse.is_some_and(|m| m.get_just_pressed().next().is_some());
    if pressed && time.elapsed_secs() >= party.start {
        commands.run_system_cached(finish);
    }
}

fn fade_trails(
    mut commands: Commands,
    time: Res<Time>,
    mut trails: Query<(Entity, &Trail, &mut Sprite)>,
) {
    let now = time.elapsed_secs();
    for (e, t, mut sprite) in &mut trails {
        let age = (now - t.born) / TRAIL_LIFE;
        if age >= 1.0 {
            commands.entity(e).despawn();
        } else {
            sprite.color = Color::WHITE.with_alpha(1.0 - age);
        }
    }
}

fn stop_on_exit(mut commands: Commands) {
    commands.remove_resource::<Celebration>();
    input_focus::set_with_commands(&mut commands, KeyOwner::Party, false);
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (skip, cascade, fade_trails)
            .chain()
            .in_set(TableSet::Animate),
    );
    app.add_systems(OnExit(Screen::Playing), stop_on_exit);
}
