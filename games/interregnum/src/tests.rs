//! One test per rule of Interregnum, on small hand-built positions.

use solitaire_core::testkit::{
    cards, check_walks, moves_text, perft_table, pile, play, pos, pos_unchecked, readings_differ,
    refusal, suit_run, unreadable, with_readings,
};
use solitaire_core::{Game, IllegalKind, Status};

use crate::{LAYOUTS, PLUGIN};

fn game() -> Game {
    solitaire_core::testkit::game(&PLUGIN, &LAYOUTS[0])
}

/// The first `n` cards of a suit, Ace to King, and the rest.
fn split_run(suit: char, copy: u8, n: usize) -> (String, String) {
    let all = suit_run(suit, copy, false);
    let words: Vec<&str> = all.split(' ').collect();
    (words[..n].join(" "), words[n..].join(" "))
}

const WRONG_RANK: (IllegalKind, &str) = (
    IllegalKind::Target,
    "a card goes only on a card one rank lower (King then Ace)",
);

#[test]
fn the_deal_lays_eight_indicators_eight_empty_foundations_and_eight_wastes_of_one() {
    let game = game();
    let p = game.deal(1);
    for i in 1..=8 {
        let ind = pile(&game, &p, &format!("i{i}"));
        assert_eq!((ind.len(), ind.face_down()), (1, 0), "i{i}");
        assert!(pile(&game, &p, &format!("f{i}")).is_empty(), "f{i}");
        let w = pile(&game, &p, &format!("w{i}"));
        assert_eq!((w.len(), w.face_down()), (1, 0), "w{i}");
    }
    let stock = pile(&game, &p, "stock");
    // 104 - 8 indicators - 8 waste cards.
    assert_eq!((stock.len(), stock.face_down()), (88, 88));
    assert_eq!(p.sorted_cards().len(), 104);
}

#[test]
fn a_foundation_is_founded_with_any_card_one_rank_above_its_indicator() {
    let game = game();
    let p = pos(&game, "i1: JS\ni2: KD\nw1: QH\nw2: AC\nw3: KC\nstock: 2D |");
    let mut q = p.clone();
    play(&game, &mut q, "w1>f1");
    assert_eq!(cards(&game, &q, "f1"), "QH");
    // A King indicator is followed by an Ace.
    play(&game, &mut q, "w2>f2");
    assert_eq!(cards(&game, &q, "f2"), "AC");
    let reason = (
        IllegalKind::Target,
        "a foundation is founded with a card one rank above its indicator",
    );
    assert_eq!(refusal(&game, &p, "w3>f1"), reason);
    assert_eq!(refusal(&game, &p, "w1>f2"), reason);
}

#[test]
fn a_foundation_builds_up_regardless_of_suit_a_king_followed_by_an_ace() {
    let game = game();
    let mut p = pos(&game, "i1: JS\nf1: QH\nw1: KS\nw2: AD\nw3: 2C\nstock: 2D |");
    play(&game, &mut p, "w1>f1");
    play(&game, &mut p, "w2>f1");
    play(&game, &mut p, "w3>f1");
    assert_eq!(cards(&game, &p, "f1"), "QH KS AD 2C");
}

#[test]
fn a_card_not_one_rank_higher_is_refused() {
    let game = game();
    let p = pos(&game, "i1: JS\nf1: QH\nw1: JD\nw2: AD\nstock: 2D |");
    assert_eq!(refusal(&game, &p, "w1>f1"), WRONG_RANK);
    assert_eq!(refusal(&game, &p, "w2>f1"), WRONG_RANK);
}

#[test]
fn the_indicator_crowns_its_foundation_at_once_when_it_holds_twelve_cards() {
    let game = game();
    // Indicator KH: the foundation runs A..Q, then the King of Hearts crowns it.
    let (eleven, rest) = split_run('S', 0, 11);
    let twelfth = rest.split(' ').next().unwrap();
    let mut p = pos(
        &game,
        &format!("i1: KH\nf1: {eleven}\nw1: {twelfth}\nstock: 2D |"),
    );
    play(&game, &mut p, "w1>f1");
    let f1 = pile(&game, &p, "f1");
    assert_eq!(f1.len(), 13);
    assert_eq!(f1.top().unwrap().to_string(), "KH");
    assert!(pile(&game, &p, "i1").is_empty());
}

#[test]
fn no_other_card_of_the_indicators_rank_may_be_the_thirteenth() {
    let game = game();
    // Crowned at once: a second King finds the foundation complete.
    let (twelve, _) = split_run('S', 0, 12);
    let crowned = pos(
        &game,
        &format!("f1: {twelve} KH\nw1: KS\nw2: AS1\nstock: 2D |"),
    );
    assert_eq!(
        refusal(&game, &crowned, "w1>f1"),
        (IllegalKind::Target, "a crowned foundation is complete")
    );
    assert_eq!(
        refusal(&game, &crowned, "w2>f1"),
        (IllegalKind::Target, "a crowned foundation is complete")
    );
    // Twelve built with the indicator still in place: play never leaves it so (the twelfth
    // card brings the indicator at once), the reader refuses it, and the rules would only let
    // the indicator be the thirteenth.
    let text = format!("i1: KH\nf1: {twelve}\nw1: KS\nstock: 2D |");
    assert_eq!(
        unreadable(&game, &text),
        "line 2, column 1: pile f1: a foundation of twelve cards is crowned at once by its indicator"
    );
    let waiting = pos_unchecked(&game, &text);
    assert_eq!(
        refusal(&game, &waiting, "w1>f1"),
        (
            IllegalKind::Target,
            "only the indicator crowns a foundation as its thirteenth card"
        )
    );
}

#[test]
fn indicators_are_not_otherwise_playable() {
    let game = game();
    let p = pos(&game, "i1: JS\ni2: 9D\nf2: TC\nw1: 5C\nstock: 2D |");
    let reason = (
        IllegalKind::Source,
        "an indicator moves only to crown its completed foundation",
    );
    assert_eq!(
        refusal(&game, &p, "i1>f2"),
        reason,
        "even where it would fit"
    );
    assert_eq!(refusal(&game, &p, "i2>w1"), reason);
    assert_eq!(
        refusal(&game, &p, "w1>i1"),
        (IllegalKind::Target, "nothing goes on an indicator")
    );
}

#[test]
fn only_the_top_card_of_each_waste_pile_is_available() {
    let game = game();
    let mut p = pos(&game, "i1: JS\nw1: QH 5C\nw2: 4S\nstock: 2D |");
    assert_eq!(
        refusal(&game, &p, "w1>f1"),
        (
            IllegalKind::Target,
            "a foundation is founded with a card one rank above its indicator"
        )
    );
    assert_eq!(
        refusal(&game, &p, "w1>f1:2"),
        (IllegalKind::Source, "only one card moves at a time")
    );
    p = pos(
        &game,
        &game.position_text(&p).replace("w1: QH 5C", "w1: 5C QH"),
    );
    play(&game, &mut p, "w1>f1");
    assert_eq!(
        cards(&game, &p, "w1"),
        "5C",
        "building the top card releases the one below"
    );
}

#[test]
fn nothing_is_packed_on_the_waste_piles() {
    let game = game();
    let p = pos(&game, "w1: QH\nw2: JS\nstock: 2D |");
    assert_eq!(
        refusal(&game, &p, "w2>w1"),
        (IllegalKind::Target, "nothing is packed on the waste piles")
    );
    assert_eq!(
        refusal(&game, &p, "w2>w3"),
        (IllegalKind::Target, "nothing is packed on the waste piles")
    );
}

#[test]
fn cards_never_leave_the_foundations_or_go_back_to_the_stock() {
    let game = game();
    let p = pos(&game, "i1: JS\nf1: QH\nw1: 5C\nstock: 2D |");
    assert_eq!(
        refusal(&game, &p, "f1>w2"),
        (IllegalKind::Source, "cards never leave the foundations")
    );
    assert_eq!(
        refusal(&game, &p, "w1>stock"),
        (IllegalKind::Target, "cards never go back to the stock")
    );
    assert_eq!(
        refusal(&game, &p, "stock>w1"),
        (
            IllegalKind::Source,
            "stock cards are dealt to the waste piles"
        )
    );
}

#[test]
fn deal_puts_the_next_eight_stock_cards_one_on_each_waste_left_to_right_empty_or_not() {
    let game = game();
    // The top of the stock is the last card written: 9C goes to w1, 2C to w8.
    let mut p = pos(&game, "stock: KD 2C 3C 4C 5C 6C 7C 8C 9C |\nw1: QH\nw3: JS");
    play(&game, &mut p, "deal");
    let got: Vec<String> = (1..=8)
        .map(|i| cards(&game, &p, &format!("w{i}")))
        .collect();
    assert_eq!(got, ["QH 9C", "8C", "JS 7C", "6C", "5C", "4C", "3C", "2C"]);
    assert_eq!(cards(&game, &p, "stock"), "KD |");
    // The last, short deal goes as far as it goes.
    play(&game, &mut p, "deal");
    assert_eq!(cards(&game, &p, "w1"), "QH 9C KD");
    assert!(pile(&game, &p, "stock").is_empty());
}

#[test]
fn there_is_no_redeal() {
    let game = game();
    let p = pos(&game, "i1: JS\nw1: 5C");
    assert_eq!(
        refusal(&game, &p, "deal"),
        (IllegalKind::Stock, "the stock is empty")
    );
    assert_eq!(
        refusal(&game, &p, "redeal"),
        (IllegalKind::Unsupported, "Interregnum has no redeal")
    );
}

/// Seven crowned foundations (indicator K: each runs A..Q and its King crowns it) and the
/// eighth one card short of twelve, with its Queen on `w5` and its King as `i8`.
fn one_queen_from_the_end() -> String {
    let mut text = String::new();
    for (i, (s, copy)) in [
        ('S', 0),
        ('H', 0),
        ('D', 0),
        ('C', 0),
        ('S', 1),
        ('H', 1),
        ('D', 1),
    ]
    .iter()
    .enumerate()
    {
        text += &format!("f{}: {}\n", i + 1, suit_run(*s, *copy, false));
    }
    let (eleven, rest) = split_run('C', 1, 11);
    let (queen, king) = rest.split_once(' ').unwrap();
    text + &format!("f8: {eleven}\nw5: {queen}\ni8: {king}\n")
}

#[test]
fn won_when_all_eight_foundations_are_crowned() {
    let game = game();
    let mut p = pos(&game, &one_queen_from_the_end());
    assert_eq!(game.status(&p), Status::Playing);
    play(&game, &mut p, "w5>f8");
    assert_eq!(game.status(&p), Status::Won);
}

#[test]
fn lost_when_the_stock_is_out_and_nothing_builds() {
    let game = game();
    let p = pos(&game, "i1: JS\ni2: 4D\nf2: 5D 6H\nw1: 2H\nw2: KC 8C");
    assert!(game.legal_moves(&p).is_empty());
    assert_eq!(game.status(&p), Status::Lost);
}

#[test]
fn golden_deals_never_change() {
    // If this fails, the shuffle or the deal changed: every saved game and published deal
    // number would now mean a different deal. Do not update these lines; fix the change.
    let game = game();
    let first = |seed: u64| {
        let p = game.deal(seed);
        let row = |prefix: char| {
            (1..=8)
                .map(|i| cards(&game, &p, &format!("{prefix}{i}")))
                .collect::<Vec<_>>()
                .join(" ")
        };
        format!(
            "{} / {} / {}",
            row('i'),
            row('w'),
            pile(&game, &p, "stock").top().unwrap()
        )
    };
    assert_eq!(first(1), GOLDEN_1);
    assert_eq!(first(2), GOLDEN_2);
    assert_eq!(first(12345), GOLDEN_12345);
}

const GOLDEN_1: &str = "JC AH 6D1 AD TH1 JH1 7C1 AC / AC1 8D 4S TH 3D 5H 4S1 5S / 9H1";
const GOLDEN_2: &str = "7H 8C1 QD1 AD1 2S 5C 3H1 5H / 8H1 2S1 JC1 AS 2H1 4S TS1 8S / 7H1";
const GOLDEN_12345: &str = "TH1 5C1 KS 3H QS 7C 4D1 2D / 2C 3D1 8D 5S 6S 8S1 8H KC / 5C";

#[test]
fn perft_counts_are_pinned() {
    // Sequences of 1 to 4 moves from fixed deals. A change to move generation shows here.
    assert_eq!(perft_table(&game(), &[1, 2, 3], 4), PERFT);
}

const PERFT: [[u64; 4]; 3] = [[2, 5, 25, 189], [6, 22, 53, 122], [8, 49, 254, 1298]];

#[test]
fn listed_moves_are_the_accepted_ones_through_whole_games() {
    // The conformance walks are short; these play whole games (random choices) and compare
    // the listed moves with every candidate the rules accept, and undo each move.
    check_walks(&game(), &[1, 7, 99], 400);
}

/// The game under the readings `[(option, value)]`.
fn reading(choices: &[(&str, &str)]) -> Game {
    with_readings(&game(), choices)
}

#[test]
fn the_default_readings_deal_any_time_and_crown_automatically() {
    let game = game();
    let chosen: Vec<(&str, &str)> = game
        .readings()
        .iter()
        .map(|r| (r.reading.name, r.choice.value))
        .collect();
    assert_eq!(chosen, [("deal", "any-time"), ("crown", "automatic")]);
    // Any time: a deal with a build waiting.
    let p = pos(&game, "i1: JS\nw1: QH\nstock: 2D |");
    assert!(moves_text(&game, &p).contains(&"deal".to_string()));
}

#[test]
fn when_stuck_a_deal_waits_until_no_card_can_be_founded_or_built() {
    let game = reading(&[("deal", "when-stuck")]);
    let waiting = pos(&game, "i1: JS\nw1: QH\nw2: 5C\nstock: 2D |");
    assert_eq!(
        refusal(&game, &waiting, "deal"),
        (
            IllegalKind::Stock,
            "deal only when no card can be founded, built or crowned"
        )
    );
    assert_eq!(moves_text(&game, &waiting), ["w1>f1"]);
    let mut p = waiting;
    play(&game, &mut p, "w1>f1");
    assert_eq!(moves_text(&game, &p), ["deal"]);
    play(&game, &mut p, "deal");
    // With the stock out and nothing to build, the game is lost as before.
    assert_eq!(game.status(&p), Status::Lost);
}

/// A position whose first foundation holds twelve cards under indicator KH, with the
/// twelfth (the Queen of Spades) still on waste pile 1.
fn eleven_and_the_queen(game: &Game) -> solitaire_core::Position {
    let (eleven, rest) = split_run('S', 0, 11);
    let twelfth = rest.split(' ').next().unwrap();
    pos(
        game,
        &format!("i1: KH\ni2: 4D\nf1: {eleven}\nw1: {twelfth}\nw2: KS\nstock: 2D |"),
    )
}

#[test]
fn crowned_by_hand_the_indicator_is_the_players_move_once_twelve_are_built() {
    let game = reading(&[("crown", "by-hand")]);
    let mut p = eleven_and_the_queen(&game);
    assert_eq!(
        refusal(&game, &p, "i1>f1"),
        (
            IllegalKind::Source,
            "an indicator moves only to crown its foundation once it holds twelve cards"
        )
    );
    play(&game, &mut p, "w1>f1");
    assert_eq!(pile(&game, &p, "f1").len(), 12, "not crowned by itself");
    assert_eq!(cards(&game, &p, "i1"), "KH");
    let mut listed = moves_text(&game, &p);
    listed.sort();
    assert_eq!(listed, ["deal", "i1>f1"]);
    assert_eq!(
        refusal(&game, &p, "w2>f1"),
        (
            IllegalKind::Target,
            "only the indicator crowns a foundation as its thirteenth card"
        )
    );
    assert_eq!(
        refusal(&game, &p, "i1>f2"),
        (
            IllegalKind::Target,
            "an indicator crowns only its own foundation"
        )
    );
    assert_eq!(
        refusal(&game, &p, "i1>w2"),
        (
            IllegalKind::Target,
            "an indicator crowns only its own foundation"
        )
    );
    assert_eq!(
        refusal(&game, &p, "i2>f2"),
        (
            IllegalKind::Source,
            "an indicator moves only to crown its foundation once it holds twelve cards"
        )
    );
    play(&game, &mut p, "i1>f1");
    assert_eq!(pile(&game, &p, "f1").top().unwrap().to_string(), "KH");
    assert!(pile(&game, &p, "i1").is_empty());
    assert_eq!(
        refusal(&game, &p, "w2>f1"),
        (IllegalKind::Target, "a crowned foundation is complete")
    );
}

#[test]
fn crowned_by_hand_a_waiting_indicator_keeps_the_game_going_and_holds_back_a_stuck_deal() {
    let game = reading(&[("crown", "by-hand"), ("deal", "when-stuck")]);
    let mut p = eleven_and_the_queen(&game);
    play(&game, &mut p, "w1>f1");
    assert_eq!(
        refusal(&game, &p, "deal"),
        (
            IllegalKind::Stock,
            "deal only when no card can be founded, built or crowned"
        )
    );
    // With no stock and nothing else to play, the crowning is still a move: not lost.
    let empty_stock = game.position_text(&p).replace("stock: 2D |\n", "");
    let q = pos(&game, &empty_stock);
    assert_eq!(game.status(&q), Status::Playing);
    assert_eq!(moves_text(&game, &q), ["i1>f1"]);
}

#[test]
fn crowned_by_hand_the_game_is_won_only_when_the_last_indicator_is_placed() {
    let game = reading(&[("crown", "by-hand")]);
    let mut p = pos(&game, &one_queen_from_the_end());
    play(&game, &mut p, "w5>f8");
    assert_eq!(game.status(&p), Status::Playing);
    assert_eq!(moves_text(&game, &p), ["i8>f8"]);
    play(&game, &mut p, "i8>f8");
    assert_eq!(game.status(&p), Status::Won);
}

#[test]
fn every_reading_lists_exactly_the_moves_it_accepts_through_whole_games() {
    for choices in [
        [("deal", "when-stuck"), ("crown", "automatic")],
        [("deal", "any-time"), ("crown", "by-hand")],
        [("deal", "when-stuck"), ("crown", "by-hand")],
    ] {
        check_walks(&reading(&choices), &[1, 7, 99], 400);
    }
}

#[test]
fn each_reading_changes_the_legal_moves_somewhere_on_random_walks() {
    // The share is reported (`--nocapture`) so the documentation can cite it.
    let default = game();
    let seeds: Vec<u64> = (1..=20).collect();
    for (name, value) in [("deal", "when-stuck"), ("crown", "by-hand")] {
        let other = reading(&[(name, value)]);
        let (differ, seen) = readings_differ(&other, &default, &seeds, 400);
        println!("interregnum {name}: {value}: {differ} of {seen} positions differ");
        assert!(differ > 0, "{name}: {value} never matters");
    }
}
