//! The layout reader: `Layout::parse` on mutated layout files, then `Game::new` with every
//! registered plugin, and the games it builds.

use solitaire_core::{Game, Layout};

use crate::Target;
use crate::case::Case;
use crate::report::Problem;
use crate::rng::Rng;
use crate::targets::play::{exercise, round_trip};
use crate::targets::{Context, Read, Verdict};

/// Deals each built game is dealt.
const DEALS: [u64; 2] = [1, 2];

/// A registered layout or a Spider family member, mutated.
pub fn generate(ctx: &Context, rng: &mut Rng) -> Case {
    let donors: Vec<&str> = ctx.corpus.layouts.iter().map(String::as_str).collect();
    let base = donors[rng.below(donors.len())];
    let text = ctx.ron.mutate(base, &donors, rng);
    Case::new(Target::Layout, None).with("input", text)
}

/// An accepted layout builds with each plugin or is refused with an error; each built game
/// deals the deck's cards, writes and re-reads its deals, and plays from them.
///
/// # Errors
/// The property that failed.
pub fn check(ctx: &Context, case: &Case) -> Verdict {
    let Ok(layout) = Layout::parse("fuzz.ron", &case.text("input")) else {
        return Ok(Read::Refused);
    };
    let mut deck = layout.deck.cards();
    deck.sort();
    for plugin in &ctx.plugins {
        let Ok(game) = Game::new(layout.clone(), plugin) else {
            continue;
        };
        for seed in DEALS {
            let pos = game.deal(seed);
            if pos.sorted_cards() != deck {
                return Err(Problem::property(
                    "a deal does not hold exactly the deck's cards",
                    format!("plugin {}:\n{}", plugin.name, game.position_text(&pos)),
                ));
            }
            round_trip(&game, &pos)?;
            exercise(&game, &pos, false)?;
        }
    }
    Ok(Read::Accepted)
}
