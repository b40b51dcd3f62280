//! A student's self-check, in a starter repository where the assignment's reference is absent:
//! the same public checks as the instructor's grade, under the course's readings, and only
//! what the instructor keeps back (the hidden scenarios, the layout and the deal, differential
//! play against the reference) left out.
//!
//! First, everything a class grade refuses before it builds a submission, on the student's
//! checkout in place ([`check_taken`]): the intake's budget on `games/<id>/` (plain files,
//! sizes, counts), the manifest with the course's allowed crates, the guard lints. A game
//! refused there gets a report of 0 with the class grade's own words. Then the assignment's
//! public scenarios (`tests/public/<id>.ron`) under the course's readings
//! ([`Played::self_check`]), the engine's properties, robustness and the student's own
//! scenarios (run on the student's game: the instructor's grade runs them on the reference),
//! and a note on what the instructor's grade adds, part by part with the course's weights
//! ([`adds`]).

mod adds;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use solitaire_core::Game;
use solitaire_files::Course;
use thiserror::Error;

use crate::build::checks::{Files, refusals};
use crate::build::trusted::Trusted;
use crate::class::failure::Failure;
use crate::intake::submission;
use crate::judge::points;
use crate::{Checkout, Options, Played, PublicScenarios, Report, grade_alone};

/// Where a self-check runs and against what.
#[derive(Clone, Debug)]
pub struct SelfCheck {
    /// The student's checkout: a starter repository with the student's game in `games/<id>/`
    /// and the assignment's public scenarios in `tests/public/<assignment>.ron`; its workspace
    /// is what a class grade builds the game against.
    pub checkout: PathBuf,
    /// The course.
    pub course: Course,
    /// The course file as the student names it, for the commands the report prints.
    pub course_file: PathBuf,
    /// The assignment: the reference game's id (absent here).
    pub assignment: String,
}

/// Why a self-check could not run (a game the class grade would refuse is not one: it gets
/// a report of 0).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SelfCheckError {
    /// The assignment's public scenarios are missing or do not read.
    #[error("the public scenarios of {0}")]
    Public(String),
    /// The student's game does not play the course's readings it declares.
    #[error("{0}")]
    Readings(String),
    /// The checkout is not a starter of the course (no workspace to build against).
    #[error("{0}")]
    Checkout(String),
}

/// Self-check `candidate` (the student's game, registered in the checkout) as `check` says,
/// with `options` (their course weights and points are the course's).
///
/// # Errors
/// The public scenarios missing or malformed, readings the game declares but cannot play, a
/// checkout that is not a starter.
pub fn self_check(
    candidate: Arc<Game>,
    check: &SelfCheck,
    options: &Options,
) -> Result<Report, SelfCheckError> {
    let mut options = Options {
        checkout: Checkout::Starter {
            course: check.course_file.clone(),
        },
        ..options.clone()
    };
    options.follow(&check.course);
    let trusted = Trusted::open(&check.checkout).map_err(SelfCheckError::Checkout)?;
    if let Err(failure) = check_taken(&check.checkout, candidate.id(), &check.course, &trusted) {
        return Ok(refused(&candidate, &options, &failure));
    }
    let chosen = check.course.readings_of(&check.assignment);
    let candidate =
        crate::judge::readings::candidate(candidate, &chosen).map_err(SelfCheckError::Readings)?;
    let public_dir = check.checkout.join("tests").join("public");
    let public = solitaire_conformance::load(&public_dir, &check.assignment)
        .map_err(|e| SelfCheckError::Public(e.to_string()))?
        .ok_or_else(|| {
            SelfCheckError::Public(format!(
                "{}: there is no {}",
                check.assignment,
                solitaire_conformance::scenario_path(&public_dir, &check.assignment).display()
            ))
        })?;
    let played = Played::self_check(&candidate, &chosen);
    let own = submission::own_scenarios(&check.checkout, candidate.id());
    let scenarios = PublicScenarios::Assignment {
        public,
        own,
        played,
    };
    let mut report = grade_alone(candidate, &options, scenarios, Vec::new(), None);
    report.notes = vec![adds::note(&report, &check.assignment, &options)];
    Ok(report)
}

/// Check game `id` in `checkout` as a class grade checks a submission before it builds it:
/// taken within the intake's budget, then its manifest (with the course's allowed crates) and
/// its guard lints.
///
/// # Errors
/// The class grade's failure: `not taken: ...` or `refused: ...`.
pub fn check_taken(
    checkout: &Path,
    id: &str,
    course: &Course,
    trusted: &Trusted,
) -> Result<(), Failure> {
    let listing = submission::list_dir(checkout, id).map_err(Failure::NotTaken)?;
    let files = Files::Listed(&listing);
    refusals(checkout, id, files, &course.allowed_crates, trusted).map_err(Failure::Refused)?;
    Ok(())
}

/// The report of a game the class grade would not grade: 0, and why.
fn refused(candidate: &Game, options: &Options, failure: &Failure) -> Report {
    let max = points::maximum(options, true);
    let mut report = crate::judge::grade::finish(candidate, None, options, Vec::new());
    report.max = max;
    report.notes.push(format!(
        "The instructor's grade would give this game 0 of {max}, before any check runs: \
         {failure}. Fix this first: the self-check runs no check until then."
    ));
    report
}
