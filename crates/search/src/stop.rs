//! Cancelling a search from another thread: a [`Stop`] flag that every search loop reads with
//! its budget, so a caller (the app, when the player moves on) ends a stale search early.
//!
//! The flag is handed to the searches through the calling thread ([`with_stop`]): every
//! [`Meter`](crate::outcome::Meter) made on that thread while the closure runs checks it, so
//! no search signature changes. A stopped search answers [`Outcome::Unknown`], like a search
//! out of budget (it never claims a win it did not find nor a proof it did not finish).
//!
//! [`Outcome::Unknown`]: crate::outcome::Outcome::Unknown

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A shared flag: once [`Stop::stop`] is called, searches watching it end at their next
/// budget check (every 4096 positions at most).
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag not set.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::{Budget, Meter};

    #[test]
    fn a_meter_made_inside_with_stop_watches_the_flag_and_only_there() {
        let stop = Stop::new();
        let mut meter = with_stop(&stop, || Meter::new(Budget::nodes(1_000_000)));
        assert!(!meter.out_of_time());
        stop.stop();
        assert!(meter.out_of_time());
        meter.nodes = 4096;
        assert!(meter.exhausted(), "the flag is read every 4096 nodes");
        assert!(
            watched().is_none(),
            "the flag is only watched inside the call"
        );
        assert!(!Meter::new(Budget::nodes(10)).out_of_time());
    }
}
