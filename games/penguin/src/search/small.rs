//! Penguin's small deals, on which the engine's plain exhaustive search decides every deal:
//! real deals with the low cards of each suit already home, on fewer cells. The search's tests
//! and the solver's check of every game's losses (`crates/solver/tests/small_deals.rs`) play
//! them.

use std::sync::Arc;

use solitaire_core::{Game, Layout, Position};
use solitaire_search::Small;

use crate::{LAYOUTS, PLUGIN};

/// Penguin with only the first `cells` cells.
pub(crate) fn few_cells(cells: usize) -> Option<Game> {
    let source = LAYOUTS[0].source;
    let kept: Vec<&str> = source
        .lines()
        .filter(|l| {
            let cell = (1..=7).find(|c| l.contains(&format!("id: \"c{c}\"")));
            cell.is_none_or(|c| c <= cells)
        })
        .collect();
    let layout = Layout::parse("few-cells.ron", &kept.join("\n")).ok()?;
    Game::new(layout, &PLUGIN).ok()
}

const RANKS: &str = "A23456789TJQK";

/// Deal `seed` with the first `built` cards of each suit (from the bases up) already on the
/// foundations, the other cards where the deal put them.
pub(crate) fn reduced_deal(game: &Game, seed: u64, built: usize) -> Option<Position> {
    let text = game.position_text(&game.deal(seed));
    let base = text
        .lines()
        .find_map(|l| l.strip_prefix("f1: "))
        .and_then(|c| RANKS.find(c.get(..1)?))?;
    let offset = |card: &str| Some((RANKS.find(card.get(..1)?)? + 13 - base) % 13);
    let mut suits_of_foundations = Vec::new();
    let mut lines = Vec::new();
    for line in text.lines() {
        let Some((id, cards)) = line.split_once(':') else {
            lines.push(line.to_string());
            continue;
        };
        if id.starts_with('f') {
            suits_of_foundations.push(cards.trim().get(1..2).map(str::to_string));
            lines.push(format!("{id}:"));
        } else if id.starts_with('t') {
            let kept: Vec<&str> = cards
                .split_whitespace()
                .filter(|c| offset(c).is_some_and(|o| o >= built))
                .collect();
            lines.push(format!("{id}: {}", kept.join(" ")));
        } else {
            lines.push(line.to_string());
        }
    }
    let dealt: String = text
        .lines()
        .filter(|l| l.starts_with('t'))
        .collect::<Vec<_>>()
        .join(" ");
    let penguin_suit = dealt
        .split_whitespace()
        .find(|c| c.len() == 2 && offset(c) == Some(0) && !c.ends_with(':'))
        .map(|c| c[1..2].to_string());
    let mut out = lines.join("\n");
    for (f, suit) in suits_of_foundations.iter().enumerate() {
        let Some(suit) = suit
            .clone()
            .filter(|s| !s.is_empty())
            .or(penguin_suit.clone())
        else {
            continue;
        };
        let cards: Vec<String> = (0..built)
            .map(|o| format!("{}{suit}", &RANKS[(base + o) % 13..][..1]))
            .collect();
        out = out.replace(
            &format!("f{}:\n", f + 1),
            &format!("f{}: {}\n", f + 1, cards.join(" ")),
        );
    }
    game.parse_position(&out).ok()
}

/// Seeds 1..=10 with 8, 7 or 6 cards of each suit home, on no cell or one.
pub fn family() -> Vec<Small> {
    let mut out = Vec::new();
    for (cells, built) in [(0, 8), (0, 7), (1, 8), (0, 6)] {
        let Some(game) = few_cells(cells).map(Arc::new) else {
            continue;
        };
        for seed in 1..=10 {
            let Some(start) = reduced_deal(&game, seed, built) else {
                continue;
            };
            out.push(Small {
                label: format!("{cells} cells, {built} home, seed {seed}"),
                start,
                game: game.clone(),
            });
        }
    }
    out
}
