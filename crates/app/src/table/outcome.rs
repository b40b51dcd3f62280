//! The end of a game: a win is celebrated, then a panel gives the result (moves, time,
//! score) with buttons for a new deal and the menu; a loss (no legal move left) says so and
//! offers undo, a new deal and the menu.

use bevy::prelude::*;
use solitaire_core::Status;

use super::bar::Action;
use super::celebrate::{Celebration, begin};
use super::{CardEntities, TableSet};
use crate::input_focus::{self, KeyOwner};
use crate::play::Play;
use crate::screen::Screen;
use crate::ui;

/// Seconds between the winning move and the first card of the celebration (the last move
/// lands first).
const CELEBRATION_DELAY: f32 = 1.0;

/// The panel shown at the end of a game.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutcomePanel(pub Status);

/// Whether this win has been celebrated (reset when the game is playing again).
#[derive(Resource, Default)]
pub struct Celebrated(pub bool);

/// Minutes and seconds.
pub fn clock(seconds: f32) -> String {
    let s = seconds.max(0.0) as u64;
    format!("{}:{:02}", s / 60, s % 60)
}

/// The line of figures under the panel's title.
pub fn result_line(play: &Play) -> String {
    let s = &play.session;
    let mut line = format!("Moves {}    Time {}", s.move_count(), clock(play.seconds));
    let score = s.game().score(s.position());
    if score != 0 {
        line += &format!("    Score {score}");
    }
    line
}

fn show_outcome(
    mut commands: Commands,
    play: Res<Play>,
    time: Res<Time>,
    entities: Res<CardEntities>,
    mut celebrated: ResMut<Celebrated>,
    party: Option<Res<Celebration>>,
    panel: Query<(Entity, &OutcomePanel)>,
) {
    let status = play.session.status();
    let shown = panel.iter().next();
    if let Some((e, p)) = shown
        && p.0 != status
    {
        commands.entity(e).despawn();
    }
    let shown = shown.filter(|(_, p)| p.0 == status).is_some();
    match status {
        Status::Playing => {
            celebrated.0 = false;
            if party.is_some() {
                commands.run_system_cached(super::celebrate::finish);
            }
        }
        Status::Won if !celebrated.0 => {
            celebrated.0 = true;
            commands.insert_resource(begin(
                &play,
                &entities,
                time.elapsed_secs() + CELEBRATION_DELAY,
            ));
            input_focus::set_with_commands(&mut commands, KeyOwner::Party, true);
        }
        Status::Won if party.is_none() && !shown => spawn_panel(&mut commands, &play, status),
        Status::Lost if !shown => spawn_panel(&mut commands, &play, status),
        _ => {}
    }
}

fn spawn_panel(commands: &mut Commands, play: &Play, status: Status) {
    let (title, buttons): (_, &[(&str, Action)]) = if status == Status::Won {
        (
            "You won!",
            &[
                ("New deal  N", Action::NewDeal),
                ("Menu  Esc", Action::Menu),
            ],
        )
    } else {
        (
            "No legal move is left",
            &[
                ("Undo  U", Action::Undo),
                ("New deal  N", Action::NewDeal),
                ("Menu  Esc", Action::Menu),
            ],
        )
    };
    // A win covers the middle of the (cleared) table; a loss sits low, so the position that
    // has no move left stays in view.
    let won = status == Status::Won;
    commands
        .spawn((
            DespawnOnExit(Screen::Playing),
            OutcomePanel(status),
            Node {
                position_type: PositionType::Absolute,
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                justify_content: JustifyContent::Center,
                align_items: if won {
                    AlignItems::Center
                } else {
                    AlignItems::FlexEnd
                },
                padding: UiRect::bottom(Val::Px(if won { 0.0 } else { 44.0 })),
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|root| {
            root.spawn(ui::panel_box(
                if won { 14.0 } else { 8.0 },
                UiRect::axes(Val::Px(36.0), Val::Px(if won { 24.0 } else { 14.0 })),
                14.0,
            ))
            .with_children(|b| {
                b.spawn(ui::text(title, if won { 44.0 } else { 32.0 }, ui::SELECTED));
                b.spawn(ui::text(result_line(play), 22.0, ui::TEXT));
                b.spawn(Node {
                    margin: UiRect::top(Val::Px(6.0)),
                    ..default()
                })
                .with_children(|row| {
                    for &(label, action) in buttons {
                        row.spawn(ui::button(label, action));
                    }
                });
            });
        });
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Celebrated>();
    app.add_systems(Update, show_outcome.in_set(TableSet::Animate));
    app.add_systems(OnExit(Screen::Playing), |mut c: ResMut<Celebrated>| {
        c.0 = false
    });
}
