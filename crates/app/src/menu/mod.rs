//! The menu: every registered game with its summary, cards and the player's results; the
//! rules of the selected game; a random deal or a typed deal number; resuming a saved game.

mod examples;
mod list;
mod nav;
mod open;
mod ready;
#[cfg(test)]
mod rules_tests;
mod start;
#[cfg(test)]
mod tests;

use bevy::prelude::*;

pub use examples::{Example, Examples, example_session, read_examples};
pub use list::{WinnableDealButton, readings_text};
pub use open::{OpenList, clipboard_text};
pub use start::start_game;

use crate::screen::Screen;

/// The menu's selection and the deal number being typed.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct MenuState {
    pub selected: usize,
    pub deal: String,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuState>();
    open::plugin(app);
    ready::plugin(app);
    examples::plugin(app);
    app.add_systems(
        OnEnter(Screen::Menu),
        (start::open_from_command_line, list::spawn_menu).chain(),
    );
    app.add_systems(
        Update,
        (
            nav::navigate_with_keys,
            nav::press_rows,
            list::show_selection,
        )
            .chain()
            .run_if(in_state(Screen::Menu)),
    );
}
