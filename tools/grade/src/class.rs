//! Grading a whole class in one run: a roster names each student's games and their
//! references; the result is a CSV gradebook, one row per student and game.
//!
//! ```ron
//! (
//!     students: {
//!         "Ada Lovelace": {"ada-bristol": "bristol"},
//!         "Alan Turing": {"alan-spider": "spider", "alan-penguin": "penguin"},
//!     },
//! )
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;
use solitaire_core::Catalog;
use thiserror::Error;

use crate::{Options, Report, grade};

/// Student name -> candidate game id -> reference game id.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Roster {
    /// Every student's games, each with the reference it is graded against.
    pub students: BTreeMap<String, BTreeMap<String, String>>,
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
        ron::from_str(text).map_err(|e| ClassError {
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

/// The gradebook as CSV: student, game, reference, the four parts, total, error.
pub fn gradebook_csv(rows: &[Row]) -> String {
    let mut out = String::from(
        "student,game,reference,layout,conformance,differential,robustness,total,error\n",
    );
    for row in rows {
        let mut fields = vec![row.student.clone(), row.game.clone(), row.reference.clone()];
        match &row.report {
            Ok(report) => {
                for id in ["layout", "conformance", "differential", "robustness"] {
                    fields.push(
                        report
                            .part(id)
                            .map_or(String::new(), |p| p.points.to_string()),
                    );
                }
                fields.push(report.total.to_string());
                fields.push(String::new());
            }
            Err(e) => {
                fields.extend(["", "", "", ""].map(String::from));
                fields.push("0".into());
                fields.push(e.clone());
            }
        }
        let line: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
