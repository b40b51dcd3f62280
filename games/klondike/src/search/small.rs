//! Klondike's small deals, on which the engine's plain exhaustive search decides every deal:
//! fewer ranks, suits and columns. The search's tests, `tests/declarations.rs` and the
//! solver's check of every game's losses (`crates/solver/tests/small_deals.rs`) play them.

use std::sync::Arc;

use solitaire_core::{Game, Layout};
use solitaire_search::Small;

use crate::PLUGIN;

/// Klondike with `ranks` ranks of `suits` (the deck's suit list, as a layout writes it) and
/// `columns` columns (1 to `columns` cards, the top one face up), the rest in the stock,
/// played with `readings` (a layout's readings map, without braces) and declaring `search`
/// (a layout's `search:` section, or nothing when empty).
pub fn layout(
    suits: &str,
    ranks: u8,
    columns: usize,
    readings: &str,
    search: &str,
) -> Option<Layout> {
    let piles: String = (1..=columns)
        .map(|i| format!("(id: \"t{i}\", kind: tableau, x: {i}.0, y: 2.0, fan: Down),"))
        .collect();
    let mut deal = String::new();
    for row in 1..=columns {
        deal += &format!("Rows(piles: [\"t{row}\"], rows: 1, face: Up),");
        if row < columns {
            deal += &format!(
                "Rows(piles: [\"t{}..t{columns}\"], rows: 1, face: Down),",
                row + 1
            );
        }
    }
    let search = if search.is_empty() {
        String::new()
    } else {
        format!("search: {search},")
    };
    let text = format!(
        r#"(
        id: "klondike-small", name: "Klondike (small)", version: 1, rules: "klondike",
        deck: (suits: [{suits}], copies: 1, ranks: {ranks}),
        table: (width: 9.0, height: 4.0),
        piles: [
            (id: "stock", kind: stock, x: 0.0, y: 0.0),
            (id: "waste", kind: waste, x: 1.0, y: 0.0),
            (id: "f1", kind: foundation, x: 2.0, y: 0.0),
            (id: "f2", kind: foundation, x: 3.0, y: 0.0),
            (id: "f3", kind: foundation, x: 4.0, y: 0.0),
            (id: "f4", kind: foundation, x: 5.0, y: 0.0),
            {piles}
        ],
        deal: [{deal} Rest(pile: "stock")],
        readings: {{ {readings} }},
        {search}
    )"#
    );
    Layout::parse("klondike-small.ron", &text).ok()
}

/// Seeds 1..=25 of four suits A-3 and A-4 on three columns: won and lost deals the plain search
/// decides within its budget.
pub fn family() -> Vec<Small> {
    let mut out = Vec::new();
    for ranks in [3, 4] {
        let Some(game) = layout("Spades, Hearts, Diamonds, Clubs", ranks, 3, "", "")
            .and_then(|l| Game::new(l, &PLUGIN).ok())
            .map(Arc::new)
        else {
            continue;
        };
        for seed in 1..=25 {
            out.push(Small {
                label: format!("4 suits, A-{ranks}, 3 columns, seed {seed}"),
                start: game.deal(seed),
                game: game.clone(),
            });
        }
    }
    out
}
