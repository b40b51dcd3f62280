//! Keyboard controls on the table: undo, redo, restart, new deal, hint, menu (the cards
//! themselves are played by keys in [`super::focus`]).

use bevy::prelude::*;

use super::TableSet;
use super::bar::Action;
use crate::input_focus::InputFocus;

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
    } else if pressed(KeyCode::KeyO) {
        Some(Action::Settings)
    } else if pressed(KeyCode::KeyP) {
        Some(Action::Replay)
    } else if pressed(KeyCode::Escape) {
        Some(Action::Menu)
    } else {
        None
    }
}

pub(super) fn read_keys(
    keys: Res<ButtonInput<KeyCode>>,
    input: Res<InputFocus>,
    focus: Option<Res<super::focus::KeyFocus>>,
    mut actions: MessageWriter<Action>,
) {
    // A question, an entry line, a replay or a celebration takes the keys first.
    if !input.screen_has_keys() {
        return;
    }
    match key_action(&keys) {
        // Escape first puts back cards held by the keyboard.
        Some(Action::Menu) if focus.is_some_and(|f| f.held.is_some()) => {}
        Some(a) => {
            actions.write(a);
        }
        None => {}
    }
}

pub(super) fn plugin(app: &mut App) {
    // Keys become actions before the bar carries out this frame's actions.
    app.add_systems(
        Update,
        read_keys
            .in_set(TableSet::Input)
            .before(super::bar::do_actions),
    );
}
