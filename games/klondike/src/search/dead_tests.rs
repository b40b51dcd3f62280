//! The dead-end test ([`super::dead`]) against its plain form and against wins.

use solitaire_core::shuffle::{below, rng_for};
use solitaire_search::pausable::{Dfs, Verdict};
use solitaire_search::{Budget, Meter};

use super::Exact;
use super::dead::{hopeless, hopeless_by_passes};
use super::tests::klondike;
use super::walk::{Reductions, Walker};

/// On random games, under both draw readings, learning for all cards at once learns what going over every card one by one
/// until nothing is new learns, position by position; and some positions are hopeless.
#[test]
fn rounds_of_all_cards_at_once_learn_what_the_plain_rules_learn() {
    let mut hopeless_seen = 0;
    let mut positions = 0;
    for (readings, seeds) in [("", 1..=60u64), (r#""draw": "one""#, 61..=90)] {
        let game = klondike(readings);
        let mut rng = rng_for(11);
        for seed in seeds {
            let mut board = Exact::new(&game, &game.deal(seed)).expect("served").board;
            let mut steps = Vec::new();
            for _ in 0..150 {
                let fast = hopeless(&board);
                assert_eq!(
                    fast,
                    hopeless_by_passes(&board),
                    "seed {seed} after {steps:?}"
                );
                hopeless_seen += usize::from(fast);
                positions += 1;
                let mut moves = Vec::new();
                board.moves(&mut Vec::new(), &mut moves, true);
                if moves.is_empty() {
                    break;
                }
                let step = moves[below(&mut rng, moves.len() as u64) as usize];
                board.apply(step);
                steps.push(step);
            }
        }
    }
    assert!(
        hopeless_seen > 0 && hopeless_seen < positions,
        "{hopeless_seen} of {positions}"
    );
}

/// Every position on a win found without the test is not hopeless (the test never loses a
/// win), on the deals of seeds 1 to 12 the search wins within its budget.
#[test]
fn no_position_on_a_winning_line_is_hopeless() {
    let game = klondike("");
    let without = Reductions {
        dead_ends: false,
        ..Reductions::ALL
    };
    let mut wins = 0;
    for seed in 1..=12u64 {
        let exact = Exact::new(&game, &game.deal(seed)).expect("served");
        let mut dfs: Dfs<Walker> = Dfs::new(exact.board.clone(), without);
        let verdict = dfs.run(u64::MAX, &mut Meter::new(Budget::nodes(3_000_000)));
        let Verdict::Won(steps) = verdict else {
            continue;
        };
        wins += 1;
        let mut board = exact.board.clone();
        assert!(!hopeless(&board), "seed {seed} at the start");
        for (i, (step, _)) in steps.into_iter().enumerate() {
            board.apply(step);
            assert!(!hopeless(&board), "seed {seed} after {} steps", i + 1);
        }
        assert!(board.is_won());
    }
    assert!(wins >= 8, "{wins} wins checked");
}

/// The deals of seeds 1 to 1,000 hopeless at the start: each was proved lost by the exhaustive
/// search without the test, or left open by it (`docs/solver-runs/klondike-1000.csv`, from
/// before the test).
#[test]
fn deals_hopeless_at_the_start() {
    let game = klondike("");
    let dead: Vec<u64> = (1..=1000u64)
        .filter(|&s| hopeless(&Exact::new(&game, &game.deal(s)).expect("served").board))
        .collect();
    assert_eq!(dead.len(), 81);
    assert_eq!(&dead[..8], [6, 17, 47, 65, 74, 87, 112, 125]);
}
