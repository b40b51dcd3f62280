//! Finding and reading the conformance files: `tests/conformance/<id>.ron`.

use std::path::{Path, PathBuf};

use crate::scenario::{FormatError, ScenarioFile};

/// The directory of this crate's conformance files (`tests/conformance`), as built.
pub fn conformance_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance")
}

/// The directory of the public scenarios of the games a starter repository's course assigns
/// (`tests/public/<id>.ron`, see `sol course starter`): there, the reference game and its
/// conformance file are absent, and `sol grade` self-checks a student's game against these.
pub fn public_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("public")
}

/// The file for game `id` in `dir`.
pub fn scenario_path(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.ron"))
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

/// Every `*.ron` file in `dir`, sorted by name.
///
/// # Errors
/// The directory or a file cannot be read, or a file does not parse or names another game.
pub fn load_dir(dir: &Path) -> Result<Vec<ScenarioFile>, FormatError> {
    let err = |e: std::io::Error| FormatError {
        file: dir.display().to_string(),
        message: e.to_string(),
    };
    let mut ids = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(err)? {
        let path = entry.map_err(err)?.path();
        if path.extension().is_some_and(|e| e == "ron")
            && let Some(stem) = path.file_stem().and_then(|s| s.to_str())
        {
            ids.push(stem.to_string());
        }
    }
    ids.sort();
    let mut files = Vec::new();
    for id in ids {
        if let Some(file) = load(dir, &id)? {
            files.push(file);
        }
    }
    Ok(files)
}
