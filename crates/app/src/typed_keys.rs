//! `--keys "3 Enter 1 Enter"`: keys typed into the window by the app itself, for scripted
//! screenshots of keyboard play. Each key goes in as the window's own keyboard messages
//! (pressed, then released a frame later), so Bevy's input systems and the app's key systems
//! see exactly what a typist's keys make. The first key goes in a second and a half after the
//! menu or the table shows, then one every half second; `_` waits a step, `Ctrl+Z` holds Ctrl.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::cli::Options;
use crate::key_names::parse_key;
use crate::screen::Screen;

/// Seconds from the first screen to the first key, and between keys.
const FIRST: f32 = 1.5;
const STEP: f32 = 0.5;

/// The script's progress: the next step, when it is due, and the keys still held down.
#[derive(Resource, Default)]
struct KeyScript {
    next: usize,
    due: Option<f32>,
    held: Vec<KeyCode>,
}

/// The window's message for a key going down or up.
pub fn key_message(key_code: KeyCode, state: ButtonState, window: Entity) -> KeyboardInput {
    KeyboardInput {
        key_code,
        logical_key: Key::Unidentified(NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window,
    }
}

fn type_keys(
    options: Res<Options>,
    screen: Res<State<Screen>>,
    time: Res<Time<Real>>,
    window: Query<Entity, With<PrimaryWindow>>,
    mut script: ResMut<KeyScript>,
    mut out: MessageWriter<KeyboardInput>,
) {
    let window = window.single().unwrap_or(Entity::PLACEHOLDER);
    for k in std::mem::take(&mut script.held).into_iter().rev() {
        out.write(key_message(k, ButtonState::Released, window));
    }
    let now = time.elapsed_secs();
    let due = match script.due {
        Some(due) => due,
        None if matches!(screen.get(), Screen::Menu | Screen::Playing) => {
            script.due = Some(now + FIRST);
            return;
        }
        None => return,
    };
    if now < due {
        return;
    }
    let Some(keys) = options.keys.get(script.next).and_then(|k| parse_key(k)) else {
        return;
    };
    for &k in &keys {
        out.write(key_message(k, ButtonState::Pressed, window));
    }
    script.held = keys;
    script.next += 1;
    script.due = Some(now + STEP);
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeyScript>();
    app.add_systems(
        Update,
        type_keys.run_if(|o: Option<Res<Options>>| o.is_some_and(|o| !o.keys.is_empty())),
    );
}

/// Tests: press `keys` all before the next frame, as the window reports a fast typist's keys
/// (its messages in order, and the input state as Bevy's input system leaves it), then run
/// one frame.
#[cfg(test)]
pub fn type_in_one_frame(app: &mut App, keys: &[KeyCode]) {
    for &k in keys {
        app.world_mut()
            .write_message(key_message(k, ButtonState::Pressed, Entity::PLACEHOLDER));
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(k);
    }
    app.update();
}
