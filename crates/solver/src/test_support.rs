//! Helpers shared by the solver's tests.

use solitaire_core::Game;

use crate::outcome::{Budget, Outcome};
use crate::{Method, solve_with, verify};

/// Solve deal `seed` of `game` within `nodes` through [`solve_with`]: checks that `method`
/// searched it and that a win replays through the engine; whether it was won.
pub(crate) fn solved_and_replayed(game: &Game, seed: u64, nodes: u64, method: &str) -> bool {
    let start = game.deal(seed);
    let report = solve_with(game, &start, Budget::nodes(nodes), Method::Auto);
    assert_eq!(report.method, method, "seed {seed}");
    let Outcome::Solved(moves) = &report.outcome else {
        return false;
    };
    assert_eq!(verify(game, &start, moves), Ok(true), "seed {seed}");
    true
}

/// Give each deal of `seeds` of `game` a minute through [`solve_with`], check that its wins
/// replay through the engine and print what each came to and which deals were settled (for the
/// ignored tests of the hardest deals).
pub(crate) fn try_hardest_deals(game: &Game, seeds: &[u64]) {
    let mut settled = Vec::new();
    for &seed in seeds {
        let start = game.deal(seed);
        let report = solve_with(game, &start, Budget::seconds(60.0), Method::Auto);
        if let Outcome::Solved(moves) = &report.outcome {
            assert_eq!(verify(game, &start, moves), Ok(true), "seed {seed}");
        }
        println!(
            "seed {seed}: {} in {:?}",
            report.outcome.name(),
            report.elapsed
        );
        if report.outcome != Outcome::Unknown {
            settled.push(seed);
        }
    }
    println!("settled: {settled:?}");
}
