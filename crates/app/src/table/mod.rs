//! The table: piles and cards laid out from the layout and scaled to the window, moved by
//! drag and drop and clicks, animated from the engine's step log.

mod accepts;
mod anim;
mod ask;
#[cfg(test)]
mod ask_tests;
mod auto;
mod bar;
mod celebrate;
mod cover;
mod drag;
#[cfg(test)]
mod drag_tests;
#[cfg(test)]
mod end_tests;
mod focus;
mod follow;
mod info_ui;
#[cfg(test)]
mod key_tests;
mod keys;
mod note;
mod outcome;
mod replay;
mod spawn;
mod status;
mod steps;
#[cfg(test)]
mod tests;

pub use anim::Flight;
pub use bar::{HintAsked, Lit};
pub use note::{NoteText, TableNote};
pub use outcome::OutcomePanel;

/// For tests elsewhere in the app: the table's input systems on a session, on the table
/// screen, with its cards spawned (no window); keys pressed for one frame; a position three
/// keyboard moves from a win.
#[cfg(test)]
pub use end_tests::{app_for, app_with, press};
#[cfg(test)]
pub use key_tests::spider_three_moves_from_a_win;
/// For tests elsewhere in the app: the note's line on the table, alone.
#[cfg(test)]
pub use note::plugin as note_plugin;

use std::collections::HashMap;

use bevy::prelude::*;
use solitaire_core::Card;

use crate::screen::Screen;

/// A card on the table; `up` is the face it shows now (the engine's, once any flip ends).
#[derive(Component, Clone, Copy, Debug)]
pub struct CardView {
    pub card: Card,
    pub up: bool,
}

/// The outline of a pile (drawn under its cards, clicked when the pile is empty).
#[derive(Component, Clone, Copy, Debug)]
pub struct PileMarker(pub usize);

/// The sign on a pile's outline (see [`accepts::marker_sign`]), worked out once per deal.
#[derive(Component, Clone, Copy, Debug)]
pub struct MarkerSign(pub &'static str);

/// The card count shown beside a pile whose layout asks for it.
#[derive(Component, Clone, Copy, Debug)]
pub struct PileCount(pub usize);

/// Each card's entity.
#[derive(Resource, Default)]
pub struct CardEntities(pub HashMap<Card, Entity>);

/// Phases of a frame on the table, in order.
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TableSet {
    Input,
    Follow,
    Animate,
}

/// The table's systems that may take the keys ([`InputFocus`]: a question, the Locate or
/// Save-as entry, a replay) run before those that only act on keys the table owns: in
/// [`TableSet::Input`], before keys become actions or keyboard moves.
///
/// [`InputFocus`]: crate::input_focus::InputFocus
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct KeysFirst;

pub(super) fn plugin(app: &mut App) {
    sets(app);
    app.add_plugins((
        spawn::plugin,
        follow::plugin,
        anim::plugin,
        drag::plugin,
        bar::plugin,
        keys::plugin,
        ask::plugin,
        info_ui::plugin,
        replay::plugin,
        auto::plugin,
        focus::plugin,
        status::plugin,
        outcome::plugin,
        celebrate::plugin,
    ));
    app.add_plugins((note::plugin, cover::plugin));
}

/// The table's resources and the order of its system sets (shared with headless tests).
fn sets(app: &mut App) {
    app.init_resource::<crate::fit::Fit>();
    app.init_resource::<crate::input_focus::InputFocus>();
    app.init_resource::<CardEntities>();
    app.configure_sets(
        Update,
        (TableSet::Input, TableSet::Follow, TableSet::Animate)
            .chain()
            .run_if(in_state(Screen::Playing)),
    );
    app.configure_sets(
        Update,
        KeysFirst
            .in_set(TableSet::Input)
            .before(keys::read_keys)
            .before(focus::key_focus),
    );
    app.configure_sets(
        Update,
        crate::play::PlaySet
            .after(TableSet::Input)
            .before(TableSet::Follow),
    );
}
