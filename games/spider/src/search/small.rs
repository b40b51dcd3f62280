//! Spider's small deals, on which the engine's plain exhaustive search decides every deal:
//! small members of Weisser's family G(r, s, m, c, d). The solver's check of every game's
//! losses (`crates/solver/tests/small_deals.rs`) plays them.

use std::sync::Arc;

use solitaire_core::{Game, Layout};
use solitaire_search::Small;

use crate::PLUGIN;
use crate::family::family_layout;

/// Seeds 1..=10 of G(3,2,2,3,3), G(4,2,2,3,3), G(4,1,2,4,2) and G(5,2,1,4,2).
pub fn family() -> Vec<Small> {
    let mut out = Vec::new();
    for spec in ["3,2,2,3,3", "4,2,2,3,3", "4,1,2,4,2", "5,2,1,4,2"] {
        let Some(game) = family_layout(spec)
            .ok()
            .and_then(|(id, text)| Layout::parse(&format!("{id}.ron"), &text).ok())
            .and_then(|layout| Game::new(layout, &PLUGIN).ok())
            .map(Arc::new)
        else {
            continue;
        };
        for seed in 1..=10 {
            out.push(Small {
                label: format!("G({spec}), seed {seed}"),
                start: game.deal(seed),
                game: game.clone(),
            });
        }
    }
    out
}
