//! The game saves itself after every change, and records its result once it ends (in the
//! data directory, beside files the start-up set aside, which are never overwritten).

use bevy::prelude::*;
use solitaire_core::Status;

use super::{Changed, Notice, Play};
use crate::save::{
    DataDir, DataProblems, SAVE_FILE, STATS_FILE, Saved, Stats, Untouchable, write_guarded,
};

/// After every change: save the game, and record its result once it ends.
pub(super) fn save_progress(
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

#[cfg(test)]
mod tests {
    use solitaire_core::Move;

    #[test]
    fn unreadable_statistics_are_set_aside_at_start_and_kept_when_the_next_game_saves() {
        use bevy::prelude::{App, MinimalPlugins};

        let dir = std::env::temp_dir().join(format!("solitaire-startup-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a directory");
        // Statistics that are not UTF-8, and a save that does not parse.
        std::fs::write(dir.join("stats.ron"), [b'(', 0xff, b')']).expect("written");
        std::fs::write(dir.join("current.ron"), "(game: ").expect("written");
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        crate::play::plugin(&mut app);
        crate::save::plugin(&mut app);
        app.insert_resource(crate::cli::Options {
            data_dir: Some(dir.clone()),
            ..Default::default()
        });
        app.update();
        let problems = app
            .world()
            .resource::<crate::save::DataProblems>()
            .0
            .clone();
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(
            problems.iter().any(|p| p.contains("not UTF-8")),
            "{problems:?}"
        );
        let aside = |prefix: &str| -> Vec<std::path::PathBuf> {
            std::fs::read_dir(&dir)
                .expect("listed")
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.to_string_lossy().contains(prefix))
                .collect()
        };
        assert_eq!(aside("stats.ron.corrupt-").len(), 1);
        assert_eq!(aside("current.ron.corrupt-").len(), 1);
        // A new game's first move writes fresh statistics beside the kept copy.
        let catalog = solitaire_games::catalog().expect("the registry builds");
        let game = catalog.get("spider").expect("spider");
        app.insert_resource(super::Play::new(game, 3));
        app.world_mut()
            .write_message(crate::play::Request::Play(Move::Deal));
        app.update();
        app.update();
        let fresh = std::fs::read_to_string(dir.join("stats.ron")).expect("new statistics");
        assert!(fresh.contains("spider"), "{fresh}");
        let kept = std::fs::read(&aside("stats.ron.corrupt-")[0]).expect("kept");
        assert_eq!(kept, [b'(', 0xff, b')'], "the player's old file is intact");
        let _ = std::fs::remove_dir_all(dir);
    }
}
