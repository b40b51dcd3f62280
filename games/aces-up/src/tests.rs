//! One test per rule of Aces Up, on small hand-built positions.

use solitaire_core::{Game, Layout};

use crate::{LAYOUTS, PLUGIN};

fn game() -> Game {
    let layout =
        Layout::parse(LAYOUTS[0].file, LAYOUTS[0].source).unwrap_or_else(|e| panic!("{e}"));
    Game::new(layout, &PLUGIN).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_deal_uses_every_card_of_the_deck_once() {
    let game = game();
    let mut deck = game.layout().deck.cards();
    deck.sort();
    assert_eq!(game.deal(1).sorted_cards(), deck);
}

#[test]
fn no_move_is_legal_while_the_rules_are_not_written() {
    // Delete this test when `check` accepts its first move.
    let game = game();
    assert!(game.legal_moves(&game.deal(1)).is_empty());
}
