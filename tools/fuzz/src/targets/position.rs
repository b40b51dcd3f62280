//! The position reader: `Game::parse_position` on mutated position texts.

use crate::Target;
use crate::case::Case;
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
    let pos = match game.parse_position(&text) {
        Ok(pos) => pos,
        Err(e) => {
            let line = text.lines().nth(e.line.wrapping_sub(1));
            return match line {
                Some(l) if (1..=l.len() + 1).contains(&e.col) => Ok(Read::Refused),
                _ => Err(broken(
                    &game,
                    "a refusal points outside the text",
                    format!("{e}\n{text}"),
                )),
            };
        }
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
