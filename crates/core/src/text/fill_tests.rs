//! Tests of unknown cards (`--`): the filled reader, its errors, and its golden fill.

use super::super::tests::layout;
use super::super::{parse_position, write_position};
use super::*;

/// Two spades named, 24 unknown: three in t1, all 21 of the stock.
fn sketch_text() -> String {
    format!(
        "# A problem as published: only the face-up cards are shown.\n\
         game: spades\n\
         t1: -- -- -- | AS\n\
         t2: 2S\n\
         stock: {} |\n",
        vec![UNKNOWN_CARD; 21].join(" ")
    )
}

fn fill_error(text: &str) -> (usize, usize, String) {
    let e = parse_position_filled(&layout(), text, 0).unwrap_err();
    (e.line, e.col, e.message)
}

#[test]
fn the_fill_of_seed_0_is_pinned() {
    let filled = parse_position_filled(&layout(), &sketch_text(), 0).unwrap();
    assert_eq!((filled.unknown, filled.seed), (24, 0));
    assert_eq!(
        write_position(&layout(), &filled.position),
        "game: spades\nt1: 2S1 5S1 6S | AS\nt2: 2S\nstock: 4S 7S 8S QS TS 9S1 AS1 JS 3S1 KS1 QS1 4S1 5S JS1 7S1 3S TS1 6S1 KS 8S1 9S |\n"
    );
}

#[test]
fn the_fill_uses_every_card_not_named_once() {
    for seed in [0, 1, 99] {
        let filled = parse_position_filled(&layout(), &sketch_text(), seed).unwrap();
        let cards = filled.position.sorted_cards();
        let mut deck = layout().deck.cards();
        deck.sort();
        assert_eq!(cards, deck, "seed {seed}");
        assert_eq!(filled.position.pile(0).face_down(), 3);
        assert_eq!(filled.position.pile(2).face_down(), 21);
    }
    let a = parse_position_filled(&layout(), &sketch_text(), 1).unwrap();
    let b = parse_position_filled(&layout(), &sketch_text(), 2).unwrap();
    assert_ne!(a.position, b.position, "the seed chooses the fill");
}

#[test]
fn a_filled_position_round_trips_and_prints_its_unknowns_back() {
    let filled = parse_position_filled(&layout(), &sketch_text(), 7).unwrap();
    let text = write_position(&layout(), &filled.position);
    assert_eq!(parse_position(&layout(), &text).unwrap(), filled.position);
    let masked = filled.text_with_unknowns(&layout());
    assert!(masked.starts_with("game: spades\nt1: -- -- -- | AS\nt2: 2S\nstock: -- --"));
    let again = parse_position_filled(&layout(), &masked, 7).unwrap();
    assert_eq!(again, filled);
}

#[test]
fn the_plain_reader_asks_for_a_fill() {
    let e = parse_position(&layout(), &sketch_text()).unwrap_err();
    assert_eq!((e.line, e.col), (3, 5));
    assert!(e.message.contains("fill"), "{}", e.message);
}

#[test]
fn an_unknown_card_lies_face_down() {
    assert_eq!(fill_error("t1: AS | --").0, 1);
    let (line, col, message) = fill_error("t1: AS\nt2: 2S --");
    assert_eq!((line, col), (2, 8));
    assert!(message.contains("left of `|`"), "{message}");
}

#[test]
fn the_unknown_cards_must_be_exactly_the_cards_left() {
    // One `--` too many: the 25th names the error.
    let too_many = sketch_text().replace("t2: 2S", "t2: -- | 2S");
    let (line, col, message) = fill_error(&too_many);
    assert_eq!((line, col), (5, 8 + 3 * 20), "the 21st `--` of the stock");
    assert!(
        message.contains("leaves 24 for 25 unknown cards"),
        "{message}"
    );
    // Too few: the first `--` names it.
    let too_few = sketch_text().replace("t1: -- -- -- | AS", "t1: -- | AS");
    let (line, col, message) = fill_error(&too_few);
    assert_eq!((line, col), (3, 5));
    assert!(
        message.contains("leaves 24 for 22 unknown cards"),
        "{message}"
    );
    // More copies named than the deck holds is the plain reader's surplus.
    let (_, _, message) = fill_error("t1: -- | AS AS AS");
    assert_eq!(message, "AS appears more often than the deck holds it");
}

#[test]
fn without_unknown_cards_the_filled_reader_is_the_plain_reader() {
    let text = "t1: AS | 2S\n";
    let filled = parse_position_filled(&layout(), text, 5).unwrap();
    assert_eq!(filled.unknown, 0);
    assert!(filled.places.is_empty());
    assert_eq!(filled.position, parse_position(&layout(), text).unwrap());
}

#[test]
fn comment_lines_and_trailing_comments_are_ignored() {
    let text = "# Title of the problem\n#   source: a book, page 3\ngame: spades # ok\n\
                # between piles\nt1: AS # the ace\n";
    let pos = parse_position(&layout(), text).unwrap();
    assert_eq!(pos, parse_position(&layout(), "t1: AS").unwrap());
}
