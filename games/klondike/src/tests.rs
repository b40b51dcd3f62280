//! One test per rule of Klondike, on small hand-built positions; then the golden deals and
//! the perft counts.

use solitaire_core::testkit::{self, cards, play, pos, refusal, with_readings};
use solitaire_core::{Game, IllegalKind, Status};

use crate::{LAYOUTS, PLUGIN};

fn game() -> Game {
    testkit::game(&PLUGIN, &LAYOUTS[0])
}

/// A position with the given piles; the others empty.
fn table(game: &Game, piles: &[(&str, &str)]) -> solitaire_core::Position {
    let mut text = String::new();
    for id in game.layout().pile_ids() {
        let cards = piles.iter().find(|(p, _)| *p == id).map_or("", |(_, c)| c);
        text.push_str(&format!("{id}: {cards}\n"));
    }
    pos(game, &text)
}

#[test]
fn the_deal_is_seven_columns_of_one_to_seven_cards_tops_face_up_and_24_in_the_stock() {
    let game = game();
    let p = game.deal(1);
    for (i, id) in ["t1", "t2", "t3", "t4", "t5", "t6", "t7"]
        .iter()
        .enumerate()
    {
        let pile = testkit::pile(&game, &p, id);
        assert_eq!((pile.len(), pile.face_up().len()), (i + 1, 1), "{id}");
    }
    assert_eq!(testkit::pile(&game, &p, "stock").len(), 24);
    let mut deck = game.layout().deck.cards();
    deck.sort();
    assert_eq!(p.sorted_cards(), deck);
}

#[test]
fn golden_deals_never_change() {
    // If this fails, the shuffle or the deal changed: every saved game and published deal
    // number would now mean a different deal. Do not update these lines; fix the change.
    let game = game();
    let first = |seed: u64| {
        let p = game.deal(seed);
        let tops: Vec<String> = (1..=7)
            .map(|i| {
                let pile = testkit::pile(&game, &p, &format!("t{i}"));
                pile.top().map_or(String::new(), |c| c.to_string())
            })
            .collect();
        let stock = testkit::pile(&game, &p, "stock");
        let next: Vec<String> = stock
            .cards()
            .iter()
            .rev()
            .take(3)
            .map(|c| c.to_string())
            .collect();
        format!("{} / {}", tops.join(" "), next.join(" "))
    };
    assert_eq!(first(1), GOLDEN_1);
    assert_eq!(first(2), GOLDEN_2);
    assert_eq!(first(12345), GOLDEN_12345);
    let t7 = testkit::text_line(&game, &game.deal(1), "t7");
    assert_eq!(t7, GOLDEN_T7, "the deal of seed 1 changed");
}

/// The top cards of `t1`..`t7`, then the stock's next three cards (the first turn, top first).
const GOLDEN_1: &str = "6D AC 3D QD 8H 4D 2S / 6C JS TC";
const GOLDEN_2: &str = "AH 9H 4C 2D 9C 8D QH / JD 7S QS";
const GOLDEN_12345: &str = "JS 7S 4H TH 8C JC 9C / 8H AC QC";
/// Column t7 of deal 1, face-down cards and all.
const GOLDEN_T7: &str = "t7: 3C 5C 9H 9C 9D 5S | 2S";

#[test]
fn perft_counts_are_pinned() {
    // Sequences of 1 to 4 moves from fixed deals, under the default readings. A change to
    // move generation shows here. Four turns of three leave the stock half full, so no
    // `redeal` is reachable and the passes reading plays no part in these counts.
    assert_eq!(testkit::perft_table(&game(), &[1, 2, 3], 4), PERFT);
}

const PERFT: [[u64; 4]; 3] = [[6, 21, 78, 338], [6, 20, 55, 123], [3, 12, 47, 147]];

#[test]
fn foundations_build_up_in_suit_from_the_ace() {
    let game = game();
    let mut p = table(
        &game,
        &[("t1", "AS"), ("t2", "2S"), ("t3", "2H"), ("stock", "5C")],
    );
    assert_eq!(refusal(&game, &p, "t2>f1").0, IllegalKind::Target);
    play(&game, &mut p, "t1>f1");
    assert_eq!(refusal(&game, &p, "t3>f1").0, IllegalKind::Target);
    play(&game, &mut p, "t2>f1");
    assert_eq!(cards(&game, &p, "f1"), "AS 2S");
}

#[test]
fn columns_build_down_in_alternate_colours_and_runs_move_as_a_unit() {
    let game = game();
    let mut p = table(
        &game,
        &[("t1", "9C"), ("t2", "8H 7S"), ("t3", "8S"), ("stock", "5C")],
    );
    assert_eq!(refusal(&game, &p, "t3>t1").0, IllegalKind::Target);
    play(&game, &mut p, "t2>t1:2");
    assert_eq!(cards(&game, &p, "t1"), "9C 8H 7S");
}

#[test]
fn a_space_takes_only_a_king_or_a_run_headed_by_one() {
    let game = game();
    let mut p = table(&game, &[("t1", "QD"), ("t2", "KS QH"), ("stock", "5C")]);
    assert_eq!(refusal(&game, &p, "t1>t3").0, IllegalKind::Target);
    play(&game, &mut p, "t2>t3:2");
    assert_eq!(cards(&game, &p, "t3"), "KS QH");
}

#[test]
fn an_uncovered_card_turns_face_up() {
    let game = game();
    let mut p = pos(
        &game,
        "stock: 5C\nwaste:\nf1:\nf2:\nf3:\nf4:\nt1: 9C\nt2: 4D | 8H\nt3:\nt4:\nt5:\nt6:\nt7:\n",
    );
    play(&game, &mut p, "t2>t1");
    assert_eq!(testkit::pile(&game, &p, "t2").face_up().len(), 1);
}

#[test]
fn the_stock_turns_three_at_a_time_or_one_and_the_waste_turns_over() {
    let game = game();
    let mut p = table(&game, &[("stock", "2C 3C 4C 5C"), ("t1", "KS")]);
    play(&game, &mut p, "deal");
    assert_eq!(cards(&game, &p, "waste"), "5C 4C 3C");
    play(&game, &mut p, "deal");
    assert_eq!(cards(&game, &p, "waste"), "5C 4C 3C 2C");
    play(&game, &mut p, "redeal");
    assert_eq!(cards(&game, &p, "stock"), "2C 3C 4C 5C |");
    assert_eq!(p.vars().redeals, 1, "passes are counted for the player");
    assert!(
        game.structure().unlimited_redeals,
        "unlimited: the count is no part of the position"
    );

    let one = with_readings(&game, &[("draw", "one"), ("passes", "one")]);
    let mut p = table(&one, &[("stock", "2C 3C"), ("t1", "KS")]);
    play(&one, &mut p, "deal");
    assert_eq!(cards(&one, &p, "waste"), "3C");
    play(&one, &mut p, "deal");
    assert_eq!(refusal(&one, &p, "redeal").0, IllegalKind::Stock);
}

#[test]
fn three_passes_turn_the_waste_over_twice() {
    let game = with_readings(&game(), &[("passes", "three")]);
    let mut p = table(&game, &[("stock", "2C"), ("t1", "KS")]);
    for _ in 0..2 {
        play(&game, &mut p, "deal");
        play(&game, &mut p, "redeal");
    }
    play(&game, &mut p, "deal");
    assert_eq!(refusal(&game, &p, "redeal").0, IllegalKind::Stock);
}

#[test]
fn a_foundation_card_comes_back_only_to_a_column() {
    let game = game();
    let mut p = table(&game, &[("f1", "AH 2H"), ("t1", "3S"), ("stock", "5C")]);
    assert_eq!(refusal(&game, &p, "f1>f2").0, IllegalKind::Target);
    play(&game, &mut p, "f1>t1");
    assert_eq!(cards(&game, &p, "t1"), "3S 2H");
}

#[test]
fn won_when_every_card_is_on_the_foundations() {
    let game = game();
    let p = table(&game, &[("f1", "AS")]);
    assert!(game.rules().is_won(&p));
    let p = table(&game, &[("f1", "AS"), ("waste", "2S")]);
    assert!(!game.rules().is_won(&p));
}

#[test]
fn lost_when_turning_the_stock_round_never_gives_a_move() {
    let game = game();
    // The Two of clubs is in the stock, but no Ace is out: nothing ever plays.
    let stuck = table(
        &game,
        &[("stock", "2C 3C"), ("waste", "4C"), ("t1", "5S | QH")],
    );
    assert_eq!(game.status(&stuck), Status::Lost);
    // The Jack of clubs is third from the top of the stock: it comes up after one turn.
    let later = table(&game, &[("stock", "JC 2C 3C"), ("t1", "5S | QH")]);
    assert_eq!(game.status(&later), Status::Playing);
    // Drawing one at a time it comes up only on the second pass, after a turn of the
    // waste; with one pass only it never does.
    let one = with_readings(&game, &[("draw", "one")]);
    let waste = table(
        &one,
        &[("stock", "3C"), ("waste", "JC 2C"), ("t1", "5S | QH")],
    );
    assert_eq!(one.status(&waste), Status::Playing);
    let single = with_readings(&game, &[("draw", "one"), ("passes", "one")]);
    let gone = table(
        &single,
        &[("stock", "3C"), ("waste", "JC 2C"), ("t1", "5S | QH")],
    );
    assert_eq!(single.status(&gone), Status::Lost);
}

#[test]
fn random_walks_keep_the_engine_s_invariants_under_every_reading() {
    let game = game();
    testkit::check_walks(&game, &[1, 2, 3], 300);
    let other = with_readings(&game, &[("draw", "one"), ("passes", "three")]);
    testkit::check_walks(&other, &[1, 2, 3], 300);
}
