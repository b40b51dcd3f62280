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
use crate::screen::Screen;

/// Seconds from the first screen to the first key, and between keys.
const FIRST: f32 = 1.5;
const STEP: f32 = 0.5;

/// One step of a key script: the keys pressed together (modifiers first), none for a pause.
pub fn parse_key(name: &str) -> Option<Vec<KeyCode>> {
    if name == "_" {
        return Some(Vec::new());
    }
    if let Some(rest) = name.strip_prefix("Ctrl+") {
        let mut keys = vec![KeyCode::ControlLeft];
        keys.extend(parse_key(rest)?);
        return Some(keys);
    }
    let named = [
        ("Enter", KeyCode::Enter),
        ("Space", KeyCode::Space),
        ("Esc", KeyCode::Escape),
        ("Escape", KeyCode::Escape),
        ("Left", KeyCode::ArrowLeft),
        ("Right", KeyCode::ArrowRight),
        ("Up", KeyCode::ArrowUp),
        ("Down", KeyCode::ArrowDown),
        ("Backspace", KeyCode::Backspace),
        ("Tab", KeyCode::Tab),
        ("+", KeyCode::Equal),
        ("-", KeyCode::Minus),
    ];
    if let Some(&(_, k)) = named.iter().find(|(n, _)| *n == name) {
        return Some(vec![k]);
    }
    let mut chars = name.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    let key = match c.to_ascii_uppercase() {
        '0' => KeyCode::Digit0,
        '1' => KeyCode::Digit1,
        '2' => KeyCode::Digit2,
        '3' => KeyCode::Digit3,
        '4' => KeyCode::Digit4,
        '5' => KeyCode::Digit5,
        '6' => KeyCode::Digit6,
        '7' => KeyCode::Digit7,
        '8' => KeyCode::Digit8,
        '9' => KeyCode::Digit9,
        'A'..='Z' => letter(c.to_ascii_uppercase())?,
        _ => return None,
    };
    Some(vec![key])
}

fn letter(c: char) -> Option<KeyCode> {
    const LETTERS: [KeyCode; 26] = [
        KeyCode::KeyA,
        KeyCode::KeyB,
        KeyCode::KeyC,
        KeyCode::KeyD,
        KeyCode::KeyE,
        KeyCode::KeyF,
        KeyCode::KeyG,
        KeyCode::KeyH,
        KeyCode::KeyI,
        KeyCode::KeyJ,
        KeyCode::KeyK,
        KeyCode::KeyL,
        KeyCode::KeyM,
        KeyCode::KeyN,
        KeyCode::KeyO,
        KeyCode::KeyP,
        KeyCode::KeyQ,
        KeyCode::KeyR,
        KeyCode::KeyS,
        KeyCode::KeyT,
        KeyCode::KeyU,
        KeyCode::KeyV,
        KeyCode::KeyW,
        KeyCode::KeyX,
        KeyCode::KeyY,
        KeyCode::KeyZ,
    ];
    LETTERS
        .get((c as u32).checked_sub('A' as u32)? as usize)
        .copied()
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_names_read_and_unknown_ones_do_not() {
        assert_eq!(parse_key("3"), Some(vec![KeyCode::Digit3]));
        assert_eq!(parse_key("h"), Some(vec![KeyCode::KeyH]));
        assert_eq!(parse_key("Enter"), Some(vec![KeyCode::Enter]));
        assert_eq!(
            parse_key("Ctrl+Z"),
            Some(vec![KeyCode::ControlLeft, KeyCode::KeyZ])
        );
        assert_eq!(parse_key("_"), Some(vec![]));
        for bad in ["Hyper", "é", "Ctrl+", ""] {
            assert_eq!(parse_key(bad), None, "{bad:?}");
        }
    }
}
