//! Grading a whole class in one run: a roster names each student's games and their
//! references; the result is a CSV gradebook, one row per student and game.
//!
//! Games registered in the grader's own workspace are named in `students` (graded in the
//! grader's process, as [`grade_class`] does); submissions from outside, each built and
//! graded through an oracle in a sandbox of its own (see [`crate::classroom`]), in `submissions`. An
//! optional course file (relative to the roster) chooses readings and allowed crates.
//!
//! ```ron
//! (
//!     course: "course.ron",
//!     students: {
//!         "Ada Lovelace": {"ada-bristol": "bristol"},
//!         "Alan Turing": {"alan-spider": "spider", "alan-penguin": "penguin"},
//!     },
//!     submissions: [
//!         (student: "Grace Hopper", reference: "labyrinth", game: "grace-labyrinth",
//!          source: Dir("submissions/grace")),
//!         (student: "Edsger Dijkstra", reference: "bristol", game: "edsger-bristol",
//!          source: Git(repo: "submissions/edsger.git", rev: "main")),
//!     ],
//! )
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;
use solitaire_core::Catalog;
use thiserror::Error;

use crate::gradebook::{GradebookRow, to_csv};
use crate::submission::Submission;
use crate::{Options, Report, grade};

/// A class: registered games by student, submissions from outside, and the course.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Roster {
    /// Student name -> registered game id -> reference game id.
    #[serde(default)]
    pub students: BTreeMap<String, BTreeMap<String, String>>,
    /// Submissions from outside the workspace, graded in roster order.
    #[serde(default)]
    pub submissions: Vec<Submission>,
    /// A course file (relative to the roster's directory): readings and allowed crates.
    #[serde(default)]
    pub course: Option<String>,
}

/// A roster that does not read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{file}: {message}")]
pub struct ClassError {
    /// The roster file.
    pub file: String,
    /// What is wrong, where.
    pub message: String,
}

impl Roster {
    /// Read a roster's text; `file` names it in errors.
    ///
    /// # Errors
    /// RON syntax or shape.
    pub fn parse(file: &str, text: &str) -> Result<Roster, ClassError> {
        // `course: "course.ron"` reads without `Some(...)`.
        let ron = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        ron.from_str(text).map_err(|e| ClassError {
            file: file.to_string(),
            message: e.to_string(),
        })
    }
}

/// One gradebook row: a report, or why the candidate could not be graded.
pub struct Row {
    /// The student's name.
    pub student: String,
    /// The candidate game id.
    pub game: String,
    /// The reference game id.
    pub reference: String,
    /// The report, or the error (unknown game, missing scenarios).
    pub report: Result<Report, String>,
}

/// Grade every game of the roster, resolving ids in `catalog`.
pub fn grade_class(roster: &Roster, catalog: &Catalog, options: &Options) -> Vec<Row> {
    let mut rows = Vec::new();
    for (student, games) in &roster.students {
        for (game, reference) in games {
            let report = match (catalog.get(game), catalog.get(reference)) {
                (None, _) => Err(format!("the game {game:?} is not registered")),
                (_, None) => Err(format!("the reference {reference:?} is not registered")),
                (Some(c), Some(r)) => grade(c, r, options).map_err(|e| e.to_string()),
            };
            rows.push(Row {
                student: student.clone(),
                game: game.clone(),
                reference: reference.clone(),
                report,
            });
        }
    }
    rows
}

impl Row {
    /// The gradebook row.
    pub fn gradebook_row(&self) -> GradebookRow {
        let (s, g, r) = (&self.student, &self.game, &self.reference);
        match &self.report {
            Ok(report) => GradebookRow::graded(s, g, r, report),
            Err(e) => GradebookRow::failed(s, g, r, e),
        }
        .from_submission("registered")
    }
}

/// The gradebook as CSV: student, game, reference, the four parts, total, error, submission
/// (see [`crate::gradebook::COLUMNS`]).
pub fn gradebook_csv(rows: &[Row]) -> String {
    let rows: Vec<GradebookRow> = rows.iter().map(Row::gradebook_row).collect();
    to_csv(&rows)
}
