//! A saved game comes back exactly: same deal, same moves, same position.

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
