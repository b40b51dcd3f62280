//! Cross-game test support shared by `cargo test`, the grader and the app: the properties
//! every registered game must have ([`sets`]), and the conformance scenarios ([`scenario`]
//! for the file format, [`write`] for writing it, [`run`] for the runner, [`files`] for finding
//! them).
//!
//! A conformance file `games/<folder>/conformance/<id>.ron` holds the scenarios of one game id:
//!
//! ```
//! use solitaire_conformance::scenario::{ScenarioFile, Start, Step};
//! let file = ScenarioFile::parse("bristol.ron", r#"(game: "bristol", scenarios: [
//!     (
//!         name: "Pack in descending sequence regardless of suit: 9S on TH",
//!         start: Position("t1: TH\nt2: 9S"),
//!         steps: [Play("t2>t1"), Pile("t1", "TH 9S"), Illegal("t1>t2", source)],
//!     ),
//! ])"#).unwrap();
//! assert_eq!(file.scenarios[0].start, Start::Position("t1: TH\nt2: 9S".into()));
//! assert_eq!(file.scenarios[0].steps[0], Step::Play("t2>t1".into()));
//! ```
//!
//! See `docs/conformance.md` for the format in full.

pub mod files;
pub mod run;
pub mod scenario;
pub mod sets;
pub mod write;

pub use files::{GAME_SUBDIR, conformance_dir, load, load_dir, public_dir, scenario_path};
pub use run::{Failure, Outcome, run_scenario};
pub use scenario::{FormatError, Scenario, ScenarioFile, Start, Step};
pub use sets::{accepted_moves, assert_listed_are_accepted, listed_moves};
