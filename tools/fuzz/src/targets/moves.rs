//! The move parser: `Game::parse_move`, `MoveText` and `Game::play_text` on mutated move
//! texts, each played on a real position of its game.

use solitaire_core::PlayError;

use crate::Target;
use crate::case::Case;
use crate::rng::Rng;
use crate::targets::play::broken;
use crate::targets::reshape::reshape_text;
use crate::targets::{Context, Read, Verdict};

/// A legal move, `deal`, `redeal`, a conformance move or a transfer between any two piles,
/// mutated (or not), with its position, itself rearranged now and then.
pub fn generate(ctx: &Context, rng: &mut Rng) -> Case {
    let seed = rng.pick(&ctx.corpus.moves);
    let donors: Vec<&str> = seed.moves.iter().map(String::as_str).collect();
    let game = ctx.catalog.get(&seed.game);
    let text = match &game {
        Some(g) if rng.one_in(3) => any_transfer(g.layout().pile_ids(), rng),
        _ => rng.pick(&seed.moves).clone(),
    };
    let text = if rng.one_in(4) {
        text
    } else {
        ctx.text.mutate(&text, &donors, rng)
    };
    // Moves are played on positions the game accepts: a rearranged one only if it reads.
    let position = match &game {
        Some(g) if rng.one_in(3) => {
            reshape_text(g, &seed.position, rng).filter(|text| g.parse_position(text).is_ok())
        }
        _ => None,
    };
    let position = position.unwrap_or_else(|| seed.position.clone());
    Case::new(Target::Moves, Some(&seed.game))
        .with("position", position)
        .with("input", text)
}

/// A transfer between two piles of the layout, from either end, of any count.
fn any_transfer(ids: &[String], rng: &mut Rng) -> String {
    let (from, to) = (rng.pick(ids), rng.pick(ids));
    let end = if rng.one_in(4) { "^" } else { "" };
    let count = match rng.below(4) {
        0 => String::new(),
        1 => format!(":{}", rng.range(2, 13)),
        2 => format!(":{}", rng.pick(&[1, 26, 104, 255])),
        _ => format!(":{}", rng.range(1, 3)),
    };
    format!("{from}{end}>{to}{count}")
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
        .map_err(|e| broken(&game, "a seed position does not read", e.to_string()))?;
    let text = case.text("input");
    let parsed = game.parse_move(&text);
    if let Ok(mv) = parsed {
        let canon = game.move_text(mv).to_string();
        if canon.chars().any(|c| c.is_whitespace() || c.is_uppercase()) {
            return Err(broken(
                &game,
                "a move is not written canonically",
                format!("{text:?} is written {canon:?}"),
            ));
        }
        match game.parse_move(&canon) {
            Ok(back) if back == mv => {}
            other => {
                return Err(broken(
                    &game,
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
                return Err(broken(
                    &game,
                    "a move played by text and by value differ",
                    format!("{text:?}: {replayed:?}"),
                ));
            }
            game.undo(&mut again, &log);
            if again != pos {
                return Err(broken(
                    &game,
                    "undo does not restore the position",
                    format!("{text:?}\n{}", game.position_text(&pos)),
                ));
            }
            if !game.legal_moves(&pos).contains(&mv) {
                return Err(broken(
                    &game,
                    "an accepted move is not listed",
                    format!("{text:?}\n{}", game.position_text(&pos)),
                ));
            }
        }
        (Err(PlayError::Parse(_)), Err(_)) => {}
        (Err(PlayError::Illegal(_)), Ok(_)) if after == pos => {}
        (played, _) => {
            return Err(broken(
                &game,
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
