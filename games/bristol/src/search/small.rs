//! Bristol's small deals, on which the engine's plain exhaustive search decides every deal:
//! fewer ranks, fans and waste piles. The search's tests and the solver's check of every
//! game's losses (`crates/solver/tests/small_deals.rs`) play them.

use solitaire_core::{Game, Layout};
use solitaire_search::Small;

use crate::{LAYOUTS, PLUGIN};

/// Bristol with `ranks` ranks and only the first `fans` fans and `wastes` waste piles.
pub(crate) fn small_bristol(ranks: u8, fans: usize, wastes: usize) -> Option<Game> {
    let source = LAYOUTS[0].source;
    let kept: Vec<&str> = source
        .lines()
        .filter(|l| {
            let fan = (1..=8).find(|t| l.contains(&format!("id: \"t{t}\"")));
            let waste = (1..=3).find(|w| l.contains(&format!("id: \"w{w}\"")));
            fan.is_none_or(|t| t <= fans) && waste.is_none_or(|w| w <= wastes)
        })
        .collect();
    let text = kept
        .join("\n")
        .replace("ranks: 13", &format!("ranks: {ranks}"))
        .replace("t1..t8", &format!("t1..t{fans}"));
    let layout = Layout::parse("small-bristol.ron", &text).ok()?;
    Game::new(layout, &PLUGIN).ok()
}

/// Seeds 1..=12 of 5 to 7 ranks on 3 or 4 fans and one or two waste piles.
pub fn family() -> Vec<Small> {
    let mut out = Vec::new();
    for (ranks, fans, wastes) in [(5, 3, 1), (6, 3, 1), (6, 4, 1), (7, 4, 2)] {
        let Some(game) = small_bristol(ranks, fans, wastes).map(std::sync::Arc::new) else {
            continue;
        };
        for seed in 1..=12 {
            out.push(Small {
                label: format!("{ranks} ranks, {fans} fans, {wastes} wastes, seed {seed}"),
                start: game.deal(seed),
                game: game.clone(),
            });
        }
    }
    out
}
