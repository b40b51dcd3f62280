//! The desktop app as a library of plugins, one per feature, so tests can build a headless
//! `App` from the parts that need no window.
//!
//! The ECS is a projection of the engine's position: input becomes an engine [`Move`]
//! (`play`), the engine applies it, and the view (`table`) animates towards the new position.
//!
//! Each feature's module (`mod.rs`) is its public face: its plugin, messages, resources and
//! the few types others need; its submodules are private. Features form layers, each using
//! only those below it (a test, `tests/feature_imports.rs`, checks there is no cycle):
//! - shared, using no feature: [`screen`], [`ui`], [`fit`], [`input_focus`] (who gets the
//!   keys), [`key_names`], [`art`]; then [`cli`];
//! - the data directory ([`save`]), then [`settings`], then the game in progress ([`play`]);
//! - [`assets`], [`typed_keys`], then the [`table`], the [`menu`], the solver ([`solve`]);
//!   [`statistics`], [`capture`], [`error_screen`] on top.
//!
//! A feature uses the messages and resources of those below it; one that needs a higher
//! feature to act sends a message of its own (the table's [`HintAsked`](table::HintAsked),
//! answered by the solver). The plugins are added here.
//!
//! [`Move`]: solitaire_core::Move

use bevy::prelude::*;

pub mod art;
pub mod assets;
pub mod capture;
pub mod cli;
pub mod error_screen;
pub mod fit;
pub mod input_focus;
pub mod key_names;
pub mod menu;
pub mod play;
pub mod save;
pub mod screen;
pub mod settings;
pub mod solve;
pub mod statistics;
pub mod table;
pub mod typed_keys;
pub mod ui;

/// Every plugin of the app (after Bevy's `DefaultPlugins`).
pub fn plugin(app: &mut App) {
    app.add_plugins((
        screen::plugin,
        input_focus::plugin,
        assets::plugin,
        art::plugin,
        save::plugin,
        settings::plugin,
        statistics::plugin,
        play::plugin,
        error_screen::plugin,
        menu::plugin,
        table::plugin,
        capture::plugin,
        typed_keys::plugin,
        solve::plugin,
        ui::plugin,
    ));
}
