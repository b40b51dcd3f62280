//! Sly Fox's compact board against the engine's rules, and its play-outs.

use std::collections::BTreeSet;

use solitaire_core::shuffle::{below, rng_for};
use solitaire_core::{Game, Move, Position};
use solitaire_search::testkit::try_hardest_deals;
use solitaire_search::{Budget, Meter, Outcome, verify};

use super::board::{Board, Step};
use super::{PlayOuts, SEARCH};
use crate::{LAYOUTS, PLUGIN};

fn sly_fox() -> Game {
    solitaire_core::testkit::game(&PLUGIN, &LAYOUTS[0])
}

fn board_of(game: &Game, pos: &Position) -> Board {
    PlayOuts::new(game, pos).expect("sly-fox").board
}

#[test]
fn moves_match_the_engines_on_random_games() {
    let game = sly_fox();
    let mut rng = rng_for(13);
    for seed in 1..=20 {
        let mut pos = game.deal(seed);
        let exact = PlayOuts::new(&game, &pos).expect("sly-fox");
        let mut board = exact.board.clone();
        let mut played = 0;
        loop {
            assert_eq!(board, board_of(&game, &pos), "seed {seed}");
            assert_eq!(board.is_won(), game.rules().is_won(&pos), "seed {seed}");
            let mut steps = Vec::new();
            board.moves(&mut steps);
            let text = |m: Move| game.move_text(m).to_string();
            let ours: BTreeSet<String> =
                steps.iter().map(|&s| text(exact.engine_move(s))).collect();
            let engine: BTreeSet<String> = game.legal_moves(&pos).into_iter().map(text).collect();
            assert_eq!(ours, engine, "seed {seed} after {played} moves");
            if steps.is_empty() {
                break;
            }
            // Builds five times as often as deals, so that games get far.
            let builds = steps
                .iter()
                .filter(|s| matches!(s, Step::Build(..)))
                .count();
            let pick = if builds > 0 && below(&mut rng, 6) > 0 {
                below(&mut rng, builds as u64) as usize
            } else {
                below(&mut rng, steps.len() as u64) as usize
            };
            let step = steps[pick];
            game.play(&mut pos, exact.engine_move(step)).expect("legal");
            board.apply(step);
            played += 1;
        }
    }
}

/// Deals of seeds 1..1000 open at 10 s (`docs/solver-runs/sly-fox.csv`): the frontier.
const HARDEST: [u64; 4] = [26, 27, 107, 136];

#[test]
#[ignore = "long: a minute per deal; run it when the search improves"]
fn the_hardest_deals() {
    try_hardest_deals(&SEARCH, &sly_fox(), &HARDEST);
}

/// Every assignment's cost, the least of them, by brute force over permutations.
fn least_cost(cost: &[Vec<i64>], row: usize, used: &mut Vec<bool>) -> i64 {
    if row == cost.len() {
        return 0;
    }
    let mut best = i64::MAX;
    for j in 0..used.len() {
        if !used[j] {
            used[j] = true;
            best = best.min(cost[row][j] + least_cost(cost, row + 1, used));
            used[j] = false;
        }
    }
    best
}

#[test]
fn sorted_matching_finds_a_least_cost_assignment() {
    use super::playout::{gap, monotone};
    let mut rng = rng_for(5);
    for trial in 0..300 {
        let n = 1 + below(&mut rng, 5) as usize;
        let m = n + below(&mut rng, 3) as usize;
        let t: Vec<i32> = (0..n).map(|_| below(&mut rng, 12) as i32 * 50).collect();
        // Some piles are spaces: wanted never.
        let u: Vec<i32> = (0..m)
            .map(|_| match below(&mut rng, 6) {
                0 => i32::MAX,
                _ => below(&mut rng, 12) as i32 * 50,
            })
            .collect();
        let cost: Vec<Vec<i64>> = t
            .iter()
            .map(|&a| u.iter().map(|&b| gap(a, b)).collect())
            .collect();
        let cols = monotone(&t, &u);
        let distinct: BTreeSet<usize> = cols.iter().copied().collect();
        assert_eq!(distinct.len(), n, "trial {trial}: one pile per card");
        let total: i64 = cols.iter().enumerate().map(|(i, &j)| cost[i][j]).sum();
        assert_eq!(
            total,
            least_cost(&cost, 0, &mut vec![false; m]),
            "trial {trial}"
        );
    }
}

#[test]
fn a_play_out_win_replays_through_the_engine() {
    let game = sly_fox();
    let mut won = 0;
    for seed in [3, 8, 9] {
        let start = game.deal(seed);
        let exact = PlayOuts::new(&game, &start).expect("sly-fox");
        let mut meter = Meter::new(Budget::nodes(200_000));
        if let Outcome::Solved(moves) = exact.play_outs(&mut meter) {
            assert_eq!(verify(&game, &start, &moves), Ok(true), "seed {seed}");
            won += 1;
        }
    }
    assert!(
        won >= 2,
        "play-outs win seeds 3, 8 and 9 in a few thousand nodes: {won}"
    );
}

#[test]
fn play_outs_make_legal_moves_and_count_the_cards_they_leave() {
    let game = sly_fox();
    for seed in 1..=6 {
        let start = board_of(&game, &game.deal(seed));
        for n in 0..4 {
            let mut end = start.clone();
            let mut steps = Vec::new();
            let left =
                super::playout::play_out(&mut end, &mut steps, &super::playout::Jitter::nth(n));
            let mut b = start.clone();
            let mut moves = Vec::new();
            for &s in &steps {
                b.moves(&mut moves);
                assert!(
                    moves.contains(&s),
                    "seed {seed}, jitter {n}: {s:?} is legal"
                );
                b.apply(s);
            }
            assert_eq!(b, end, "seed {seed}, jitter {n}");
            b.moves(&mut moves);
            assert!(
                moves.is_empty(),
                "seed {seed}, jitter {n}: a play-out ends stuck or won"
            );
            let on_board = b.piles.iter().map(Vec::len).sum::<usize>();
            assert_eq!(left, on_board, "seed {seed}, jitter {n}");
            assert_eq!(left == 0, b.is_won(), "seed {seed}, jitter {n}");
        }
    }
}

/// On a deal with the stock dealt out, the search ends within its budget: a win, or (where
/// the play-out sticks) the beams' proof of a loss; the plain search agrees.
#[test]
fn small_deals_with_the_stock_dealt_out_end_and_agree() {
    let (won, lost) = solitaire_search::testkit::small_deals_decided_alike(
        &SEARCH,
        &super::small::family(),
        200_000,
    );
    assert!(won >= 20 && lost >= 20, "{won} won, {lost} lost");
}
