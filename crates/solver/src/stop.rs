//! Cancelling a search from another thread: a [`Stop`] flag that every search loop reads with
//! its budget, so a caller (the app, when the player moves on) ends a stale search early.
//!
//! The flag is handed to the searches through the calling thread ([`with_stop`]): every
//! [`Meter`](crate::outcome::Meter) made on that thread while the closure runs checks it, so
//! no search signature changes. A stopped search answers [`Outcome::Unknown`], like a search
//! out of budget (it never claims a win it did not find nor a proof it did not finish).
//!
//! [`Outcome::Unknown`]: crate::Outcome::Unknown

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use solitaire_core::{Game, Move, Position};

use crate::outcome::{Budget, Report};

/// A shared flag: once [`Stop::stop`] is called, searches watching it end at their next
/// budget check (every 4096 positions at most).
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Ask the searches watching this flag to end.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`Stop::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

thread_local! {
    static WATCHED: RefCell<Option<Stop>> = const { RefCell::new(None) };
}

/// Run `f` with every search it starts on this thread watching `stop`.
pub fn with_stop<R>(stop: &Stop, f: impl FnOnce() -> R) -> R {
    let before = WATCHED.with(|w| w.replace(Some(stop.clone())));
    let out = f();
    WATCHED.with(|w| *w.borrow_mut() = before);
    out
}

/// The flag searches on this thread watch, if any (read when a meter is made).
pub(crate) fn watched() -> Option<Stop> {
    WATCHED.with(|w| w.borrow().clone())
}

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
        let game = catalog.get("german-patience").unwrap();
        let start = game.deal(1);
        let stop = Stop::new();
        stop.stop();
        let t = std::time::Instant::now();
        let report = solve_until(&game, &start, Budget::seconds(60.0), &stop);
        assert_eq!(report.outcome, Outcome::Unknown);
        assert!(report.nodes <= 2 * 4096 + 100, "{} nodes", report.nodes);
        assert!(t.elapsed().as_secs() < 30);
        assert!(
            watched().is_none(),
            "the flag is only watched inside the call"
        );
    }

    #[test]
    fn an_unset_flag_changes_nothing() {
        let catalog = solitaire_games::catalog().unwrap();
        let game = catalog.get("labyrinth").unwrap();
        let start = game.deal(1);
        let plain = crate::solve(&game, &start, Budget::nodes(200_000));
        let watched = solve_until(&game, &start, Budget::nodes(200_000), &Stop::new());
        assert_eq!(plain.outcome, watched.outcome);
    }
}
