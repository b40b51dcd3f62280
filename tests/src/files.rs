//! Finding and reading scenario files. A scenario file is `<id>.ron` for game id `<id>`, found
//! in one of two shapes of directory:
//!
//! - a collection root (the built-in [`conformance_dir`], the `games/` folder): each game's
//!   folder holds its files as `<folder>/conformance/<id>.ron` (`games/spider/conformance/
//!   spider-1suit.ron`);
//! - a flat directory of `<id>.ron` files (an instructor's hidden scenarios, a starter's
//!   `tests/public`, a submission's own `tests/conformance` in the older shape).

use std::path::{Path, PathBuf};

use crate::scenario::{FormatError, ScenarioFile};

/// The folder inside a game's folder that holds its conformance files.
pub const GAME_SUBDIR: &str = "conformance";

/// The collection's games folder, whose game folders hold the built-in conformance files
/// (`games/<folder>/conformance/<id>.ron`), as built.
pub fn conformance_dir() -> PathBuf {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR"));
    tests.parent().unwrap_or(tests).join("games")
}

/// The directory of the public scenarios of the games a starter repository's course assigns
/// (`tests/public/<id>.ron`, see `sol course starter`): there, the reference game and its
/// conformance file are absent, and `sol grade` self-checks a student's game against these.
pub fn public_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("public")
}

/// The file for game `id` in `dir`: `dir/<id>.ron` if it exists, else the one game folder's
/// `dir/<folder>/conformance/<id>.ron` that exists, else `dir/<id>.ron` (absent).
pub fn scenario_path(dir: &Path, id: &str) -> PathBuf {
    let name = format!("{id}.ron");
    let flat = dir.join(&name);
    if flat.exists() {
        return flat;
    }
    game_folders(dir)
        .into_iter()
        .map(|folder| folder.join(GAME_SUBDIR).join(&name))
        .find(|path| path.exists())
        .unwrap_or(flat)
}

/// The subdirectories of `dir`, sorted (none if it cannot be read).
fn game_folders(dir: &Path) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    folders
}

/// Read the file for game `id` from `dir`; `Ok(None)` if there is none.
///
/// # Errors
/// A file that exists but cannot be read or does not parse, or names another game.
pub fn load(dir: &Path, id: &str) -> Result<Option<ScenarioFile>, FormatError> {
    let path = scenario_path(dir, id);
    let name = path.display().to_string();
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(FormatError {
                file: name,
                message: e.to_string(),
            });
        }
    };
    let file = ScenarioFile::parse(&name, &text)?;
    if file.game != id {
        return Err(FormatError {
            file: name,
            message: format!(
                "the file is named for {id:?} but says game: {:?}",
                file.game
            ),
        });
    }
    Ok(Some(file))
}

/// Every scenario file in `dir` (flat `*.ron`, and `*/conformance/*.ron` of each game folder),
/// sorted by game id.
///
/// # Errors
/// The directory or a file cannot be read, or a file does not parse or names another game.
pub fn load_dir(dir: &Path) -> Result<Vec<ScenarioFile>, FormatError> {
    let err = |e: std::io::Error| FormatError {
        file: dir.display().to_string(),
        message: e.to_string(),
    };
    let mut ids = ron_stems(dir).map_err(err)?;
    for folder in game_folders(dir) {
        let nested = folder.join(GAME_SUBDIR);
        if nested.is_dir() {
            ids.extend(ron_stems(&nested).map_err(err)?);
        }
    }
    ids.sort();
    ids.dedup();
    let mut files = Vec::new();
    for id in ids {
        if let Some(file) = load(dir, &id)? {
            files.push(file);
        }
    }
    Ok(files)
}

/// The stems of the `*.ron` files directly in `dir`.
fn ron_stems(dir: &Path) -> std::io::Result<Vec<String>> {
    let mut ids = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_file()
            && path.extension().is_some_and(|e| e == "ron")
            && let Some(stem) = path.file_stem().and_then(|s| s.to_str())
        {
            ids.push(stem.to_string());
        }
    }
    Ok(ids)
}
