//! The files `sol` reads (positions, saved games, course files), each refused above
//! [`MAX_INPUT_BYTES`], and `--course`, which plays the games as a course configures them.

use std::path::Path;

use clap::Args;
use solitaire_core::files::{MAX_INPUT_BYTES, read_text_capped};
use solitaire_core::{Catalog, Course, Game, Position};

use crate::Failure;

/// Read the text file `file`, at most [`MAX_INPUT_BYTES`] (an endless input such as
/// `/dev/zero` is refused, not read until memory runs out).
pub fn read(file: &str) -> Result<String, Failure> {
    read_text_capped(Path::new(file), MAX_INPUT_BYTES)
        .map_err(|e| Failure(format!("{file}: {e}"), 1))
}

/// Read the position in the text form from `file` (at most [`MAX_INPUT_BYTES`]).
pub fn position(game: &Game, file: &str) -> Result<Position, Failure> {
    let text = read(file)?;
    game.parse_position(&text)
        .map_err(|e| Failure(format!("{file}: {e}"), 1))
}

/// `--course COURSE.ron`, on every command that starts a game.
#[derive(Args, Clone, Debug, Default)]
pub struct CourseArg {
    /// Play the game as this course file (RON) configures it: the readings it chooses.
    #[arg(long, value_name = "COURSE.ron")]
    pub course: Option<String>,
}

impl CourseArg {
    /// The catalog with the course's games configured as it chooses (`catalog` itself without
    /// `--course`).
    pub fn catalog(&self, catalog: &Catalog) -> Result<Catalog, Failure> {
        let Some(file) = &self.course else {
            return Ok(catalog.clone());
        };
        let course =
            Course::read_file(std::path::Path::new(file)).map_err(|e| Failure(e.to_string(), 1))?;
        course
            .configure(file, catalog)
            .map_err(|e| Failure(e.to_string(), 1))
    }
}
