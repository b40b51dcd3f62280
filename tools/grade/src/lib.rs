//! The grader: scores a candidate game (a student's plugin) against a reference game of the
//! collection, automatically, fairly and with reasons, in four parts of 100 points in all.
//!
//! Piles are matched by id everywhere: moves are translated between the two games through
//! their pile ids, and positions compared pile by pile by id. A candidate that lists its piles
//! in another order loses nothing for it (the layout part notes it).
//!
//! 1. **Layout and deal** (15): the same pile ids with the same kinds as the reference (5),
//!    and for each of N seeds the same dealt position, card for card, face up and face down
//!    (10).
//! 2. **Conformance** (35): the reference game's scenarios (`games/<rules>/conformance/<id>.ron`) and
//!    the instructor's hidden ones ([`Options::hidden_dir`]) that hold for the reference as
//!    configured, run against the candidate; points in proportion to the scenarios passed.
//! 3. **Differential play** (35): from the reference's deal of each of N seeds, a random walk
//!    on which, at every step, the candidate must list the same legal moves, and every move
//!    must give the same position, status and score. Each seed earns the share of its steps
//!    that agree before its first divergence. Divergences are grouped by the rule they touch
//!    (a reading, the reference's reason for a refusal, or a scenario's rule sentence), each
//!    group with commands that replay its first example.
//! 4. **Robustness** (15): every call into the candidate runs under [`judge::guard::guarded`]; a
//!    panic, a check over the time limit, or an undo that does not restore the position (or
//!    rules whose answers change after apply + undo: hidden state) each cost 5 points, and are
//!    reported where they happened. The failing check also fails in its own part. A class
//!    run ([`class::run`]) grades each submission through its oracle ([`oracle`]), a program
//!    of the student's code in a sandbox ([`sandbox`]) that answers the judge's questions;
//!    a check that ends the oracle or gets an answer out of protocol is a fourth kind of
//!    fault.
//!
//! Every command a report prints runs as printed: positions are written first, in the text
//! form of the game that reads them. [`course::handout`] writes what a student needs to know beyond
//! the rules text.
//!
//! ```no_run
//! use solitaire_grader::{Options, grade};
//! let catalog = solitaire_games::catalog().unwrap();
//! let game = catalog.get("bristol").unwrap();
//! let report = grade(game.clone(), game, &Options::default()).unwrap();
//! assert_eq!(report.total, 100.0);
//! print!("{}", report.to_markdown());
//! ```

pub mod build;
pub mod class;
pub mod course;
pub mod csv;
pub mod intake;
pub mod judge;
pub mod oracle;
pub mod sandbox;
pub mod selfcheck;
pub mod similarity;
#[cfg(test)]
mod testing;

use std::path::PathBuf;
use std::time::Duration;

use thiserror::Error;

pub use class::failure::Failure;
pub use class::roster::{ClassError, Roster, Row, grade_class, gradebook_csv};
pub use class::run::{ClassOptions, Finished, Limits, run_class};
pub use judge::alone::{PublicScenarios, grade_alone, grade_variant};
pub use judge::commands::Checkout;
pub use judge::grade::{grade, grade_with};
pub use judge::holds::{Holds, Played};
pub use judge::own::Own;
pub(crate) use solitaire_oracle::capped;

/// The most bytes of any text a candidate wrote (a panic message, a refusal reason) that a
/// report shows.
pub const MAX_CANDIDATE_TEXT: usize = 300;
pub use class::gradebook::GradebookRow;
pub use intake::submission::{Source, Submission};
pub use judge::hooks::{CheckHooks, Plan};
pub use judge::report::{Finding, Part, Report};

/// How thoroughly to grade.
#[derive(Clone, Debug)]
pub struct Options {
    /// Seeds 0..N for the deal and differential parts.
    pub seeds: u64,
    /// The most moves of each differential walk.
    pub steps: usize,
    /// The time limit of each guarded check (a deal, a scenario, one step of a walk).
    pub time_limit: Duration,
    /// Where the conformance files are.
    pub conformance_dir: PathBuf,
    /// Where the instructor's hidden scenario files are (`<reference id>.ron`, the format of
    /// the conformance files): they count in the conformance part, and a report names only
    /// the rule sentence each covers (its `name`), never its position or moves.
    pub hidden_dir: Option<PathBuf>,
    /// The course file the reference was configured by, for the reproduce commands
    /// (`--course FILE`); the caller passes the configured reference itself.
    pub course_file: Option<PathBuf>,
    /// The checkout a report's commands run in: the collection's, or a student's starter
    /// repository (a class run's submissions, a self-check), where the reference is absent.
    pub checkout: Checkout,
    /// The most positions the reference's solver generates to find each seed's winning line
    /// for differential play (0: no solver line). A node budget, not a clock, so that a grade
    /// is the same on every machine.
    pub solution_nodes: u64,
    /// The most positions the solver generates, on the candidate's deals together, to show
    /// a game without a reference won (0: no search; only a scenario can show it). A node
    /// budget first; through a student's oracle, the checks' time limits bound it too.
    pub win_nodes: u64,
    /// Points for the student's own scenarios the reference agrees with (the course's
    /// `student_scenarios`; 0: the part is shown, worth nothing).
    pub student_scenarios: u32,
    /// The points of parts, by part id, where the course changes them (the course's
    /// `weights`).
    pub weights: std::collections::BTreeMap<String, u32>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seeds: 10,
            steps: 150,
            time_limit: Duration::from_secs(5),
            conformance_dir: solitaire_conformance::conformance_dir(),
            hidden_dir: None,
            course_file: None,
            checkout: Checkout::Collection,
            solution_nodes: 200_000,
            win_nodes: 3_000_000,
            student_scenarios: 0,
            weights: std::collections::BTreeMap::new(),
        }
    }
}

impl Options {
    /// These options with the course's grading choices: the points of the student's own
    /// scenarios and of the parts it weighs.
    pub fn follow(&mut self, course: &solitaire_files::Course) {
        self.student_scenarios = course.student_scenarios;
        self.weights = course.weights.clone();
    }
}

/// Why grading could not start.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GradeError {
    /// The reference game's conformance file (or hidden scenario file) does not read.
    #[error(transparent)]
    Scenarios(#[from] solitaire_conformance::FormatError),
    /// The reference game has no conformance file.
    #[error("the reference game {0:?} has no conformance file")]
    NoScenarios(String),
    /// The directory of hidden scenarios is not a directory.
    #[error("{0}: the hidden scenarios directory does not exist")]
    NoHiddenDir(String),
    /// Hidden scenarios fail on the reference itself (each named, with its step).
    #[error("{0}")]
    HiddenFails(String),
}
