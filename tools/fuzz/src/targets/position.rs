//! The position reader: `Game::parse_position` on mutated position texts.

use crate::Target;
use crate::case::Case;
use crate::rng::Rng;
use crate::targets::play::{exercise, round_trip};
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

/// An accepted text round-trips, and the rules and solver handle the position.
///
/// # Errors
/// The property that failed.
pub fn check(ctx: &Context, case: &Case) -> Verdict {
    let game = ctx.game(case)?;
    let Ok(pos) = game.parse_position(&case.text("input")) else {
        return Ok(Read::Refused);
    };
    round_trip(&game, &pos)?;
    exercise(&game, &pos, true)?;
    Ok(Read::Accepted)
}
