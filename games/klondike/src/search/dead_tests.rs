//! The dead-end test ([`super::dead`]) against its plain form and against wins.

use solitaire_core::shuffle::{below, rng_for};
use solitaire_search::pausable::{Dfs, Verdict};
use solitaire_search::{Budget, Meter};

use super::Exact;
use std::collections::HashSet;

use super::dead::{hopeless, hopeless_by_passes, talon_reach};
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
    assert_eq!(dead.len(), 85);
    assert_eq!(&dead[..8], [6, 17, 47, 65, 74, 87, 112, 125]);
}

/// The talon cards that come up at some time, by trying every order of turns and plays on
/// talons of up to eight cards: a card of `playable` (a bit per index) may be played whenever
/// it is the waste's top. A bit per index at the start.
fn talon_tops(len: usize, waste: usize, draw: usize, playable: u64) -> u64 {
    let start: Vec<usize> = (0..len).collect();
    let mut seen = HashSet::new();
    let mut todo = vec![(start, waste)];
    let mut tops = 0u64;
    while let Some((talon, waste)) = todo.pop() {
        if !seen.insert((talon.clone(), waste)) {
            continue;
        }
        if waste > 0 {
            let top = talon[waste - 1];
            tops |= 1 << top;
            if playable & (1 << top) != 0 {
                let mut rest = talon.clone();
                rest.remove(waste - 1);
                todo.push((rest, waste - 1));
            }
        }
        let turned = if waste == talon.len() {
            0
        } else {
            (waste + draw).min(talon.len())
        };
        todo.push((talon, turned));
    }
    tops
}

/// What the relaxed rules say the turns bring up holds everything they can: every talon of up
/// to eight cards, every waste length, every set of cards that may be played, draw three and
/// one.
#[test]
fn the_talon_reach_holds_every_card_the_turns_can_bring_up() {
    for draw in [3usize, 1] {
        for len in 1..=8usize {
            for waste in 0..=len {
                let now = talon_tops(len, waste, draw, 0);
                for playable in 0..(1u64 << len) {
                    let mut reach = now;
                    loop {
                        let more = talon_reach(draw as u8, len, reach & playable, now);
                        if more == reach {
                            break;
                        }
                        reach = more;
                    }
                    let truth = talon_tops(len, waste, draw, playable);
                    assert_eq!(
                        truth & !reach,
                        0,
                        "draw {draw}, {len} cards, waste {waste}, playable {playable:b}: \
                         {truth:b} come up, the relaxed rules say {reach:b}"
                    );
                }
            }
        }
    }
}
