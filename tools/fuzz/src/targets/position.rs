//! The position readers: `Game::parse_position` and `Game::parse_position_filled` (unknown
//! cards, `--`) on mutated position texts.

use solitaire_core::{Game, PositionError, UNKNOWN_CARD};

use crate::Target;
use crate::case::Case;
use crate::report::Problem;
use crate::rng::Rng;
use crate::targets::play::{broken, exercise, round_trip};
use crate::targets::reshape::reshape_text;
use crate::targets::{Context, Read, Verdict};

/// A deal, walk or conformance position, mutated as text or rearranged card by card (see
/// [`reshape`](super::reshape)); now and then read as another game's.
pub fn generate(ctx: &Context, rng: &mut Rng) -> Case {
    let seed = rng.pick(&ctx.corpus.positions);
    let game = if rng.one_in(10) {
        rng.pick(ctx.catalog.games()).id()
    } else {
        &seed.game
    };
    let donors = ctx.corpus.positions_of(game);
    let reshaped = match ctx.catalog.get(game) {
        Some(g) if rng.one_in(2) => reshape_text(&g, &seed.text, rng),
        _ => None,
    };
    let text = match reshaped {
        Some(text) if rng.one_in(4) => ctx.text.mutate(&text, &donors, rng),
        Some(text) => text,
        None if rng.one_in(20) => seed.text.clone(),
        None => ctx.text.mutate(&seed.text, &donors, rng),
    };
    let text = if rng.one_in(6) {
        unknown_cards(&text, rng)
    } else {
        text
    };
    Case::new(Target::Position, Some(game)).with("input", text)
}

/// A refusal points inside the text; an accepted text round-trips, the rules and the solver
/// handle the position, and a BOM in front or CRLF line ends do not change it.
///
/// # Errors
/// The property that failed.
pub fn check(ctx: &Context, case: &Case) -> Verdict {
    let game = ctx.game(case)?;
    let text = case.text("input");
    check_filled(&game, &text)?;
    let pos = match game.parse_position(&text) {
        Ok(pos) => pos,
        Err(e) => return points_inside(&game, &text, &e),
    };
    round_trip(&game, &pos)?;
    exercise(&game, &pos, true)?;
    // What editors add to a text file does not change what it says.
    let bom =
        (!text.starts_with('\u{FEFF}')).then(|| ("a BOM in front", format!("\u{FEFF}{text}")));
    let crlf = Some(("CRLF line ends", text.replace('\n', "\r\n")));
    for (what, variant) in bom.into_iter().chain(crlf) {
        match game.parse_position(&variant) {
            Ok(p) if p == pos => {}
            other => {
                return Err(broken(
                    &game,
                    &format!("{what} changes how a position reads"),
                    format!("{other:?}\n{text}"),
                ));
            }
        }
    }
    Ok(Read::Accepted)
}

/// `text` with the face-down cards of some piles written as unknown cards (`--`).
fn unknown_cards(text: &str, rng: &mut Rng) -> String {
    let mut out = String::new();
    for line in text.lines() {
        match line.split_once('|') {
            Some((down, up)) if rng.one_in(2) => {
                let (key, cards) = down.split_once(':').unwrap_or(("", down));
                let unknown = vec![UNKNOWN_CARD; cards.split_whitespace().count()];
                out.push_str(&format!("{key}: {} |{up}", unknown.join(" ")));
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// A refusal of `text` points at a line of it and a column of that line (or just past it).
fn points_inside(game: &Game, text: &str, e: &PositionError) -> Verdict {
    let line = text.lines().nth(e.line.wrapping_sub(1));
    match line {
        Some(l) if (1..=l.len() + 1).contains(&e.col) => Ok(Read::Refused),
        _ => Err(broken(
            game,
            "a refusal points outside the text",
            format!("{e}\n{text}"),
        )),
    }
}

/// The filled reader: a refusal points inside the text; a filled position round-trips, fills
/// the same again from its text with the unknown cards written back as `--`, and is the plain
/// reader's position when nothing was unknown.
fn check_filled(game: &Game, text: &str) -> Result<(), Problem> {
    let seed = text.len() as u64;
    let filled = match game.parse_position_filled(text, seed) {
        Ok(filled) => filled,
        Err(e) => return points_inside(game, text, &e).map(|_| ()),
    };
    round_trip(game, &filled.position)?;
    let masked = filled.text_with_unknowns(game.layout());
    match game.parse_position_filled(&masked, seed) {
        Ok(again) if again == filled => {}
        other => {
            return Err(broken(
                game,
                "a filled position's text with its unknown cards fills differently",
                format!("{other:?}\n{masked}"),
            ));
        }
    }
    if filled.unknown == 0 && game.parse_position(text).as_ref() != Ok(&filled.position) {
        return Err(broken(
            game,
            "without unknown cards the filled reader differs from the plain one",
            text.to_string(),
        ));
    }
    Ok(())
}
