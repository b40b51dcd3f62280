//! Starting a game: from the menu, from the command line, or by resuming a saved one.

use std::sync::Arc;

use bevy::prelude::*;
use solitaire_core::{Game, Session};

use crate::assets::{Games, LoadErrors};
use crate::cli::Options;
use crate::play::{Notice, Play, Script, random_seed};
use crate::save::Saved;
use crate::screen::Screen;
use crate::table::TableNote;

/// Open `game` with deal `seed` on the table.
pub fn start_game(
    commands: &mut Commands,
    next: &mut NextState<Screen>,
    game: Arc<Game>,
    seed: u64,
) {
    commands.insert_resource(Play::new(game, seed));
    commands.insert_resource(Notice::default());
    commands.insert_resource(TableNote::default());
    next.set(Screen::Playing);
}

/// Resume the saved game, if it still replays.
pub fn resume(
    commands: &mut Commands,
    next: &mut NextState<Screen>,
    games: &Games,
    saved: &Saved,
) -> Result<(), String> {
    let record = saved.0.as_ref().ok_or("there is no saved game")?;
    let game = games
        .get(&record.game)
        .ok_or_else(|| format!("the saved game {:?} is not in this build", record.game))?;
    let session = Session::from_record(game, record)
        .map_err(|e| format!("the saved game does not replay: {e}"))?;
    commands.insert_resource(Play::resume(session));
    commands.insert_resource(TableNote::default());
    next.set(Screen::Playing);
    Ok(())
}

/// `--game ID [--seed N] [--play ...]`: straight to the table, once.
pub(super) fn open_from_command_line(
    mut commands: Commands,
    options: Option<Res<Options>>,
    games: Res<Games>,
    time: Res<Time>,
    mut done: Local<bool>,
    mut next: ResMut<NextState<Screen>>,
    mut errors: ResMut<LoadErrors>,
) {
    let Some(options) = options.filter(|_| !*done) else {
        return;
    };
    *done = true;
    if let Some(path) = &options.position {
        let fallback = options.game.as_ref().and_then(|id| games.get(id));
        let opened = solitaire_files::read_text_capped(path, solitaire_files::MAX_INPUT_BYTES)
            .map_err(|e| e.to_string())
            .and_then(|t| {
                crate::save::session_from_text(&t, &games.0, fallback.as_ref(), random_seed())
            });
        match opened {
            Ok((session, note)) => {
                super::open::play_session(&mut commands, &mut next, session, String::new(), note)
            }
            Err(e) => {
                errors.0.push(format!("--position {}: {e}", path.display()));
                next.set(Screen::Error);
            }
        }
        return;
    }
    let Some(id) = &options.game else { return };
    let Some(game) = games.get(id) else {
        let ids: Vec<&str> = games.0.iter().map(|g| g.id()).collect();
        errors.0.push(format!(
            "--game {id}: no such game; the games are: {}",
            ids.join(", ")
        ));
        next.set(Screen::Error);
        return;
    };
    let mut moves = std::collections::VecDeque::new();
    for (i, text) in options.play.iter().enumerate() {
        match game.parse_move(text) {
            Ok(mv) => moves.push_back(mv),
            Err(e) => {
                errors
                    .0
                    .push(format!("--play move {} {text:?}: {e}", i + 1));
                next.set(Screen::Error);
                return;
            }
        }
    }
    start_game(
        &mut commands,
        &mut next,
        game,
        options.seed.unwrap_or_else(random_seed),
    );
    // A long script plays faster, so a whole game replays in about twenty seconds.
    let gap = (20.0 / moves.len().max(1) as f32).clamp(0.12, 0.45);
    commands.insert_resource(Script {
        moves,
        next_at: time.elapsed_secs() + 2.0,
        gap,
    });
}
