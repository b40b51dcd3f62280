//! `sol course`: an instructor's course kit. `sol course starter` writes the repository
//! students clone (see `solitaire_grader::course::starter`); `sol course collect` records, at the
//! deadline, which commit each git submission's revision names (see
//! `solitaire_grader::class::collect`).

use std::io::Write as _;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use solitaire_core::Catalog;
use solitaire_files::{Course, MAX_INPUT_BYTES, read_text_capped};
use solitaire_grader::{ClassOptions, Options, Roster};

/// The arguments of `sol course`.
#[derive(Args)]
pub struct CourseArgs {
    #[command(subcommand)]
    command: CourseCommand,
}

#[derive(Subcommand)]
enum CourseCommand {
    /// Write the starter repository students clone: a git repository with one commit, with
    /// the engine, `sol` (the scaffolder and the grader), the docs and, as examples, the games
    /// the course does not assign (but those that use a crate it does not allow), and for
    /// each assigned game its rules, handout and public scenarios, but not its reference.
    /// Says on standard error what it left out.
    Starter {
        /// The course file.
        #[arg(long, value_name = "COURSE.ron")]
        course: PathBuf,
        /// The new directory to write it in.
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
    /// Record, by this machine's clock, which commit each git submission of the roster names
    /// now (run it at the deadline, after pulling every repository): a line per repository
    /// appended to the collection log, which `before:` grades by. Each repository is read by
    /// git in a sandbox of its own.
    Collect {
        /// The roster.
        roster: PathBuf,
        /// The collection log to append to (default: the roster's `collected:`).
        #[arg(long, value_name = "FILE")]
        log: Option<PathBuf>,
        /// How git is confined: `strict` (the default; refused where the kernel lacks a
        /// protection) or `off` (a plain child process with resource limits).
        #[arg(long, value_name = "MODE")]
        sandbox: Option<solitaire_grader::sandbox::Mode>,
        /// Where the sandbox builds its root (default: target/grade in the checkout `sol` was
        /// built from).
        #[arg(long, value_name = "DIR")]
        build_dir: Option<PathBuf>,
    },
}

/// Run `sol course`.
///
/// # Errors
/// A course that does not read or configure, an `--out` that is not empty, a starter that
/// cannot be written.
pub fn run(args: &CourseArgs, catalog: &Catalog) -> Result<(), String> {
    match &args.command {
        CourseCommand::Starter { course, out } => {
            let parsed = Course::read_file(course).map_err(|e| e.to_string())?;
            let workspace = solitaire_grader::course::starter::workspace();
            let starter = solitaire_grader::course::starter::write_starter(
                &workspace, catalog, &parsed, course, out,
            )?;
            report_starter(out, &starter);
            Ok(())
        }
        CourseCommand::Collect {
            roster,
            log,
            sandbox,
            build_dir,
        } => collect(roster, log.as_deref(), *sandbox, build_dir.as_deref()),
    }
}

/// Say on standard error what the starter holds and what it left out.
fn report_starter(out: &Path, starter: &solitaire_grader::course::starter::Starter) {
    let mut err = std::io::stderr();
    let _ = writeln!(
        err,
        "{}: a starter of {} files in one commit; left out, assigned: {}",
        out.display(),
        starter.files,
        starter.games_left_out.join(", ")
    );
    for example in &starter.examples_left_out {
        let _ = writeln!(
            err,
            "left out, example: {} (depends on {}, which the course does not allow)",
            example.folder,
            example.crates.join(", ")
        );
    }
    for id in &starter.without_public_scenarios {
        let _ = writeln!(
            err,
            "note: no public scenario of {id} holds under the course's readings: \
             tests/public/{id}.ron is empty"
        );
    }
    match &starter.lock {
        Ok(lock) => {
            let _ = writeln!(
                err,
                "Cargo.lock: {} lines ({} bytes), pruned from the course's {} lines ({} bytes)",
                lock.after.1, lock.after.0, lock.before.1, lock.before.0
            );
        }
        Err(why) => {
            let _ = writeln!(
                err,
                "note: Cargo.lock is the course's, whole: pruning it failed: {why}"
            );
        }
    }
}

/// Run `sol course collect`.
fn collect(
    file: &Path,
    log: Option<&Path>,
    sandbox: Option<solitaire_grader::sandbox::Mode>,
    build_dir: Option<&Path>,
) -> Result<(), String> {
    let text =
        read_text_capped(file, MAX_INPUT_BYTES).map_err(|e| format!("{}: {e}", file.display()))?;
    let roster = Roster::parse(&file.display().to_string(), &text).map_err(|e| e.to_string())?;
    let roster_dir = file.parent().unwrap_or(Path::new(""));
    let log = match (log, &roster.collected) {
        (Some(log), _) => log.to_path_buf(),
        (None, Some(rel)) => roster_dir.join(rel),
        (None, None) => {
            return Err(format!(
                "{}: no collection log: give --log FILE or the roster's `collected:`",
                file.display()
            ));
        }
    };
    let mut options = ClassOptions::new(Options::default());
    options.sandbox = sandbox.unwrap_or_default();
    if let Some(dir) = build_dir {
        options.build_dir = dir.to_path_buf();
    }
    let found = solitaire_grader::class::collect::collect(&roster, file, &log, &options)
        .map_err(|e| e.to_string())?;
    let mut err = std::io::stderr();
    for r in &found.records {
        let _ = writeln!(
            err,
            "collected {} {} ({}) at {}",
            r.repository, r.revision, r.commit, r.at
        );
    }
    for (repository, why) in &found.failures {
        let _ = writeln!(err, "not collected: {repository}: {why}");
    }
    let _ = writeln!(
        err,
        "{}: {} records appended",
        log.display(),
        found.records.len()
    );
    if found.failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} repositories not collected",
            found.failures.len()
        ))
    }
}
