//! The move parser: `Game::parse_move`, `MoveText` and `Game::play_text` on mutated move
//! texts, each played on a real position of its game.

use solitaire_core::PlayError;

use crate::Target;
use crate::case::Case;
use crate::report::Problem;
use crate::rng::Rng;
use crate::targets::{Context, Read, Verdict};

/// A legal move, `deal`, `redeal` or a conformance move, mutated, with its position.
pub fn generate(ctx: &Context, rng: &mut Rng) -> Case {
    let seed = rng.pick(&ctx.corpus.moves);
    let donors: Vec<&str> = seed.moves.iter().map(String::as_str).collect();
    let text = rng.pick(&seed.moves);
    let text = if rng.one_in(10) {
        text.clone()
    } else {
        ctx.text.mutate(text, &donors, rng)
    };
    Case::new(Target::Moves, Some(&seed.game))
        .with("position", seed.position.as_str())
        .with("input", text)
}

/// An accepted move is written canonically and reads back as itself; `play_text` agrees
/// with `parse_move` and `play`; a refused move changes nothing; undo restores the position.
///
/// # Errors
/// The property that failed.
pub fn check(ctx: &Context, case: &Case) -> Verdict {
    let game = ctx.game(case)?;
    let pos = game
        .parse_position(&case.text("position"))
        .map_err(|e| Problem::property("a seed position does not read", e.to_string()))?;
    let text = case.text("input");
    let parsed = game.parse_move(&text);
    if let Ok(mv) = parsed {
        let canon = game.move_text(mv).to_string();
        if canon.chars().any(|c| c.is_whitespace() || c.is_uppercase()) {
            return Err(Problem::property(
                "a move is not written canonically",
                format!("{text:?} is written {canon:?}"),
            ));
        }
        match game.parse_move(&canon) {
            Ok(back) if back == mv => {}
            other => {
                return Err(Problem::property(
                    "a move's canonical text reads as another move",
                    format!("{text:?} -> {mv:?} -> {canon:?} -> {other:?}"),
                ));
            }
        }
    }
    let mut after = pos.clone();
    match (game.play_text(&mut after, &text), &parsed) {
        (Ok(mv), Ok(p)) if mv == *p => {
            let (mut again, mut log) = (pos.clone(), Vec::new());
            let replayed = game.play_logged(&mut again, mv, &mut log);
            if replayed.is_err() || again != after {
                return Err(Problem::property(
                    "a move played by text and by value differ",
                    format!("{text:?}: {replayed:?}"),
                ));
            }
            game.undo(&mut again, &log);
            if again != pos {
                return Err(Problem::property(
                    "undo does not restore the position",
                    format!("{text:?}\n{}", game.position_text(&pos)),
                ));
            }
            if !game.legal_moves(&pos).contains(&mv) {
                return Err(Problem::property(
                    "an accepted move is not listed",
                    format!("{text:?}\n{}", game.position_text(&pos)),
                ));
            }
        }
        (Err(PlayError::Parse(_)), Err(_)) => {}
        (Err(PlayError::Illegal(_)), Ok(_)) if after == pos => {}
        (played, _) => {
            return Err(Problem::property(
                "play_text disagrees with parse_move, or a refused move changed the position",
                format!("{text:?}: play_text {played:?}, parse_move {parsed:?}"),
            ));
        }
    }
    Ok(if parsed.is_ok() {
        Read::Accepted
    } else {
        Read::Refused
    })
}
