//! The layout reader: `Layout::parse` on mutated layout files, then `Game::new` with every
//! registered plugin, and the games it builds.

use solitaire_core::{Card, Game, Layout};

use crate::Target;
use crate::case::Case;
use crate::catch::catch;
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

/// An accepted layout reads the same with a BOM in front, and builds with each plugin or is refused with an error; each built game
/// deals the deck's cards, writes and re-reads its deals, and plays from them.
///
/// # Errors
/// The property that failed.
pub fn check(ctx: &Context, case: &Case) -> Verdict {
    let text = case.text("input");
    let Ok(layout) = Layout::parse("fuzz.ron", &text) else {
        return Ok(Read::Refused);
    };
    let with_bom = Layout::parse("fuzz.ron", &format!("\u{FEFF}{text}"));
    if !text.starts_with('\u{FEFF}') && !with_bom.is_ok_and(|l| same(&l, &layout)) {
        return Err(Problem::property(
            "a BOM in front changes how a layout reads",
            text,
        ));
    }
    let mut deck = layout.deck.cards();
    deck.sort();
    for plugin in &ctx.plugins {
        let Ok(game) = Game::new(layout.clone(), plugin) else {
            continue;
        };
        // Each plugin fails in its own way: its name is part of the signature.
        let played = catch(|| play(&game, &deck)).unwrap_or_else(|p| Err(Problem::panic(&p)));
        played.map_err(|p| Problem {
            signature: format!("plugin {}: {}", plugin.name, p.signature),
            detail: p.detail,
        })?;
    }
    Ok(Read::Accepted)
}

/// Deal a built game, check its deals, write and re-read them, and play from them.
fn play(game: &Game, deck: &[Card]) -> Result<(), Problem> {
    for seed in DEALS {
        let pos = game.deal(seed);
        if pos.sorted_cards() != deck {
            return Err(Problem::property(
                "a deal does not hold exactly the deck's cards",
                game.position_text(&pos),
            ));
        }
        if let Err(e) = game.check_structure(&pos) {
            return Err(Problem::property(
                "a deal makes a position the game's own reader refuses",
                format!(
                    "{}\n{}",
                    e.describe(game.layout()),
                    game.position_text(&pos)
                ),
            ));
        }
        round_trip(game, &pos)?;
        exercise(game, &pos, false)?;
    }
    Ok(())
}

/// Whether two layouts say the same: `Layout` is not `PartialEq` (its pile index is a map,
/// its coordinates may be NaN), so their fields are compared as written by `Debug`.
fn same(a: &Layout, b: &Layout) -> bool {
    let fields = |l: &Layout| {
        format!(
            "{:?}",
            (
                (
                    &l.id,
                    &l.name,
                    l.version,
                    &l.rules,
                    &l.summary,
                    &l.rules_text
                ),
                (l.work_in_progress, &l.deck, l.card_scale, l.table),
                (&l.piles, &l.deal, l.pile_ids()),
            )
        )
    };
    fields(a) == fields(b)
}
