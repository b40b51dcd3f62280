//! Strategy's small deals, on which the engine's plain exhaustive search decides every deal:
//! fewer ranks and piles. The search's tests and the solver's check of every game's losses
//! (`crates/solver/tests/small_deals.rs`) play them.

use std::sync::Arc;

use solitaire_core::{Game, Layout};
use solitaire_search::Small;

use crate::{LAYOUTS, PLUGIN};

/// Strategy with `ranks` ranks and only the first `piles` piles, under the reading `aces`.
pub(crate) fn small_strategy(ranks: u8, piles: usize, aces: &str) -> Option<Game> {
    let source = LAYOUTS[0].source;
    let kept: Vec<&str> = source
        .lines()
        .filter(|l| {
            let pile = (1..=8).find(|p| l.contains(&format!("id: \"p{p}\"")));
            pile.is_none_or(|p| p <= piles)
        })
        .collect();
    let text = kept
        .join("\n")
        .replace("ranks: 13", &format!("ranks: {ranks}"))
        .replace(
            "// readings: {\"aces\": \"automatic\"},",
            &format!("readings: {{\"aces\": \"{aces}\"}},"),
        );
    let layout = Layout::parse("small-strategy.ron", &text).ok()?;
    Game::new(layout, &PLUGIN).ok()
}

/// Seeds 1..=12 of 3 to 5 ranks on 2 or 3 piles.
pub fn family() -> Vec<Small> {
    let mut out = Vec::new();
    for (ranks, piles) in [(4, 2), (5, 2), (4, 3), (3, 3)] {
        let Some(game) = small_strategy(ranks, piles, "automatic").map(Arc::new) else {
            continue;
        };
        for seed in 1..=12 {
            out.push(Small {
                label: format!("{ranks} ranks, {piles} piles, seed {seed}"),
                start: game.deal(seed),
                game: game.clone(),
            });
        }
    }
    out
}
