//! The table: piles and cards laid out from the layout and scaled to the window, moved by
//! drag and drop and clicks, animated from the engine's step log.

pub mod accepts;
pub mod anim;
pub mod ask;
#[cfg(test)]
mod ask_tests;
pub mod auto;
pub mod bar;
pub mod celebrate;
mod cover;
mod drag;
#[cfg(test)]
mod drag_tests;
#[cfg(test)]
pub(crate) mod end_tests;
pub mod finish;
pub mod fit;
pub mod focus;
pub mod follow;
pub mod info;
pub mod info_ui;
#[cfg(test)]
mod key_tests;
pub mod keys;
pub mod note;
pub mod outcome;
mod ready;
pub mod replay;
mod spawn;
mod status;
pub mod steps;
#[cfg(test)]
mod tests;

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

/// Input systems that take keys before the table's own key systems do (a question, the
/// Locate or Save-as entry, a replay): in [`TableSet::Input`], before keys become actions or
/// keyboard moves.
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct KeysFirst;

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
        finish::plugin,
        replay::plugin,
        auto::plugin,
        focus::plugin,
        status::plugin,
        outcome::plugin,
        celebrate::plugin,
    ));
    app.add_plugins((note::plugin, ready::plugin, cover::plugin));
}

/// For tests elsewhere in the app: the table's input systems on `session`, on the table
/// screen, with its cards spawned (no window).
#[cfg(test)]
pub fn test_table(session: solitaire_core::Session) -> App {
    end_tests::app_for(session)
}

/// The table's resources and the order of its system sets (shared with headless tests).
fn sets(app: &mut App) {
    app.init_resource::<fit::Fit>();
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
