//! `sol grade`: grade a registered game against a reference game (see `solitaire_grader`), or
//! a whole class from a roster into a CSV gradebook; under a course, against the reference as
//! the course configures it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use solitaire_core::files::write_atomic;
use solitaire_core::{Catalog, Course};
use solitaire_grader::{Options, Roster, grade, grade_class, gradebook_csv};

use crate::output::out;

/// The arguments of `sol grade`.
#[derive(Args)]
pub struct GradeArgs {
    /// The candidate game id (the student's plugin, registered).
    #[arg(required_unless_present = "class", conflicts_with = "class")]
    candidate: Option<String>,
    /// The reference game id (default: the candidate's own id).
    #[arg(long)]
    reference: Option<String>,
    /// Grade every student of this roster (RON) and write a CSV gradebook.
    #[arg(long, value_name = "ROSTER.ron")]
    class: Option<String>,
    /// Where to write the report (or the CSV gradebook of `--class`), replacing the file
    /// atomically (default: standard output).
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// Grade against the reference as this course configures it (its readings).
    #[arg(long, value_name = "COURSE.ron")]
    course: Option<PathBuf>,
    /// The instructor's hidden scenarios: `<reference id>.ron` files in the conformance
    /// format, counted in the conformance part; a report names only the rule each covers.
    #[arg(long, value_name = "DIR")]
    scenarios: Option<PathBuf>,
    /// How many seeds the deal and differential parts use.
    #[arg(long, default_value_t = 10)]
    seeds: u64,
    /// The most moves of each differential walk.
    #[arg(long, default_value_t = 150)]
    steps: usize,
    /// The time limit of each check, in milliseconds.
    #[arg(long, default_value_t = 5000)]
    time_limit: u64,
    /// The directory of conformance files (default: the built-in tests/conformance).
    #[arg(long, value_name = "DIR")]
    conformance: Option<PathBuf>,
    /// Write the report as JSON (for a gradebook; the default for an `--out` file ending in
    /// `.json`).
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// Write the report as Markdown (for the student; the default).
    #[arg(long)]
    markdown: bool,
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
    let course = args
        .course
        .as_deref()
        .map(Course::read_file)
        .transpose()
        .map_err(|e| e.to_string())?;
    let configured = match (&course, &args.course) {
        (Some(course), Some(file)) => course
            .configure(&file.display().to_string(), catalog)
            .map_err(|e| e.to_string())?,
        _ => catalog.clone(),
    };
    let catalog = &configured;
    if let Some(file) = &args.class {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let roster = Roster::parse(file, &text).map_err(|e| e.to_string())?;
        let csv = gradebook_csv(&grade_class(&roster, catalog, &options));
        return match &args.out {
            Some(out) => std::fs::write(out, csv).map_err(|e| format!("{out}: {e}")),
            None => {
                out!("{csv}");
                Ok(())
            }
        };
    }
    let id = args.candidate.as_deref().unwrap_or_default();
    let find = |id: &str| {
        catalog.get(id).ok_or_else(|| {
            let ids: Vec<&str> = catalog.games().iter().map(|g| g.id()).collect();
            format!("unknown game {id:?}; the games are: {}", ids.join(", "))
        })
    };
    let candidate = find(id)?;
    let reference_id = args.reference.as_deref().unwrap_or(id);
    if let (Some(course), Some(file)) = (&course, &args.course)
        && !course.assigns(reference_id)
    {
        return Err(format!(
            "{}: the course does not assign {reference_id:?}; it assigns: {}",
            file.display(),
            course.games.keys().cloned().collect::<Vec<_>>().join(", ")
        ));
    }
    let reference = find(reference_id)?;
    let report = grade(candidate, reference, &options).map_err(|e| e.to_string())?;
    let json =
        args.json || (!args.markdown && args.out.as_deref().is_some_and(|f| f.ends_with(".json")));
    let text = if json {
        format!("{}\n", report.to_json())
    } else {
        report.to_markdown()
    };
    match &args.out {
        Some(out) => {
            write_atomic(Path::new(out), text.as_bytes()).map_err(|e| format!("{out}: {e}"))
        }
        None => {
            out!("{text}");
            Ok(())
        }
    }
}
