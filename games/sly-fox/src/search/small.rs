//! Sly Fox's small deals, on which the engine's plain exhaustive search decides every deal:
//! real deals of Sly Fox on fewer reserve piles, with the middle ranks of every suit already
//! home, so that only the Aces and Kings (and the ranks next to them) are still out. The
//! solver's check of every game's losses (`crates/solver/tests/small_deals.rs`) plays them.
//!
//! The game's search proves a deal lost only when its beams see every position without
//! pruning a deal, so the deals it can lose are those with the stock already dealt out.

use std::sync::Arc;

use solitaire_core::{Game, Layout, Position};
use solitaire_search::Small;

use crate::{LAYOUTS, PLUGIN};

const RANKS: &str = "A23456789TJQK";

/// Sly Fox with only the first `reserves` reserve piles.
pub(crate) fn few_reserves(reserves: usize) -> Option<Game> {
    let source = LAYOUTS[0].source;
    let kept: Vec<&str> = source
        .lines()
        .filter(|l| {
            let pile = (1..=20).find(|r| l.contains(&format!("id: \"r{r}\"")));
            pile.is_none_or(|r| r <= reserves)
        })
        .collect();
    let text = kept
        .join("\n")
        .replace("r1..r20", &format!("r1..r{reserves}"));
    let layout = Layout::parse("few-reserves.ron", &text).ok()?;
    Game::new(layout, &PLUGIN).ok()
}

/// Where the cards still out lie in a reduced deal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Out {
    /// One on each reserve pile, the rest in the stock, in the opening.
    Dealing,
    /// All on the reserve piles, one on each in turn as the deals would place them, the stock
    /// empty, after the opening.
    Dealt,
}

/// Deal `seed` of `game` with every suit's Ace foundation built up to the `left`-th rank
/// below the King and its King foundation down to the `left`-th rank above the Ace: only
/// the `left` lowest and `left` highest ranks of each suit are out, one card of each (the one
/// that comes first in the deal's order: reserve piles, then the stock from its top). The
/// cards out keep that order, laid out as `out` says.
pub(crate) fn reduced_deal(game: &Game, seed: u64, left: usize, out: Out) -> Option<Position> {
    let text = game.position_text(&game.deal(seed));
    let cards_of = |prefix: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with(prefix))
            .flat_map(|l| {
                l.split_once(':')
                    .map(|(_, c)| c)
                    .unwrap_or("")
                    .split_whitespace()
            })
            .filter(|c| *c != "|")
            .map(str::to_string)
            .collect()
    };
    let mut order = cards_of("r");
    order.extend(cards_of("stock:").into_iter().rev());
    let rank = |c: &str| RANKS.find(c.get(..1)?);
    let suit = |c: &str| c.get(1..2).map(str::to_string);
    let is_out = |r: usize| r < left || r >= 13 - left;
    let (mut out_cards, mut home) = (Vec::new(), Vec::new());
    for card in order {
        let key = (rank(&card)?, suit(&card)?);
        let taken = out_cards
            .iter()
            .any(|c: &String| (rank(c), suit(c)) == (Some(key.0), Some(key.1.clone())));
        if is_out(key.0) && !taken {
            out_cards.push(card);
        } else {
            home.push(card);
        }
    }
    let mut lines = Vec::new();
    for line in text.lines() {
        let Some((id, cards)) = line.split_once(':') else {
            lines.push(line.to_string());
            continue;
        };
        if id.starts_with('f') {
            let base = cards.trim();
            let s = suit(base)?;
            let up = rank(base)? == 0;
            let wanted: Vec<usize> = if up {
                (1..13 - left).collect()
            } else {
                (left..12).rev().collect()
            };
            let mut pile = vec![base.to_string()];
            for r in wanted {
                let at = home
                    .iter()
                    .position(|c| rank(c) == Some(r) && suit(c).as_ref() == Some(&s))?;
                pile.push(home.remove(at));
            }
            lines.push(format!("{id}: {}", pile.join(" ")));
        } else if id == "phase" {
            let phase = match out {
                Out::Dealing => "opening",
                Out::Dealt => "play",
            };
            lines.push(format!("phase: {phase}"));
        } else if id == "stock" || id.starts_with('r') {
            continue;
        } else {
            lines.push(line.to_string());
        }
    }
    if !home.is_empty() {
        return None;
    }
    let reserves = game
        .layout()
        .piles_of(solitaire_core::PileKind::Reserve)
        .len();
    let mut piles = vec![Vec::new(); reserves];
    let stock: Vec<String> = match out {
        Out::Dealing => {
            let rest = out_cards.split_off(reserves.min(out_cards.len()));
            for (i, card) in out_cards.into_iter().enumerate() {
                piles[i].push(card);
            }
            rest.into_iter().rev().collect()
        }
        Out::Dealt => {
            for (i, card) in out_cards.into_iter().enumerate() {
                piles[i % reserves].push(card);
            }
            Vec::new()
        }
    };
    lines.push(format!("stock: {} |", stock.join(" ")));
    for (i, pile) in piles.iter().enumerate() {
        lines.push(format!("r{}: {}", i + 1, pile.join(" ")));
    }
    game.parse_position(&lines.join("\n")).ok()
}

/// Seeds 1..=12 on 4 to 8 reserve piles with one to three ranks at each end of every suit
/// out: in the stock still to deal (all won), or all on the reserve (won and lost).
pub fn family() -> Vec<Small> {
    let mut deals = Vec::new();
    for (reserves, left, out) in [
        (4, 1, Out::Dealing),
        (4, 2, Out::Dealing),
        (5, 3, Out::Dealing),
        (5, 2, Out::Dealt),
        (8, 2, Out::Dealt),
        (8, 3, Out::Dealt),
    ] {
        let Some(game) = few_reserves(reserves).map(Arc::new) else {
            continue;
        };
        for seed in 1..=12 {
            let Some(start) = reduced_deal(&game, seed, left, out) else {
                continue;
            };
            deals.push(Small {
                label: format!("{reserves} reserves, {left} out at each end, {out:?}, seed {seed}"),
                start,
                game: game.clone(),
            });
        }
    }
    deals
}
