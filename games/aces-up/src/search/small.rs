//! Aces Up's small deals, on which the engine's plain exhaustive search decides every deal:
//! real deals with only the low ranks left in play. The search's tests and the solver's check
//! of every game's losses (`crates/solver/tests/small_deals.rs`) play them.

use std::sync::Arc;

use solitaire_core::{Game, Position};
use solitaire_search::Small;

use crate::{LAYOUTS, PLUGIN};

/// Deal `seed` with only the cards of `ranks` (rank letters) left in play; the others
/// discarded.
pub(crate) fn reduced_deal(game: &Game, seed: u64, ranks: &str) -> Option<Position> {
    let text = game.position_text(&game.deal(seed));
    let (mut lines, mut gone) = (Vec::new(), Vec::new());
    for line in text.lines() {
        let Some((id, cards)) = line.split_once(':') else {
            lines.push(line.to_string());
            continue;
        };
        if id == "game" || id == "discard" {
            lines.push(line.to_string());
            continue;
        }
        let kept: Vec<&str> = cards
            .split_whitespace()
            .filter(|t| {
                let keep = *t == "|" || t.starts_with(|c| ranks.contains(c));
                if !keep {
                    gone.push(t.to_string());
                }
                keep
            })
            .collect();
        lines.push(format!("{id}: {}", kept.join(" ")));
    }
    let text = lines
        .join("\n")
        .replace("discard:", &format!("discard: {}", gone.join(" ")));
    game.parse_position(&text).ok()
}

/// Seeds 1..=15 (but 4 and 6, which the plain search needs over a million positions for)
/// with only the Aces to fives left in play.
pub fn family() -> Vec<Small> {
    let Some(game) = solitaire_core::Layout::parse(LAYOUTS[0].file, LAYOUTS[0].source)
        .ok()
        .and_then(|l| Game::new(l, &PLUGIN).ok())
        .map(Arc::new)
    else {
        return Vec::new();
    };
    (1..=15u64)
        .filter(|s| ![4, 6].contains(s))
        .filter_map(|seed| {
            Some(Small {
                label: format!("seed {seed}, A-5 in play"),
                start: reduced_deal(&game, seed, "A2345")?,
                game: game.clone(),
            })
        })
        .collect()
}
