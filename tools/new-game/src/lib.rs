//! `sol new-game`: scaffold everything a new solitaire needs, so that the workspace builds and
//! the game is listed (as a work in progress) right after the command.
//!
//! [`scaffold`] creates the game's folder `games/<id>/`: a crate implementing `Rules` whose
//! `check` refuses every move with an honest message, doc comments where the rules go, and
//! tests that pass; its layout `layouts/<id>.ron` (marked `work_in_progress: true`); and its
//! empty conformance file `conformance/<id>.ron`. It registers the crate: the root `Cargo.toml`'s
//! `[workspace.dependencies]`, `crates/registry/Cargo.toml` and the list of games in
//! `crates/registry/src/lib.rs`. Every edit is computed and checked before any file is
//! written, and nothing existing is overwritten.
//!
//! # Examples
//! ```no_run
//! use solitaire_scaffold::{Request, find_workspace_root, scaffold};
//!
//! let root = find_workspace_root(&std::env::current_dir()?)?;
//! let request = Request::new("Aces Up", None, None)?;
//! let report = scaffold(&root, &request)?;
//! for path in &report.created {
//!     println!("created {}", path.display());
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod edit;
mod names;
mod template;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

use solitaire_core::{Layout, LayoutError};
use solitaire_files::Course;
use thiserror::Error;

pub use names::{derive_id, type_name, validate_id};

/// The layout file of layout `id` in the checkout at `root`, relative to it
/// (`games/<folder>/layouts/<id>.ron`), if there is one.
pub fn layout_file(root: &Path, id: &str) -> Option<String> {
    template::layout_files(root)
        .into_iter()
        .find_map(|(found, rel)| (found == id).then_some(rel))
}

/// What went wrong; nothing has been written when `scaffold` returns one of these.
#[derive(Debug, Error)]
pub enum ScaffoldError {
    /// No `Cargo.toml` with `[workspace]` in the directory or above it.
    #[error("{0} is not inside a solitaire checkout: no Cargo.toml with [workspace] here or above")]
    NotInCheckout(PathBuf),
    /// A Cargo workspace, but not this project's.
    #[error("{0} is a Cargo workspace but not the solitaire collection (no crates/registry)")]
    NotSolitaire(PathBuf),
    /// The id (given or derived from the name) is not usable.
    #[error("{id:?} cannot be a game id: {reason}")]
    BadId {
        /// The id as given or derived.
        id: String,
        /// Why not, in words.
        reason: &'static str,
    },
    /// The display name is not usable.
    #[error("{name:?} cannot be a game name: {reason}")]
    BadName {
        /// The name as given.
        name: String,
        /// Why not, in words.
        reason: &'static str,
    },
    /// A file or registration for this id exists already.
    #[error("a game {id:?} exists already: {what}")]
    Exists {
        /// The id asked for.
        id: String,
        /// What is in the way.
        what: String,
    },
    /// `--like` names no layout of the checkout.
    #[error("--like {like:?}: no such game; the layouts are: {known}")]
    UnknownLike {
        /// The game asked for.
        like: String,
        /// The ids of `games/*/layouts/*.ron`, comma-separated.
        known: String,
    },
    /// `--like` names a game the course assigns: its piles, deal and rules in words would
    /// hand the assignment's answer to the student.
    #[error(
        "--like {like:?}: {course} assigns this game, so it cannot be the starting point; \
         start from the default table, or from a game the course does not assign"
    )]
    AssignedLike {
        /// The game asked for.
        like: String,
        /// The course file.
        course: String,
    },
    /// A file to edit does not have the shape the scaffolder expects.
    #[error("{file}: {problem}")]
    Shape {
        /// The file, relative to the root.
        file: String,
        /// What is missing, and how to restore it.
        problem: String,
    },
    /// The `--like` layout or the generated layout does not parse.
    #[error(transparent)]
    Layout(#[from] LayoutError),
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: io::Error,
    },
}

/// What to scaffold: the display name, the id, and optionally the game to start from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The name menus show (`Aces Up`).
    pub name: String,
    /// The game id (`aces-up`): also the crate `game-<id>`, the plugin and the layout file.
    pub id: String,
    /// A registered layout id whose piles and deal to copy (`bristol`).
    pub like: Option<String>,
}

impl Request {
    /// A request; without an `id` it is derived from the name (`Aces Up` gives `aces-up`).
    ///
    /// # Errors
    /// A name with quotes, backslashes or control characters, or an invalid id.
    pub fn new(name: &str, id: Option<&str>, like: Option<&str>) -> Result<Request, ScaffoldError> {
        let name = name.trim();
        names::validate_name(name)?;
        let id = match id {
            Some(id) => id.to_string(),
            None => derive_id(name),
        };
        validate_id(&id)?;
        Ok(Request {
            name: name.to_string(),
            id,
            like: like.map(str::to_string),
        })
    }
}

impl Request {
    /// Refuse a `--like` game that `course` (read from `file`) assigns.
    ///
    /// # Errors
    /// [`ScaffoldError::AssignedLike`].
    pub fn check_course(&self, course: &Course, file: &str) -> Result<(), ScaffoldError> {
        match &self.like {
            Some(like) if course.assigns(like) => Err(ScaffoldError::AssignedLike {
                like: like.clone(),
                course: file.to_string(),
            }),
            _ => Ok(()),
        }
    }
}

/// The files the scaffolder created and edited, relative to the workspace root.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// New files.
    pub created: Vec<PathBuf>,
    /// Existing files that gained the registration.
    pub edited: Vec<PathBuf>,
}

/// The workspace root: `start` or the nearest directory above it whose `Cargo.toml` has a
/// `[workspace]` table.
///
/// # Errors
/// [`ScaffoldError::NotInCheckout`] when there is none; [`ScaffoldError::NotSolitaire`] when
/// that workspace has no `crates/registry`.
pub fn find_workspace_root(start: &Path) -> Result<PathBuf, ScaffoldError> {
    for dir in start.ancestors() {
        let manifest = dir.join("Cargo.toml");
        let Ok(text) = fs::read_to_string(&manifest) else {
            continue;
        };
        if text.lines().any(|l| l.trim() == "[workspace]") {
            if !dir.join(edit::REGISTRY_LIB).is_file() {
                return Err(ScaffoldError::NotSolitaire(dir.to_path_buf()));
            }
            return Ok(dir.to_path_buf());
        }
    }
    Err(ScaffoldError::NotInCheckout(start.to_path_buf()))
}

/// Create the game's files and register it, under the workspace `root`.
///
/// # Errors
/// See [`ScaffoldError`]. Everything is checked before the first file is written: on an error
/// nothing has changed.
pub fn scaffold(root: &Path, request: &Request) -> Result<Report, ScaffoldError> {
    let id = &request.id;
    let crate_dir = format!("games/{id}");
    let layout_file = format!("{crate_dir}/layouts/{id}.ron");
    let conformance_file = format!("{crate_dir}/conformance/{id}.ron");
    for path in [&crate_dir, &layout_file, &conformance_file] {
        if root.join(path).exists() {
            return Err(ScaffoldError::Exists {
                id: id.clone(),
                what: format!("{path} is there"),
            });
        }
    }
    let like = match &request.like {
        Some(like) => Some(template::Like::read(root, like)?),
        None => None,
    };
    let layout = template::layout(request, like.as_ref());
    // The generated layout must parse, or the workspace would not build.
    let parsed = Layout::parse(&layout_file, &layout)?;
    let sources = template::crate_files(request, &parsed, like.as_ref());

    let edits = edit::registration(root, id)?;

    let mut files: Vec<(PathBuf, String)> = Vec::new();
    for (name, text) in sources {
        files.push((PathBuf::from(&crate_dir).join(name), text));
    }
    files.push((PathBuf::from(&layout_file), layout));
    files.push((
        PathBuf::from(&conformance_file),
        format!("(game: \"{id}\", scenarios: [])\n"),
    ));
    let mut report = Report::default();
    for (path, text) in files {
        write(root, &path, &text, true)?;
        report.created.push(path);
    }
    for (path, text) in edits {
        write(root, &path, &text, false)?;
        report.edited.push(path);
    }
    Ok(report)
}

/// Run `rustfmt` over the new crate, so its sources are formatted whatever the name's length.
/// Returns whether it ran and succeeded (the sources compile either way).
pub fn format_sources(root: &Path, id: &str) -> bool {
    Command::new("rustfmt")
        .arg("--edition")
        .arg("2024")
        .arg(root.join("games").join(id).join("src").join("lib.rs"))
        .status()
        .is_ok_and(|s| s.success())
}

fn write(root: &Path, rel: &Path, text: &str, new: bool) -> Result<(), ScaffoldError> {
    let path = root.join(rel);
    let io = |source| ScaffoldError::Io {
        path: path.clone(),
        source,
    };
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(io)?;
    }
    if new {
        fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut f| io::Write::write_all(&mut f, text.as_bytes()))
            .map_err(io)
    } else {
        // An edit of a file of the checkout: whole or not at all.
        solitaire_files::write_atomic(&path, text.as_bytes()).map_err(io)
    }
}

#[cfg(test)]
mod tests;
