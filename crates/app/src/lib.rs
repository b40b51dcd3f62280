//! The desktop app as a library of plugins, one per feature, so tests can build a headless
//! `App` from the parts that need no window.
//!
//! The ECS is a projection of the engine's position: input becomes an engine [`Move`]
//! (`play`), the engine applies it, and the view (`table`) animates towards the new position.
//!
//! [`Move`]: solitaire_core::Move

use bevy::prelude::*;

pub mod art;
pub mod assets;
pub mod capture;
pub mod cli;
pub mod error_screen;
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
