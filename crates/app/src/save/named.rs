//! Games saved under a name the player chooses (`saves/NAME.ron` in the data directory): the
//! engine's game record (deal or start position, and every move, so undo and replay work
//! after resuming), preceded by the current position in the text form as comments for a
//! person to read. Positions pasted as text start a game of their own.

use std::path::PathBuf;

use solitaire_core::{Game, GameRecord, Session};
use solitaire_files::{MAX_INPUT_BYTES, read_text_capped};

use super::{DataDir, write_atomic};

/// The folder of named saves.
pub fn saves_dir(dir: &DataDir) -> PathBuf {
    dir.file("saves")
}

/// Whether a name is one the saves folder takes: 1 to 40 of `a-z 0-9 - _`.
pub fn good_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 40
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
}

/// The file's text: the position as comments, then the record.
pub fn save_text(session: &Session) -> String {
    let game = session.game();
    let mut out = format!(
        "// {} position after {} moves:\n",
        game.name(),
        session.move_count()
    );
    for line in game.position_text(session.position()).lines() {
        out.push_str("// ");
        out.push_str(line);
        out.push('\n');
    }
    out.push_str(&session.record().to_ron());
    out.push('\n');
    out
}

/// Save the game as `saves/NAME.ron` (replacing a save of that name).
///
/// # Errors
/// A bad name, or the reason the file could not be written.
pub fn save_as(dir: &DataDir, name: &str, session: &Session) -> Result<PathBuf, String> {
    if !good_name(name) {
        return Err(format!(
            "{name:?} is not a save name: use 1 to 40 letters, digits, - or _"
        ));
    }
    let path = saves_dir(dir).join(format!("{name}.ron"));
    write_atomic(&path, &save_text(session))?;
    Ok(path)
}

/// The named saves, newest first.
pub fn list_saves(dir: &DataDir) -> Vec<(String, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(saves_dir(dir)) else {
        return Vec::new();
    };
    let mut found: Vec<(std::time::SystemTime, String, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let path = e.path();
            let name = path
                .file_name()?
                .to_str()?
                .strip_suffix(".ron")?
                .to_string();
            let when = e.metadata().and_then(|m| m.modified()).ok()?;
            Some((when, name, path))
        })
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    found.into_iter().map(|(_, n, p)| (n, p)).collect()
}

/// Read a named save back into a session, with its moves.
///
/// # Errors
/// The file unreadable, not a save, for a game this build lacks, or not replaying.
pub fn load_save(
    path: &std::path::Path,
    games: &[std::sync::Arc<Game>],
) -> Result<Session, String> {
    let name = path.display();
    let text = read_text_capped(path, MAX_INPUT_BYTES).map_err(|e| format!("{name}: {e}"))?;
    let record = GameRecord::from_ron(&text).map_err(|e| format!("{name}: {e}"))?;
    let game = games
        .iter()
        .find(|g| g.id() == record.game)
        .ok_or_else(|| format!("{name}: the game {:?} is not in this build", record.game))?;
    Session::from_record(game.clone(), &record).map_err(|e| format!("{name}: {e}"))
}

/// A game from a position in the text form (pasted, or read from a file): the game named by
/// its `game:` line, else `fallback`. Face-down cards left unknown (`--`) are filled with the
/// cards the text does not name, shuffled by `fill_seed`; the note says so (see
/// [`unknown_note`]).
///
/// # Errors
/// No game to play it with, or where the text is not a position of that game.
pub fn session_from_text(
    text: &str,
    games: &[std::sync::Arc<Game>],
    fallback: Option<&std::sync::Arc<Game>>,
    fill_seed: u64,
) -> Result<(Session, String), String> {
    let named = text.lines().find_map(|l| {
        let (k, v) = l.split('#').next()?.split_once(':')?;
        (k.trim().eq_ignore_ascii_case("game")).then(|| v.trim().to_string())
    });
    let game = match &named {
        Some(id) => games
            .iter()
            .find(|g| g.id() == id)
            .ok_or_else(|| format!("the position is for {id:?}, which is not in this build"))?,
        None => fallback.ok_or("the position names no game (add a line `game: ID`)")?,
    };
    let filled = game
        .parse_position_filled(text, fill_seed)
        .map_err(|e| format!("not a {} position: {e}", game.name()))?;
    let note = unknown_note(filled.unknown, filled.seed, "position");
    Ok((
        Session::from_position(game.clone(), None, filled.position),
        note,
    ))
}

/// What the table says of a position read with unknown face-down cards (`what`: "example",
/// "position"); empty when none was unknown.
pub fn unknown_note(unknown: usize, seed: u64, what: &str) -> String {
    match unknown {
        0 => String::new(),
        1 => format!("1 face-down card unknown in the {what}: filled at random, seed {seed}"),
        n => format!("{n} face-down cards unknown in the {what}: filled at random, seed {seed}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire_core::Move;

    fn spider() -> std::sync::Arc<Game> {
        let catalog = solitaire_games::catalog().expect("the registry builds");
        catalog.get("spider").expect("spider")
    }

    #[test]
    fn a_named_save_resumes_with_its_moves_and_shows_the_position() {
        let dir =
            DataDir(std::env::temp_dir().join(format!("solitaire-named-{}", std::process::id())));
        let _ = std::fs::remove_dir_all(&dir.0);
        let mut s = Session::deal(spider(), 9);
        s.play(Move::Deal).expect("a deal");
        let path = save_as(&dir, "my-game_1", &s).expect("saved");
        assert!(save_as(&dir, "../evil", &s).is_err());
        assert!(save_as(&dir, "", &s).is_err());
        let text = std::fs::read_to_string(&path).expect("written");
        assert!(text.starts_with("// Spider position after 1 moves:\n// game: spider"));
        let back = load_save(&path, &[spider()]).expect("resumes");
        assert_eq!(back.position(), s.position());
        assert_eq!(
            back.moves(),
            s.moves(),
            "undo and replay work after resuming"
        );
        let listed = list_saves(&dir);
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].0, "my-game_1");
        std::fs::write(dir.file("saves/bad.ron"), "(game").expect("written");
        assert!(load_save(&dir.file("saves/bad.ron"), &[spider()]).is_err());
        let _ = std::fs::remove_dir_all(&dir.0);
    }

    #[test]
    fn a_pasted_position_starts_a_game_and_bad_text_says_why() {
        let game = spider();
        let pos = game.deal(3);
        let text = game.position_text(&pos);
        let (s, note) =
            session_from_text(&text, std::slice::from_ref(&game), None, 1).expect("a position");
        assert_eq!(note, "", "nothing unknown");
        assert_eq!(s.position(), &pos);
        assert_eq!(s.seed(), None);
        let no_header: String = text
            .lines()
            .filter(|l| !l.starts_with("game:"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(session_from_text(&no_header, std::slice::from_ref(&game), None, 1).is_err());
        assert!(session_from_text(&no_header, std::slice::from_ref(&game), Some(&game), 1).is_ok());
        let Err(e) = session_from_text("game: nope\n", std::slice::from_ref(&game), None, 1) else {
            panic!("a game that is not in this build was accepted");
        };
        assert!(e.contains("nope"), "{e}");
        assert!(session_from_text("game: spider\nt1: ZZ\n", &[game], None, 1).is_err());
    }
}
