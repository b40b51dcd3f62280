//! Grading a class from a roster, student by student: registered games in the grader's
//! process (the course's own, trusted), submissions from outside each taken into a scratch
//! directory of its own ([`crate::intake::submission`], [`crate::intake`]: a git repository is read in
//! the student's sandbox, at a deadline the commit its records choose), checked
//! ([`crate::build::manifest`]), compiled into
//! an oracle in the student's sandbox ([`crate::build::compile`]) against the trusted build made
//! once ([`crate::build::prebuild`]), and graded by the judge, which asks the oracle one question
//! at a time ([`crate::oracle`]). After each student the gradebook is written again,
//! atomically, and the student's report is written; `resume` skips the students the
//! gradebook already has.
//!
//! ```text
//! <build>/trusted/            the trusted build (read-only to students)
//! <build>/jail/               where each sandbox builds its root (in its own mount namespace)
//! <build>/intake/empty.git/   the judge's empty repository git reads students' objects through
//! <build>/students/<name>/    one student's scratch directory (its own uid's)
//! ```

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use solitaire_conformance::ScenarioFile;
use solitaire_core::{Catalog, ReadingValues};
use solitaire_files::{Course, MAX_INPUT_BYTES, read_text_capped};

use crate::build::prebuild::{TrustedDeps, prebuild};
use crate::build::trusted::{self, Trusted};
use crate::class::failure::Failure;
use crate::class::gradebook::{self, GradebookRow};
use crate::class::jails::Jails;
use crate::class::roster::{ClassError, Roster};
use crate::intake::Deadline;
use crate::intake::submission::{self, Submission};
use crate::oracle::{Session, SessionHooks, Setup};
use crate::sandbox::{self, Grant, Mode, Mount, Protections, Target};
use crate::{Checkout, Options, Report, grade, grade_with};

/// The limits of each student's code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Address space of the oracle (`RLIMIT_AS`), in bytes: allocating beyond it fails, and
    /// Rust then aborts the process.
    pub memory_bytes: u64,
    /// Stack of the oracle's main thread (`RLIMIT_STACK`), in bytes; the student's code runs
    /// on it.
    pub stack_bytes: u64,
    /// CPU time of one oracle (`RLIMIT_CPU`), in seconds.
    pub cpu_seconds: u64,
    /// Processes and threads of the oracle's user (`RLIMIT_NPROC`).
    pub processes: u64,
    /// Wall-clock time for the whole student's grade (every oracle started for it), in
    /// seconds.
    pub student_seconds: u64,
    /// Wall-clock time to build the game from its layout in the oracle, in seconds.
    pub setup_seconds: u64,
    /// How many times the oracle is started again after it ended in the middle of a check.
    pub restarts: usize,
    /// Wall-clock time of the build of one student's crate, in seconds.
    pub build_seconds: u64,
    /// Wall-clock time to read one student's git repository (git's object server in the
    /// student's sandbox), in seconds; it counts in `student_seconds`.
    pub intake_seconds: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            memory_bytes: 1 << 30,
            stack_bytes: 8 << 20,
            cpu_seconds: 600,
            processes: 64,
            student_seconds: 900,
            setup_seconds: 60,
            restarts: 25,
            build_seconds: 300,
            intake_seconds: 60,
        }
    }
}

/// How a class is graded and where everything goes.
#[derive(Clone, Debug)]
pub struct ClassOptions {
    /// How each game is graded (`grade.hidden_dir`: the instructor's hidden scenarios).
    pub grade: Options,
    /// The course file, instead of the roster's.
    pub course: Option<PathBuf>,
    /// The trusted checkout (engine, reference games, grader) submissions are built against.
    pub workspace: PathBuf,
    /// Where the trusted build, the jail's root and the students' scratch directories go.
    pub build_dir: PathBuf,
    /// Cargo's target directory for the trusted build (default `<build>/trusted/target`).
    pub target_dir: Option<PathBuf>,
    /// The gradebook (CSV), written again after each student; `None`: only returned.
    pub out: Option<PathBuf>,
    /// Where each student's report goes (`<student>--<game>.md` and `.json`).
    pub reports: Option<PathBuf>,
    /// Keep the rows of `out` and skip the students it has.
    pub resume: bool,
    /// The limits of each student's code.
    pub limits: Limits,
    /// Build the trusted crates without the network.
    pub offline: bool,
    /// The longest the trusted build may take.
    pub build_timeout: Duration,
    /// How student code is confined.
    pub sandbox: Mode,
    /// The first uid given to a student when the judge runs as root (each student its own,
    /// counting up, skipping uids the system's user list has).
    pub uid_base: u32,
    /// Also write each report as Gradescope's `results.json` (`<student>--<game>.results.json`
    /// in `reports`).
    pub gradescope: bool,
    /// A Canvas gradebook import to write (see [`crate::class::export::canvas_csv`]).
    pub canvas: Option<PathBuf>,
    /// A Moodle grade import to write (see [`crate::class::export::moodle_csv`]).
    pub moodle: Option<PathBuf>,
    /// Where the similarity report goes (see [`crate::class::copies`]; default: `similarity.md`
    /// beside the gradebook, never among the students' reports: it quotes the references).
    pub similarity: Option<PathBuf>,
}

impl ClassOptions {
    /// Defaults: the checkout the grader was built from, builds in its `target/grade`,
    /// offline, default limits, the strict sandbox, no files written.
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
            sandbox: Mode::Strict,
            uid_base: 61_000,
            gradescope: false,
            canvas: None,
            moodle: None,
            similarity: None,
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
    /// How many times the student's oracle was started (0 for a registered game or a
    /// submission that did not build).
    pub runs: usize,
}

/// The protections the class's sandbox mode has here, in words.
///
/// # Errors
/// Strict mode on a machine that lacks a protection: what is missing.
pub fn sandbox_in_force(options: &ClassOptions) -> Result<String, String> {
    match options.sandbox {
        Mode::Off => Ok(
            "off: student code runs as a plain child process with resource \
                         limits only (for a single trusted game, never a class)"
                .into(),
        ),
        Mode::Strict => {
            let found = Protections::probe(&options.build_dir.join("jail"));
            let missing = found.missing();
            if missing.is_empty() {
                Ok(format!("strict: {}", found.describe()))
            } else {
                Err(format!(
                    "the strict sandbox cannot run here: missing {}; `--sandbox off` grades \
                     without it, for a trusted game only",
                    missing.join("; ")
                ))
            }
        }
    }
}

/// Grade every game of `roster` (read from `roster_file`), calling `progress` after each.
/// Returns the whole gradebook (resumed rows first).
///
/// # Errors
/// A course file or gradebook that does not read, an unusable trusted checkout, a strict
/// sandbox this machine cannot give, a trusted build that fails, or a file that cannot be
/// written. A student's failure is that student's row, never an error.
pub fn run_class(
    roster: &Roster,
    roster_file: &Path,
    catalog: &Catalog,
    options: &ClassOptions,
    progress: &mut dyn FnMut(&Finished),
) -> Result<Vec<GradebookRow>, ClassError> {
    let roster_dir = crate::class::roster::roster_dir(roster_file);
    let course_file = match (&options.course, &roster.course) {
        (Some(file), _) => Some(file.clone()),
        (None, Some(rel)) => Some(roster_dir.join(rel)),
        (None, None) => None,
    };
    let course = match &course_file {
        Some(file) => Course::read_file(file).map_err(|e| ClassError::at(file, e.to_string()))?,
        None => Course::default(),
    };
    if let Some(dir) = options.grade.hidden_dir.as_ref().filter(|d| !d.is_dir()) {
        let message = "the hidden scenarios directory does not exist".to_string();
        return Err(ClassError::at(dir, message));
    }
    let mut options = options.clone();
    if options.grade.course_file.is_none() {
        options.grade.course_file = course_file;
    }
    options.grade.follow(&course);
    let options = &options;
    let mut rows = match (&options.out, options.resume) {
        (Some(out), true) if out.exists() => {
            gradebook::read(out).map_err(|e| ClassError::at(out, e))?
        }
        (None, true) => {
            return Err(ClassError::at(
                roster_file,
                "--resume needs a gradebook file",
            ));
        }
        _ => Vec::new(),
    };
    let done = |rows: &[GradebookRow], student: &str, game: &str| {
        rows.iter().any(|r| r.student == student && r.game == game)
    };
    let mut finish = |rows: &mut Vec<GradebookRow>, finished: Finished, report: Option<Report>| {
        if let Some(dir) = &options.reports {
            let (markdown, json) = match &report {
                Some(report) => (report.to_markdown(), Some(report.to_json())),
                None => (gradebook::failure_markdown(&finished.row), None),
            };
            gradebook::write_report(dir, &finished.row, &markdown, json.as_deref())
                .map_err(|e| ClassError::at(dir, e))?;
            if options.gradescope {
                let results = match &report {
                    Some(report) => crate::class::export::gradescope(report),
                    None => crate::class::export::gradescope_failure(&finished.row),
                };
                let path = dir.join(format!("{}.results.json", finished.row.report_name()));
                solitaire_files::write_atomic(
                    &path,
                    serde_json::to_string_pretty(&results)
                        .unwrap_or_default()
                        .as_bytes(),
                )
                .map_err(|e| ClassError::at(&path, e.to_string()))?;
            }
        }
        rows.push(finished.row.clone());
        if let Some(out) = &options.out {
            gradebook::write(out, rows).map_err(|e| ClassError::at(out, e))?;
        }
        progress(&finished);
        Ok::<(), ClassError>(())
    };
    crate::class::hidden::check(roster, &course, catalog, options)
        .map_err(|(file, e)| ClassError::at(&file, e))?;
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
    let registered: Vec<String> = catalog.games().iter().map(|g| g.id().to_string()).collect();
    let deadline = roster
        .deadline(roster_dir, &course)
        .map_err(|e| ClassError::at(roster_file, e))?;
    let jails = if roster.submissions.is_empty() && roster.submissions_from.is_none() {
        None
    } else {
        Some(Jails::prepare(options, roster_dir)?)
    };
    let intake_time = Duration::from_secs(options.limits.student_seconds);
    let submissions = roster
        .all_submissions(
            roster_dir,
            &course,
            &registered,
            &mut |index, path, shown| {
                let jails = jails.as_ref().ok_or("no sandbox")?;
                let jail = jails.git(index, intake_time);
                submission::game_ids(path, shown, "HEAD", &jail, deadline.as_ref())
            },
        )
        .map_err(|e| ClassError::at(roster_file, e))?;
    let mut house = None;
    for (index, sub) in submissions.iter().enumerate() {
        if done(&rows, &sub.student, &sub.game) {
            continue;
        }
        let Some(jails) = &jails else {
            continue;
        };
        if house.is_none() {
            house = Some(House::prepare(options, &course, jails.clone())?);
        }
        let Some(house) = house.as_ref() else {
            continue;
        };
        let started = Instant::now();
        let graded = setting.submission(sub, house, index, deadline.as_ref());
        let finished = Finished {
            row: graded.row,
            time: started.elapsed(),
            runs: graded.runs,
        };
        finish(&mut rows, finished, graded.report)?;
    }
    // Beside the gradebook, not among the students' reports: it quotes the references.
    let report = options.similarity.clone().or_else(|| {
        options
            .out
            .as_ref()
            .map(|out| out.with_file_name("similarity.md"))
    });
    let before_copies = rows.clone();
    crate::class::copies::detect(
        &options.workspace,
        &options.build_dir,
        &submissions,
        &mut rows,
        report.as_deref(),
    )
    .map_err(|(file, e)| ClassError::at(&file, e))?;
    // Written again only where the comparison filled a cell (a FIFO is read once per write).
    if let Some(out) = options.out.as_ref().filter(|_| rows != before_copies) {
        gradebook::write(out, &rows).map_err(|e| ClassError::at(out, e))?;
    }
    crate::class::export::write(options, roster, &submissions, &rows)
        .map_err(|(file, e)| ClassError::at(&file, e))?;
    Ok(rows)
}

/// What every submission of one class run shares: the trusted checkout and build, and the
/// sandboxes every student's code runs in.
struct House {
    trusted: Trusted,
    deps: TrustedDeps,
    jails: Jails,
}

impl House {
    fn prepare(options: &ClassOptions, course: &Course, jails: Jails) -> Result<House, ClassError> {
        let trusted =
            Trusted::open(&options.workspace).map_err(|e| ClassError::at(&options.workspace, e))?;
        let trusted_dir = options.build_dir.join("trusted");
        let target_dir = options
            .target_dir
            .clone()
            .unwrap_or_else(|| trusted_dir.join("target"));
        let deps = prebuild(
            &trusted,
            &course.allowed_crates,
            &trusted_dir,
            &target_dir,
            options.offline,
            options.build_timeout,
        )
        .map_err(|e| ClassError::at(&trusted_dir, e))?;
        Ok(House {
            trusted,
            deps,
            jails,
        })
    }
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
    report: Option<Report>,
    runs: usize,
}

impl Setting<'_> {
    /// Grade a registered game (the course's own, trusted code) in this process.
    fn registered(
        &self,
        student: &str,
        game: &str,
        reference: &str,
    ) -> (GradebookRow, Option<Report>) {
        let chosen = self.course.readings_of(reference);
        let graded = (|| {
            let refg = crate::judge::readings::reference(self.catalog, reference, &chosen)?;
            let cand = self
                .catalog
                .get(game)
                .ok_or_else(|| format!("the game {game:?} is not registered"))?;
            let cand = crate::judge::readings::candidate(cand, &chosen)?;
            grade(cand, refg, &self.options.grade).map_err(|e| e.to_string())
        })();
        let (row, report) = match graded {
            Ok(report) => (
                GradebookRow::graded(student, game, reference, &report),
                Some(report),
            ),
            Err(e) => (GradebookRow::failed(student, game, reference, &e), None),
        };
        (row.from_submission("registered"), report)
    }

    /// Build and grade a submission.
    fn submission(
        &self,
        sub: &Submission,
        house: &House,
        index: usize,
        deadline: Option<&Deadline>,
    ) -> Graded {
        let (student, game, reference) = (&sub.student, &sub.game, sub.assignment());
        let mut from = String::new();
        let mut runs = 0;
        let graded = self.build_and_grade(sub, house, index, deadline, &mut from, &mut runs);
        // Only the sources stay: the similarity report reads them once the class is done.
        let scratch = self.scratch(sub);
        for built in ["out", "tmp"] {
            let _ = std::fs::remove_dir_all(scratch.join(built));
        }
        match graded {
            Ok(mut report) => {
                if house.jails.jail.mode == Mode::Off {
                    report.notes.push(
                        "Graded without a sandbox (`--sandbox off`): the submission's code ran \
                         as a plain child process of the grader."
                            .into(),
                    );
                }
                Graded {
                    row: GradebookRow::graded(student, game, reference, &report)
                        .from_submission(&from),
                    report: Some(report),
                    runs,
                }
            }
            Err(e) => Graded {
                row: GradebookRow::failed(student, game, reference, &e.to_string())
                    .from_submission(&from),
                report: None,
                runs,
            },
        }
    }

    /// The student's scratch directory: its sources, its build's output and its `/tmp`.
    fn scratch(&self, sub: &Submission) -> PathBuf {
        let name = GradebookRow::failed(&sub.student, &sub.game, "", "").report_name();
        self.options.build_dir.join("students").join(name)
    }

    /// Copy, check, build and grade one submission; `from` is set to where it came from,
    /// `runs` to how many oracles were started.
    fn build_and_grade(
        &self,
        sub: &Submission,
        house: &House,
        index: usize,
        deadline: Option<&Deadline>,
        from: &mut String,
        runs: &mut usize,
    ) -> Result<Report, Failure> {
        let options = self.options;
        let (chosen, reference, public) = match &sub.reference {
            Some(id) => {
                let chosen = self.course.readings_of(id);
                let reference = crate::judge::readings::reference(self.catalog, id, &chosen)
                    .map_err(Failure::Grader)?;
                (
                    chosen,
                    Some(reference),
                    Some(scenarios(&options.grade, id).map_err(Failure::Grader)?),
                )
            }
            None => (ReadingValues::default(), None, None),
        };
        // A variant's hidden scenarios are filed under its own game id.
        let hidden =
            crate::class::hidden::read(&options.grade, sub.reference.as_ref().unwrap_or(&sub.game))
                .map_err(Failure::Grader)?;
        let started = Instant::now();
        let budget = Duration::from_secs(options.limits.student_seconds);
        let dir = self.scratch(sub);
        if std::fs::symlink_metadata(&dir).is_ok() {
            std::fs::remove_dir_all(&dir).map_err(|e| grader_io(&dir, e))?;
        }
        std::fs::create_dir_all(&dir).map_err(|e| grader_io(&dir, e))?;
        let limits = &options.limits;
        let git = house.jails.git(index, budget);
        let staged = submission::stage(
            &sub.source,
            self.roster_dir,
            &sub.game,
            &dir,
            &git,
            deadline,
        );
        *from = staged.map_err(Failure::NotTaken)?;
        // Read before any of the student's code is compiled or run.
        let own = submission::own_scenarios(&dir, &sub.game);
        let plan = crate::build::checks::refusals(
            &dir,
            &sub.game,
            crate::build::checks::Files::Staged(&dir),
            &self.course.allowed_crates,
            &house.trusted,
        )
        .map_err(Failure::Refused)?;
        for sub_dir in ["out", "tmp"] {
            let d = dir.join(sub_dir);
            std::fs::create_dir_all(&d).map_err(|e| grader_io(&d, e))?;
        }
        let mut jail = house.jails.jail.clone();
        jail.user = house.jails.user(index);
        if let Some((uid, gid)) = jail.user {
            give(&dir, uid, gid).map_err(Failure::Grader)?;
        }
        let oracle = crate::build::compile::compile(
            &jail,
            &dir,
            &sub.game,
            &plan,
            &house.deps,
            Duration::from_secs(limits.build_seconds).min(left(started, budget)?),
        )
        .map_err(Failure::DoesNotBuild)?;
        jail.mounts = vec![Mount {
            host: dir.clone(),
            jail: "/work".into(),
            grant: Grant::Read,
        }];
        let seen = |p: &Path| jail.path(p).unwrap_or_else(|| p.to_path_buf());
        let target = Target {
            program: seen(&oracle),
            args: Vec::new(),
            workdir: seen(&dir),
            env: vec![("RUST_BACKTRACE".into(), "0".into())],
            limits: sandbox::Limits {
                address_space: limits.memory_bytes,
                cpu_seconds: limits.cpu_seconds,
                file_bytes: 1 << 20,
                processes: limits.processes,
                open_files: 64,
                stack_bytes: limits.stack_bytes,
            },
        };
        let setup = Setup {
            jail,
            target,
            game: sub.game.clone(),
            readings: chosen,
            setup_limit: Duration::from_secs(limits.setup_seconds),
            answer_limit: options.grade.time_limit * 2 + Duration::from_secs(1),
            budget: left(started, budget)?,
            restarts: limits.restarts,
        };
        let (session, built) = Session::open(setup).map_err(Failure::NotGraded)?;
        let candidate = crate::oracle::remote::candidate(session.clone(), &sub.game, &built)
            .map_err(Failure::NotGraded);
        let hooks = Some(Box::new(SessionHooks(session.clone())) as Box<dyn crate::CheckHooks>);
        // The student reads the report in a starter repository, without the reference.
        let grade = Options {
            checkout: Checkout::starter(),
            ..options.grade.clone()
        };
        let report = candidate.map(|candidate| match (reference, public) {
            (Some(reference), Some(public)) => {
                grade_with(candidate, reference, &grade, public, hidden, own, hooks)
            }
            // A variant's own scenarios are its public ones: run against itself.
            _ => crate::grade_alone(
                candidate,
                &grade,
                crate::PublicScenarios::Own(own.and_then(Result::ok)),
                hidden,
                hooks,
            ),
        });
        *runs = session.starts();
        session.retire();
        report
    }
}

/// What is left of a student's time `budget` since `started` (taking the submission,
/// building it, its oracles); none left is the student's failure.
fn left(started: Instant, budget: Duration) -> Result<Duration, Failure> {
    match budget.checked_sub(started.elapsed()) {
        Some(left) if !left.is_zero() => Ok(left),
        _ => Err(Failure::NotGraded(format!(
            "over the student's time budget of {} s",
            budget.as_secs()
        ))),
    }
}

/// A file of the grader's own that could not be made or removed.
fn grader_io(path: &Path, e: std::io::Error) -> Failure {
    Failure::Grader(format!("{}: {e}", path.display()))
}

/// The reference's public scenarios.
fn scenarios(options: &Options, reference: &str) -> Result<ScenarioFile, String> {
    let file = solitaire_conformance::scenario_path(&options.conformance_dir, reference);
    let text = read_text_capped(&file, MAX_INPUT_BYTES)
        .map_err(|e| format!("the reference's conformance file {}: {e}", file.display()))?;
    ScenarioFile::parse(&file.display().to_string(), &text).map_err(|e| e.to_string())
}

/// Give the scratch directory `dir` (and everything in it) to the student's uid and gid, and
/// make it the student's alone.
fn give(dir: &Path, uid: u32, gid: u32) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let io = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
    std::os::unix::fs::lchown(dir, Some(uid), Some(gid)).map_err(|e| io(dir, e))?;
    let meta = std::fs::symlink_metadata(dir).map_err(|e| io(dir, e))?;
    if meta.is_dir() {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
            .map_err(|e| io(dir, e))?;
        for entry in std::fs::read_dir(dir).map_err(|e| io(dir, e))? {
            let entry = entry.map_err(|e| io(dir, e))?;
            give(&entry.path(), uid, gid)?;
        }
    }
    Ok(())
}
