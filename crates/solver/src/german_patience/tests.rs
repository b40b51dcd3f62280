//! German Patience's compact board against the engine's rules, and its reductions against the
//! search without them.

use std::sync::Arc;

use solitaire_core::shuffle::{below, rng_for};
use solitaire_core::{Game, Position};

use super::Exact;
use super::board::{Board, Pile, Reductions};
use crate::exact::{Board as _, Verdict, check_random_games, search};
use crate::outcome::{Budget, Meter};

fn german() -> Arc<Game> {
    let catalog = solitaire_games::catalog().expect("catalog");
    catalog.get("german-patience").expect("german-patience")
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
        |s| engine.engine_move(s),
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

#[test]
fn the_reductions_decide_small_boards_as_the_plain_search_does() {
    let only = |i: usize| Reductions {
        piles_alike: i == 0,
        dead_ends: i == 1,
    };
    let (mut won, mut lost, mut pruned) = (0, 0, 0);
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
            for r in [only(0), only(1), Reductions::ALL] {
                let mut board = random_board(ranks, piles, seed, r);
                let mut meter = Meter::new(Budget::nodes(20_000_000));
                match search(&mut board, &mut meter) {
                    Verdict::Won(steps) => {
                        assert!(matches!(plain, Verdict::Won(_)), "{what} {r:?}");
                        for step in steps {
                            let mut legal = Vec::new();
                            board.moves(&mut legal);
                            assert!(legal.contains(&step), "{what} {r:?}");
                            board.apply(step);
                        }
                        assert!(board.is_won(), "{what} {r:?}");
                    }
                    v => assert_eq!(v, plain, "{what} {r:?}"),
                }
                if r.dead_ends && !r.piles_alike && meter.nodes < plain_nodes {
                    pruned += 1;
                }
            }
        }
    }
    assert!(won >= 10 && lost >= 3, "{won} won, {lost} lost");
    assert!(pruned >= 5, "the dead-end test cut {pruned} searches");
}
