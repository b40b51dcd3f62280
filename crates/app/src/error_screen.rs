//! The error screen: which file could not be loaded and why; never a panic.

use bevy::prelude::*;

use crate::assets::{Games, LoadErrors};
use crate::screen::Screen;
use crate::ui;

#[derive(Component)]
struct ContinueButton;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Menu), divert_to_errors);
    app.add_systems(OnEnter(Screen::Error), spawn_error_screen);
    app.add_systems(Update, continue_to_menu.run_if(in_state(Screen::Error)));
}

/// Show load errors before the menu (the menu still offers the games that did load).
fn divert_to_errors(
    errors: Res<LoadErrors>,
    mut seen: Local<bool>,
    mut next: ResMut<NextState<Screen>>,
) {
    if !errors.0.is_empty() && !*seen {
        *seen = true;
        next.set(Screen::Error);
    }
}

fn spawn_error_screen(mut commands: Commands, errors: Res<LoadErrors>, games: Option<Res<Games>>) {
    for e in &errors.0 {
        error!("{e}");
    }
    let mut lines: Vec<String> = errors.0.clone();
    if lines.is_empty() {
        lines.push("An asset failed to load (see the log).".into());
    }
    let playable = games.is_some_and(|g| !g.0.is_empty());
    commands
        .spawn((DespawnOnExit(Screen::Error), ui::screen_column(32.0, 12.0)))
        .with_children(|root| {
            root.spawn(ui::text("Some files could not be loaded", 32.0, ui::TEXT));
            for line in lines {
                root.spawn(ui::text(line, 18.0, Color::srgb(1.0, 0.75, 0.7)));
            }
            if playable {
                root.spawn(ui::text(
                    "Press Enter to play the games that did load.",
                    18.0,
                    ui::DIM,
                ));
                root.spawn(ui::button("Continue  Enter", ContinueButton));
            } else {
                root.spawn(ui::text(
                    "Fix the file and start again. Esc quits.",
                    18.0,
                    ui::DIM,
                ));
            }
        });
}

fn continue_to_menu(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Query<&Interaction, (Changed<Interaction>, With<ContinueButton>)>,
    games: Option<Res<Games>>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    let playable = games.is_some_and(|g| !g.0.is_empty());
    let clicked = buttons.iter().any(|i| *i == Interaction::Pressed);
    if playable && (clicked || keys.just_pressed(KeyCode::Enter)) {
        next.set(Screen::Menu);
    } else if keys.just_pressed(KeyCode::Escape) {
        exit.write(AppExit::Success);
    }
}
