//! The solver's toolkit: generic search below the games, through the engine's `Rules` or on a
//! game's compact board of its own.
//!
//! - Budgets and answers: [`Budget`], [`Meter`], [`Outcome`] (solved, unsolvable only after an
//!   exhaustive search, unknown), [`Report`], [`verify`]; a [`Stop`] flag to cancel a search
//!   from another thread.
//! - Searches through the engine: [`dfs`] (depth-first with a transposition table; it proves
//!   losses), [`beam`] (beams, and [`beam::widening`] beams of growing width), guided by a
//!   [`Heuristic`] ([`Generic`] for any game); [`phases::then_beams`] runs a game's search for
//!   a share of the budget and the beams for the rest; [`Declared`] adds what a layout
//!   declares (interchangeable piles, safe moves home) and unlimited redeals to any guide.
//! - Searches on a game's compact board: [`exact`] (a [`exact::Board`] searched exhaustively),
//!   [`pausable`] (the same search paused and resumed, with the reductions of a [`Walk`]),
//!   [`stage_beam`] (from deal to deal, on a [`StageBoard`]); [`key`] hashes positions.
//! - The seam: a game crate implements these traits for its board and offers its search and
//!   guide as a [`SearchPlugin`]; the solver asks it first and falls back to the generic
//!   search. [`testkit`] checks a board against the engine move by move.
//!
//! # Examples
//! A board of one pile of `n` counters, taking one or two at a time, won when empty: the
//! exhaustive search finds the win.
//! ```
//! use solitaire_search::exact::{Board, Verdict, search};
//! use solitaire_search::{Budget, Meter};
//!
//! struct Pile(u8);
//! impl Board for Pile {
//!     type Step = u8;
//!     fn is_won(&self) -> bool { self.0 == 0 }
//!     fn key(&self) -> u128 { u128::from(self.0) }
//!     fn expand(&self, out: &mut Vec<u8>) {
//!         out.clear();
//!         out.extend((1..=2).filter(|&k| k <= self.0));
//!     }
//!     fn apply(&mut self, k: u8) { self.0 -= k }
//!     fn undo(&mut self, k: u8) { self.0 += k }
//! }
//! let mut meter = Meter::new(Budget::nodes(1000));
//! assert!(matches!(search(&mut Pile(5), &mut meter), Verdict::Won(steps) if steps.iter().sum::<u8>() == 5));
//! ```

pub mod beam;
pub mod declared;
pub mod dfs;
pub mod exact;
pub mod heuristic;
pub mod key;
pub mod outcome;
pub mod pausable;
pub mod phases;
pub mod plugin;
pub mod registered;
pub mod stage_beam;
pub mod stats;
pub mod stop;
pub mod testkit;
pub mod tuning;

pub use declared::Declared;
pub use heuristic::{Generic, Heuristic, Unpruned};
pub use outcome::{Budget, Knowledge, Meter, Outcome, Report, verify};
pub use pausable::{Verdict, Walk};
pub use plugin::{Knob, Method, SearchPlugin, Served, Small, WinnableTable};
pub use registered::Registered;
pub use stage_beam::StageBoard;
pub use stop::{Stop, with_stop};
