//! `sol course`: an instructor's course kit. `sol course starter` writes the repository
//! students clone (see `solitaire_grader::starter`).

use std::io::Write as _;
use std::path::PathBuf;

use clap::{Args, Subcommand};
use solitaire_core::Catalog;
use solitaire_files::Course;

/// The arguments of `sol course`.
#[derive(Args)]
pub struct CourseArgs {
    #[command(subcommand)]
    command: CourseCommand,
}

#[derive(Subcommand)]
enum CourseCommand {
    /// Write the starter repository students clone: a git repository with one commit, with
    /// the engine, the scaffolder, the docs and the games the course does not assign, and
    /// for each assigned game its handout and public scenarios, but not its reference.
    Starter {
        /// The course file.
        #[arg(long, value_name = "COURSE.ron")]
        course: PathBuf,
        /// The new directory to write it in.
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
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
            let workspace = solitaire_grader::starter::workspace();
            let starter = solitaire_grader::starter::write_starter(
                &workspace, catalog, &parsed, course, out,
            )?;
            let _ = writeln!(
                std::io::stderr(),
                "{}: a starter of {} files in one commit; left out: {}",
                out.display(),
                starter.files,
                starter.games_left_out.join(", ")
            );
            Ok(())
        }
    }
}
