//! One test per rule of Sixes and Sevens, on small hand-built positions.
//!
//! The square, by pile id (reading order):
//! ```text
//! o1  o2  o3  o4  o5  o6  o7  o8
//! o9  i1  i2  i3  i4  i5  i6  o10
//! o11 i7  f1  f2  f3  f4  i8  o12
//! o13 i9  f5  f6  f7  f8  i10 o14
//! o15 i11 f9  f10 f11 f12 i12 o16
//! o17 i13 f13 f14 f15 f16 i14 o18
//! o19 i15 i16 i17 i18 i19 i20 o20
//! o21 o22 o23 o24 o25 o26 o27 o28
//! ```

use solitaire_core::{Card, Game, IllegalKind, Position, Status};

use solitaire_core::testkit::{
    check_walks, moves_text as moves, pile, play, pos, readings_differ, refusal, text_line as line,
    with_readings,
};

use crate::{LAYOUTS, PLUGIN};

fn sixes() -> Game {
    solitaire_core::testkit::game(&PLUGIN, &LAYOUTS[0])
}

/// A deck whose first 16 cards (the centre) are `centre`, the rest in canonical order.
fn deal_with_centre(game: &Game, centre: [&str; 16]) -> Position {
    let mut rest = game.layout().deck.cards();
    let mut deck: Vec<Card> = Vec::new();
    for name in centre {
        let card: Card = name.parse().unwrap();
        let at = rest.iter().position(|&c| c == card).unwrap();
        deck.push(rest.remove(at));
    }
    deck.extend(rest);
    game.rules().deal(game.layout(), deck).unwrap()
}

#[test]
fn two_packs_are_dealt_into_an_eight_by_eight_square_and_forty_cards_stay_in_the_stock() {
    let game = sixes();
    for seed in [1, 2, 3] {
        let p = game.deal(seed);
        let ids = |prefix: &'static str, n: usize| (1..=n).map(move |i| format!("{prefix}{i}"));
        for id in ids("o", 28).chain(ids("i", 20)) {
            let cell = pile(&game, &p, &id);
            assert_eq!((cell.len(), cell.face_down()), (1, 0), "{id}");
        }
        let mut bases = 0;
        for (i, id) in ids("f", 16).enumerate() {
            let cell = pile(&game, &p, &id);
            assert!(cell.len() <= 1 && cell.face_down() == 0, "{id}");
            if let Some(card) = cell.top() {
                let want = if i < 8 { "A" } else { "K" };
                assert!(card.to_string().starts_with(want), "{id}: {card}");
                bases += 1;
            }
        }
        let stock = pile(&game, &p, "stock");
        assert_eq!((stock.len(), stock.face_down()), (40, 40));
        let reserve = pile(&game, &p, "reserve");
        assert_eq!(
            (reserve.len(), reserve.face_down()),
            (16 - bases, 16 - bases)
        );
        assert!(pile(&game, &p, "waste").is_empty());
        assert_eq!(p.sorted_cards().len(), 104);
    }
}

#[test]
fn the_centres_other_cards_go_face_down_to_the_reserve_first_removed_at_the_bottom() {
    let game = sixes();
    let p = deal_with_centre(
        &game,
        [
            "2S", "AS", "3S", "KH", "AH", "4S", "5S", "6S", "7S", "8S", "KS", "9S", "AD", "TS",
            "JS", "QS",
        ],
    );
    assert_eq!(
        line(&game, &p, "reserve"),
        "reserve: 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS |"
    );
    assert_eq!(line(&game, &p, "f2"), "f2: AS");
    assert_eq!(line(&game, &p, "f5"), "f5: AH");
    assert_eq!(line(&game, &p, "f11"), "f11: KS");
}

#[test]
fn an_ace_or_king_dealt_in_the_wrong_half_moves_to_the_first_empty_cell_of_its_half() {
    let game = sixes();
    let p = deal_with_centre(
        &game,
        [
            "2S", "AS", "3S", "KH", "AH", "4S", "5S", "6S", "7S", "8S", "KS", "9S", "AD", "TS",
            "JS", "QS",
        ],
    );
    // KH was dealt to f4 (the Aces' half): it moves to f9; AD was dealt to f13: it moves to f1.
    assert_eq!(line(&game, &p, "f1"), "f1: AD");
    assert_eq!(line(&game, &p, "f4"), "f4:");
    assert_eq!(line(&game, &p, "f9"), "f9: KH");
    assert_eq!(line(&game, &p, "f13"), "f13:");
}

#[test]
fn aces_build_up_in_suit_to_the_six() {
    let game = sixes();
    let mut p = pos(
        &game,
        "f1: AS 2S 3S 4S\nf2: AH 2H 3H 4H 5H 6H\no1: 5S\no2: 6S\no3: 5D\no4: 7H\no5: 7S",
    );
    assert_eq!(
        refusal(&game, &p, "o2>f1"),
        (IllegalKind::Target, "Aces build up in suit to the Six")
    );
    assert_eq!(
        refusal(&game, &p, "o3>f1"),
        (IllegalKind::Target, "Aces build up in suit to the Six")
    );
    assert_eq!(
        refusal(&game, &p, "o4>f2"),
        (IllegalKind::Target, "Aces build up in suit to the Six")
    );
    play(&game, &mut p, "o1>f1");
    play(&game, &mut p, "o2>f1");
    assert_eq!(
        refusal(&game, &p, "o5>f1"),
        (IllegalKind::Target, "Aces build up in suit to the Six")
    );
    assert_eq!(line(&game, &p, "f1"), "f1: AS 2S 3S 4S 5S 6S");
}

#[test]
fn kings_build_down_in_suit_to_the_seven() {
    let game = sixes();
    let mut p = pos(
        &game,
        "f9: KS QS JS TS 9S\nf10: KD QD JD TD 9D 8D 7D\no1: 8S\no2: 7S\no3: 6S\no4: 6D\no5: 8H",
    );
    assert_eq!(
        refusal(&game, &p, "o5>f9"),
        (IllegalKind::Target, "Kings build down in suit to the Seven")
    );
    assert_eq!(
        refusal(&game, &p, "o4>f10"),
        (IllegalKind::Target, "Kings build down in suit to the Seven")
    );
    play(&game, &mut p, "o1>f9");
    play(&game, &mut p, "o2>f9");
    assert_eq!(
        refusal(&game, &p, "o3>f9"),
        (IllegalKind::Target, "Kings build down in suit to the Seven")
    );
}

#[test]
fn an_ace_becomes_a_base_by_moving_into_an_empty_cell_of_the_top_two_rows() {
    let game = sixes();
    let mut p = pos(&game, "o1: AS\no2: 2S\no3: KS");
    assert_eq!(
        refusal(&game, &p, "o2>f3"),
        (
            IllegalKind::Target,
            "an empty cell in the top two rows takes only an Ace"
        )
    );
    assert_eq!(
        refusal(&game, &p, "o3>f8"),
        (
            IllegalKind::Target,
            "an empty cell in the top two rows takes only an Ace"
        )
    );
    assert_eq!(
        refusal(&game, &p, "o1>f9"),
        (
            IllegalKind::Target,
            "an empty cell in the bottom two rows takes only a King"
        )
    );
    play(&game, &mut p, "o1>f8");
    play(&game, &mut p, "o2>f8");
}

#[test]
fn a_king_becomes_a_base_by_moving_into_an_empty_cell_of_the_bottom_two_rows() {
    let game = sixes();
    let mut p = pos(&game, "o1: KS\no2: QS\no3: AH");
    assert_eq!(
        refusal(&game, &p, "o2>f16"),
        (
            IllegalKind::Target,
            "an empty cell in the bottom two rows takes only a King"
        )
    );
    play(&game, &mut p, "o1>f16");
    play(&game, &mut p, "o2>f16");
    assert_eq!(line(&game, &p, "f16"), "f16: KS QS");
}

/// A full square but for the cells named, with `lines` added: the other cells of `o1`..`o28`
/// and `i1`..`i20` get Threes to Fives and Tens to Queens, which fit no empty cell and no
/// base in these tests.
fn square(game: &Game, gaps: &[&str], lines: &str) -> Position {
    let fillers: Vec<String> = "345TJQ"
        .chars()
        .flat_map(|r| "SHDC".chars().map(move |s| format!("{r}{s}")))
        .collect();
    let mut text = String::new();
    let ids = (1..=28)
        .map(|i| format!("o{i}"))
        .chain((1..=20).map(|i| format!("i{i}")));
    for (n, id) in ids.enumerate() {
        if !gaps.contains(&id.as_str()) && !lines.contains(&format!("{id}:")) {
            text.push_str(&format!("{id}: {}\n", fillers[n % fillers.len()]));
        }
    }
    text.push_str(lines);
    pos(game, &text)
}

#[test]
fn outer_frame_cards_are_always_available() {
    let game = sixes();
    let p = square(
        &game,
        &[],
        "f1: AS\nf2: AH\no1: 2S\no5: 2H\no28: 2H\no14: 2S\n",
    );
    assert_eq!(moves(&game, &p), ["o1>f1", "o5>f2", "o14>f1", "o28>f2"]);
}

#[test]
fn an_inner_frame_card_is_available_once_an_outer_cell_beside_it_is_empty() {
    let game = sixes();
    let blocked = square(&game, &[], "f1: AS\ni2: 2S\n");
    assert_eq!(
        refusal(&game, &blocked, "i2>f1"),
        (
            IllegalKind::Source,
            "an inner-frame card is available only once an outer cell beside it is empty"
        )
    );
    assert!(moves(&game, &blocked).is_empty());
    let mut open = square(&game, &["o3"], "f1: AS\ni2: 2S\n");
    assert_eq!(moves(&game, &open), ["i2>f1"]);
    play(&game, &mut open, "i2>f1");
    // The inner corner i1 has two outer cells beside it: o2 above and o9 to its left.
    let left = square(&game, &["o9"], "f1: AS\ni1: 2S\n");
    assert_eq!(moves(&game, &left), ["i1>f1"]);
}

#[test]
fn an_outer_corner_never_releases_an_inner_corner() {
    let game = sixes();
    let p = square(
        &game,
        &["o1", "o8", "o21", "o28"],
        "f1: AS\ni1: 2S\ni6: 2S\ni15: 2H\ni20: 2H\n",
    );
    for inner in ["i1", "i6", "i15", "i20"] {
        assert_eq!(
            refusal(&game, &p, &format!("{inner}>f1")),
            (
                IllegalKind::Source,
                "an inner-frame card is available only once an outer cell beside it is empty"
            )
        );
    }
}

#[test]
fn cards_go_only_to_the_centre_square() {
    let game = sixes();
    let p = pos(&game, "o1: 5H\no2: 6H\nwaste: 2C\nstock: 3C |");
    for mv in [
        "o1>o2",
        "o1>o3",
        "o1>i1",
        "waste>o3",
        "o1>waste",
        "o1>reserve",
        "o1>stock",
    ] {
        assert_eq!(
            refusal(&game, &p, mv),
            (IllegalKind::Target, "cards go only to the centre square"),
            "{mv}"
        );
    }
}

#[test]
fn cards_on_the_foundations_stay_there_and_stock_and_reserve_cards_come_only_by_dealing() {
    let game = sixes();
    let p = pos(&game, "f1: AS\nf2: AS\nstock: 2S |\nreserve: 2S |");
    assert_eq!(
        refusal(&game, &p, "f1>f2"),
        (IllegalKind::Source, "cards on the foundations stay there")
    );
    for mv in ["stock>f1", "reserve>f1"] {
        assert_eq!(
            refusal(&game, &p, mv),
            (
                IllegalKind::Source,
                "stock and reserve cards come into play only by dealing"
            )
        );
    }
}

#[test]
fn cards_move_one_at_a_time() {
    let game = sixes();
    let p = pos(&game, "f1: AS\nwaste: 3S 2S");
    assert_eq!(
        refusal(&game, &p, "waste>f1:2"),
        (IllegalKind::Source, "cards move one at a time")
    );
}

#[test]
fn a_deal_fills_the_gaps_of_both_frames_left_to_right_and_top_to_bottom() {
    let game = sixes();
    let mut p = square(
        &game,
        &["o2", "i1", "o10", "i8", "o28"],
        "stock: 9H 9S 8H 8S 7H 7S |\n",
    );
    play(&game, &mut p, "deal");
    let got: Vec<String> = ["o2", "i1", "o10", "i8", "o28"]
        .iter()
        .map(|id| line(&game, &p, id))
        .collect();
    assert_eq!(got, ["o2: 7S", "i1: 7H", "o10: 8S", "i8: 8H", "o28: 9S"]);
    assert_eq!(line(&game, &p, "stock"), "stock: 9H |");
}

#[test]
fn the_deal_stops_when_the_stock_runs_out() {
    let game = sixes();
    let mut p = square(&game, &["o2", "i1", "o28"], "stock: 7H 7S |\n");
    play(&game, &mut p, "deal");
    assert_eq!(line(&game, &p, "o2"), "o2: 7S");
    assert_eq!(line(&game, &p, "i1"), "i1: 7H");
    assert_eq!(line(&game, &p, "o28"), "o28:");
    assert_eq!(line(&game, &p, "stock"), "stock:");
}

#[test]
fn a_deal_with_no_gap_to_fill_is_refused() {
    let game = sixes();
    let p = square(&game, &[], "stock: 7H 7S |\nreserve: 8S |\n");
    assert_eq!(
        refusal(&game, &p, "deal"),
        (IllegalKind::Stock, "there is no gap in the frames to fill")
    );
    assert_eq!(game.status(&p), Status::Lost);
}

#[test]
fn when_the_stock_is_empty_deal_turns_a_reserve_card_onto_the_waste_whose_top_is_available() {
    let game = sixes();
    let mut p = pos(&game, "f1: AS\nreserve: 3S 2S |\no1: 9H");
    play(&game, &mut p, "deal");
    assert_eq!(line(&game, &p, "waste"), "waste: 2S");
    assert_eq!(line(&game, &p, "reserve"), "reserve: 3S |");
    play(&game, &mut p, "deal");
    assert_eq!(line(&game, &p, "waste"), "waste: 2S 3S");
    assert_eq!(
        refusal(&game, &p, "waste>f1"),
        (IllegalKind::Target, "Aces build up in suit to the Six")
    );
    assert_eq!(moves(&game, &p), Vec::<String>::new());
}

#[test]
fn reserve_cards_never_fill_gaps() {
    let game = sixes();
    let mut p = pos(&game, "f1: AS\nreserve: 3S 2S |\no1: 9H");
    play(&game, &mut p, "deal");
    assert_eq!(line(&game, &p, "o2"), "o2:");
    assert_eq!(
        refusal(&game, &p, "waste>o2"),
        (IllegalKind::Target, "cards go only to the centre square")
    );
}

#[test]
fn building_from_the_frames_continues_between_turns() {
    let game = sixes();
    let mut p = pos(&game, "f1: AS\nreserve: 4S 3S |\no1: 2S\no2: 9H");
    play(&game, &mut p, "deal");
    assert_eq!(moves(&game, &p), ["o1>f1", "deal"]);
    play(&game, &mut p, "o1>f1");
    play(&game, &mut p, "waste>f1");
    play(&game, &mut p, "deal");
    play(&game, &mut p, "waste>f1");
    assert_eq!(line(&game, &p, "f1"), "f1: AS 2S 3S 4S");
}

#[test]
fn there_is_no_redeal() {
    let game = sixes();
    let p = pos(&game, "f1: AS\nwaste: 3S\no1: 9H");
    assert_eq!(
        refusal(&game, &p, "redeal"),
        (IllegalKind::Unsupported, "Sixes and Sevens has no redeal")
    );
    assert_eq!(
        refusal(&game, &p, "deal"),
        (IllegalKind::Stock, "the stock and the reserve are used up")
    );
}

/// The 16 foundations complete but for the last card of `f16` (the Seven of clubs).
fn all_but_one() -> String {
    let suits = ['S', 'H', 'D', 'C'];
    let mut text = String::new();
    for i in 0..8 {
        let s = suits[i % 4];
        let up: Vec<String> = "A23456".chars().map(|r| format!("{r}{s}")).collect();
        text.push_str(&format!("f{}: {}\n", i + 1, up.join(" ")));
        let down = if i == 7 { "KQJT98" } else { "KQJT987" };
        let down: Vec<String> = down.chars().map(|r| format!("{r}{s}")).collect();
        text.push_str(&format!("f{}: {}\n", i + 9, down.join(" ")));
    }
    text
}

#[test]
fn the_game_is_won_when_all_104_cards_are_on_the_foundations() {
    let game = sixes();
    let mut p = pos(&game, &format!("{}waste: 7C\n", all_but_one()));
    assert_eq!(game.status(&p), Status::Playing);
    play(&game, &mut p, "waste>f16");
    assert_eq!(game.status(&p), Status::Won);
}

#[test]
fn the_game_is_lost_when_no_move_is_left() {
    let game = sixes();
    let p = pos(&game, "f1: AS\nf9: KH\no1: 3S\no2: JH\no9: 5D\ni1: 2S");
    assert!(game.legal_moves(&p).is_empty());
    assert_eq!(game.status(&p), Status::Lost);
}

#[test]
fn golden_deals_never_change() {
    // If this fails, the shuffle or the deal changed: every saved game and published deal
    // number would now mean a different deal. Do not update these lines; fix the change.
    let game = sixes();
    let first = |seed: u64| {
        let p = game.deal(seed);
        let cards = |ids: &[&str]| -> String {
            ids.iter()
                .map(|id| {
                    pile(&game, &p, id)
                        .top()
                        .map_or("-".into(), |c| c.to_string())
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        format!(
            "{} / {} / {} / {}",
            cards(&["f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"]),
            cards(&["f9", "f10", "f11", "f12", "f13", "f14", "f15", "f16"]),
            cards(&["i1", "i2", "o1", "o2", "o28", "reserve", "stock"]),
            pile(&game, &p, "reserve").len()
        )
    };
    assert_eq!(first(1), GOLDEN_1);
    assert_eq!(first(2), GOLDEN_2);
    assert_eq!(first(12345), GOLDEN_12345);
}

const GOLDEN_1: &str = "AC1 AH - AD - - - AC / - - - - - - - - / 9H1 TC1 9D KS1 QH1 5S 6H / 12";
const GOLDEN_2: &str = "AS - - AD1 - - - - / - - - - - - - - / 7H1 AC1 QD 9C KC 8S TD / 14";
const GOLDEN_12345: &str = "- - - - - - - - / KS - - - - - - KC / 5C QH 4C1 AD 9S1 8H 4S / 14";

#[test]
fn perft_counts_are_pinned() {
    // Sequences of 1 to 4 moves from fixed deals. A change to move generation shows here.
    let game = sixes();
    let counts = solitaire_core::testkit::perft_table(&game, &[1, 2, 3], 4);
    assert_eq!(counts, PERFT);
}

const PERFT: [[u64; 4]; 3] = [
    [32, 768, 13000, 146336],
    [16, 224, 2958, 32658],
    [21, 357, 4952, 58306],
];

/// The game under the readings `[(option, value)]`.
fn reading(choices: &[(&str, &str)]) -> Game {
    with_readings(&sixes(), choices)
}

/// A full square whose `o3` holds the Two of spades and `i2` (below it) the Three, with
/// the Ace of spades founded and `stock` left; the fillers that would build on the spades
/// (`o1`, `o5`, `o25`) are Nines.
fn two_over_three(game: &Game, stock: &str) -> Position {
    square(
        game,
        &[],
        &format!("{NINES}f1: AS\no3: 2S\ni2: 3S\nstock: {stock} |\n"),
    )
}

/// Nines where `square` would put spades that build on the Ace of spades.
const NINES: &str = "o1: 9H\no5: 9C\no25: 9C\n";

#[test]
fn the_default_readings_deal_and_turn_any_time_and_release_while_open() {
    let chosen: Vec<(&str, &str)> = sixes()
        .readings()
        .iter()
        .map(|r| (r.reading.name, r.choice.value))
        .collect();
    assert_eq!(
        chosen,
        [
            ("deal", "any-time"),
            ("reserve", "any-time"),
            ("release", "while-open")
        ]
    );
}

#[test]
fn when_stuck_a_deal_waits_until_no_frame_card_builds() {
    let game = reading(&[("deal", "when-stuck")]);
    let mut p = two_over_three(&game, "9D");
    play(&game, &mut p, "o3>f1");
    // The gap at o3 releases i2, whose Three builds: no deal yet.
    assert_eq!(
        refusal(&game, &p, "deal"),
        (
            IllegalKind::Stock,
            "deal only when no frame card can be built"
        )
    );
    assert_eq!(moves(&game, &p), ["i2>f1"]);
    play(&game, &mut p, "i2>f1");
    // i1's filler is the Four of spades, but i1 is not released: it does not hold the deal.
    assert_eq!(line(&game, &p, "i1"), "i1: 4S");
    assert_eq!(moves(&game, &p), ["deal"]);
}

#[test]
fn when_stuck_the_reserve_turns_only_when_no_frame_card_builds_and_the_waste_may_be_passed() {
    let game = reading(&[("reserve", "when-stuck")]);
    let mut p = pos(&game, "f1: AS\nreserve: 9D 3S |\no1: 2S\no2: 9H");
    assert_eq!(
        refusal(&game, &p, "deal"),
        (
            IllegalKind::Stock,
            "turn the reserve only when no frame card can be built"
        )
    );
    play(&game, &mut p, "o1>f1");
    play(&game, &mut p, "deal");
    // The waste's Three builds, but only frame builds hold back the next turn.
    assert_eq!(moves(&game, &p), ["waste>f1", "deal"]);
    play(&game, &mut p, "deal");
    assert_eq!(line(&game, &p, "waste"), "waste: 3S 9D");
}

#[test]
fn while_open_a_deal_that_refills_the_outer_cell_covers_the_inner_card_again() {
    let game = sixes();
    let mut p = two_over_three(&game, "9D");
    play(&game, &mut p, "o3>f1");
    assert_eq!(moves(&game, &p), ["i2>f1", "deal"]);
    play(&game, &mut p, "deal");
    assert_eq!(line(&game, &p, "o3"), "o3: 9D");
    assert_eq!(
        refusal(&game, &p, "i2>f1"),
        (
            IllegalKind::Source,
            "an inner-frame card is available only once an outer cell beside it is empty"
        )
    );
    assert!(!game.position_text(&p).contains("marks:"));
}

#[test]
fn once_open_a_released_card_stays_available_until_built_and_its_successor_is_not() {
    let game = reading(&[("release", "once-open")]);
    let mut p = two_over_three(&game, "4S 9D");
    play(&game, &mut p, "o3>f1");
    assert!(game.position_text(&p).contains("marks: i2"));
    play(&game, &mut p, "deal");
    assert_eq!(line(&game, &p, "o3"), "o3: 9D");
    assert_eq!(moves(&game, &p), ["i2>f1"]);
    play(&game, &mut p, "i2>f1");
    assert!(!game.position_text(&p).contains("marks:"));
    // The Four dealt into the built cell would build, but o3 is full again: not released.
    play(&game, &mut p, "deal");
    assert!(line(&game, &p, "i2").starts_with("i2: 4S"));
    assert_eq!(
        refusal(&game, &p, "i2>f1"),
        (
            IllegalKind::Source,
            "an inner-frame card is available only once an outer cell beside it is empty"
        )
    );
}

#[test]
fn once_open_a_card_released_in_a_hand_made_start_is_kept_through_the_first_deal() {
    let game = reading(&[("release", "once-open")]);
    let mut p = square(
        &game,
        &["o3"],
        &format!("{NINES}f1: AS 2S\ni2: 3S\nstock: 9D |\n"),
    );
    play(&game, &mut p, "deal");
    assert_eq!(line(&game, &p, "o3"), "o3: 9D");
    assert_eq!(moves(&game, &p), ["i2>f1"]);
}

#[test]
fn every_reading_lists_exactly_the_moves_it_accepts_through_whole_games() {
    for choices in [
        [
            ("deal", "when-stuck"),
            ("reserve", "any-time"),
            ("release", "while-open"),
        ],
        [
            ("deal", "any-time"),
            ("reserve", "when-stuck"),
            ("release", "while-open"),
        ],
        [
            ("deal", "any-time"),
            ("reserve", "any-time"),
            ("release", "once-open"),
        ],
        [
            ("deal", "when-stuck"),
            ("reserve", "when-stuck"),
            ("release", "once-open"),
        ],
    ] {
        check_walks(&reading(&choices), &[1, 7], 300);
    }
}

#[test]
fn each_reading_changes_the_legal_moves_somewhere_on_random_walks() {
    // The share is reported (`--nocapture`) so the documentation can cite it.
    let default = sixes();
    let seeds: Vec<u64> = (1..=20).collect();
    for (name, value) in [
        ("deal", "when-stuck"),
        ("reserve", "when-stuck"),
        ("release", "once-open"),
    ] {
        let other = reading(&[(name, value)]);
        let (differ, seen) = readings_differ(&other, &default, &seeds, 300);
        println!("sixes-and-sevens {name}: {value}: {differ} of {seen} positions differ");
        assert!(differ > 0, "{name}: {value} never matters");
    }
}

/// Found by fuzzing the layout reader: a layout dealing two cards to each centre cell lost
/// the second Ace or King of a cell; a third pack has more Aces than cells for them.
#[test]
fn every_card_is_dealt_and_the_deck_has_a_cell_for_each_base() {
    let twice = LAYOUTS[0].source.replace(
        "Rows(piles: [\"f1..f16\"], rows: 1, face: Up),",
        "Rows(piles: [\"f1..f16\"], rows: 2, face: Up),",
    );
    let layout = solitaire_core::Layout::parse("sixes.ron", &twice).unwrap();
    let game = Game::new(layout, &PLUGIN).unwrap();
    let mut deck = game.layout().deck.cards();
    deck.sort();
    for seed in 1..=20 {
        assert_eq!(game.deal(seed).sorted_cards(), deck, "seed {seed}");
    }
    let three = LAYOUTS[0].source.replace("copies: 2", "copies: 3");
    let layout = solitaire_core::Layout::parse("sixes.ron", &three).unwrap();
    let err = Game::new(layout, &PLUGIN).err().expect("refused");
    assert!(err.message.contains("at most 8 Aces and 8 Kings"), "{err}");
}
