//! Sixes and Sevens' small deals, on which the engine's plain exhaustive search decides every
//! deal: real deals with most of the foundations already built (every one founded, one of each
//! suit in each half complete or all but its Seven), the cards still to build where the deal
//! put them. The search's tests and the solver's check of every game's losses
//! (`crates/solver/tests/small_deals.rs`) play them.

use std::sync::Arc;

use solitaire_core::{Game, Layout, Position};
use solitaire_search::Small;

use crate::{LAYOUTS, PLUGIN};

const RANKS: &str = "A23456789TJQK";

/// The suits in the order the foundations of each half take them, two cells each.
const SUITS: [&str; 4] = ["S", "H", "D", "C"];

/// Deal `seed` with the first `up[c]` ranks (from the Ace) of copy `c` of each suit built on
/// the Aces' half and the first `down[c]` ranks (from the King) on the Kings' half, a cell
/// for each suit and copy; the other cards where the deal put them. `None` unless every Ace
/// and King goes home (`up` and `down` at least 1).
pub(crate) fn reduced_deal(
    game: &Game,
    seed: u64,
    up: [usize; 2],
    down: [usize; 2],
) -> Option<Position> {
    let home = |t: &str| {
        let copy = usize::from(t.len() > 2);
        RANKS
            .find(t.get(..1)?)
            .map(|r| r < up[copy] || r >= RANKS.len() - down[copy])
    };
    let text = game.position_text(&game.deal(seed));
    let mut lines = Vec::new();
    for line in text.lines() {
        let Some((id, cards)) = line.split_once(':') else {
            lines.push(line.to_string());
            continue;
        };
        let Some(cell) = id.strip_prefix('f').and_then(|n| n.parse::<usize>().ok()) else {
            if id == "game" || id == "status" || id == "score" {
                lines.push(line.to_string());
                continue;
            }
            let mut kept = Vec::new();
            for t in cards.split_whitespace() {
                if t == "|" || !home(t)? {
                    kept.push(t);
                }
            }
            lines.push(format!("{id}: {}", kept.join(" ")));
            continue;
        };
        // Cells 1..=8 take the Aces, 9..=16 the Kings; each suit twice in a row, copies 0, 1.
        let cell = cell.checked_sub(1)?;
        let (half, i) = (cell / 8, cell % 8);
        // Every card the deal left in the centre (an Ace or a King) is home.
        for t in cards.split_whitespace() {
            if !home(t)? {
                return None;
            }
        }
        let (suit, copy) = (SUITS.get(i / 2)?, if i % 2 == 0 { "" } else { "1" });
        let ranks: Vec<char> = if half == 0 {
            RANKS.chars().take(up[i % 2]).collect()
        } else {
            RANKS.chars().rev().take(down[i % 2]).collect()
        };
        let built: Vec<String> = ranks.iter().map(|r| format!("{r}{suit}{copy}")).collect();
        lines.push(format!("{id}: {}", built.join(" ")));
    }
    game.parse_position(&lines.join("\n")).ok()
}

/// Seeds 1..=20 or 1..=10 in five shapes: the ranks built on the first and the second copy's
/// foundation of each suit, in the Aces' half (6: up to the Six) and in the Kings' half (7:
/// down to the Seven).
pub fn family() -> Vec<Small> {
    let Some(game) = Layout::parse(LAYOUTS[0].file, LAYOUTS[0].source)
        .ok()
        .and_then(|l| Game::new(l, &PLUGIN).ok())
        .map(Arc::new)
    else {
        return Vec::new();
    };
    let shapes = [
        // One half complete, the other's second copies at their bases.
        ([6, 6], [7, 1], 20),
        ([6, 1], [7, 7], 20),
        // The same but the Kings' first copies built only to the Eight.
        ([6, 6], [6, 1], 10),
        ([6, 1], [6, 7], 10),
        // The first copies complete, the second built to the Two and the Queen.
        ([6, 2], [7, 2], 10),
    ];
    let mut out = Vec::new();
    for (up, down, seeds) in shapes {
        for seed in 1..=seeds {
            let Some(start) = reduced_deal(&game, seed, up, down) else {
                continue;
            };
            out.push(Small {
                label: format!("up to {up:?}, down to {down:?}, seed {seed}"),
                start,
                game: game.clone(),
            });
        }
    }
    out
}
