//! Small Klondike layouts for the tests that search deals exhaustively: shared by the unit tests
//! of `src/search` (which include this file by path) and `tests/declarations.rs`.

use solitaire_core::Layout;

/// Klondike with `ranks` ranks of `suits` (the deck's suit list, as a layout writes it) and
/// `columns` columns (1 to `columns` cards, the top one face up), the rest in the stock,
/// played with `readings` (a layout's readings map, without braces) and declaring `search`
/// (a layout's `search:` section, or nothing when empty).
pub fn small(suits: &str, ranks: u8, columns: usize, readings: &str, search: &str) -> Layout {
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
    Layout::parse("klondike-small.ron", &text).expect("the small layout parses")
}
