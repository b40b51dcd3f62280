//! Who gets the keys. One resource, [`InputFocus`], says which part of the app owns the keys
//! pressed now: the screen that shows (its own keys: the table's, the menu's), or a part open
//! on it that takes every key first: a yes/no question, a typed entry line, a replay, the
//! celebration of a win. Whatever opens such a part takes the keys; closing it gives them
//! back. A system that reads keys asks [`InputFocus::owner`] before it acts on one.

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

/// The owner of the keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyOwner {
    /// The screen that shows: its own keys (the table's actions and keyboard play, the menu's).
    Screen,
    /// A yes/no question: Y, Enter or Space say yes; N or Escape no.
    Question,
    /// A typed entry line (Locate, Save as): every key types, Enter or Escape closes it.
    TextEntry,
    /// A replay: `+` and `-` change its pace, any other key stops it.
    Replay,
    /// The celebration of a win: any key cuts it short.
    Party,
}

/// The parts that take the keys, first the one that gets them when several are open.
const TAKERS: [KeyOwner; 4] = [
    KeyOwner::Question,
    KeyOwner::TextEntry,
    KeyOwner::Replay,
    KeyOwner::Party,
];

/// The parts open now that take the keys; the first of [`TAKERS`] among them owns them.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InputFocus {
    taken: [bool; TAKERS.len()],
}

impl InputFocus {
    /// Who gets the keys pressed now.
    pub fn owner(&self) -> KeyOwner {
        TAKERS
            .into_iter()
            .zip(self.taken)
            .find_map(|(owner, taken)| taken.then_some(owner))
            .unwrap_or(KeyOwner::Screen)
    }

    /// Whether the screen's own keys act (nothing open on it takes them).
    pub fn screen_has_keys(&self) -> bool {
        self.owner() == KeyOwner::Screen
    }

    /// `owner` opens (`true`) and takes the keys, or closes (`false`) and gives them back.
    pub fn set(&mut self, owner: KeyOwner, open: bool) {
        if let Some(i) = TAKERS.iter().position(|&o| o == owner) {
            self.taken[i] = open;
        }
    }
}

/// Take the keys for `owner` (or give them back) when `commands` are applied: with the
/// commands that insert or remove the resource that part lives in.
pub fn set_with_commands(commands: &mut Commands, owner: KeyOwner, open: bool) {
    commands.queue(move |world: &mut World| {
        world.get_resource_or_init::<InputFocus>().set(owner, open);
    });
}

/// The keys pressed this frame that no earlier system used, in the order they were pressed
/// (read from the keyboard's event stream, so keys typed faster than the frame rate keep
/// their order), then any others the input state holds (as tests press them).
pub fn keys_in_order(
    events: &mut MessageReader<KeyboardInput>,
    keys: &ButtonInput<KeyCode>,
) -> Vec<KeyCode> {
    let mut order: Vec<KeyCode> = Vec::new();
    for e in events.read() {
        if e.state == ButtonState::Pressed && !e.repeat && keys.just_pressed(e.key_code) {
            order.push(e.key_code);
        }
    }
    let mut rest: Vec<KeyCode> = keys
        .get_just_pressed()
        .filter(|k| !order.contains(k))
        .copied()
        .collect();
    rest.sort_by_key(|k| format!("{k:?}"));
    order.extend(rest);
    order
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<InputFocus>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_open_taker_owns_the_keys_and_closing_gives_them_back() {
        let mut focus = InputFocus::default();
        assert_eq!(focus.owner(), KeyOwner::Screen);
        focus.set(KeyOwner::Party, true);
        focus.set(KeyOwner::TextEntry, true);
        assert_eq!(focus.owner(), KeyOwner::TextEntry);
        focus.set(KeyOwner::Question, true);
        assert_eq!(focus.owner(), KeyOwner::Question);
        focus.set(KeyOwner::Question, false);
        focus.set(KeyOwner::TextEntry, false);
        assert_eq!(focus.owner(), KeyOwner::Party);
        assert!(!focus.screen_has_keys());
        focus.set(KeyOwner::Party, false);
        focus.set(KeyOwner::Screen, true);
        assert!(focus.screen_has_keys());
    }
}
