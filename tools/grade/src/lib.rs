//! The grader: scores a candidate game (a student's plugin) against a reference game of the
//! collection, automatically, fairly and with reasons, in four parts of 100 points in all.
//!
//! 1. **Layout and deal** (15): the same piles and kinds as the reference (5), and for each of
//!    N seeds the same dealt position, card for card, face up and face down (10).
//! 2. **Conformance** (35): the reference game's scenarios (`tests/conformance/<id>.ron`),
//!    run against the candidate; points in proportion to the scenarios passed.
//! 3. **Differential play** (35): from the reference's deal of each of N seeds, a random walk
//!    on which, at every step, the candidate must list the same legal moves, and every move
//!    must give the same position, status and score; points in proportion to the seeds that
//!    never diverge. The first divergence of a seed is reported with its seed, the moves played,
//!    the move only one side allows (or both positions after the move) and commands to replay it.
//! 4. **Robustness** (15): every call into the candidate runs under [`guard::guarded`]; a
//!    panic, a check over the time limit, or an undo that does not restore the position (or
//!    rules whose answers change after apply + undo: hidden state) each cost 5 points, and are
//!    reported where they happened. The failing check also fails in its own part.
//!
//! ```no_run
//! use solitaire_grader::{Options, grade};
//! let catalog = solitaire_games::catalog().unwrap();
//! let game = catalog.get("bristol").unwrap();
//! let report = grade(game.clone(), game, &Options::default()).unwrap();
//! assert_eq!(report.total, 100.0);
//! print!("{}", report.to_markdown());
//! ```

pub mod child;
pub mod class;
pub mod classroom;
mod conformance;
mod context;
mod differential;
pub mod gradebook;
pub mod guard;
pub mod hooks;
mod layout;
pub mod manifest;
pub mod protocol;
pub mod readings;
pub mod report;
pub mod runner;
pub mod scratch;
pub mod submission;
pub mod trusted;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use solitaire_core::Game;
use thiserror::Error;

pub use child::Limits;
pub use class::{ClassError, Roster, Row, grade_class, gradebook_csv};
pub use classroom::{ClassOptions, Finished, run_class};
pub use gradebook::GradebookRow;
pub use hooks::{CheckHooks, Plan};
pub use report::{Finding, Part, Report};
pub use submission::{Source, Submission};

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
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seeds: 10,
            steps: 150,
            time_limit: Duration::from_secs(5),
            conformance_dir: solitaire_conformance::conformance_dir(),
        }
    }
}

/// Why grading could not start.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GradeError {
    /// The reference game's conformance file does not read.
    #[error(transparent)]
    Scenarios(#[from] solitaire_conformance::FormatError),
    /// The reference game has no conformance file.
    #[error("the reference game {0:?} has no conformance file")]
    NoScenarios(String),
}

/// Grade `candidate` against `reference`.
///
/// # Errors
/// When the reference's conformance scenarios are missing or malformed: a grade without them
/// would not be fair.
pub fn grade(
    candidate: Arc<Game>,
    reference: Arc<Game>,
    options: &Options,
) -> Result<Report, GradeError> {
    let scenarios = solitaire_conformance::load(&options.conformance_dir, reference.id())?
        .ok_or_else(|| GradeError::NoScenarios(reference.id().to_string()))?;
    Ok(grade_with(candidate, reference, options, &scenarios, None))
}

/// Grade `candidate` against `reference` with the reference's scenarios already read, telling
/// `hooks` of every check (the child-process runner uses this). Only the scenarios that hold
/// for the reference as configured (its readings, see `solitaire_core::reading`) are run.
pub fn grade_with(
    candidate: Arc<Game>,
    reference: Arc<Game>,
    options: &Options,
    scenarios: &solitaire_conformance::ScenarioFile,
    hooks: Option<Box<dyn CheckHooks>>,
) -> Report {
    let mut scenarios = scenarios.clone();
    scenarios.scenarios.retain(|s| s.holds_for(&reference));
    let mut cx = context::Context::new(candidate.clone(), reference.clone(), options.clone());
    cx.hooks = hooks;
    let layout = layout::grade(&mut cx);
    part_done(&mut cx, &layout);
    let conformance = conformance::grade(&mut cx, &scenarios);
    part_done(&mut cx, &conformance);
    let differential = differential::grade(&mut cx);
    part_done(&mut cx, &differential);
    let parts = vec![layout, conformance, differential, cx.robustness()];
    let total = report::round1(parts.iter().map(|p| p.points).sum());
    Report {
        candidate: candidate.id().to_string(),
        reference: reference.id().to_string(),
        seeds: options.seeds,
        total,
        max: 100.0,
        parts,
    }
}

fn part_done(cx: &mut context::Context, part: &Part) {
    if let Some(h) = cx.hooks.as_mut() {
        h.part_done(part);
    }
}
