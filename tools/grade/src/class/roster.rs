//! Grading a whole class in one run: a roster names each student's games and their
//! references; the result is a CSV gradebook, one row per student and game.
//!
//! Games registered in the grader's own workspace are named in `students` (graded in the
//! grader's process, as [`grade_class`] does); submissions from outside, each built and
//! graded through an oracle in a sandbox of its own (see [`crate::class::run`]), in `submissions`. An
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
//!     // Of each git submission, the commit of its latest record at or before the deadline:
//!     // the collection log `sol course collect` appends to, GitHub's push logs.
//!     before: "2026-12-01T23:59:00Z",
//!     collected: "collected.csv",
//!     pushes: "pushes",
//! )
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use solitaire_core::Catalog;
use thiserror::Error;

use crate::class::gradebook::{GradebookRow, to_csv};
use crate::intake::Deadline;
use crate::intake::submission::{Source, Submission};
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
    /// The deadline (`2026-12-01T23:59:00Z`): of each git submission, the commit of its latest
    /// record at or before it (in `collected` or `pushes`) is graded and recorded.
    #[serde(default)]
    pub before: Option<String>,
    /// The collection log (relative to the roster's directory) that `sol course collect`
    /// appends to: when each repository's revision named which commit, by the judge's clock.
    #[serde(default)]
    pub collected: Option<String>,
    /// A folder (relative to the roster's directory) of GitHub push logs, one per repository
    /// (`<repository name>.json`, as `gh api --paginate repos/ORG/REPO/activity` writes it).
    #[serde(default)]
    pub pushes: Option<String>,
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
        /// GitHub Classroom's roster export (`classroom_roster.csv`, relative to the roster's
        /// directory), which gives each username its identifier (the exports' `sis_id`) and
        /// the student's name (the exports' name).
        #[serde(default)]
        roster: Option<String>,
    },
}

/// How the game ids of a repository are found: given its submission's index, its path and its
/// name as the roster gives it.
pub type GameIds<'a> = dyn FnMut(usize, &Path, &str) -> Result<Vec<String>, String> + 'a;

/// A repository of the classroom folder: its student's username and its path as the roster
/// names it (`<dir>/<assignment>-<username>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repository {
    /// The student's username.
    pub user: String,
    /// The repository, relative to the roster's directory.
    pub path: PathBuf,
}

impl Roster {
    /// The deadline with the records that choose each git submission's commit at it: the
    /// roster's `before`, or else the course's `due`; none without either, or where the roster
    /// has no git submission (a directory is graded as it is).
    ///
    /// # Errors
    /// A deadline that is not a date and time; for git submissions, no record named or a log
    /// that does not read.
    pub fn deadline(
        &self,
        roster_dir: &Path,
        course: &solitaire_files::Course,
    ) -> Result<Option<Deadline>, String> {
        let (at, field) = match (&self.before, &course.due) {
            (Some(before), _) => (before, "before"),
            (None, Some(due)) => (due, "the course's due"),
            (None, None) => return Ok(None),
        };
        if !self.has_git() {
            crate::intake::clock::Moment::parse(at).map_err(|e| format!("{field}: {e}"))?;
            return Ok(None);
        }
        Deadline::load(
            at,
            field,
            roster_dir,
            self.collected.as_deref(),
            self.pushes.as_deref(),
        )
        .map(Some)
    }

    /// Whether any submission is a git repository: a listed one, or the classroom folder's.
    fn has_git(&self) -> bool {
        self.submissions_from.is_some()
            || self
                .submissions
                .iter()
                .any(|s| matches!(s.source, Source::Git { .. }))
    }

    /// The repositories of the classroom folder, by username.
    ///
    /// # Errors
    /// A folder that does not read.
    pub fn classroom(&self, roster_dir: &Path) -> Result<Vec<Repository>, String> {
        let Some(SubmissionsFrom::Classroom {
            dir, assignment, ..
        }) = &self.submissions_from
        else {
            return Ok(Vec::new());
        };
        let folder = roster_dir.join(dir);
        let prefix = format!("{assignment}-");
        let mut repos: Vec<Repository> = std::fs::read_dir(&folder)
            .map_err(|e| format!("{}: {e}", folder.display()))?
            .filter_map(Result::ok)
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let user = name.strip_prefix(&prefix)?.to_string();
                e.path().is_dir().then(|| Repository {
                    user,
                    path: PathBuf::from(dir).join(&name),
                })
            })
            .collect();
        repos.sort_by(|a, b| a.user.cmp(&b.user));
        Ok(repos)
    }

    /// Every git repository of the roster with its revision, as the roster names them, and
    /// the index its submission has among all of them: the git `submissions`, then the
    /// classroom folder's (at `HEAD`).
    ///
    /// # Errors
    /// A folder that does not read.
    pub fn git_sources(&self, roster_dir: &Path) -> Result<Vec<(usize, PathBuf, String)>, String> {
        let mut all: Vec<(usize, PathBuf, String)> = self
            .submissions
            .iter()
            .enumerate()
            .filter_map(|(index, s)| match &s.source {
                Source::Git { repo, rev } => Some((index, repo.clone(), rev.clone())),
                Source::Dir(_) => None,
            })
            .collect();
        let first = self.submissions.len();
        all.extend(
            self.classroom(roster_dir)?
                .into_iter()
                .enumerate()
                .map(|(i, r)| (first + i, r.path, "HEAD".to_string())),
        );
        Ok(all)
    }

    /// The reference the classroom folder's games are graded against, if the roster has one:
    /// its own, or the course's one assigned game.
    ///
    /// # Errors
    /// A classroom folder without a reference, of a course that assigns several games.
    pub fn classroom_reference(
        &self,
        course: &solitaire_files::Course,
    ) -> Result<Option<String>, String> {
        let Some(SubmissionsFrom::Classroom { reference, .. }) = &self.submissions_from else {
            return Ok(None);
        };
        match reference {
            Some(r) => Ok(Some(r.clone())),
            None if course.games.len() == 1 => Ok(course.games.keys().next().cloned()),
            None => Err(format!(
                "submissions_from: Classroom needs a reference: the course assigns {} games",
                course.games.len()
            )),
        }
    }

    /// Every reference game the roster grades against: the registered students', the
    /// submissions', the classroom folder's.
    ///
    /// # Errors
    /// As [`Roster::classroom_reference`].
    pub fn references(
        &self,
        course: &solitaire_files::Course,
    ) -> Result<std::collections::BTreeSet<String>, String> {
        let mut all: std::collections::BTreeSet<String> = self
            .students
            .values()
            .flat_map(|g| g.values().cloned())
            .collect();
        all.extend(self.submissions.iter().filter_map(|s| s.reference.clone()));
        all.extend(self.classroom_reference(course)?);
        Ok(all)
    }

    /// Every submission: `submissions`, then those of `submissions_from` (sorted by
    /// username), each with its game id found in its repository by `game_ids` (given the
    /// submission's index, the repository's path and its name as the roster gives it): the
    /// repository's one game that is not `registered`.
    ///
    /// # Errors
    /// A folder that does not read, an assignment without a reference.
    pub fn all_submissions(
        &self,
        roster_dir: &Path,
        course: &solitaire_files::Course,
        registered: &[String],
        game_ids: &mut GameIds<'_>,
    ) -> Result<Vec<Submission>, String> {
        let mut all = self.submissions.clone();
        let Some(reference) = self.classroom_reference(course)? else {
            return Ok(all);
        };
        let known = match &self.submissions_from {
            Some(SubmissionsFrom::Classroom {
                roster: Some(file), ..
            }) => crate::class::classroom::read(&roster_dir.join(file))
                .map_err(|e| format!("{file}: {e}"))?,
            _ => Default::default(),
        };
        for Repository { user, path } in self.classroom(roster_dir)? {
            let student = known.get(&user.to_lowercase()).cloned().unwrap_or_default();
            let shown = path.display().to_string();
            let own: Vec<String> = game_ids(all.len(), &roster_dir.join(&path), &shown)
                .unwrap_or_default()
                .into_iter()
                .filter(|id| !registered.contains(id))
                .collect();
            let game = match own.as_slice() {
                [one] => one.clone(),
                // No game of its own, or several: staging says why it is not taken.
                _ => format!("{user}-{reference}"),
            };
            all.push(Submission {
                student: user.clone(),
                reference: Some(reference.clone()),
                game,
                source: Source::Git {
                    repo: path,
                    rev: "HEAD".into(),
                },
                login: Some(user),
                sis_id: student.identifier,
                name: student.name,
            });
        }
        Ok(all)
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

impl ClassError {
    /// The error `message` about `file`.
    pub fn at(file: &Path, message: impl Into<String>) -> ClassError {
        ClassError {
            file: file.display().to_string(),
            message: message.into(),
        }
    }
}

/// The directory a roster file's relative paths start from: the file's own, or `.`.
pub fn roster_dir(roster_file: &Path) -> &Path {
    roster_file
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
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
/// (see [`crate::class::gradebook::COLUMNS`]).
pub fn gradebook_csv(rows: &[Row]) -> String {
    let rows: Vec<GradebookRow> = rows.iter().map(Row::gradebook_row).collect();
    to_csv(&rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roster(text: &str) -> Roster {
        Roster::parse("roster.ron", text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_course_due_date_is_the_deadline_and_needs_records_only_for_git_submissions() {
        let course = solitaire_files::Course::parse(
            "course.ron",
            r#"(games: {"bristol": ()}, due: "2026-12-01T23:59:00Z")"#,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let here = Path::new(".");
        let at = |r: &Roster| {
            r.deadline(here, &course)
                .map(|d| d.map(|d| d.at.to_string()))
        };
        let dirs = roster(
            r#"(submissions: [(student: "A", reference: "bristol", game: "a-bristol",
                source: Dir("a"))])"#,
        );
        assert_eq!(at(&dirs), Ok(None));
        let git = r#"(submissions: [(student: "A", reference: "bristol", game: "a-bristol",
            source: Git(repo: "a.git", rev: "main"))]"#;
        let unrecorded = at(&roster(&format!("{git})")));
        assert!(
            unrecorded
                .as_ref()
                .is_err_and(|e| e.starts_with("the course's due: a deadline for git")),
            "{unrecorded:?}"
        );
        let recorded = roster(&format!("{git}, collected: \"no-such-log.csv\")"));
        assert_eq!(at(&recorded), Ok(Some("2026-12-01T23:59:00Z".into())));
        // The roster's own deadline comes first.
        let own = roster(&format!(
            "{git}, collected: \"no-such-log.csv\", before: \"2026-11-30T12:00:00Z\")"
        ));
        assert_eq!(at(&own), Ok(Some("2026-11-30T12:00:00Z".into())));
        let mut wrong = course.clone();
        wrong.due = Some("tomorrow".into());
        assert!(
            dirs.deadline(here, &wrong)
                .is_err_and(|e| e.starts_with("the course's due: "))
        );
    }
}
