//! A position index: the RON list of a directory of position files (such as
//! `assets/positions/woods/index.ron`), so that a program can list them with their titles.
//!
//! ```ron
//! [
//!     (
//!         file: "01-opening.txt",          // beside the index
//!         title: "An opening, played move by move",
//!         game: "spider",                  // the game id the file is a position of
//!         source: "Don Woods, Spider documentation",
//!         section: "IV",
//!         example: 1,                      // the example's number in that section
//!     ),
//! ]
//! ```
//!
//! The files are in the position text form and may hold unknown cards (`--`): read them with
//! `solitaire_core::Game::parse_position_filled`.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use solitaire_core::layout::parse_ron;
use solitaire_core::{LayoutError, strip_bom};

use crate::read_ron_file;

/// One position file of an index.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndexedPosition {
    /// The file name, relative to the index's directory.
    pub file: String,
    /// A short title for menus.
    pub title: String,
    /// The id of the game it is a position of.
    pub game: String,
    /// Where the position was published.
    pub source: String,
    /// The section of the source.
    pub section: String,
    /// The example's number in the section (a variant of an example shares its number).
    pub example: u32,
}

impl IndexedPosition {
    /// The path of the position file, for an index read from the directory `dir`.
    pub fn path(&self, dir: &Path) -> PathBuf {
        dir.join(&self.file)
    }
}

/// The entries of an index file, in its order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PositionIndex {
    /// The position files, in the order to list them.
    pub positions: Vec<IndexedPosition>,
}

impl PositionIndex {
    /// Read an index's text; `file` names it in errors.
    ///
    /// # Errors
    /// RON syntax or shape, with file, line and column.
    pub fn parse(file: &str, text: &str) -> Result<PositionIndex, LayoutError> {
        parse_ron(file, strip_bom(text))
    }

    /// Read and parse an index file (at most [`crate::MAX_INPUT_BYTES`]).
    ///
    /// # Errors
    /// The file does not read, or is not an index (with line and column).
    pub fn read_file(path: &Path) -> Result<PositionIndex, LayoutError> {
        read_ron_file(path)
    }
}
