//! Tests of the position text reader: where errors point, and what it refuses.

use super::*;
use crate::card::{Rank, Suit};

/// Two copies of the spades only (like `spider-1suit`'s deck), three piles.
const SPADES: &str = r#"(
    id: "spades", name: "Spades", version: 1, rules: "x",
    deck: (suits: [Spades], copies: 2, ranks: 13),
    table: (width: 3.2, height: 1.6),
    piles: [
        (id: "t1", kind: tableau, x: 0.1, y: 0.1),
        (id: "t2", kind: tableau, x: 1.1, y: 0.1),
        (id: "stock", kind: stock, x: 2.1, y: 0.1),
    ],
    deal: [Rest(pile: "stock")],
)"#;

pub(super) fn layout() -> Layout {
    Layout::parse("spades.ron", SPADES).unwrap()
}

/// The error for `text`, as (line, column, message).
fn error(text: &str) -> (usize, usize, String) {
    let e = parse_position(&layout(), text).unwrap_err();
    (e.line, e.col, e.message)
}

#[test]
fn error_columns_count_characters_not_bytes() {
    // U+3000 (an ideographic space, three bytes) separates words like a space.
    assert_eq!(
        error("t1: AS # é\nt2: 2S\u{3000}XS"),
        (
            2,
            8,
            "\"XS\" is not a card: unknown rank (write rank then suit, e.g. TD, AS, 4H1)".into()
        )
    );
    assert_eq!(error("t1:\u{3000}2S\u{3000}\u{3000}| ♠").1, 11);
    // The key's column, and the value's.
    assert_eq!(error("\u{3000}\u{3000}t9: AS").1, 3);
    assert_eq!(error(" \u{3000}redeals : 1 2").1, 12);
    assert_eq!(error("redeals:\u{3000}x").1, 10);
}

#[test]
fn a_leading_byte_order_mark_is_skipped() {
    let pos = parse_position(&layout(), "\u{feff}game: spades\nt1: AS 2S |").unwrap();
    assert_eq!(pos.pile(0).len(), 2);
    assert_eq!(pos.pile(0).face_down(), 2);
    // The columns of the first line are counted after it.
    assert_eq!(error("\u{feff}t1: AS XS"), error("t1: AS XS"));
    // One mark only: a second one is text, and not a pile id.
    assert_eq!(error("\u{feff}\u{feff}t1: AS").0, 1);
    assert_eq!(strip_bom("\u{feff}x"), "x");
    assert_eq!(strip_bom("x\u{feff}"), "x\u{feff}");
}

#[test]
fn a_card_the_deck_lacks_is_named_as_such_not_as_a_surplus() {
    assert_eq!(
        error("t1: AS\nt2: AH"),
        (2, 5, "AH is not a card of this game's deck".into())
    );
    assert_eq!(
        error("t1: AS2").2,
        "AS2 is not a card of this game's deck",
        "the deck has two copies, 0 and 1"
    );
    // A card the deck does hold, once too often, is still a surplus.
    assert_eq!(
        error("t1: AS AS AS").2,
        "AS appears more often than the deck holds it"
    );
}

#[test]
fn copy_numbers_with_signs_or_leading_zeros_are_not_cards() {
    for bad in ["AS+1", "2S01"] {
        let (_, col, message) = error(&format!("t1: {bad}"));
        assert_eq!(col, 5, "{bad}");
        assert!(message.contains("bad copy number"), "{bad}: {message}");
    }
    let pos = parse_position(&layout(), "t1: AS1 as 10s TS1").unwrap();
    assert_eq!(
        pos.pile(0).cards(),
        &[
            Card::new(Rank::Ace, Suit::Spades).of_deck(1),
            Card::new(Rank::Ace, Suit::Spades),
            Card::new(Rank::Ten, Suit::Spades),
            Card::new(Rank::Ten, Suit::Spades).of_deck(1),
        ]
    );
}

#[test]
fn redeals_are_plain_decimal_digits() {
    for bad in ["+3", "-0", "3.0", "0x3", "256"] {
        assert_eq!(
            error(&format!("redeals: {bad}")),
            (1, 10, format!("{bad:?} is not a number of redeals")),
        );
    }
    let pos = parse_position(&layout(), "redeals: 03").unwrap();
    assert_eq!(pos.vars().redeals, 3);
}

#[test]
fn the_game_line_names_exactly_one_game() {
    assert_eq!(
        error("game: spades extra words"),
        (1, 6, "write one game id: game: spades".into())
    );
    assert_eq!(error("game:").2, "write one game id: game: spades");
    assert_eq!(
        error("game:  spider"),
        (1, 8, "this is a spades position, not \"spider\"".into())
    );
    assert!(parse_position(&layout(), "game: spades # a comment").is_ok());
}
