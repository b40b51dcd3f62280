//! Grading a class from a roster, student by student: registered games in the grader's
//! process (as before), submissions from outside each copied into a scratch workspace
//! ([`crate::submission`], [`crate::manifest`], [`crate::scratch`]), built against the
//! trusted crates, and graded in a child process with limits ([`crate::child`]). After each
//! student the gradebook is written again, atomically, and the student's report is written;
//! `resume` skips the students the gradebook already has.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use solitaire_core::files::{MAX_INPUT_BYTES, read_text_capped};
use solitaire_core::{Catalog, Course, ReadingValues};

use crate::child::{Limits, grade_in_child};
use crate::class::{ClassError, Roster};
use crate::gradebook::{self, GradebookRow};
use crate::protocol::Job;
use crate::scratch::{self, BuildSettings};
use crate::submission::{self, Submission};
use crate::trusted::{self, Trusted};
use crate::{Options, grade};

/// How a class is graded and where everything goes.
#[derive(Clone, Debug)]
pub struct ClassOptions {
    /// How each game is graded (`grade.hidden_dir`: the instructor's hidden scenarios).
    pub grade: Options,
    /// The course file, instead of the roster's.
    pub course: Option<PathBuf>,
    /// The trusted checkout (engine, reference games, grader) submissions are built against.
    pub workspace: PathBuf,
    /// Where the scratch workspaces (`students/`) and the shared target directory
    /// (`target/`, unless `target_dir` says otherwise) go.
    pub build_dir: PathBuf,
    /// The target directory every submission's build shares.
    pub target_dir: Option<PathBuf>,
    /// The gradebook (CSV), written again after each student; `None`: only returned.
    pub out: Option<PathBuf>,
    /// Where each student's report goes (`<student>--<game>.md` and `.json`).
    pub reports: Option<PathBuf>,
    /// Keep the rows of `out` and skip the students it has.
    pub resume: bool,
    /// The limits of each student's runner.
    pub limits: Limits,
    /// Build without the network.
    pub offline: bool,
    /// The longest one build may take.
    pub build_timeout: Duration,
}

impl ClassOptions {
    /// Defaults: the checkout the grader was built from, builds in its `target/grade`,
    /// offline, default limits, no files written.
    pub fn new(grade: Options) -> ClassOptions {
        let workspace = trusted::built_from();
        ClassOptions {
            grade,
            course: None,
            build_dir: workspace.join("target").join("grade"),
            workspace,
            target_dir: None,
            out: None,
            reports: None,
            resume: false,
            limits: Limits::default(),
            offline: true,
            build_timeout: Duration::from_secs(1800),
        }
    }
}

/// One student's game, graded (or not, with the reason).
#[derive(Clone, Debug)]
pub struct Finished {
    /// The gradebook row.
    pub row: GradebookRow,
    /// How long it took.
    pub time: Duration,
    /// How many times the child process was started (0 for a registered game or a build
    /// that failed).
    pub runs: usize,
}

/// Grade every game of `roster` (read from `roster_file`), calling `progress` after each.
/// Returns the whole gradebook (resumed rows first).
///
/// # Errors
/// A course file or gradebook that does not read, an unusable trusted checkout, or a file
/// that cannot be written. A student's failure is that student's row, never an error.
pub fn run_class(
    roster: &Roster,
    roster_file: &Path,
    catalog: &Catalog,
    options: &ClassOptions,
    progress: &mut dyn FnMut(&Finished),
) -> Result<Vec<GradebookRow>, ClassError> {
    let roster_dir = roster_file
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let fail = |file: &Path, message: String| ClassError {
        file: file.display().to_string(),
        message,
    };
    let course_file = match (&options.course, &roster.course) {
        (Some(file), _) => Some(file.clone()),
        (None, Some(rel)) => Some(roster_dir.join(rel)),
        (None, None) => None,
    };
    let course = match &course_file {
        Some(file) => Course::read_file(file).map_err(|e| fail(file, e.to_string()))?,
        None => Course::default(),
    };
    if let Some(dir) = options.grade.hidden_dir.as_ref().filter(|d| !d.is_dir()) {
        let message = "the hidden scenarios directory does not exist".to_string();
        return Err(fail(dir, message));
    }
    let mut options = options.clone();
    if options.grade.course_file.is_none() {
        options.grade.course_file = course_file;
    }
    let options = &options;
    let mut rows = match (&options.out, options.resume) {
        (Some(out), true) if out.exists() => gradebook::read(out).map_err(|e| fail(out, e))?,
        (None, true) => return Err(fail(roster_file, "--resume needs a gradebook file".into())),
        _ => Vec::new(),
    };
    let done = |rows: &[GradebookRow], student: &str, game: &str| {
        rows.iter().any(|r| r.student == student && r.game == game)
    };
    let mut finish = |rows: &mut Vec<GradebookRow>, finished: Finished, report: Report| {
        if let Some(dir) = &options.reports {
            let (markdown, json) = match &report {
                Report::Graded { markdown, json } => (markdown.clone(), Some(json.as_str())),
                Report::Failed => (gradebook::failure_markdown(&finished.row), None),
            };
            gradebook::write_report(dir, &finished.row, &markdown, json)
                .map_err(|e| fail(dir, e))?;
        }
        rows.push(finished.row.clone());
        if let Some(out) = &options.out {
            gradebook::write(out, rows).map_err(|e| fail(out, e))?;
        }
        progress(&finished);
        Ok::<(), ClassError>(())
    };
    let setting = Setting {
        roster_dir,
        catalog,
        course: &course,
        options,
    };
    for (student, games) in &roster.students {
        for (game, reference) in games {
            if done(&rows, student, game) {
                continue;
            }
            let started = Instant::now();
            let (row, report) = setting.registered(student, game, reference);
            let finished = Finished {
                row,
                time: started.elapsed(),
                runs: 0,
            };
            finish(&mut rows, finished, report)?;
        }
    }
    let mut trusted = None;
    for sub in &roster.submissions {
        if done(&rows, &sub.student, &sub.game) {
            continue;
        }
        if trusted.is_none() {
            trusted =
                Some(Trusted::open(&options.workspace).map_err(|e| fail(&options.workspace, e))?);
        }
        let Some(trusted) = trusted.as_ref() else {
            continue;
        };
        let started = Instant::now();
        let graded = setting.submission(sub, trusted);
        let finished = Finished {
            row: graded.row,
            time: started.elapsed(),
            runs: graded.runs,
        };
        finish(&mut rows, finished, graded.report)?;
    }
    Ok(rows)
}

/// What a student sees.
enum Report {
    /// The report, in Markdown and JSON.
    Graded { markdown: String, json: String },
    /// The row's error says why there is none.
    Failed,
}

/// The readings the course chooses for `reference`.
fn readings(course: &Course, reference: &str) -> ReadingValues {
    course
        .games
        .get(reference)
        .map(|g| g.readings.clone())
        .unwrap_or_default()
}

/// What every student of one class run shares.
struct Setting<'a> {
    roster_dir: &'a Path,
    catalog: &'a Catalog,
    course: &'a Course,
    options: &'a ClassOptions,
}

struct Graded {
    row: GradebookRow,
    report: Report,
    runs: usize,
}

impl Setting<'_> {
    /// Grade a registered game in this process.
    fn registered(&self, student: &str, game: &str, reference: &str) -> (GradebookRow, Report) {
        let chosen = readings(self.course, reference);
        let graded = (|| {
            let refg = crate::readings::reference(self.catalog, reference, &chosen)?;
            let cand = self
                .catalog
                .get(game)
                .ok_or_else(|| format!("the game {game:?} is not registered"))?;
            let cand = crate::readings::candidate(cand, &chosen)?;
            grade(cand, refg, &self.options.grade).map_err(|e| e.to_string())
        })();
        let (row, report) = match graded {
            Ok(report) => (
                GradebookRow::graded(student, game, reference, &report),
                Report::Graded {
                    markdown: report.to_markdown(),
                    json: report.to_json(),
                },
            ),
            Err(e) => (
                GradebookRow::failed(student, game, reference, &e),
                Report::Failed,
            ),
        };
        (row.from_submission("registered"), report)
    }

    /// Build and grade a submission in a child process.
    fn submission(&self, sub: &Submission, trusted: &Trusted) -> Graded {
        let (student, game, reference) = (&sub.student, &sub.game, &sub.reference);
        let mut from = String::new();
        match self.build_and_grade(sub, trusted, &mut from) {
            Ok(graded) => Graded {
                row: GradebookRow::from_json(student, game, reference, &graded.report)
                    .from_submission(&from),
                report: Report::Graded {
                    markdown: graded.markdown,
                    json: serde_json::to_string_pretty(&graded.report).unwrap_or_default(),
                },
                runs: graded.runs,
            },
            Err(e) => Graded {
                row: GradebookRow::failed(student, game, reference, &e).from_submission(&from),
                report: Report::Failed,
                runs: 0,
            },
        }
    }

    /// Copy, check, build and grade one submission; `from` is set to where it came from.
    fn build_and_grade(
        &self,
        sub: &Submission,
        trusted: &Trusted,
        from: &mut String,
    ) -> Result<crate::child::Graded, String> {
        let options = self.options;
        let chosen = readings(self.course, &sub.reference);
        crate::readings::reference(self.catalog, &sub.reference, &chosen)?;
        let scenarios_file =
            solitaire_conformance::scenario_path(&options.grade.conformance_dir, &sub.reference);
        let scenarios = read_text_capped(&scenarios_file, MAX_INPUT_BYTES).map_err(|e| {
            format!(
                "the reference's conformance file {}: {e}",
                scenarios_file.display()
            )
        })?;
        let hidden = match &options.grade.hidden_dir {
            Some(dir) => {
                let file = solitaire_conformance::scenario_path(dir, &sub.reference);
                match read_text_capped(&file, MAX_INPUT_BYTES) {
                    Ok(text) => Some(text),
                    Err(_) if !file.exists() => None,
                    Err(e) => return Err(format!("{}: {e}", file.display())),
                }
            }
            None => None,
        };
        let name = GradebookRow::failed(&sub.student, &sub.game, "", "").report_name();
        let dir = options.build_dir.join("students").join(&name);
        let work = options.build_dir.join("checkouts").join(&name);
        for d in [&dir, &work] {
            if d.exists() {
                std::fs::remove_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
            }
        }
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let staged = submission::stage(&sub.source, self.roster_dir, &sub.game, &dir, &work);
        let _ = std::fs::remove_dir_all(&work);
        *from = staged.map_err(|e| format!("not taken: {e}"))?;
        let crate_dir = dir.join("games").join(&sub.game);
        let text = read_text_capped(&crate_dir.join("Cargo.toml"), MAX_INPUT_BYTES)
            .map_err(|e| format!("refused: games/{}/Cargo.toml: {e}", sub.game))?;
        let allowed = &self.course.allowed_crates;
        let manifest = crate::manifest::rewrite(&text, &crate_dir, allowed, trusted)
            .map_err(|e| format!("refused: {e}"))?;
        scratch::generate(&dir, &sub.game, &manifest, trusted)?;
        let settings = BuildSettings {
            target_dir: options
                .target_dir
                .clone()
                .unwrap_or_else(|| options.build_dir.join("target")),
            offline: options.offline,
            timeout: options.build_timeout,
        };
        let program =
            scratch::build(&dir, &settings, trusted).map_err(|e| format!("does not build: {e}"))?;
        let job = Job {
            game: sub.game.clone(),
            reference: sub.reference.clone(),
            readings: chosen,
            seeds: options.grade.seeds,
            steps: options.grade.steps,
            time_limit_ms: u64::try_from(options.grade.time_limit.as_millis()).unwrap_or(u64::MAX),
            scenarios,
            conformance_dir: options.grade.conformance_dir.clone(),
            hidden,
            hidden_dir: options.grade.hidden_dir.clone(),
            course_file: options.grade.course_file.clone(),
            known: Default::default(),
            skip_from: None,
            skip_reason: String::new(),
        };
        grade_in_child(&program, &dir.join("run"), job, &options.limits)
            .map_err(|e| format!("not graded: {e}"))
    }
}
