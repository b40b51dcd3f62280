//! Menu navigation by keyboard and mouse, and starting the chosen game.

use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

use super::MenuState;
use super::examples::{Examples, ExamplesButton};
use super::list::{GameRow, OpenButton, ResumeButton, SettingsButton, StatisticsButton};
use super::start::{resume, start_game};
use crate::assets::Games;
use crate::input_focus::keys_in_order;
use crate::play::random_seed;
use crate::save::{DataProblems, Saved};
use crate::screen::Screen;

const DIGITS: [(KeyCode, KeyCode, char); 10] = [
    (KeyCode::Digit0, KeyCode::Numpad0, '0'),
    (KeyCode::Digit1, KeyCode::Numpad1, '1'),
    (KeyCode::Digit2, KeyCode::Numpad2, '2'),
    (KeyCode::Digit3, KeyCode::Numpad3, '3'),
    (KeyCode::Digit4, KeyCode::Numpad4, '4'),
    (KeyCode::Digit5, KeyCode::Numpad5, '5'),
    (KeyCode::Digit6, KeyCode::Numpad6, '6'),
    (KeyCode::Digit7, KeyCode::Numpad7, '7'),
    (KeyCode::Digit8, KeyCode::Numpad8, '8'),
    (KeyCode::Digit9, KeyCode::Numpad9, '9'),
];

fn chosen_seed(state: &MenuState) -> u64 {
    state.deal.parse().unwrap_or_else(|_| random_seed())
}

/// The menu's keys, in the order typed (keys typed within one frame keep their order: a deal
/// number typed fast stays that number, and a key after Enter waits for the game).
pub(super) fn navigate_with_keys(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    mut events: MessageReader<KeyboardInput>,
    games: Res<Games>,
    mut state: ResMut<MenuState>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    saved: Res<Saved>,
    examples: Res<Examples>,
    mut problems: ResMut<DataProblems>,
) {
    let n = games.0.len();
    if n == 0 {
        return;
    }
    for key in keys_in_order(&mut events, &keys) {
        match key {
            KeyCode::ArrowDown => state.selected = (state.selected + 1) % n,
            KeyCode::ArrowUp => state.selected = (state.selected + n - 1) % n,
            KeyCode::Backspace => {
                state.deal.pop();
            }
            KeyCode::KeyC if saved.0.is_some() => {
                if let Err(e) = resume(&mut commands, &mut next, &games, &saved) {
                    problems.0.push(e);
                }
                return;
            }
            KeyCode::KeyS => return open_settings(&mut commands, &mut next),
            KeyCode::KeyT => return next.set(Screen::Statistics),
            KeyCode::KeyF => return next.set(Screen::Open),
            KeyCode::KeyX if !examples.list.is_empty() => return next.set(Screen::Examples),
            KeyCode::Escape => {
                exit.write(AppExit::Success);
                return;
            }
            KeyCode::Enter | KeyCode::NumpadEnter => {
                if let Some(game) = games.0.get(state.selected) {
                    start_game(&mut commands, &mut next, game.clone(), chosen_seed(&state));
                }
                return;
            }
            _ => {
                if let Some(&(.., c)) = DIGITS.iter().find(|(a, b, _)| *a == key || *b == key)
                    && state.deal.len() < 19
                {
                    state.deal.push(c);
                }
            }
        }
    }
}

fn open_settings(commands: &mut Commands, next: &mut NextState<Screen>) {
    commands.insert_resource(crate::settings::SettingsScreen {
        selected: 0,
        back_to: Screen::Menu,
    });
    next.set(Screen::Settings);
}

pub(super) fn press_rows(
    mut commands: Commands,
    rows: Query<(&Interaction, &GameRow), Changed<Interaction>>,
    resume_button: Query<&Interaction, (Changed<Interaction>, With<ResumeButton>)>,
    settings_button: Query<&Interaction, (Changed<Interaction>, With<SettingsButton>)>,
    stats_button: Query<&Interaction, (Changed<Interaction>, With<StatisticsButton>)>,
    open_button: Query<&Interaction, (Changed<Interaction>, With<OpenButton>)>,
    examples_button: Query<&Interaction, (Changed<Interaction>, With<ExamplesButton>)>,
    games: Res<Games>,
    saved: Res<Saved>,
    mut problems: ResMut<DataProblems>,
    mut state: ResMut<MenuState>,
    mut next: ResMut<NextState<Screen>>,
) {
    for (interaction, row) in &rows {
        match interaction {
            Interaction::Hovered if state.selected != row.0 => state.selected = row.0,
            Interaction::Pressed => {
                if let Some(game) = games.0.get(row.0) {
                    start_game(&mut commands, &mut next, game.clone(), chosen_seed(&state));
                }
            }
            _ => {}
        }
    }
    if settings_button.iter().any(|i| *i == Interaction::Pressed) {
        open_settings(&mut commands, &mut next);
    }
    if stats_button.iter().any(|i| *i == Interaction::Pressed) {
        next.set(Screen::Statistics);
    }
    if open_button.iter().any(|i| *i == Interaction::Pressed) {
        next.set(Screen::Open);
    }
    if examples_button.iter().any(|i| *i == Interaction::Pressed) {
        next.set(Screen::Examples);
    }
    if resume_button.iter().any(|i| *i == Interaction::Pressed)
        && let Err(e) = resume(&mut commands, &mut next, &games, &saved)
    {
        problems.0.push(e);
    }
}
