//! `sol grade`: grade a registered game against a reference game (see `solitaire_grader`), or
//! a whole class from a roster into a CSV gradebook (see `solitaire_grader::class::run`); under
//! a course, against the reference as the course configures it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use std::io::Write as _;

use clap::Args;
use solitaire_core::Catalog;
use solitaire_files::{Course, MAX_INPUT_BYTES, read_text_capped};
use solitaire_grader::class::gradebook;
use solitaire_grader::selfcheck::{SelfCheck, self_check};
use solitaire_grader::{ClassOptions, Finished, Options, Roster, grade, run_class};

use crate::output::out;

/// How a report is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// For the student.
    Markdown,
    /// The report as JSON.
    Json,
    /// Gradescope's `results.json`.
    Gradescope,
}

/// The arguments of `sol grade`.
#[derive(Args)]
pub struct GradeArgs {
    /// The candidate game id (the student's plugin, registered).
    #[arg(required_unless_present = "class", conflicts_with = "class")]
    candidate: Option<String>,
    /// The reference game id (default: the candidate's own id; in a starter repository,
    /// where the reference is absent, none: the game is self-checked).
    #[arg(long)]
    pub(crate) reference: Option<String>,
    /// In a starter repository, the assignment to self-check the game against, when the
    /// course assigns several (its public scenarios are `tests/public/<id>.ron`).
    #[arg(long, value_name = "ID", conflicts_with_all = ["reference", "without_reference", "class"], requires = "course")]
    pub(crate) assignment: Option<String>,
    /// Grade a game that has no reference (a student's own variant): its own scenarios
    /// (`<id>.ron` in the conformance directory) and the instructor's hidden ones (its own
    /// alone earn no points), the engine's properties (on walks that move, once the game is
    /// shown won), and robustness.
    #[arg(long, conflicts_with_all = ["reference", "class"])]
    without_reference: bool,
    /// Grade every student of this roster (RON) and write a CSV gradebook.
    #[arg(long, value_name = "ROSTER.ron")]
    class: Option<String>,
    /// Where to write the report (or the CSV gradebook of `--class`, again after each
    /// student), replacing the file atomically (default, or `-`: standard output, the
    /// gradebook once at the end).
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// Grade against the reference as this course configures it (its readings); with
    /// `--class`, the course of the class (instead of the roster's).
    #[arg(long, value_name = "COURSE.ron")]
    pub(crate) course: Option<PathBuf>,
    /// The instructor's hidden scenarios: `<reference id>.ron` files in the conformance
    /// format, counted in the conformance part; a report names only the rule each covers.
    #[arg(long, value_name = "DIR")]
    scenarios: Option<PathBuf>,
    /// Where to write each student's report (`<student>--<game>.md` and `.json`).
    #[arg(long, value_name = "DIR", requires = "class")]
    reports: Option<PathBuf>,
    /// Continue an interrupted `--class` run: keep the gradebook's rows, skip their students.
    #[arg(long, requires = "out", requires = "class")]
    resume: bool,
    /// Where submissions are built: the trusted build, the jail's root and the students'
    /// scratch directories (default: target/grade in the checkout `sol` was built from).
    #[arg(long, value_name = "DIR", requires = "class")]
    build_dir: Option<PathBuf>,
    /// The trusted checkout submissions are built against (default: the one `sol` was built
    /// from).
    #[arg(long, value_name = "DIR", requires = "class")]
    workspace: Option<PathBuf>,
    /// The address space of each student's grading process, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 1024)]
    memory_limit: u64,
    /// The wall-clock time each student's grade may take, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 900)]
    student_time_limit: u64,
    /// Let cargo use the network to fetch the crates a course allows (default: offline).
    #[arg(long)]
    online: bool,
    /// How submissions' code is confined: `strict` (namespaces, Landlock, seccomp, limits,
    /// a uid of its own; refused where the kernel lacks one) or `off` (a plain child
    /// process: for a single trusted game, and the report says so). Default: strict.
    #[arg(long, value_name = "MODE", requires = "class")]
    sandbox: Option<solitaire_grader::sandbox::Mode>,
    /// How many seeds the deal and differential parts use.
    #[arg(long, default_value_t = 10)]
    seeds: u64,
    /// The most moves of each differential walk.
    #[arg(long, default_value_t = 150)]
    steps: usize,
    /// The time limit of each check, in milliseconds.
    #[arg(long, default_value_t = 5000)]
    time_limit: u64,
    /// The directory of conformance files (default: the built-in games/*/conformance).
    #[arg(long, value_name = "DIR")]
    conformance: Option<PathBuf>,
    /// Write the report as JSON (for a gradebook; the default for an `--out` file ending in
    /// `.json`).
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// Write the report as Markdown (for the student; the default).
    #[arg(long)]
    markdown: bool,
    /// The report's format: `markdown` (the default), `json`, or `gradescope` (Gradescope's
    /// `results.json`: a test per part, the hidden scenarios shown after publishing). With
    /// `--class`, `gradescope` also writes each student's `<student>--<game>.results.json` in
    /// `--reports`.
    #[arg(long, value_name = "FORMAT", conflicts_with_all = ["json", "markdown"])]
    format: Option<Format>,
    /// With `--class`: write a Canvas gradebook import (CSV, a column per assignment, keyed
    /// by the roster's `sis_id` and `login`).
    #[arg(long, value_name = "FILE", requires = "class")]
    canvas: Option<PathBuf>,
    /// With `--class`: write a Moodle grade import (CSV, a column per assignment, keyed by the
    /// roster's `login` and `sis_id`).
    #[arg(long, value_name = "FILE", requires = "class")]
    moodle: Option<PathBuf>,
    /// With `--class`: where to write the similarity report (pairs of submissions, or of a
    /// submission and its reference, that share too much code, with the matching lines side
    /// by side; default: `similarity.md` beside the `--out` gradebook). The gradebook's `similarity`
    /// column links it.
    #[arg(long, value_name = "FILE", requires = "class")]
    similarity: Option<PathBuf>,
}

/// Run `sol grade`.
///
/// # Errors
/// An unknown game, a missing or malformed conformance file, roster or course (or a course
/// that does not assign the reference), a missing hidden scenarios directory, an unwritable
/// file.
pub fn run(args: &GradeArgs, catalog: &Catalog) -> Result<(), String> {
    let mut options = Options {
        seeds: args.seeds,
        steps: args.steps,
        time_limit: Duration::from_millis(args.time_limit),
        hidden_dir: args.scenarios.clone(),
        course_file: args.course.clone(),
        ..Options::default()
    };
    if let Some(dir) = &args.conformance {
        options.conformance_dir = dir.clone();
    }
    if let Some(file) = &args.class {
        return grade_class(args, options, Path::new(file), catalog);
    }
    let course = args
        .course
        .as_deref()
        .map(Course::read_file)
        .transpose()
        .map_err(|e| e.to_string())?;
    let configured = match (&course, &args.course) {
        (Some(course), Some(file)) => {
            crate::input::configure(course, &file.display().to_string(), catalog)?
        }
        _ => catalog.clone(),
    };
    let catalog = &configured;
    if let Some(course) = &course {
        options.follow(course);
    }
    let id = args.candidate.as_deref().unwrap_or_default();
    let find = |id: &str| {
        catalog
            .get(id)
            .ok_or_else(|| crate::grade_starter::unknown(id, catalog))
    };
    let candidate = find(id)?;
    if args.without_reference {
        let report = solitaire_grader::grade_variant(candidate, &options);
        return write_report(args, &report.map_err(|e| e.to_string())?);
    }
    if let Some(reference) = args
        .reference
        .as_deref()
        .filter(|r| catalog.get(r).is_none())
    {
        let absent = crate::grade_starter::Absent {
            id,
            reference,
            course_file: args.course.as_deref(),
            several: course.as_ref().is_some_and(|c| c.games.len() > 1),
        };
        let public = solitaire_conformance::public_dir();
        return Err(crate::grade_starter::not_here(&absent, &public, catalog));
    }
    if let (Some(course), Some(file)) = (&course, &args.course)
        && let Some(assignment) = crate::grade_starter::self_checked(args, course, id, catalog)?
    {
        let check = SelfCheck {
            checkout: solitaire_grader::build::trusted::built_from(),
            course: course.clone(),
            course_file: file.clone(),
            assignment,
        };
        let report = self_check(candidate, &check, &options).map_err(|e| e.to_string())?;
        return write_report(args, &report);
    }
    let reference_id = args.reference.as_deref().unwrap_or(id);
    if let (Some(course), Some(file)) = (&course, &args.course)
        && !course.assigns(reference_id)
    {
        return Err(crate::grade_starter::not_assigned(
            course,
            file,
            reference_id,
            args.reference.is_some(),
            catalog,
        ));
    }
    let reference = find(reference_id)?;
    let report = grade(candidate, reference, &options).map_err(|e| e.to_string())?;
    write_report(args, &report)
}

/// Write one report where and as `args` say.
fn write_report(args: &GradeArgs, report: &solitaire_grader::Report) -> Result<(), String> {
    let format = match args.format {
        Some(format) => format,
        None if args.json => Format::Json,
        None if args.markdown => Format::Markdown,
        None if args.out.as_deref().is_some_and(|f| f.ends_with(".json")) => Format::Json,
        None => Format::Markdown,
    };
    let text = match format {
        Format::Json => format!("{}\n", report.to_json()),
        Format::Markdown => report.to_markdown(),
        Format::Gradescope => format!(
            "{}\n",
            serde_json::to_string_pretty(&solitaire_grader::class::export::gradescope(report))
                .unwrap_or_default()
        ),
    };
    match &args.out {
        Some(out) => crate::out_file::write_whole("--out", Path::new(out), text.as_bytes())
            .map_err(|crate::Failure(e, _)| e),
        None => {
            out!("{text}");
            Ok(())
        }
    }
}

/// `sol grade --class`: the gradebook row by row, a progress line per student on standard
/// error.
fn grade_class(
    args: &GradeArgs,
    options: Options,
    file: &Path,
    catalog: &Catalog,
) -> Result<(), String> {
    let text =
        read_text_capped(file, MAX_INPUT_BYTES).map_err(|e| format!("{}: {e}", file.display()))?;
    let roster = Roster::parse(&file.display().to_string(), &text).map_err(|e| e.to_string())?;
    let mut class = ClassOptions::new(options);
    if let Some(dir) = &args.workspace {
        class.build_dir = dir.join("target").join("grade");
        class.workspace = dir.clone();
    }
    if let Some(dir) = &args.build_dir {
        class.build_dir = dir.clone();
    }
    // `--out -`: the gradebook is printed once, at the end.
    class.out = args
        .out
        .as_ref()
        .map(PathBuf::from)
        .filter(|out| !crate::out_file::is_stdout(out));
    class.course = args.course.clone();
    class.reports = args.reports.clone();
    class.resume = args.resume;
    class.offline = !args.online;
    class.limits.memory_bytes = args.memory_limit.saturating_mul(1 << 20);
    class.limits.student_seconds = args.student_time_limit;
    class.sandbox = args.sandbox.unwrap_or_default();
    class.gradescope = args.format == Some(Format::Gradescope);
    class.canvas = args.canvas.clone();
    class.moodle = args.moodle.clone();
    class.similarity = args.similarity.clone();
    if !roster.submissions.is_empty() || roster.submissions_from.is_some() {
        let protections = solitaire_grader::class::run::sandbox_in_force(&class)?;
        let _ = writeln!(std::io::stderr(), "sandbox: {protections}");
    }
    let rows = run_class(&roster, file, catalog, &class, &mut |f: &Finished| {
        let row = &f.row;
        let error = if row.error.is_empty() {
            String::new()
        } else {
            format!(": {}", row.error)
        };
        let runs = if f.runs > 1 {
            format!(", {} runs", f.runs)
        } else {
            String::new()
        };
        // Progress goes to standard error; a closed one does not stop the grading.
        let _ = writeln!(
            std::io::stderr(),
            "graded {} / {}: {} ({:.1} s{runs}){error}",
            row.student,
            row.game,
            row.total,
            f.time.as_secs_f64()
        );
    })
    .map_err(|e| e.to_string())?;
    if class.out.is_none() {
        out!("{}", gradebook::to_csv(&rows));
    }
    Ok(())
}
