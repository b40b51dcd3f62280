//! One test per rule of Aces Up, on small hand-built positions; then golden deals, perft and
//! whole games.

use solitaire_core::{Game, IllegalKind, Layout, Position, Status, perft};

use crate::{LAYOUTS, PLUGIN};

fn game() -> Game {
    let layout =
        Layout::parse(LAYOUTS[0].file, LAYOUTS[0].source).unwrap_or_else(|e| panic!("{e}"));
    Game::new(layout, &PLUGIN).unwrap_or_else(|e| panic!("{e}"))
}

fn pos(game: &Game, text: &str) -> Position {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The cards of a pile as the position text writes them.
fn cards(game: &Game, p: &Position, id: &str) -> String {
    let prefix = format!("{id}:");
    game.position_text(p)
        .lines()
        .find(|l| l.starts_with(&prefix))
        .map(|l| l[prefix.len()..].trim().to_string())
        .unwrap_or_default()
}

fn play(game: &Game, p: &mut Position, mv: &str) {
    game.play_text(p, mv)
        .unwrap_or_else(|e| panic!("{mv}: {e}"));
}

fn refusal(game: &Game, p: &Position, mv: &str) -> (IllegalKind, &'static str) {
    let m = game.parse_move(mv).unwrap_or_else(|e| panic!("{e}"));
    let err = game.check(p, m).expect_err("the move should be refused");
    (err.kind, err.reason)
}

fn listed(game: &Game, p: &Position) -> Vec<String> {
    game.legal_moves(p)
        .into_iter()
        .map(|m| game.move_text(m).to_string())
        .collect()
}

const NOT_BEATEN: (IllegalKind, &str) = (
    IllegalKind::Target,
    "only a card lower than another top card of its suit is discarded",
);

#[test]
fn the_deal_puts_one_card_face_up_on_each_column_and_48_in_the_stock() {
    let game = game();
    let p = game.deal(1);
    for t in ["t1", "t2", "t3", "t4"] {
        let pile = p.pile(game.layout().pile_index(t).unwrap());
        assert_eq!((pile.len(), pile.face_down()), (1, 0), "{t}");
    }
    let stock = p.pile(game.layout().pile_index("stock").unwrap());
    assert_eq!((stock.len(), stock.face_down()), (48, 48));
    assert_eq!(cards(&game, &p, "discard"), "");
}

#[test]
fn a_top_card_lower_than_another_top_card_of_its_suit_is_discarded() {
    let game = game();
    let p = pos(&game, "t1: 9S\nt2: 4S\nt3: KS\nt4: 2H\nstock: 3C |");
    assert_eq!(listed(&game, &p), ["t1>discard", "t2>discard", "deal"]);
    let mut q = p.clone();
    play(&game, &mut q, "t2>discard");
    play(&game, &mut q, "t1>discard");
    assert_eq!(cards(&game, &q, "discard"), "4S 9S");
    assert_eq!(
        refusal(&game, &q, "t3>discard"),
        NOT_BEATEN,
        "KS is now alone"
    );
}

#[test]
fn aces_are_high_and_never_discarded() {
    let game = game();
    let mut p = pos(&game, "t1: KD\nt2: AD\nt3: 2D");
    assert_eq!(refusal(&game, &p, "t2>discard"), NOT_BEATEN);
    play(&game, &mut p, "t1>discard");
    play(&game, &mut p, "t3>discard");
    assert_eq!(cards(&game, &p, "discard"), "KD 2D");
}

#[test]
fn only_top_cards_count_and_only_the_same_suit() {
    let game = game();
    let p = pos(&game, "t1: KS 5H\nt2: 4S\nt3: 9C\nt4: 2C 8H");
    assert_eq!(refusal(&game, &p, "t2>discard"), NOT_BEATEN, "KS is buried");
    assert_eq!(refusal(&game, &p, "t3>discard"), NOT_BEATEN, "2C is buried");
    assert_eq!(
        refusal(&game, &p, "t4>discard"),
        NOT_BEATEN,
        "8H is the higher heart"
    );
    assert_eq!(listed(&game, &p), ["t1>discard"]);
}

#[test]
fn a_space_takes_the_top_card_of_any_other_column() {
    let game = game();
    let p = pos(&game, "t1: 3C 7D\nt2:\nt3: QH\nt4: 5S 9S");
    assert_eq!(listed(&game, &p), ["t1>t2", "t3>t2", "t4>t2"]);
    let mut q = p.clone();
    play(&game, &mut q, "t1>t2");
    assert_eq!(cards(&game, &q, "t2"), "7D");
    assert_eq!(cards(&game, &q, "t1"), "3C");
}

#[test]
fn nothing_else_moves_from_column_to_column_and_one_card_at_a_time() {
    let game = game();
    let p = pos(&game, "t1: 3C 7D\nt2:\nt3: QH\nt4: 5S");
    assert_eq!(
        refusal(&game, &p, "t1>t3"),
        (IllegalKind::Target, "a card moves only into a space")
    );
    assert_eq!(
        refusal(&game, &p, "t1>t2:2"),
        (IllegalKind::Source, "only the top card of a column moves")
    );
    let empty = game.parse_move("t2>t3").unwrap();
    assert_eq!(
        game.rules().check(&p, empty),
        Err(solitaire_core::Illegal::source("the column is empty"))
    );
}

#[test]
fn deal_puts_four_cards_face_up_one_on_each_column_spaces_included() {
    let game = game();
    // The stock's last card is its top: 2H is dealt first, to t1.
    let mut p = pos(&game, "stock: 9C 8C 3D 2H |\nt1: KS\nt3: QH\nt4: 5S");
    play(&game, &mut p, "deal");
    assert_eq!(cards(&game, &p, "t1"), "KS 2H");
    assert_eq!(cards(&game, &p, "t2"), "3D");
    assert_eq!(cards(&game, &p, "t3"), "QH 8C");
    assert_eq!(cards(&game, &p, "t4"), "5S 9C");
    assert_eq!(cards(&game, &p, "stock"), "");
}

#[test]
fn a_deal_needs_a_stock_and_there_is_no_redeal() {
    let game = game();
    let p = pos(&game, "t1: KS\nt2: QH");
    assert_eq!(
        refusal(&game, &p, "deal"),
        (IllegalKind::Stock, "the stock is empty")
    );
    assert_eq!(
        refusal(&game, &p, "redeal"),
        (IllegalKind::Unsupported, "Aces Up has no redeal")
    );
    let waiting = pos(&game, "t1: KS\nt2: QS\nstock: 2C |");
    assert!(
        listed(&game, &waiting).contains(&"deal".to_string()),
        "a deal is allowed even when a discard is possible"
    );
}

#[test]
fn discards_never_come_back_and_nothing_goes_to_the_stock() {
    let game = game();
    let p = pos(&game, "t1: KS\nt2:\ndiscard: 4S\nstock: 2C |");
    assert_eq!(
        refusal(&game, &p, "discard>t2"),
        (IllegalKind::Source, "discards never come back")
    );
    assert_eq!(
        refusal(&game, &p, "t1>stock"),
        (IllegalKind::Target, "cards never go back to the stock")
    );
    assert_eq!(
        refusal(&game, &p, "stock>t2"),
        (IllegalKind::Source, "the stock is dealt with deal")
    );
}

/// All 48 cards but the Aces and those listed, for a discard pile.
fn discards_except(keep: &[&str]) -> String {
    let mut out = Vec::new();
    for s in "SHDC".chars() {
        for r in "23456789TJQK".chars() {
            let card = format!("{r}{s}");
            if !keep.contains(&card.as_str()) {
                out.push(card);
            }
        }
    }
    out.join(" ")
}

#[test]
fn won_when_only_the_four_aces_remain() {
    let game = game();
    let rest = discards_except(&["KH"]);
    let mut p = pos(
        &game,
        &format!("t1: AS\nt2: AH\nt3: AD\nt4: AC KH\ndiscard: {rest}"),
    );
    assert_eq!(game.status(&p), Status::Playing);
    play(&game, &mut p, "t4>discard");
    assert_eq!(game.status(&p), Status::Won);
    let buried = pos(
        &game,
        &format!("t1: AS\nt2: KH AH\nt3: AD\nt4: AC\ndiscard: {rest}"),
    );
    assert_eq!(game.status(&buried), Status::Lost, "KH lies under its Ace");
}

#[test]
fn lost_when_the_stock_is_empty_and_nothing_moves() {
    let game = game();
    let p = pos(&game, "t1: 2S KS\nt2: 3H QH\nt3: 4D JD\nt4: 5C TC");
    assert!(game.legal_moves(&p).is_empty());
    assert_eq!(game.status(&p), Status::Lost);
    let space = pos(&game, "t1: 2S KS\nt2: 3H QH\nt3: 4D JD\nt4:");
    assert_eq!(
        game.status(&space),
        Status::Playing,
        "a space can be filled"
    );
}

#[test]
fn golden_deals_never_change() {
    // If this fails, the shuffle or the deal changed: every saved game and published deal
    // number would now mean a different deal. Do not update these lines; fix the change.
    let game = game();
    let first = |seed: u64| {
        let p = game.deal(seed);
        let row: Vec<String> = ["t1", "t2", "t3", "t4"]
            .iter()
            .map(|t| cards(&game, &p, t))
            .collect();
        let stock = p.pile(game.layout().pile_index("stock").unwrap());
        let next: Vec<String> = stock
            .cards()
            .iter()
            .rev()
            .take(8)
            .map(|c| c.to_string())
            .collect();
        format!("{} / {}", row.join(" "), next.join(" "))
    };
    assert_eq!(first(1), "6D 8D 3S 6H / 2H TS 3C AC KH QC 3H TD");
    assert_eq!(first(2), GOLDEN_2);
    assert_eq!(first(12345), GOLDEN_12345);
}

const GOLDEN_2: &str = "AH JS TC 7H / 2C 7D 2S 9H AD 4H JH 6C";
const GOLDEN_12345: &str = "JS TC 5C 3H / 9D 4C 6S 7S QS AH 8D 2H";

#[test]
fn perft_counts_are_pinned() {
    let game = game();
    let counts: Vec<Vec<u64>> = [1u64, 2, 3]
        .iter()
        .map(|&seed| {
            (1..=5)
                .map(|d| perft(&game, &mut game.deal(seed), d))
                .collect()
        })
        .collect();
    assert_eq!(counts, PERFT);
}

const PERFT: [[u64; 5]; 3] = [
    [2, 6, 18, 56, 167],
    [2, 5, 15, 46, 140],
    [2, 6, 19, 58, 181],
];

#[test]
fn listed_moves_are_the_accepted_ones_through_whole_games() {
    // Whole games: listed moves equal the accepted ones, undo is exact, no card is lost.
    solitaire_core::testkit::check_walks(&game(), &[1, 7, 99], 300);
}

/// A simple player: discard when possible, else fill a space from the longest column, else
/// deal. Returns the moves and the final status.
fn greedy(game: &Game, seed: u64) -> (Vec<String>, Status) {
    let mut p = game.deal(seed);
    let mut moves = Vec::new();
    loop {
        let legal = game.legal_moves(&p);
        let text: Vec<String> = legal
            .iter()
            .map(|&m| game.move_text(m).to_string())
            .collect();
        let len = |t: &str| {
            let id = t.split('>').next().unwrap_or("");
            game.layout().pile_index(id).map_or(0, |i| p.pile(i).len())
        };
        let pick = text
            .iter()
            .find(|t| t.ends_with(">discard"))
            .or_else(|| {
                text.iter()
                    .filter(|t| t.starts_with('t') && len(t) > 1)
                    .max_by_key(|t| len(t))
            })
            .or_else(|| text.iter().find(|t| *t == "deal"));
        let Some(mv) = pick.cloned() else {
            return (moves, game.status(&p));
        };
        play(game, &mut p, &mv);
        moves.push(mv);
    }
}

#[test]
fn whole_games_end_won_or_lost() {
    // Deal 71 is won by the simple player (which stops when it would only move a lone card
    // into a space); deal 1 is lost.
    let game = game();
    let (moves, status) = greedy(&game, 71);
    assert_eq!((moves.len(), status), (72, Status::Won));
    let mut p = game.deal(71);
    for mv in &moves {
        play(&game, &mut p, mv);
    }
    assert_eq!(cards(&game, &p, "stock"), "");
    assert_eq!(game.status(&p), Status::Won);
    assert_eq!(greedy(&game, 1).1, Status::Lost);
    let won = (1..=100)
        .filter(|&s| greedy(&game, s).1 == Status::Won)
        .count();
    assert_eq!(
        won, 1,
        "the simple player wins one deal in the first hundred"
    );
}
