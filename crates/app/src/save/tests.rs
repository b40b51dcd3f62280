//! A saved game comes back exactly: same deal, same moves, same position; unreadable data
//! files are set aside at start-up and the player's statistics are never overwritten.

use solitaire_core::{GameRecord, Move, Session};

use super::{Untouchable, read_or_set_aside, write_atomic};

#[test]
fn a_saved_game_resumes_exactly() {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let game = catalog.get("spider").expect("spider");
    let mut session = Session::deal(game.clone(), 42);
    let moves: Vec<Move> = game
        .legal_moves(session.position())
        .into_iter()
        .take(1)
        .collect();
    for mv in moves.into_iter().chain([Move::Deal]) {
        session.play(mv).expect("legal");
    }
    let dir = std::env::temp_dir().join(format!("solitaire-save-{}", std::process::id()));
    let path = dir.join("current.ron");
    write_atomic(&path, &session.record().to_ron()).expect("written");
    let mut problems = Vec::new();
    let record = read_or_set_aside(
        &path,
        |t| GameRecord::from_ron(t).map_err(|e| e.to_string()),
        &mut problems,
        &mut Untouchable::default(),
    )
    .expect("read back");
    let resumed = Session::from_record(game, &record).expect("replays");
    assert_eq!(resumed.position(), session.position());
    assert_eq!(resumed.moves(), session.moves());
    assert!(problems.is_empty());
    let _ = std::fs::remove_dir_all(dir);
}

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
    super::plugin(&mut app);
    app.insert_resource(crate::cli::Options {
        data_dir: Some(dir.clone()),
        ..Default::default()
    });
    app.update();
    let problems = app.world().resource::<super::DataProblems>().0.clone();
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
    app.insert_resource(crate::play::Play::new(game, 3));
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
