//! Saves and statistics in the user's data directory: the game in progress (the engine's
//! `GameRecord`, offered on the next start) and per-game results, read at start-up. Files are written
//! atomically; an unreadable file is reported and set aside under a timestamped name, never
//! overwritten.

mod files;
mod named;
mod stats;
#[cfg(test)]
mod tests;

use bevy::prelude::*;
use solitaire_core::GameRecord;

pub use files::{DataDir, Untouchable, read_or_set_aside, write_atomic, write_guarded};
pub use named::{
    list_saves, load_save, save_as, save_text, saves_dir, session_from_text, unknown_note,
};
pub use stats::{GameStats, RECENT, Stats};

use crate::cli::Options;

/// The game in progress, in the data directory.
pub const SAVE_FILE: &str = "current.ron";
/// The player's statistics, in the data directory.
pub const STATS_FILE: &str = "stats.ron";

/// A saved game found at start-up, offered by the menu.
#[derive(Resource, Default, Clone, Debug)]
pub struct Saved(pub Option<GameRecord>);

/// Problems with the data files, shown by the menu.
#[derive(Resource, Default, Clone, Debug)]
pub struct DataProblems(pub Vec<String>);

fn load_data(mut commands: Commands, options: Option<Res<Options>>) {
    let dir = DataDir::new(options.and_then(|o| o.data_dir.clone()));
    let mut problems = Vec::new();
    let mut untouchable = Untouchable::default();
    let saved = read_or_set_aside(
        &dir.file(SAVE_FILE),
        |t| GameRecord::from_ron(t).map_err(|e| e.to_string()),
        &mut problems,
        &mut untouchable,
    );
    let stats = read_or_set_aside(
        &dir.file(STATS_FILE),
        Stats::from_ron,
        &mut problems,
        &mut untouchable,
    )
    .unwrap_or_default();
    commands.insert_resource(untouchable);
    commands.insert_resource(Saved(saved));
    commands.insert_resource(stats);
    commands.insert_resource(DataProblems(problems));
    commands.insert_resource(dir);
}

/// The start-up system that reads the data directory (others that read files there follow it).
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LoadData;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Saved>();
    app.init_resource::<Stats>();
    app.init_resource::<DataProblems>();
    app.init_resource::<Untouchable>();
    app.add_systems(Startup, load_data.in_set(LoadData));
}
