//! `sol handout`: the Markdown handout of a game (see `solitaire_grader::course::handout`), for a
//! course or with the game's default readings.

use std::path::{Path, PathBuf};

use clap::Args;
use solitaire_core::Catalog;
use solitaire_files::Course;
use solitaire_grader::course::handout::{ForCourse, handout};

use crate::output::out;
use crate::{Failure, find};

/// The arguments of `sol handout`.
#[derive(Args)]
pub struct HandoutArgs {
    /// The game id.
    game: String,
    /// Play the game as this course configures it (its readings).
    #[arg(long, value_name = "COURSE.ron")]
    course: Option<PathBuf>,
    /// Write the handout to this file, replacing it atomically (default, or `-`: standard
    /// output).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// Run `sol handout`.
///
/// # Errors
/// An unknown game, a course file that does not read or configure, an unwritable file.
pub fn run(args: &HandoutArgs, catalog: &Catalog) -> Result<(), Failure> {
    let fail = |e: String| Failure(e, 1);
    let course = match &args.course {
        Some(file) => Some(Course::read_file(file).map_err(|e| fail(e.to_string()))?),
        None => None,
    };
    let file = args
        .course
        .as_deref()
        .map(Path::display)
        .map(|d| d.to_string());
    let configured = match (&course, &file) {
        (Some(course), Some(file)) => course
            .configure(file, catalog)
            .map_err(|e| fail(e.to_string()))?,
        _ => catalog.clone(),
    };
    let game = find(&configured, &args.game)?;
    let for_course = match (&course, &file) {
        (Some(course), Some(file)) => Some(ForCourse { course, file }),
        _ => None,
    };
    let text = handout(&game, for_course);
    match &args.out {
        Some(out) => crate::out_file::write_whole("--out", out, text.as_bytes()),
        None => {
            out!("{text}");
            Ok(())
        }
    }
}
