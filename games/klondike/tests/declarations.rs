//! Klondike's declarations to the searches (its layout's `search:` section) tested against the
//! search without them, on small deals the exhaustive search decides: the same outcome on
//! every deal, in fewer positions.

use game_klondike::{LAYOUTS, PLUGIN};
use solitaire_core::{Game, Layout};
use solitaire_search::testkit::check_declarations;

mod common {
    pub mod small;
}

/// Klondike with four ranks and four columns (1 to 4 cards), the other six cards in the stock:
/// small enough for the exhaustive search, large enough to be won and lost.
fn small(readings: &str) -> Layout {
    let search =
        r#"(interchangeable: [["f1..f4"], ["t1..t4"]], safe_home: true, turns_commute: true)"#;
    let suits = "Spades, Hearts, Diamonds, Clubs";
    common::small::small(suits, 4, 4, readings, search)
}

#[test]
fn the_declarations_keep_every_outcome_of_small_deals_and_search_fewer_positions() {
    for readings in ["", r#""draw": "one""#, r#""passes": "three""#] {
        let c = check_declarations(&PLUGIN, &small(readings), 1..=30, 3_000_000);
        eprintln!("{{{readings}}}: {c:?}");
        assert!(
            c.won > 0 && c.lost > 0,
            "{readings}: both outcomes are compared: {c:?}"
        );
        assert!(c.with < c.without, "{readings}: {c:?}");
    }
}

#[test]
fn the_shipped_layout_declares_the_foundations_and_the_columns_interchangeable_and_safe_home() {
    let layout = Layout::parse(LAYOUTS[0].file, LAYOUTS[0].source).expect("parses");
    let game = Game::new(layout, &PLUGIN).expect("builds");
    let d = &game.layout().declarations;
    assert_eq!(d.interchangeable, [vec![2, 3, 4, 5], (6..13).collect()]);
    assert!(d.safe_home);
    assert!(game.structure().unlimited_redeals);
}
