//! Auto-finish: once nothing is hidden (no face-down card anywhere) and the solver finds a
//! win from the position (the background search of [`super::watch`], with full
//! knowledge, which is then no more than what the player sees), the Finish button (or `F`)
//! plays the winning line, animated.

use bevy::prelude::*;
use solitaire_core::{Move, Position, Status};

use super::Verdict;
use super::watch::Watch;
use crate::fit::BOTTOM_BAR;
use crate::input_focus::InputFocus;
use crate::play::{Notice, Play, Script};
use crate::screen::Screen;
use crate::settings::Settings;
use crate::table::TableSet;
use crate::ui;

/// The last position looked at, and the winning line from it if one was found.
#[derive(Resource, Clone, Default)]
pub struct Finish {
    pub checked: Option<Position>,
    pub line: Option<Vec<Move>>,
}

/// The Finish button.
#[derive(Component)]
pub struct FinishButton;

/// The node that holds the Finish button.
#[derive(Component)]
pub struct FinishPanel;

/// Whether every card of the position is face up.
pub fn nothing_hidden(pos: &Position) -> bool {
    pos.piles().iter().all(|p| p.face_down() == 0)
}

/// A winning line from `pos` if nothing is hidden and the background search found one;
/// `None` while that search is still under way.
pub fn winning_line(
    game: &solitaire_core::Game,
    pos: &Position,
    watch: &Watch,
) -> Option<Option<Vec<Move>>> {
    if !nothing_hidden(pos) || game.status(pos) != Status::Playing {
        return Some(None);
    }
    match watch.verdict(pos)? {
        Verdict::Winnable(line) if !line.is_empty() => Some(Some(line.clone())),
        _ => Some(None),
    }
}

pub fn look_for_a_finish(
    play: Res<Play>,
    script: Res<Script>,
    watch: Option<Res<Watch>>,
    mut finish: ResMut<Finish>,
    mut notice: ResMut<Notice>,
) {
    let pos = play.session.position();
    if finish.checked.as_ref() == Some(pos) || !script.moves.is_empty() {
        return;
    }
    let Some(line) = watch.and_then(|w| winning_line(play.game(), pos, &w)) else {
        return;
    };
    finish.checked = Some(pos.clone());
    finish.line = line;
    if finish.line.is_some() && notice.0.is_empty() {
        notice.0 = "Nothing is hidden and the win is certain: Finish (F) plays it out.".into();
    }
}

/// `F` or the button plays the line, one move at a time at the animation speed.
fn play_the_finish(
    keys: Res<ButtonInput<KeyCode>>,
    button: Query<&Interaction, (Changed<Interaction>, With<FinishButton>)>,
    input: Res<InputFocus>,
    settings: Option<Res<Settings>>,
    time: Res<Time>,
    mut finish: ResMut<Finish>,
    mut script: ResMut<Script>,
) {
    let pressed = button.iter().any(|i| *i == Interaction::Pressed)
        || (keys.just_pressed(KeyCode::KeyF) && input.screen_has_keys());
    if !pressed {
        return;
    }
    let Some(line) = finish.line.take() else {
        return;
    };
    let speed = settings.map_or(1.0, |s| s.anim());
    *script = Script {
        moves: line.into(),
        next_at: time.elapsed_secs(),
        gap: 0.3 * speed,
    };
}

fn show_button(
    mut commands: Commands,
    finish: Res<Finish>,
    shown: Query<Entity, With<FinishPanel>>,
) {
    match (finish.line.is_some(), shown.iter().next()) {
        (true, None) => {
            commands
                .spawn((
                    DespawnOnExit(Screen::Playing),
                    FinishPanel,
                    Node {
                        position_type: PositionType::Absolute,
                        right: Val::Px(12.0),
                        bottom: Val::Px(BOTTOM_BAR + 8.0),
                        ..default()
                    },
                    Pickable::IGNORE,
                ))
                .with_child(ui::button("Finish  F", FinishButton));
        }
        (false, Some(e)) => {
            commands.entity(e).despawn();
        }
        _ => {}
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Finish>();
    app.add_systems(
        Update,
        play_the_finish
            .in_set(TableSet::Input)
            .before(crate::play::PlaySet),
    );
    app.add_systems(
        Update,
        (look_for_a_finish, show_button)
            .chain()
            .in_set(TableSet::Animate),
    );
    app.add_systems(OnExit(Screen::Playing), |mut f: ResMut<Finish>| {
        *f = Finish::default();
    });
}
