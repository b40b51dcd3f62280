//! The exact Aces Up search against the engine's rules, and its reductions against the search
//! without them.

use solitaire_core::shuffle::{below, rng_for};
use solitaire_core::{Game, Move, Position};

use solitaire_search::testkit::{
    beam_wins, engine_dfs, move_texts, run_in_slices, solved_and_replayed, try_hardest_deals,
};
use solitaire_search::{Budget, Generic, Meter, Outcome, verify};

use super::board::{ACE, Board, Code, LIGHTER_DEPTH, Step};
use super::exhaustive::{Dfs, Reductions, Verdict, search};
use super::ghost::ghost_game;
use super::ghost_spaces::GhostSpaces;
use super::{Exact, SEARCH};
use crate::{LAYOUTS, PLUGIN};

fn aces_up() -> Game {
    solitaire_core::testkit::game(&PLUGIN, &LAYOUTS[0])
}

/// The columns and the stock still to deal of a board made from `pos`.
fn snapshot_of(game: &Game, pos: &Position) -> (Vec<Vec<Code>>, Vec<Code>) {
    Exact::new(game, pos).expect("aces up").board.snapshot()
}

#[test]
fn moves_match_the_engines_on_random_games() {
    let game = aces_up();
    let mut rng = rng_for(7);
    for seed in 1..=40 {
        let mut pos = game.deal(seed);
        let exact = Exact::new(&game, &pos).expect("aces up");
        let mut board = exact.board.clone();
        let start_key = board.key(false);
        let mut played: Vec<Step> = Vec::new();
        loop {
            assert_eq!(board.snapshot(), snapshot_of(&game, &pos), "seed {seed}");
            assert_eq!(board.is_won(), game.rules().is_won(&pos), "seed {seed}");
            let mut steps = Vec::new();
            board.moves(&mut steps);
            let ours = move_texts(&game, steps.iter().map(|&s| exact.engine_move(s)));
            let engine = move_texts(&game, game.legal_moves(&pos));
            assert_eq!(ours, engine, "seed {seed} after {} moves", played.len());
            if steps.is_empty() {
                break;
            }
            let step = steps[below(&mut rng, steps.len() as u64) as usize];
            game.play(&mut pos, exact.engine_move(step)).expect("legal");
            let foreseen = [false, true].map(|merge| board.child_key(step, merge));
            board.apply(step);
            let keys = [false, true].map(|merge| board.key(merge));
            assert_eq!(
                foreseen, keys,
                "seed {seed}: the child's key without the move"
            );
            played.push(step);
        }
        for &step in played.iter().rev() {
            board.undo(step);
        }
        assert_eq!(board.snapshot(), snapshot_of(&game, &game.deal(seed)));
        assert_eq!(board.key(false), start_key, "undo restores the key");
    }
}

/// A small deal: `cols` columns dealt from a shuffled deck of `strengths` in four suits.
fn small_board(strengths: &[u8], cols: usize, seed: u64) -> Board {
    let mut deck: Vec<Code> = (0..4u8)
        .flat_map(|s| strengths.iter().map(move |&r| (s << 4) | r))
        .collect();
    let mut rng = rng_for(seed);
    for i in (1..deck.len()).rev() {
        let j = below(&mut rng, i as u64 + 1) as usize;
        deck.swap(i, j);
    }
    let columns = deck[..cols].iter().map(|&c| vec![c]).collect();
    Board::new(columns, deck[cols..].to_vec())
}

fn decide(board: &mut Board, reductions: Reductions) -> (Verdict, u64) {
    let mut meter = Meter::new(Budget::nodes(50_000_000));
    let verdict = search(board, reductions, &mut meter);
    (verdict, meter.nodes)
}

/// Whether `steps` win from `board` (each legal when played).
/// The search without reductions, within a million nodes.
fn plain(board: &Board) -> Verdict {
    let mut meter = Meter::new(Budget::nodes(1_000_000));
    search(board, Reductions::NONE, &mut meter)
}

fn wins(board: &Board, steps: &[Step]) -> bool {
    let mut b = board.clone();
    for &step in steps {
        let mut legal = Vec::new();
        b.moves(&mut legal);
        if !legal.contains(&step) {
            return false;
        }
        b.apply(step);
    }
    b.is_won()
}

#[test]
fn the_reductions_decide_small_deals_as_the_plain_search_does() {
    let only = |i: usize| Reductions {
        lowest_discards: i == 0,
        endgame_discards: i == 1,
        merge_columns: i == 2,
        dead_ends: i == 3,
        lighter: i == 4,
    };
    let reduced = [Reductions::ALL, only(0), only(1), only(2), only(3), only(4)];
    let (mut won, mut lost) = (0, 0);
    let (mut plain_nodes, mut reduced_nodes) = (0, 0);
    for (strengths, cols) in [
        (&[2u8, 3, 4, 5, ACE][..], 4),
        (&[2, 4, 6, 9, ACE], 4),
        (&[2, 3, 4, 5, 6, ACE], 3),
        (&[2, 3, 4, 5, 6, ACE], 4),
    ] {
        for seed in 0..25 {
            let mut board = small_board(strengths, cols, seed);
            let (plain, nodes) = decide(&mut board, Reductions::NONE);
            plain_nodes += nodes;
            match &plain {
                Verdict::Won(steps) => {
                    assert!(wins(&board, steps));
                    won += 1;
                }
                Verdict::Lost => lost += 1,
                Verdict::Unknown => panic!("a small deal is decided"),
            }
            for r in reduced {
                let (verdict, nodes) = decide(&mut board, r);
                if r.lowest_discards
                    && r.endgame_discards
                    && r.merge_columns
                    && r.dead_ends
                    && r.lighter
                {
                    reduced_nodes += nodes;
                }
                match verdict {
                    Verdict::Won(steps) => {
                        assert!(matches!(plain, Verdict::Won(_)), "{seed} {r:?}");
                        assert!(wins(&board, &steps), "{seed} {r:?}");
                    }
                    v => assert_eq!(v, plain, "{strengths:?} {cols} columns, seed {seed}, {r:?}"),
                }
            }
        }
    }
    assert!(
        won >= 10 && lost >= 10,
        "both kinds of deal: {won} won, {lost} lost"
    );
    assert!(
        reduced_nodes < plain_nodes,
        "{reduced_nodes} < {plain_nodes}"
    );
}

/// Deal `seed` with only the cards of `ranks` (rank letters) left in play; the others
/// discarded.
fn reduced_deal(game: &Game, seed: u64, ranks: &str) -> Position {
    super::small::reduced_deal(game, seed, ranks).expect("a reduced position")
}

#[test]
fn the_exact_search_decides_reduced_real_deals_as_the_engines_plain_dfs() {
    let game = aces_up();
    let (mut won, mut lost) = (0, 0);
    // Seeds 4 and 6 are left out: the plain search needs over a million nodes for them.
    for seed in (1..=15).filter(|s| ![4, 6].contains(s)) {
        let start = reduced_deal(&game, seed, "A2345");
        let plain = engine_dfs(&game, &Generic::new(&game), &start, 1_000_000);
        let mut meter = Meter::new(Budget::nodes(1_000_000));
        let exact = Exact::new(&game, &start)
            .expect("aces up")
            .solve(&mut meter);
        match (&plain, &exact) {
            (Outcome::Solved(_), Outcome::Solved(moves)) => {
                assert_eq!(verify(&game, &start, moves), Ok(true), "seed {seed}");
                won += 1;
            }
            (Outcome::Unsolvable, Outcome::Unsolvable) => lost += 1,
            (a, b) => panic!("seed {seed}: engine {} exact {}", a.name(), b.name()),
        }
    }
    assert!(won >= 3 && lost >= 3, "{won} won, {lost} lost");
}

#[test]
fn full_deals_are_won_through_solve_and_the_wins_replay_through_the_engine() {
    let game = aces_up();
    // Deals the search wins within a few thousand nodes.
    for seed in [5, 10, 13, 16, 18] {
        let won = solved_and_replayed(&SEARCH, &game, seed, 200_000, "aces-up-exact");
        assert!(won, "seed {seed}");
    }
}

#[test]
fn a_paused_search_goes_on_where_it_stopped() {
    let mut pauses = 0;
    for seed in 0..12 {
        let board = small_board(&[2, 3, 4, 5, 6, ACE], 4, seed);
        let (whole, _) = decide(&mut board.clone(), Reductions::ALL);
        let mut dfs = Dfs::new(board.clone(), Reductions::ALL);
        let (paused, n) = run_in_slices(&mut dfs, 37);
        pauses += n;
        assert_eq!(paused, whole, "seed {seed}");
    }
    assert!(pauses > 100, "the searches were paused: {pauses} times");
}

#[test]
fn the_stage_beam_finds_real_wins() {
    let game = aces_up();
    let board = |seed| Exact::new(&game, &game.deal(seed)).expect("aces up").board;
    let found = beam_wins((1..=12).map(board), 8, 5_000_000, wins);
    assert!(found >= 3, "{found} of 12 won");
}

#[test]
fn engine_moves_name_the_layout_piles() {
    let game = aces_up();
    let exact = Exact::new(&game, &game.deal(1)).expect("aces up");
    let text = |m: Move| game.move_text(m).to_string();
    assert_eq!(text(exact.engine_move(Step::Discard(1, 2))), "t2>discard");
    assert_eq!(text(exact.engine_move(Step::Shift(3, 0))), "t4>t1");
    assert_eq!(text(exact.engine_move(Step::Deal(4))), "deal");
}

#[test]
fn dead_ends_are_told_only_when_no_column_can_be_emptied() {
    let card = |suit: u8, strength: u8| (suit << 4) | strength;
    let aces = |except: u8| {
        (0..4u8)
            .filter(move |&s| s != except)
            .map(|s| vec![card(s, ACE)])
    };
    // A Five under the Ace of hearts, every column holding an Ace: dead.
    let mut cols = vec![vec![card(0, 5), card(1, ACE)]];
    cols.extend(aces(1).take(3));
    assert!(Board::new(cols, vec![]).dead_end());
    // A King of spades above the Ace of spades, no other higher spade left: dead.
    let mut cols = vec![vec![card(0, ACE), card(0, 13)]];
    cols.extend(aces(0));
    assert!(Board::new(cols.clone(), vec![]).dead_end());
    // The same with a Queen of spades on another column: the Queen cannot beat a King either.
    cols[1].push(card(0, 12));
    assert!(Board::new(cols, vec![]).dead_end());
    // A Five of spades above its Ace with a Six of spades to be dealt onto another column:
    // not dead (the Two of diamonds goes, the Six beats the Five, and the Ace the Six).
    let mut cols = vec![vec![card(0, ACE), card(0, 5)]];
    cols.extend(aces(0));
    assert!(!Board::new(cols.clone(), vec![card(2, 2), card(0, 6)]).dead_end());
    // The Six dealt onto the Five's own column instead: nothing can ever beat it.
    assert!(Board::new(cols, vec![card(0, 6)]).dead_end());
    // Each of two cards covers the only card that could beat the other: the Five of spades
    // needs the Seven of spades, under the Eight of hearts, which needs the Nine of hearts,
    // under the Five. Dead, unless the stock holds a spade or heart that breaks the cycle.
    let cols = vec![
        vec![card(0, ACE), card(1, 9), card(0, 5)],
        vec![card(1, ACE), card(0, 7), card(1, 8)],
        vec![card(2, ACE)],
        vec![card(3, ACE)],
    ];
    assert!(Board::new(cols.clone(), vec![card(2, 4)]).dead_end());
    // A Ten of hearts on top of another column now breaks it (it is won).
    let mut broken = cols.clone();
    broken[2].push(card(1, 10));
    assert!(!Board::new(broken, vec![]).dead_end());
    // The Ten still to deal lands on the Five's column, which it buries: the ghost game tells
    // that nothing can go after it either.
    let board = Board::new(cols.clone(), vec![card(1, 10)]);
    assert!(board.dead_end());
    assert_eq!(plain(&board), Verdict::Lost);
    // So does an Eight of spades dealt onto the Eight of hearts: it beats the Five once the
    // Two of diamonds above it goes, but the Nine of hearts and the Eight itself stay.
    let board = Board::new(cols.clone(), vec![card(2, 2), card(0, 8)]);
    assert!(board.dead_end());
    assert_eq!(plain(&board), Verdict::Lost);
    // A Six of spades frees the Nine of hearts, but then the Seven of spades is stuck.
    assert!(Board::new(cols, vec![card(0, 6)]).dead_end());
    // A column without an Ace whose Nine of diamonds nothing can beat (its Ace lies under the
    // Ace of clubs, which leaves only for a space that never comes): dead.
    let cols = vec![
        vec![card(0, 5), card(1, ACE)],
        vec![card(0, ACE)],
        vec![card(2, ACE), card(3, ACE)],
        vec![card(2, 9)],
    ];
    assert!(Board::new(cols.clone(), vec![]).dead_end());
    // With the Ten of diamonds to come, that column may be emptied: a space may come, and
    // nothing is told.
    assert!(!Board::new(cols.clone(), vec![card(2, 10)]).dead_end());
    // A space now: nothing is told.
    let mut cols = cols;
    cols[3].clear();
    assert!(!Board::new(cols, vec![]).dead_end());
}

#[test]
fn a_column_is_never_emptied_when_the_deals_it_needs_bring_what_cannot_go() {
    let card = |suit: u8, strength: u8| (suit << 4) | strength;
    // The Nine of diamonds can go only once the Ten of diamonds is dealt, and the Ten comes
    // onto the Nine's own column, where nothing can beat it: that column never empties, so no
    // card ever moves, and the Ten stays. (Were every stock card to beat at any time, the
    // Nine's column might empty.)
    let cols = vec![
        vec![card(1, ACE)],
        vec![card(0, ACE)],
        vec![card(3, ACE)],
        vec![card(2, 9)],
    ];
    let stock = vec![card(0, 3), card(3, 3), card(1, 3), card(2, 10)];
    let board = Board::new(cols.clone(), stock);
    assert!(board.dead_end());
    assert_eq!(plain(&board), Verdict::Lost);
    // The Ten dealt onto the first column and the Ace of diamonds onto the second instead:
    // the Ten beats the Nine, the Ace moves into the space and beats the Ten; won.
    let stock = vec![card(2, 10), card(2, ACE)];
    let board = Board::new(cols, stock);
    assert!(!board.dead_end());
    assert!(matches!(plain(&board), Verdict::Won(_)));
}

#[test]
fn a_card_whose_beater_comes_buried_is_told_by_the_ghost_game() {
    let card = |suit: u8, strength: u8| (suit << 4) | strength;
    // The Nine of diamonds waits for the Ten, which the deal puts onto the Ace of hearts; the
    // same deal puts the Three of hearts onto the Nine, and the Three needs that Ace, now under
    // the Ten, which nothing beats. The Nine's column never empties, so no card ever moves.
    // (Were the deal's cards to beat at any time, and the Ace counted on top under the Ten,
    // the Nine's column might empty: the ghost game plays the deal where it lands.)
    let cols = vec![
        vec![card(1, ACE)],
        vec![card(3, ACE)],
        vec![card(0, ACE)],
        vec![card(2, 9)],
    ];
    let stock = vec![card(2, 10), card(3, 2), card(0, 2), card(1, 3)];
    let ghost = ghost_game(&cols, &stock).expect("small enough");
    assert_eq!((ghost.empties, ghost.stuck), (0, true));
    let board = Board::new(cols.clone(), stock);
    assert!(board.dead_end());
    assert_eq!(plain(&board), Verdict::Lost);
    // The Ten on top of the hearts' column now: the Nine goes at once, its column empties.
    let mut cols = cols;
    cols[0].push(card(2, 10));
    let ghost = ghost_game(&cols, &[]).expect("small enough");
    assert_eq!(ghost.empties, 1 << 3);
    assert!(!Board::new(cols, vec![]).dead_end());
}

#[test]
fn a_ghost_a_deal_covers_beats_nothing() {
    let card = |suit: u8, strength: u8| (suit << 4) | strength;
    let (clubs, diamonds, hearts, spades) = (0, 1, 2, 3);
    // The King of hearts beats the Queen; the last deal (Three of clubs, Eight of diamonds, Two
    // of spades) covers where the Queen lay and buries the King; the Eight beats the Seven of
    // diamonds, and the Five of hearts under it waits for a heart that is never on top again.
    // Discarding the Queen or not, no column ever empties: the ghost game tells it, for the
    // Queen's ghost lies under the Three. (A ghost beating for ever would empty the Five's
    // column.)
    let cols = vec![
        vec![card(clubs, ACE), card(hearts, 12)],
        vec![card(diamonds, ACE), card(hearts, 13)],
        vec![card(spades, ACE)],
        vec![card(hearts, 5), card(diamonds, 7)],
    ];
    let stock = vec![card(clubs, 3), card(diamonds, 8), card(spades, 2)];
    let ghost = ghost_game(&cols, &stock).expect("small enough");
    assert_eq!((ghost.empties, ghost.stuck), (0, true));
    let board = Board::new(cols.clone(), stock);
    assert!(board.dead_end());
    // The ghost game with spaces plays the same up to its first space, which never comes.
    assert!(board.ghost_spaces_lost(&mut GhostSpaces::default(), 500));
    assert_eq!(plain(&board), Verdict::Lost);
    // Without the Three the Queen's ghost stays uncovered and beats the Five: the column
    // empties in the ghost game (and a real line keeps the Queen on top to do it).
    let stock = vec![card(diamonds, 8), card(spades, 2)];
    let mut cols = cols;
    cols.rotate_left(1);
    let ghost = ghost_game(&cols, &stock).expect("small enough");
    assert_ne!(ghost.empties, 0);
    assert!(!Board::new(cols, stock).dead_end());
}

#[test]
fn a_column_the_real_game_empties_first_is_one_the_ghost_game_empties() {
    let game = aces_up();
    let mut rng = rng_for(11);
    let (mut emptied, mut positions) = (0, 0);
    for seed in 1..=60 {
        let exact = Exact::new(&game, &game.deal(seed)).expect("aces up");
        let mut board = exact.board.clone();
        let mut steps = Vec::new();
        for _ in 0..120 {
            let (cols, stock) = board.snapshot();
            if !cols.iter().any(Vec::is_empty) {
                positions += 1;
                let ghost = ghost_game(&cols, &stock).expect("one pack");
                // Random lines from here, discarding more often than dealing, up to the first
                // column to empty.
                for _ in 0..4 {
                    let mut line = board.clone();
                    loop {
                        line.moves(&mut steps);
                        let deals = steps.iter().filter(|s| matches!(s, Step::Deal(_))).count();
                        let discards = steps.len() - deals;
                        let step = if discards > 0 && (deals == 0 || below(&mut rng, 5) != 0) {
                            steps[below(&mut rng, discards as u64) as usize]
                        } else if deals > 0 {
                            steps[discards]
                        } else {
                            break;
                        };
                        line.apply(step);
                        if let Some(c) = line.snapshot().0.iter().position(Vec::is_empty) {
                            assert_ne!(ghost.empties & 1 << c, 0, "seed {seed}, column {c}");
                            emptied += 1;
                            break;
                        }
                    }
                    if !line.snapshot().0.iter().any(Vec::is_empty) && line.is_won() {
                        assert!(!ghost.stuck, "seed {seed}: won without a space");
                    }
                }
            }
            board.moves(&mut steps);
            if steps.is_empty() {
                break;
            }
            board.apply(steps[below(&mut rng, steps.len() as u64) as usize]);
        }
    }
    assert!(
        positions > 1000 && emptied > 200,
        "{positions} positions, {emptied} emptied"
    );
}

#[test]
fn the_ghost_game_with_spaces_proves_losses_a_space_does_not_save() {
    let card = |suit: u8, strength: u8| (suit << 4) | strength;
    // Suits 0 to 3 are spades, hearts, diamonds, clubs here. Two Aces each cover a Two, the
    // King of hearts needs the buried Ace of hearts, and one space: whichever Ace fills it,
    // the other Two stays buried. The dead-end test tells nothing (there is a space); the
    // ghost game with spaces proves it lost.
    let cols = vec![
        vec![card(1, ACE), card(0, 2), card(2, ACE)],
        vec![card(0, ACE), card(2, 2), card(3, ACE)],
        vec![],
        vec![card(1, 13)],
    ];
    let mut game = GhostSpaces::default();
    let board = Board::new(cols.clone(), vec![]);
    assert!(!board.dead_end());
    assert!(board.ghost_spaces_lost(&mut game, 1000));
    assert_eq!(plain(&board), Verdict::Lost);
    // A Three of spades still to come would free the Two of spades, were it free to beat at
    // any time once the Ace of diamonds has moved into the space; but it is dealt onto the
    // first column, onto that Ace, and the ghost game, which deals it there, still proves the
    // deal lost.
    let board = Board::new(cols, vec![card(0, 3)]);
    assert!(board.ghost_spaces_lost(&mut game, 1000));
    assert_eq!(plain(&board), Verdict::Lost);
}

#[test]
fn the_ghost_game_with_spaces_never_loses_a_position_of_a_real_win() {
    let game = aces_up();
    let mut ghost = GhostSpaces::default();
    let mut checked = 0;
    for seed in 1..=12 {
        let exact = Exact::new(&game, &game.deal(seed)).expect("aces up");
        let mut meter = Meter::new(Budget::nodes(20_000));
        let Verdict::Won(steps) = search(&exact.board, Reductions::ALL, &mut meter) else {
            continue;
        };
        let mut board = exact.board.clone();
        for step in steps {
            assert!(!board.ghost_spaces_lost(&mut ghost, 500), "seed {seed}");
            board.apply(step);
            checked += 1;
        }
    }
    assert!(checked > 400, "{checked} positions of wins");
}

/// The hardest deals, for study (`cargo test --release -p game-aces-up -- --ignored
/// hardest_aces_up`): 636, the one seed of 1..1000 still `unknown` after 60 s, and 392 and
/// 794, the slowest proved lost (32 s and 26 s; 8 more open at 10 s are proved lost within
/// 22 s).
#[test]
#[ignore = "long: up to a minute per deal; run it when the search improves"]
fn hardest_aces_up_deals() {
    try_hardest_deals(&SEARCH, &aces_up(), &[636, 392, 794]);
}

#[test]
fn lighter_keys_are_the_keys_of_the_position_without_the_lowest_cards() {
    let card = |suit: u8, strength: u8| (suit << 4) | strength;
    let stock = vec![card(1, 9), card(2, 3), card(3, 8), card(0, 12)];
    let cols = vec![
        vec![card(0, 2), card(1, ACE)],
        vec![card(0, 5), card(0, 3)],
        vec![card(1, 4)],
        vec![card(2, 7), card(3, 6)],
    ];
    let without = |gone: &[Code]| -> Vec<Vec<Code>> {
        cols.iter()
            .map(|col| col.iter().copied().filter(|c| !gone.contains(c)).collect())
            .collect()
    };
    let mut keys = Vec::new();
    let board = Board::new(cols.clone(), stock.clone());
    board.lighter_keys(false, board.key(false), &mut keys);
    let key_of = |gone: &[Code]| Board::new(without(gone), stock.clone()).key(false);
    // One suit at a time: spades, the Two, then the Three, then the Five (the Queen lies in
    // the stock); hearts, the Four (the Nine lies in the stock); diamonds, none (the Three
    // lies in the stock); clubs, the Six (then the Eight lies in the stock).
    let spades: [&[Code]; 4] = [
        &[],
        &[card(0, 2)],
        &[card(0, 2), card(0, 3)],
        &[card(0, 2), card(0, 3), card(0, 5)],
    ];
    let mut expected: Vec<u128> = spades[1..=LIGHTER_DEPTH]
        .iter()
        .map(|gone| key_of(gone))
        .collect();
    expected.push(key_of(&[card(1, 4)]));
    expected.push(key_of(&[card(3, 6)]));
    keys.sort_unstable();
    expected.sort_unstable();
    assert_eq!(keys, expected);
}

#[test]
fn lighter_positions_prove_a_real_loss_with_fewer_nodes() {
    // Seed 29 is proved lost by the search with and without the lighter positions.
    let game = aces_up();
    let board = Exact::new(&game, &game.deal(29)).expect("aces up").board;
    let mut nodes = Vec::new();
    for lighter in [false, true] {
        let mut meter = Meter::new(Budget::nodes(5_000_000));
        let reductions = Reductions {
            lighter,
            ..Reductions::ALL
        };
        assert_eq!(search(&board, reductions, &mut meter), Verdict::Lost);
        nodes.push(meter.nodes);
    }
    assert!(nodes[1] < nodes[0], "{nodes:?}");
}
