//! The names of keys in a key script (`--keys "3 Enter Ctrl+Z"`): digits, letters, `Enter`,
//! `Space`, `Esc`, the arrows, `Backspace`, `Tab`, `+`, `-`; `_` is a pause; `Ctrl+` holds
//! Ctrl.

use bevy::prelude::KeyCode;

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
