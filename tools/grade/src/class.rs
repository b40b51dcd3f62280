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
use crate::submission::{Source, Submission};
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
    /// More submissions: a folder of student repositories (GitHub Classroom's), graded after
    /// `submissions`.
    #[serde(default)]
    pub submissions_from: Option<SubmissionsFrom>,
    /// The deadline (`2026-12-01T23:59:00Z`): of each git submission, the last commit whose
    /// committer date is before it is graded and recorded.
    #[serde(default)]
    pub before: Option<String>,
}

/// Where more submissions come from.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum SubmissionsFrom {
    /// A folder of git repositories, one per student, named `<assignment>-<username>` as
    /// GitHub Classroom names them: the student is the username (also their `login`), the game
    /// is the repository's one game that the course does not register, graded against
    /// `reference` (default: the one game the course assigns).
    Classroom {
        /// The folder, relative to the roster's directory.
        dir: String,
        /// The assignment's name (the repositories' prefix).
        assignment: String,
        /// The reference game.
        #[serde(default)]
        reference: Option<String>,
    },
}

impl Roster {
    /// Every submission: `submissions`, then those of `submissions_from` (sorted by
    /// username), each with its game id found in its repository.
    ///
    /// # Errors
    /// A folder that does not read, an assignment without a reference, a deadline that is not
    /// a date and time.
    pub fn all_submissions(
        &self,
        roster_dir: &std::path::Path,
        course: &solitaire_files::Course,
        registered: &[String],
    ) -> Result<Vec<Submission>, String> {
        if let Some(before) = &self.before {
            check_deadline(before)?;
        }
        let mut all = self.submissions.clone();
        let Some(SubmissionsFrom::Classroom {
            dir,
            assignment,
            reference,
        }) = &self.submissions_from
        else {
            return Ok(all);
        };
        let reference = match reference {
            Some(r) => r.clone(),
            None if course.games.len() == 1 => {
                course.games.keys().next().cloned().unwrap_or_default()
            }
            None => {
                return Err(format!(
                    "submissions_from: Classroom needs a reference: the course assigns {} games",
                    course.games.len()
                ));
            }
        };
        let folder = roster_dir.join(dir);
        let prefix = format!("{assignment}-");
        let mut repos: Vec<(String, std::path::PathBuf)> = std::fs::read_dir(&folder)
            .map_err(|e| format!("{}: {e}", folder.display()))?
            .filter_map(Result::ok)
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let user = name.strip_prefix(&prefix)?.to_string();
                e.path()
                    .is_dir()
                    .then(|| (user, std::path::PathBuf::from(dir).join(&name)))
            })
            .collect();
        repos.sort();
        for (user, repo) in repos {
            let game =
                crate::submission::commit(&roster_dir.join(&repo), "HEAD", self.before.as_deref())
                    .and_then(|commit| {
                        crate::submission::game_ids(&roster_dir.join(&repo), &commit)
                    })
                    .map(|ids| {
                        let own: Vec<String> = ids
                            .into_iter()
                            .filter(|id| !registered.contains(id))
                            .collect();
                        match own.as_slice() {
                            [one] => one.clone(),
                            // No game of its own, or several: staging says why it is not taken.
                            _ => format!("{user}-{reference}"),
                        }
                    })
                    .unwrap_or_else(|_| format!("{user}-{reference}"));
            all.push(Submission {
                student: user.clone(),
                reference: Some(reference.clone()),
                game,
                source: Source::Git {
                    repo,
                    rev: "HEAD".into(),
                },
                login: Some(user),
                sis_id: None,
            });
        }
        Ok(all)
    }
}

/// A deadline as git and people read it: `YYYY-MM-DDTHH:MM:SSZ` (or with an offset).
fn check_deadline(text: &str) -> Result<(), String> {
    let b = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| {
        b.get(range)
            .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
    };
    let shaped = b.len() >= 20
        && digits(0..4)
        && b[4] == b'-'
        && digits(5..7)
        && b[7] == b'-'
        && digits(8..10)
        && b[10] == b'T'
        && digits(11..13)
        && b[13] == b':'
        && digits(14..16)
        && b[16] == b':'
        && digits(17..19)
        && (text[19..] == *"Z" || matches!(b[19], b'+' | b'-'));
    if shaped {
        Ok(())
    } else {
        Err(format!(
            "before: {text:?} is not a date and time like 2026-12-01T23:59:00Z"
        ))
    }
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
