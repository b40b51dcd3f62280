//! Saves and statistics in the user's data directory: the game in progress (the engine's
//! `GameRecord`, offered on the next start) and per-game results. Files are written
//! atomically; an unreadable file is reported and set aside under a timestamped name, never
//! overwritten.

mod files;
mod named;
mod stats;
#[cfg(test)]
mod tests;

use bevy::prelude::*;
use solitaire_core::{GameRecord, Status};

pub use files::{DataDir, Untouchable, read_or_set_aside, write_atomic, write_guarded};
pub use named::{
    list_saves, load_save, save_as, save_text, saves_dir, session_from_text, unknown_note,
};
pub use stats::{GameStats, RECENT, Stats};

use crate::cli::Options;
use crate::play::{Changed, Notice, Play};

const SAVE_FILE: &str = "current.ron";
const STATS_FILE: &str = "stats.ron";

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

/// After every change: save the game, and record its result once it ends.
fn save_progress(
    mut changes: MessageReader<Changed>,
    dir: Res<DataDir>,
    mut play: ResMut<Play>,
    mut stats: ResMut<Stats>,
    mut saved: ResMut<Saved>,
    mut problems: ResMut<DataProblems>,
    untouchable: Res<Untouchable>,
    mut notice: ResMut<Notice>,
) {
    if changes.read().count() == 0 {
        return;
    }
    let s = &play.session;
    let status = s.status();
    let id = s.game().id().to_string();
    let score = s.game().score(s.position());
    let record = s.record();
    if !play.counted && !record.moves.is_empty() {
        play.counted = true;
        stats.start(&id);
        if let Err(e) = write_guarded(&dir.file(STATS_FILE), &stats.to_ron(), &untouchable) {
            notice.0.clone_from(&e);
            problems.0.push(e);
        }
    }
    if status == Status::Playing || record.moves.is_empty() {
        if let Err(e) = write_guarded(&dir.file(SAVE_FILE), &record.to_ron(), &untouchable) {
            notice.0.clone_from(&e);
            problems.0.push(e);
        }
        saved.0 = Some(record);
        return;
    }
    if !play.ended {
        play.ended = true;
        stats.finish(&id, status == Status::Won, score, play.seconds as u32);
        if let Err(e) = write_guarded(&dir.file(STATS_FILE), &stats.to_ron(), &untouchable) {
            notice.0.clone_from(&e);
            problems.0.push(e);
        }
        if !untouchable.0.contains(&dir.file(SAVE_FILE)) {
            let _ = std::fs::remove_file(dir.file(SAVE_FILE));
        }
        saved.0 = None;
    }
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
    app.add_systems(
        Update,
        save_progress
            .after(crate::play::PlaySet)
            .run_if(resource_exists::<Play>)
            .run_if(resource_exists::<DataDir>),
    );
}
