//! German Patience's compact board against the engine's rules, and its reductions against the
//! search without them.

use solitaire_core::shuffle::{below, rng_for};
use solitaire_core::{Game, Position};
use solitaire_search::exact::{Board as _, Verdict, search, search_in_rounds};
use solitaire_search::stage_beam::salted_stage_beam;
use solitaire_search::testkit::{beam_wins, check_random_games, guided_beams, own_search};
use solitaire_search::{Budget, Meter, Outcome, verify};

use super::board::{Board, Pile, Play, Reductions, Step};
use super::guide::GermanGuide;
use super::{Exact, SEARCH};
use crate::{LAYOUTS, PLUGIN};

/// The family key the stage beam sees ([`solitaire_search::stage_beam::StageBoard::family`]).
fn family(board: &Board) -> u128 {
    solitaire_search::stage_beam::StageBoard::family(board)
}

fn german() -> Game {
    solitaire_core::testkit::game(&PLUGIN, &LAYOUTS[0])
}

#[test]
fn moves_match_the_engines_on_random_games() {
    let game = german();
    let ex = |pos: &Position| Exact::new(&game, pos, Reductions::NONE).expect("german");
    let engine = ex(&game.deal(1));
    check_random_games(
        &game,
        1..=30,
        |pos| ex(pos).board,
        |s| engine.engine_move(s.play),
    );
}

/// A random small board in its opening: `piles` piles and `piles` copies of each of `ranks`
/// ranks (so that a win completes every pile), one card dealt to each pile, the rest stock.
fn random_board(ranks: u8, piles: usize, seed: u64, r: Reductions) -> Board {
    let mut deck: Vec<u8> = (0..piles).flat_map(|_| 1..=ranks).collect();
    let mut rng = rng_for(seed);
    for i in (1..deck.len()).rev() {
        let j = below(&mut rng, i as u64 + 1) as usize;
        deck.swap(i, j);
    }
    let (bases, stock) = deck.split_at(piles);
    let piles = bases.iter().map(|&base| Pile { base, len: 1 }).collect();
    Board::new(ranks, piles, Vec::new(), stock.to_vec(), true, r)
}

/// Whether `steps` played from `start`, each rearrangement as single packs, are legal moves
/// of the rules (the board without reductions) and win.
fn wins_by_the_rules(start: &Board, steps: &[Step]) -> bool {
    let mut board = start.clone();
    let mut plain = start.clone();
    plain.reductions = Reductions::NONE;
    let play = |plain: &mut Board, play: Play| {
        let now = plain.lengths();
        let mut legal = Vec::new();
        plain.moves(&mut legal);
        let step = Step {
            before: now,
            after: now,
            play,
        };
        plain.apply(step);
        legal.contains(&step)
    };
    for &step in steps {
        for (from, to) in board.packs_to(step.after) {
            let pack = Play::Pack {
                from,
                to,
                refilled: false,
            };
            if !play(&mut plain, pack) {
                return false;
            }
        }
        if !play(&mut plain, step.play) {
            return false;
        }
        board.apply(step);
    }
    plain.is_won()
}

#[test]
fn the_reductions_decide_small_boards_as_the_plain_search_does() {
    let only = |i: usize| Reductions {
        piles_alike: i == 0,
        pack_classes: i == 1,
        dead_ends: i == 2,
        relaxed: i == 3,
    };
    let (mut won, mut lost, mut pruned, mut relaxed) = (0, 0, 0, 0);
    for (ranks, piles) in [(5, 3), (6, 4), (7, 3)] {
        for seed in 0..30 {
            let what = format!("{ranks} ranks, {piles} piles, seed {seed}");
            let mut meter = Meter::new(Budget::nodes(20_000_000));
            let plain = search(
                &mut random_board(ranks, piles, seed, Reductions::NONE),
                &mut meter,
            );
            let plain_nodes = meter.nodes;
            match plain {
                Verdict::Won(_) => won += 1,
                Verdict::Lost => lost += 1,
                Verdict::Unknown => panic!("{what}: a small board is decided"),
            }
            for r in [only(0), only(1), only(2), only(3), Reductions::ALL] {
                let mut board = random_board(ranks, piles, seed, r);
                let mut meter = Meter::new(Budget::nodes(20_000_000));
                match search(&mut board, &mut meter) {
                    Verdict::Won(steps) => {
                        assert!(matches!(plain, Verdict::Won(_)), "{what} {r:?}");
                        assert!(wins_by_the_rules(&board, &steps), "{what} {r:?}");
                    }
                    v => assert_eq!(v, plain, "{what} {r:?}"),
                }
                if r.dead_ends && !r.pack_classes && meter.nodes < plain_nodes {
                    pruned += 1;
                }
                if r.relaxed && !r.dead_ends && meter.nodes < plain_nodes {
                    relaxed += 1;
                }
            }
        }
    }
    assert!(won >= 10 && lost >= 3, "{won} won, {lost} lost");
    assert!(pruned >= 5, "the dead-end test cut {pruned} searches");
    assert!(relaxed >= 5, "the relaxed game cut {relaxed} searches");
}

#[test]
fn late_positions_of_a_won_deal_are_won_again_and_the_wins_replay() {
    let game = german();
    let start = game.deal(19);
    let guide = GermanGuide::new(&game).expect("a guide");
    let outcome = guided_beams(&game, &guide, &start, 400_000);
    let Outcome::Solved(moves) = outcome else {
        panic!("seed 19 is won by the beams: {}", outcome.name());
    };
    // Every position of the win passes the relaxed game and the dead-end test.
    let mut pos = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        let board = Exact::new(&game, &pos, Reductions::SEARCH)
            .expect("german")
            .board;
        assert!(super::relaxed::may_win(&board), "move {i}");
        assert!(super::bound::may_win(&board), "move {i}");
        game.play(&mut pos, mv).expect("legal");
    }
    for back in [20, 60] {
        let mut pos = start.clone();
        for &mv in &moves[..moves.len().saturating_sub(back)] {
            game.play(&mut pos, mv).expect("legal");
        }
        let exact = Exact::new(&game, &pos, Reductions::SEARCH).expect("german");
        let mut meter = Meter::new(Budget::nodes(2_000_000));
        let Outcome::Solved(win) = exact.solve(&mut meter) else {
            panic!("{back} moves before the end");
        };
        assert_eq!(
            verify(&game, &pos, &win),
            Ok(true),
            "{back} moves before the end"
        );
    }
}

/// Random games of seeds 1..=8 played until `left` stock cards remain.
fn random_late_positions(left: usize) -> Vec<Position> {
    let game = german();
    let mut rng = rng_for(7);
    (1..=8)
        .map(|seed| {
            let mut pos = game.deal(seed);
            while pos.pile(0).len() > left {
                let moves = game.legal_moves(&pos);
                let mv = moves[below(&mut rng, moves.len() as u64) as usize];
                game.play(&mut pos, mv).expect("legal");
            }
            pos
        })
        .collect()
}

#[test]
fn late_positions_of_random_games_are_decided_and_wins_replay() {
    let game = german();
    let (mut lost, mut won) = (0, 0);
    for pos in random_late_positions(12) {
        let exact = Exact::new(&game, &pos, Reductions::SEARCH).expect("german");
        let mut meter = Meter::new(Budget::nodes(2_000_000));
        match exact.solve(&mut meter) {
            Outcome::Solved(moves) => {
                assert_eq!(verify(&game, &pos, &moves), Ok(true));
                won += 1;
            }
            Outcome::Unsolvable => lost += 1,
            Outcome::Unknown => panic!("a late position is decided"),
        }
    }
    assert!(lost + won == 8 && lost >= 4, "{won} won, {lost} lost");
}

#[test]
fn searches_paused_for_beams_decide_small_boards_as_the_whole_search_does() {
    let (mut won_by_beams, mut lost) = (0, 0);
    for (ranks, piles) in [(5, 3), (6, 4), (7, 3)] {
        for seed in 0..30 {
            let what = format!("{ranks} ranks, {piles} piles, seed {seed}");
            let mut whole = random_board(ranks, piles, seed, Reductions::SEARCH);
            let mut meter = Meter::new(Budget::nodes(20_000_000));
            let whole = search(&mut whole, &mut meter);
            let start = random_board(ranks, piles, seed, Reductions::SEARCH);
            let mut board = start.clone();
            let mut meter = Meter::new(Budget::nodes(20_000_000));
            let mut beams = 0;
            let mut beam = |round: u64, meter: &mut Meter| {
                beams += 1;
                salted_stage_beam(&start, (round / 4) as usize + 1, round.into(), meter)
            };
            match search_in_rounds(&mut board, &mut meter, 8, &mut beam) {
                Verdict::Won(steps) => {
                    assert!(matches!(whole, Verdict::Won(_)), "{what}");
                    assert!(wins_by_the_rules(&start, &steps), "{what}");
                    won_by_beams += i32::from(beams > 0);
                }
                v => {
                    assert_eq!(v, whole, "{what}");
                    lost += i32::from(v == Verdict::Lost);
                }
            }
        }
    }
    assert!(
        won_by_beams >= 3 && lost >= 3,
        "{won_by_beams} won after a pause, {lost} lost"
    );
}

#[test]
fn the_stage_beam_wins_full_deals_by_the_rules() {
    let game = german();
    let board = |seed| {
        Exact::new(&game, &game.deal(seed), Reductions::SEARCH)
            .expect("german")
            .board
    };
    let found = beam_wins([3, 8, 19].map(board), 25, 5_000_000, wins_by_the_rules);
    assert!(found >= 2, "{found} of 3 won");
}

/// A board after the opening of 13 ranks with `piles` (base, length), `waste` (bottom first)
/// and `stock` (next first).
fn board_of(piles: &[(u8, u8)], waste: &[u8], stock: &[u8]) -> Board {
    let piles = piles
        .iter()
        .map(|&(base, len)| Pile { base, len })
        .collect();
    Board::new(
        13,
        piles,
        waste.to_vec(),
        stock.to_vec(),
        false,
        Reductions::SEARCH,
    )
}

#[test]
fn the_play_out_counts_what_a_greedy_player_leaves_on_the_waste() {
    // The 5 waits on the waste while the 2 and the 3 are built.
    assert_eq!(board_of(&[(1, 1)], &[], &[5, 2, 3]).left_over(), 1);
    // Every card finds its place in turn: the pile completes.
    let run: Vec<u8> = (2..=13).collect();
    assert_eq!(board_of(&[(1, 1)], &[], &run).left_over(), 0);
    // An empty pile takes the waste's top, whatever its rank.
    assert_eq!(board_of(&[(1, 1), (1, 0)], &[9], &[]).left_over(), 0);
    // The lone 7 goes onto the pile that needs it, and the emptied pile takes the 9.
    assert_eq!(board_of(&[(7, 1), (1, 6)], &[9], &[]).left_over(), 0);
    // Nothing takes the 9 when the lone 7 fits nowhere.
    assert_eq!(board_of(&[(7, 1), (1, 5)], &[9], &[]).left_over(), 1);
}

#[test]
fn a_pack_that_can_be_undone_keeps_the_family_and_the_waste_does_not() {
    // Pile 0 holds 3 4 5, pile 1 holds 1 2 3 4: its 5 may go over and come back.
    let mut board = board_of(&[(3, 3), (1, 4), (9, 2)], &[12, 7], &[2, 6]);
    let (key, before) = (board.key(), family(&board));
    let now = board.lengths();
    let pack = Play::Pack {
        from: 0,
        to: 1,
        refilled: false,
    };
    board.apply(Step {
        before: now,
        after: now,
        play: pack,
    });
    assert_ne!(board.key(), key);
    assert_eq!(family(&board), before);
    let other_waste = board_of(&[(3, 3), (1, 4), (9, 2)], &[7, 12], &[2, 6]);
    assert_ne!(family(&other_waste), before);
    let other_base = board_of(&[(4, 2), (1, 4), (9, 2)], &[12, 7], &[2, 6]);
    assert_ne!(family(&other_base), before);
}

/// Deals still open after 10 s each (release build: `cargo test --release -p
/// game-german-patience -- --ignored hardest_german`): a minute each of the game's search; a
/// win must replay, and the outcomes are printed.
#[test]
#[ignore = "open deals take a minute each even in a release build"]
fn hardest_german_patience_deals() {
    let game = german();
    for seed in [1, 2, 4] {
        let start = game.deal(seed);
        let report = own_search(&SEARCH, &game, &start, Budget::seconds(60.0));
        if let Outcome::Solved(moves) = &report.outcome {
            assert_eq!(verify(&game, &start, moves), Ok(true), "seed {seed}");
        }
        println!(
            "seed {seed}: {} by {}",
            report.outcome.name(),
            report.method
        );
    }
}

/// Small members of the German Patience family, settled by the exhaustive search: `piles`
/// piles of `ranks` cards each, built up regardless of suit and wrapping, from `piles` copies
/// of each rank (German Patience is 13 ranks and 8 piles), dealt as the game deals. Per
/// member, `deals` random deals searched for at most 2 M nodes each, every win replayed by the
/// rules, and the table printed: how winnability changes as the game grows, and where the
/// exhaustive search stops settling deals (`docs/solver-results.md`, German Patience).
/// Release build, about eight minutes: `cargo test --release -p game-german-patience --
/// --ignored german_patience_family --nocapture`.
#[test]
#[ignore = "about eight minutes in a release build"]
fn german_patience_family() {
    const NODES: u64 = 2_000_000;
    println!(
        "| ranks | piles | deals | won | lost | open | win rate (95% CI, Wilson) | nodes per deal (mean) |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let members: [(u8, usize, u64); 12] = [
        (5, 4, 1000),
        (6, 4, 1000),
        (7, 4, 1000),
        (8, 4, 200),
        (9, 4, 100),
        (5, 8, 1000),
        (6, 8, 1000),
        (7, 8, 200),
        (8, 8, 100),
        (13, 2, 1000),
        (13, 3, 200),
        (13, 4, 100),
    ];
    for (ranks, piles, deals) in members {
        let (mut won, mut lost, mut open, mut nodes) = (0, 0, 0, 0);
        for seed in 1..=deals {
            let mut board = random_board(ranks, piles, seed, Reductions::SEARCH);
            let start = board.clone();
            let mut meter = Meter::new(Budget::nodes(NODES));
            match search(&mut board, &mut meter) {
                Verdict::Won(steps) => {
                    assert!(
                        wins_by_the_rules(&start, &steps),
                        "{ranks}x{piles} seed {seed}"
                    );
                    won += 1;
                }
                Verdict::Lost => lost += 1,
                Verdict::Unknown => open += 1,
            }
            nodes += meter.nodes;
        }
        let (low, high) = solitaire_search::stats::wilson(won, deals as usize);
        println!(
            "| {ranks} | {piles} | {deals} | {won} | {lost} | {open} | {:.1}% ({:.1}..{:.1}) | {} |",
            100.0 * won as f64 / deals as f64,
            100.0 * low,
            100.0 * high,
            nodes / deals
        );
    }
}

/// The small deals are decided alike by the exhaustive search and the plain one, won and
/// lost.
#[test]
fn small_deals_are_decided_as_the_plain_search_decides_them() {
    let (won, lost) = solitaire_search::testkit::small_deals_decided_alike(
        &SEARCH,
        &super::small::family(),
        2_000_000,
    );
    assert!(won >= 20 && lost >= 20, "{won} won, {lost} lost");
}
