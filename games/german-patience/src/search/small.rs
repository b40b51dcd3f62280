//! German Patience's small deals, on which the engine's plain exhaustive search decides every
//! deal: real deals with some piles already complete (built from their bases with the next
//! cards of the stock that fit, and turned face down), the other piles as dealt. The solver's
//! check of every game's losses (`crates/solver/tests/small_deals.rs`) plays them.

use std::sync::Arc;

use solitaire_core::{Game, Layout, Position};
use solitaire_search::Small;

use crate::{FULL, LAYOUTS, PLUGIN};

const RANKS: &str = "A23456789TJQK";

/// The rank of a card's text (`7C1`), from 0 (Ace) to 12 (King).
fn rank(card: &str) -> Option<usize> {
    RANKS.find(card.get(..1)?)
}

/// Deal `seed` with all but the first `open` piles already complete, and the open piles
/// holding `built` cards (1: as dealt): each built up from its base with the cards of the
/// stock nearest its top that fit, a complete pile turned face down. The rest of the stock
/// is as dealt, in the opening.
pub(crate) fn reduced_deal(game: &Game, seed: u64, open: usize, built: usize) -> Option<Position> {
    let text = game.position_text(&game.deal(seed));
    let stock_line = text.lines().find_map(|l| l.strip_prefix("stock:"))?;
    // The stock from its top down.
    let mut stock: Vec<&str> = stock_line
        .split_whitespace()
        .filter(|c| *c != "|")
        .rev()
        .collect();
    let mut lines = Vec::new();
    for line in text.lines() {
        let Some((id, cards)) = line.split_once(':') else {
            lines.push(line.to_string());
            continue;
        };
        let pile = id.strip_prefix('t').and_then(|n| n.parse::<usize>().ok());
        match pile {
            Some(n) => {
                let base = cards.trim();
                let first = rank(base)?;
                let complete = n > open;
                let mut pile = vec![base.to_string()];
                for i in 1..if complete { FULL } else { built } {
                    let wanted = (first + i) % FULL;
                    let at = stock.iter().position(|c| rank(c) == Some(wanted))?;
                    pile.push(stock.remove(at).to_string());
                }
                let down = if complete { " |" } else { "" };
                lines.push(format!("{id}: {}{down}", pile.join(" ")));
            }
            _ => lines.push(line.to_string()),
        }
    }
    let rest: Vec<&str> = stock.into_iter().rev().collect();
    let text = lines
        .into_iter()
        .map(|l| {
            if l.starts_with("stock:") {
                format!("stock: {} |", rest.join(" "))
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    game.parse_position(&text).ok()
}

/// Seeds 1..=12 with two to six piles open, the others complete: two piles as dealt (all
/// lost), or the open piles already built to eight to eleven cards (won and lost).
pub fn family() -> Vec<Small> {
    let Some(game) = Layout::parse(LAYOUTS[0].file, LAYOUTS[0].source)
        .ok()
        .and_then(|l| Game::new(l, &PLUGIN).ok())
        .map(Arc::new)
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (open, built) in [(2, 1), (2, 9), (3, 8), (3, 10), (4, 10), (6, 11)] {
        for seed in 1..=12 {
            let Some(start) = reduced_deal(&game, seed, open, built) else {
                continue;
            };
            out.push(Small {
                label: format!("{open} piles open, {built} cards, seed {seed}"),
                start,
                game: game.clone(),
            });
        }
    }
    out
}
