//! What a search may spend, and the three honest answers it gives.

use std::time::{Duration, Instant};

use serde::Serialize;
use solitaire_core::{Game, Illegal, Move, Position};

/// What the solver is allowed to see.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Knowledge {
    /// The solver sees every card: face-down cards and the stock.
    Full,
    /// Only what a player sees; hidden cards are sampled consistently with it.
    Fair,
}

impl Knowledge {
    /// `full` or `fair`.
    pub fn name(self) -> &'static str {
        match self {
            Knowledge::Full => "full",
            Knowledge::Fair => "fair",
        }
    }
}

/// Limits of one search. A search that reaches one answers [`Outcome::Unknown`].
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Positions generated (moves applied), at most.
    pub nodes: u64,
    /// Wall-clock time, at most.
    pub time: Duration,
    /// Positions remembered in the transposition table or a beam's history, at most
    /// (about 16 to 40 bytes each).
    pub states: usize,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            nodes: u64::MAX,
            time: Duration::from_secs(10),
            states: 12_000_000,
        }
    }
}

impl Budget {
    /// A budget of `seconds`, with the default node and memory limits. The conversion
    /// saturates: infinity and values past [`Duration::MAX`] give no time limit at all, and
    /// zero, negative values and NaN give no time.
    pub fn seconds(seconds: f64) -> Budget {
        let time = Duration::try_from_secs_f64(seconds).unwrap_or(if seconds > 0.0 {
            Duration::MAX
        } else {
            Duration::ZERO
        });
        Budget {
            time,
            ..Budget::default()
        }
    }

    /// A budget of `nodes` generated positions (and ten minutes at most).
    pub fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes,
            time: Duration::from_secs(600),
            ..Budget::default()
        }
    }
}

/// A running clock and node counter checked against a [`Budget`]: every search counts its
/// nodes here and asks it whether to go on.
pub struct Meter {
    /// The limits.
    pub budget: Budget,
    /// When the search started.
    pub start: Instant,
    /// Positions generated so far.
    pub nodes: u64,
    /// The caller's cancel flag ([`crate::stop::with_stop`]), if any.
    stop: Option<crate::stop::Stop>,
}

impl Meter {
    /// A meter for `budget`, started now, watching the stop flag of this thread
    /// ([`crate::stop::with_stop`]).
    pub fn new(budget: Budget) -> Meter {
        Meter {
            budget,
            start: Instant::now(),
            nodes: 0,
            stop: crate::stop::watched(),
        }
    }

    /// Whether the node or time limit is reached or the search was stopped (the clock and
    /// the stop flag are read every 4096 nodes).
    pub fn exhausted(&self) -> bool {
        self.nodes >= self.budget.nodes
            || (self.nodes & 0xFFF == 0
                && (self.start.elapsed() >= self.budget.time || self.stopped()))
    }

    /// Whether the time limit is reached (reading the clock now) or the search was stopped.
    pub fn out_of_time(&self) -> bool {
        self.start.elapsed() >= self.budget.time
            || self.nodes >= self.budget.nodes
            || self.stopped()
    }

    /// Run `search` on a meter of its own for `budget`; its answer reported as found by
    /// `method`.
    pub fn run(budget: Budget, method: &str, search: impl FnOnce(&mut Meter) -> Outcome) -> Report {
        let mut meter = Meter::new(budget);
        let outcome = search(&mut meter);
        meter.report(outcome, method)
    }

    /// The report of `outcome`, found by `method` with full knowledge, at this meter's
    /// count and clock.
    pub fn report(&self, outcome: Outcome, method: &str) -> Report {
        Report {
            outcome,
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
            method: method.to_string(),
            knowledge: Knowledge::Full,
            why: None,
        }
    }

    /// Whether the caller's stop flag is set.
    fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(crate::stop::Stop::is_stopped)
    }
}

/// The answer of a search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// A winning move list from the start position.
    Solved(Vec<Move>),
    /// No win exists: the search was exhaustive, without pruning.
    Unsolvable,
    /// A budget ran out (or a pruned search found nothing).
    Unknown,
}

impl Outcome {
    /// `solved`, `unsolvable` or `unknown`.
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::Solved(_) => "solved",
            Outcome::Unsolvable => "unsolvable",
            Outcome::Unknown => "unknown",
        }
    }
}

/// Replay `moves` from `start` through the engine: `Ok(true)` when they end in a win.
///
/// # Errors
/// The first move the engine refuses.
pub fn verify(game: &Game, start: &Position, moves: &[Move]) -> Result<bool, Illegal> {
    let mut pos = start.clone();
    for &mv in moves {
        game.play(&mut pos, mv)?;
    }
    Ok(game.rules().is_won(&pos))
}

/// An outcome with what it cost.
#[derive(Clone, Debug)]
pub struct Report {
    /// The answer.
    pub outcome: Outcome,
    /// Positions generated.
    pub nodes: u64,
    /// The time the search took.
    pub elapsed: Duration,
    /// Which search answered (`dfs`, `beam`, `spider-fast:b256s4`, ...).
    pub method: String,
    /// What the search saw.
    pub knowledge: Knowledge,
    /// Why the position is lost, in words a player can check by hand, where a test proved
    /// it at once (Klondike's "some card can never go home"); `None` otherwise.
    pub why: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_seconds_saturates_instead_of_panicking() {
        assert_eq!(Budget::seconds(f64::INFINITY).time, Duration::MAX);
        assert_eq!(Budget::seconds(1.9e19).time, Duration::MAX);
        assert_eq!(Budget::seconds(f64::NAN).time, Duration::ZERO);
        assert_eq!(Budget::seconds(-1.0).time, Duration::ZERO);
        assert_eq!(Budget::seconds(f64::NEG_INFINITY).time, Duration::ZERO);
        assert_eq!(Budget::seconds(2.5).time, Duration::from_millis(2500));
    }
}
