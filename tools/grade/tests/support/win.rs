//! A scenario that plays a deal of a registered game to a win, as a student shows a variant
//! won (the solver's line, found here in the judge's own process, from `Seed(N)` to
//! `Status(won)`).

use solitaire_solver::{Budget, Outcome, solve};

/// The scenario, in the conformance format, that plays the deal of `seed` of the registered
/// game `id` to a win along the solver's line.
pub fn winning_scenario(id: &str, seed: u64) -> String {
    let game = super::mutant::reference(id);
    let report = solve(&game, &game.deal(seed), Budget::seconds(60.0));
    let Outcome::Solved(line) = report.outcome else {
        panic!("the solver finds no win on {id}'s seed {seed}");
    };
    let plays: Vec<String> = line
        .iter()
        .map(|m| format!("Play({:?})", game.move_text(*m).to_string()))
        .collect();
    format!(
        "    (\n        name: \"a whole game of seed {seed}, won\",\n        start: Seed({seed}),\n        \
         steps: [{}, Status(won)],\n    ),\n",
        plays.join(", ")
    )
}
