//! Searches that a caller on another thread can end early: [`solve`](crate::solve) and
//! [`hint`](crate::hint) watching a [`Stop`] flag (the toolkit's `with_stop`).

use solitaire_core::{Game, Move, Position};
use solitaire_search::{Budget, Report, Stop, with_stop};

/// [`crate::solve`] (full knowledge) that ends early once `stop` is set.
pub fn solve_until(game: &Game, start: &Position, budget: Budget, stop: &Stop) -> Report {
    with_stop(stop, || crate::solve(game, start, budget))
}

/// [`crate::hint`] (what a player sees only) that ends early once `stop` is set.
pub fn hint_until(game: &Game, pos: &Position, budget: Budget, stop: &Stop) -> Option<Move> {
    with_stop(stop, || crate::hint(game, pos, budget))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Outcome;

    #[test]
    fn a_stopped_search_answers_unknown_at_once() {
        let catalog = solitaire_games::catalog().unwrap();
        let Some(game) = catalog.get("german-patience") else {
            return; // a course's starter that assigns it or leaves it out
        };
        let start = game.deal(1);
        let stop = Stop::new();
        stop.stop();
        let t = std::time::Instant::now();
        let report = solve_until(&game, &start, Budget::seconds(60.0), &stop);
        assert_eq!(report.outcome, Outcome::Unknown);
        assert!(report.nodes <= 2 * 4096 + 100, "{} nodes", report.nodes);
        assert!(t.elapsed().as_secs() < 30);
    }

    #[test]
    fn an_unset_flag_changes_nothing() {
        let catalog = solitaire_games::catalog().unwrap();
        let Some(game) = catalog.get("labyrinth") else {
            return; // a course's starter that assigns it or leaves it out
        };
        let start = game.deal(1);
        let plain = crate::solve(&game, &start, Budget::nodes(200_000));
        let watched = solve_until(&game, &start, Budget::nodes(200_000), &Stop::new());
        assert_eq!(plain.outcome, watched.outcome);
    }
}
