//! Keyboard controls on the table: undo, redo, restart, new deal, hint, menu.

use bevy::prelude::*;

use super::TableSet;
use super::bar::Action;
use super::celebrate::Celebration;

/// The action a key press asks for, if any.
pub fn key_action(keys: &ButtonInput<KeyCode>) -> Option<Action> {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let pressed = |k| keys.just_pressed(k);
    if (ctrl && pressed(KeyCode::KeyZ)) || pressed(KeyCode::KeyU) {
        Some(Action::Undo)
    } else if ctrl && pressed(KeyCode::KeyY) {
        Some(Action::Redo)
    } else if ctrl {
        None
    } else if pressed(KeyCode::KeyR) {
        Some(Action::Restart)
    } else if pressed(KeyCode::KeyN) {
        Some(Action::NewDeal)
    } else if pressed(KeyCode::KeyH) {
        Some(Action::Hint)
    } else if pressed(KeyCode::Escape) {
        Some(Action::Menu)
    } else {
        None
    }
}

fn read_keys(
    keys: Res<ButtonInput<KeyCode>>,
    party: Option<Res<Celebration>>,
    mut actions: MessageWriter<Action>,
) {
    // During a celebration a key only cuts it short.
    if party.is_some() {
        return;
    }
    if let Some(a) = key_action(&keys) {
        actions.write(a);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, read_keys.in_set(TableSet::Input));
}
