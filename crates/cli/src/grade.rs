//! `sol grade`: grade a registered game against a reference game (see `solitaire_grader`), or
//! a whole class from a roster into a CSV gradebook.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use solitaire_core::Catalog;
use solitaire_grader::{Options, Roster, grade, grade_class, gradebook_csv};

use crate::output::{out, outln};

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
    /// Where to write the CSV gradebook of `--class` (default: standard output).
    #[arg(long, value_name = "FILE", requires = "class")]
    out: Option<String>,
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
    /// Print the report as JSON (for a gradebook).
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// Print the report as Markdown (for the student; the default).
    #[arg(long)]
    markdown: bool,
}

/// Run `sol grade`.
///
/// # Errors
/// An unknown game, a missing or malformed conformance file or roster, an unwritable file.
pub fn run(args: &GradeArgs, catalog: &Catalog) -> Result<(), String> {
    let mut options = Options {
        seeds: args.seeds,
        steps: args.steps,
        time_limit: Duration::from_millis(args.time_limit),
        ..Options::default()
    };
    if let Some(dir) = &args.conformance {
        options.conformance_dir = dir.clone();
    }
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
    let reference = find(args.reference.as_deref().unwrap_or(id))?;
    let report = grade(candidate, reference, &options).map_err(|e| e.to_string())?;
    if args.json {
        outln!("{}", report.to_json());
    } else {
        out!("{}", report.to_markdown());
    }
    Ok(())
}
