//! One test per rule of Strategy, on small hand-built positions.

use solitaire_core::testkit::{
    cards, check_walks, moves_text, perft_table, pile, play, pos, readings_differ, refusal,
    with_readings,
};
use solitaire_core::{Game, IllegalKind, Phase, Status, perft};

use crate::{LAYOUTS, PLUGIN};

fn game() -> Game {
    solitaire_core::testkit::game(&PLUGIN, &LAYOUTS[0])
}

const NOT_YET: (IllegalKind, &str) = (
    IllegalKind::Phase,
    "no card is built until the whole stock is placed",
);

#[test]
fn the_deal_leaves_all_52_cards_in_the_stock() {
    let game = game();
    let p = game.deal(1);
    let stock = pile(&game, &p, "stock");
    assert_eq!((stock.len(), stock.face_down()), (52, 52));
    assert!(p.piles().iter().filter(|q| !q.is_empty()).count() == 1);
    assert_eq!(p.vars().phase, Phase::Play);
    assert_eq!(game.legal_moves(&p).len(), 1, "only deal");
}

#[test]
fn deal_turns_the_next_stock_card_face_up_into_the_hand() {
    let game = game();
    let mut p = pos(&game, "stock: 2S 9D |");
    play(&game, &mut p, "deal");
    assert_eq!(cards(&game, &p, "hand"), "9D");
    assert_eq!(cards(&game, &p, "stock"), "2S |");
}

#[test]
fn aces_are_founded_at_once_on_the_next_free_foundation() {
    let game = game();
    let mut p = pos(&game, "stock: 2S AD |\nf1: AH\nf3: AC");
    play(&game, &mut p, "deal");
    assert_eq!(cards(&game, &p, "f2"), "AD");
    assert!(pile(&game, &p, "hand").is_empty());
    play(&game, &mut p, "deal");
    assert_eq!(
        cards(&game, &p, "hand"),
        "2S",
        "the next card may be turned at once"
    );
}

#[test]
fn the_turned_card_goes_face_up_on_any_of_the_eight_piles() {
    let game = game();
    let p = pos(&game, "stock: 2S |\nhand: 9D\np3: KC 4H");
    for i in 1..=8 {
        let mut q = p.clone();
        play(&game, &mut q, &format!("hand>p{i}"));
        let top = pile(&game, &q, &format!("p{i}"));
        assert_eq!(top.top_face_up().map(|c| c.to_string()), Some("9D".into()));
        assert!(pile(&game, &q, "hand").is_empty());
    }
    assert_eq!(game.legal_moves(&p).len(), 8);
}

#[test]
fn the_next_card_is_turned_only_after_the_turned_card_is_placed() {
    let game = game();
    let p = pos(&game, "stock: 2S |\nhand: 9D");
    assert_eq!(
        refusal(&game, &p, "deal"),
        (
            IllegalKind::Stock,
            "place the turned card on a pile before turning the next"
        )
    );
}

#[test]
fn no_card_is_built_until_the_whole_stock_is_placed() {
    let game = game();
    let stock_left = pos(&game, "stock: 2S |\nf1: AH\np1: 2H");
    assert_eq!(refusal(&game, &stock_left, "p1>f1"), NOT_YET);
    let hand_left = pos(&game, "hand: 3H\nf1: AH\np1: 2H");
    assert_eq!(refusal(&game, &hand_left, "p1>f1"), NOT_YET);
    assert_eq!(refusal(&game, &hand_left, "hand>f1"), NOT_YET);
    let mut done = pos(&game, "f1: AH\np1: 2H");
    play(&game, &mut done, "p1>f1");
    assert_eq!(cards(&game, &done, "f1"), "AH 2H");
}

#[test]
fn then_pile_tops_build_up_in_suit_on_the_aces() {
    let game = game();
    let p = pos(
        &game,
        "f1: AH 2H\nf2: AS\np1: 3H\np2: 3S\np3: 4H\np4: 7C 2S",
    );
    let mut q = p.clone();
    play(&game, &mut q, "p1>f1");
    play(&game, &mut q, "p3>f1");
    play(&game, &mut q, "p4>f2");
    assert_eq!(cards(&game, &q, "f1"), "AH 2H 3H 4H");
    assert_eq!(cards(&game, &q, "f2"), "AS 2S");
    let reason = (
        IllegalKind::Target,
        "a foundation builds up in suit, one rank at a time",
    );
    assert_eq!(refusal(&game, &p, "p2>f1"), reason, "wrong suit");
    assert_eq!(refusal(&game, &p, "p3>f1"), reason, "skips a rank");
    assert_eq!(
        refusal(&game, &p, "p1>f3"),
        (IllegalKind::Target, "a foundation starts with an Ace")
    );
}

#[test]
fn only_the_top_card_of_a_pile_moves() {
    let game = game();
    let p = pos(&game, "f1: AH\np1: 3H 2H");
    assert_eq!(
        refusal(&game, &p, "p1>f1:2"),
        (IllegalKind::Source, "only the top card of a pile moves")
    );
}

#[test]
fn there_is_no_packing_from_pile_to_pile() {
    let game = game();
    let p = pos(&game, "p1: 3H\np2: 4S\nstock: 9C |");
    assert_eq!(
        refusal(&game, &p, "p1>p2"),
        (IllegalKind::Target, "there is no packing from pile to pile")
    );
    let done = pos(&game, "p1: 3H\np2: 4S");
    assert_eq!(
        refusal(&game, &done, "p1>p2"),
        (IllegalKind::Target, "there is no packing from pile to pile")
    );
}

#[test]
fn cards_never_leave_the_foundations_nor_go_back_to_the_stock_or_hand() {
    let game = game();
    let p = pos(&game, "f1: AH 2H\np1: 5C\nstock: 9C |");
    assert_eq!(
        refusal(&game, &p, "f1>p2"),
        (IllegalKind::Source, "cards never leave the foundations")
    );
    assert_eq!(
        refusal(&game, &p, "p1>stock"),
        (IllegalKind::Target, "cards never go back to the stock")
    );
    assert_eq!(
        refusal(&game, &p, "p1>hand"),
        (
            IllegalKind::Target,
            "only a card turned from the stock goes to the hand"
        )
    );
    assert_eq!(
        refusal(&game, &p, "stock>p2"),
        (IllegalKind::Source, "turn the stock's cards with deal")
    );
}

#[test]
fn there_is_no_redeal() {
    let game = game();
    let p = pos(&game, "f1: AH\np1: 5C");
    assert_eq!(
        refusal(&game, &p, "deal"),
        (IllegalKind::Stock, "the stock is empty")
    );
    assert_eq!(
        refusal(&game, &p, "redeal"),
        (IllegalKind::Unsupported, "Strategy has no redeal")
    );
}

#[test]
fn won_when_all_52_cards_are_on_the_foundations() {
    let game = game();
    let run = |s: char, to: usize| {
        "A23456789TJQK"[..to]
            .chars()
            .map(|r| format!("{r}{s}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let text = format!(
        "f1: {}\nf2: {}\nf3: {}\nf4: {}\np5: KC",
        run('S', 13),
        run('H', 13),
        run('D', 13),
        run('C', 12)
    );
    let mut p = pos(&game, &text);
    assert_eq!(game.status(&p), Status::Playing);
    play(&game, &mut p, "p5>f4");
    assert_eq!(game.status(&p), Status::Won);
}

#[test]
fn lost_when_the_stock_is_placed_and_no_top_card_builds() {
    let game = game();
    let p = pos(
        &game,
        "f1: AS\nf2: AH\nf3: AD\nf4: AC\np1: 2S 3S\np2: 2H 4H\np3: 2D 5C\np4: 2C 3D",
    );
    assert!(game.legal_moves(&p).is_empty());
    assert_eq!(game.status(&p), Status::Lost);
}

#[test]
fn golden_deals_never_change() {
    // If this fails, the shuffle or the deal changed: every saved game and published deal
    // number would now mean a different deal. Do not update these lines; fix the change.
    let game = game();
    // The first twelve cards to be turned, in turning order.
    let first = |seed: u64| {
        let p = game.deal(seed);
        let stock = pile(&game, &p, "stock");
        stock
            .cards()
            .iter()
            .rev()
            .take(12)
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(first(1), GOLDEN_1);
    assert_eq!(first(2), GOLDEN_2);
    assert_eq!(first(12345), GOLDEN_12345);
}

const GOLDEN_1: &str = "6D 8D 3S 6H 2H TS 3C AC KH QC 3H TD";
const GOLDEN_2: &str = "AH JS TC 7H 2C 7D 2S 9H AD 4H JH 6C";
const GOLDEN_12345: &str = "JS TC 5C 3H 9D 4C 6S 7S QS AH 8D 2H";

#[test]
fn perft_counts_are_pinned() {
    // Sequences of 1 to 5 moves from fixed deals. A change to move generation shows here.
    assert_eq!(perft_table(&game(), &[1, 2, 3], 5), PERFT);
}

const PERFT: [[u64; 5]; 3] = [[1, 8, 8, 64, 64], [1, 1, 8, 8, 64], [1, 8, 8, 64, 64]];

#[test]
fn perft_counts_after_the_stock_is_placed_are_pinned() {
    // The same deals with the stock placed by a fixed rule (on the pile whose top is the
    // lowest card above the turned one, else on an empty pile, else on the first), then the
    // building phase.
    let game = game();
    let counts: Vec<Vec<u64>> = [1u64, 2, 3]
        .iter()
        .map(|&seed| {
            let mut p = game.deal(seed);
            while !pile(&game, &p, "stock").is_empty() || !pile(&game, &p, "hand").is_empty() {
                let Some(card) = pile(&game, &p, "hand").top() else {
                    play(&game, &mut p, "deal");
                    continue;
                };
                let tops: Vec<Option<u8>> = (1..=8)
                    .map(|i| {
                        pile(&game, &p, &format!("p{i}"))
                            .top()
                            .map(|c| c.rank.value())
                    })
                    .collect();
                let above = (0..8)
                    .filter(|&i| tops[i].is_some_and(|r| r > card.rank.value()))
                    .min_by_key(|&i| tops[i]);
                let to = above
                    .or_else(|| (0..8).find(|&i| tops[i].is_none()))
                    .unwrap_or(0);
                play(&game, &mut p, &format!("hand>p{}", to + 1));
            }
            (1..=3).map(|d| perft(&game, &mut p, d)).collect()
        })
        .collect();
    assert_eq!(counts, PERFT_BUILDING);
}

const PERFT_BUILDING: [[u64; 3]; 3] = [[3, 6, 10], [3, 8, 20], [3, 8, 21]];

#[test]
fn listed_moves_are_the_accepted_ones_through_whole_games() {
    // The conformance walks are short; these play whole games (random choices) and compare
    // the listed moves with every candidate the rules accept, and undo each move.
    check_walks(&game(), &[1, 7, 99], 400);
}

/// Strategy with the Aces founded by hand.
fn by_hand() -> Game {
    with_readings(&game(), &[("aces", "by-hand")])
}

#[test]
fn by_default_aces_are_founded_automatically() {
    assert_eq!(game().readings()[0].choice.value, "automatic");
}

#[test]
fn by_hand_a_turned_ace_goes_to_any_empty_foundation_at_the_players_move() {
    let game = by_hand();
    let mut p = pos(&game, "stock: 2S AD |\nf1: AH");
    play(&game, &mut p, "deal");
    assert_eq!(cards(&game, &p, "hand"), "AD", "not founded by itself");
    assert_eq!(
        refusal(&game, &p, "deal"),
        (
            IllegalKind::Stock,
            "place the turned card on a pile before turning the next"
        )
    );
    assert_eq!(
        refusal(&game, &p, "hand>f1"),
        (
            IllegalKind::Target,
            "a foundation builds up in suit, one rank at a time"
        )
    );
    let mut listed = moves_text(&game, &p);
    listed.sort();
    let mut want: Vec<String> = (1..=8).map(|i| format!("hand>p{i}")).collect();
    want.extend(["hand>f2", "hand>f3", "hand>f4"].map(String::from));
    want.sort();
    assert_eq!(listed, want);
    play(&game, &mut p, "hand>f3");
    assert_eq!(cards(&game, &p, "f3"), "AD");
    // Any other turned card still waits for the whole stock.
    play(&game, &mut p, "deal");
    assert_eq!(refusal(&game, &p, "hand>f2"), NOT_YET);
}

#[test]
fn by_hand_an_ace_placed_on_a_pile_waits_like_any_other_card() {
    let game = by_hand();
    let mut p = pos(&game, "stock: 2D AD |");
    play(&game, &mut p, "deal");
    play(&game, &mut p, "hand>p1");
    assert_eq!(refusal(&game, &p, "p1>f1"), NOT_YET);
    play(&game, &mut p, "deal");
    play(&game, &mut p, "hand>p2");
    play(&game, &mut p, "p1>f1");
    play(&game, &mut p, "p2>f1");
    assert_eq!(cards(&game, &p, "f1"), "AD 2D");
}

#[test]
fn by_hand_lists_exactly_the_moves_it_accepts_through_whole_games() {
    check_walks(&by_hand(), &[1, 7, 99], 400);
}

#[test]
fn the_aces_reading_changes_the_legal_moves_somewhere_on_random_walks() {
    // The share is reported (`--nocapture`) so the documentation can cite it.
    let seeds: Vec<u64> = (1..=20).collect();
    let (differ, seen) = readings_differ(&by_hand(), &game(), &seeds, 400);
    println!("strategy aces: by-hand: {differ} of {seen} positions differ");
    assert!(differ > 0);
}
