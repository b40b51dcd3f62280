//! Interregnum's small deals, on which the engine's plain exhaustive search decides every
//! deal: real deals on fewer waste piles with half the foundations crowned and the others
//! built to their last few cards, those left where the deal put them. The search's tests and
//! the solver's check of every game's losses (`crates/solver/tests/small_deals.rs`) play
//! them.

use std::sync::Arc;

use solitaire_core::{Game, Layout, Position};
use solitaire_search::Small;

use super::board::{BUILT, wanted};
use crate::{LAYOUTS, PLUGIN};

const RANKS: &str = "A23456789TJQK";

/// The rank (0 for an Ace) of a card's text.
fn rank_of(card: &str) -> Option<u8> {
    RANKS.find(card.get(..1)?).map(|r| r as u8)
}

/// Interregnum with only the first `wastes` waste piles.
pub(crate) fn few_wastes(wastes: usize) -> Option<Game> {
    let source = LAYOUTS[0].source;
    let kept: Vec<&str> = source
        .lines()
        .filter(|l| {
            let waste = (1..=8).find(|w| l.contains(&format!("id: \"w{w}\"")));
            waste.is_none_or(|w| w <= wastes)
        })
        .collect();
    let text = kept.join("\n").replace("w1..w8", &format!("w1..w{wastes}"));
    let layout = Layout::parse("few-wastes.ron", &text).ok()?;
    Game::new(layout, &PLUGIN).ok()
}

/// Deal `seed` with the first `built` cards of each of the first `open` foundations (at most
/// eight) already on it and the others crowned: the copies of their ranks dealt last (from
/// the bottom of the stock up) go home, the other cards stay where the deal put them.
pub(crate) fn reduced_deal(game: &Game, seed: u64, open: usize, built: u8) -> Option<Position> {
    let height = |n: usize| if n < open { built } else { BUILT };
    let text = game.position_text(&game.deal(seed));
    let mut lines: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines() {
        let (id, cards) = line.split_once(':')?;
        let cards = cards.split_whitespace().map(str::to_string).collect();
        lines.push((id.to_string(), cards));
    }
    let indicator = |n: usize| {
        let (_, cards) = lines.iter().find(|(id, _)| *id == format!("i{n}"))?;
        rank_of(cards.first()?)
    };
    let indicators: Vec<u8> = (1..=8).map(indicator).collect::<Option<_>>()?;
    // How many cards of each rank go home.
    let mut need = [0usize; 13];
    for (n, &i) in indicators.iter().enumerate() {
        for p in 0..height(n) {
            need[usize::from(wanted(i, p))] += 1;
        }
    }
    // The cards in the order dealt, last first: the stock from its bottom, then the waste
    // piles from the last.
    let mut dealt: Vec<(usize, usize)> = Vec::new();
    for (l, (id, cards)) in lines.iter().enumerate() {
        if id == "stock" || id.starts_with('w') {
            dealt.extend((0..cards.len()).map(|c| (l, c)));
        }
    }
    dealt.sort_by_key(|&(l, c)| {
        let stock = lines[l].0 == "stock";
        (!stock, if stock { c } else { usize::MAX - l })
    });
    let mut home: Vec<Vec<String>> = vec![Vec::new(); 13];
    for (l, c) in dealt {
        let card = &mut lines[l].1[c];
        let Some(r) = rank_of(card) else {
            continue;
        };
        if need[usize::from(r)] > home[usize::from(r)].len() {
            home[usize::from(r)].push(std::mem::take(card));
        }
    }
    for (n, &i) in indicators.iter().enumerate() {
        let f = lines
            .iter()
            .position(|(id, _)| *id == format!("f{}", n + 1))?;
        for p in 0..height(n) {
            let card = home[usize::from(wanted(i, p))].pop()?;
            lines[f].1.push(card);
        }
        if height(n) == BUILT {
            let ind = lines
                .iter()
                .position(|(id, _)| *id == format!("i{}", n + 1))?;
            let crown = lines[ind].1.pop()?;
            lines[f].1.push(crown);
        }
    }
    let text: Vec<String> = lines
        .iter()
        .map(|(id, cards)| {
            let kept: Vec<&str> = cards
                .iter()
                .map(String::as_str)
                .filter(|c| !c.is_empty())
                .collect();
            format!("{id}: {}", kept.join(" "))
        })
        .collect();
    game.parse_position(&text.join("\n")).ok()
}

/// Seeds 1..=10 on one to three waste piles, with four or five foundations built to six to
/// eight cards (four to six left each) and the others crowned.
pub fn family() -> Vec<Small> {
    let mut out = Vec::new();
    for (wastes, open, built) in [(1, 4, 8), (2, 4, 7), (2, 4, 6), (3, 4, 6), (3, 5, 7)] {
        let Some(game) = few_wastes(wastes).map(Arc::new) else {
            continue;
        };
        for seed in 1..=10 {
            let Some(start) = reduced_deal(&game, seed, open, built) else {
                continue;
            };
            out.push(Small {
                label: format!("{wastes} wastes, {open} open built to {built}, seed {seed}"),
                start,
                game: game.clone(),
            });
        }
    }
    out
}
