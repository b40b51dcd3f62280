//! The data directory and safe file handling: atomic writes, corrupt files set aside.

use std::path::{Path, PathBuf};

use bevy::prelude::Resource;

/// Where saves and statistics live.
#[derive(Resource, Clone, Debug)]
pub struct DataDir(pub PathBuf);

impl DataDir {
    /// The given directory, else `$XDG_DATA_HOME/solitaire`, else `~/.local/share/solitaire`.
    pub fn new(given: Option<PathBuf>) -> DataDir {
        let home = || std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share"));
        let base = std::env::var_os("XDG_DATA_HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .or_else(home);
        DataDir(
            given.unwrap_or_else(|| base.unwrap_or_else(|| PathBuf::from(".")).join("solitaire")),
        )
    }

    pub fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

/// Write `text` to `path` through a temporary file and a rename, so a crash never leaves a
/// half-written file.
///
/// # Errors
/// A message naming the file and the system's reason.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("{}: {e}", path.display());
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let tmp = path.with_extension("ron.tmp");
    std::fs::write(&tmp, text).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)
}

/// Read and parse a file. A missing file is `None`; a file that does not parse is renamed
/// to `NAME.corrupt` (kept for the player) and reported in `problems`.
pub fn read_or_set_aside<T>(
    path: &Path,
    parse: impl Fn(&str) -> Result<T, String>,
    problems: &mut Vec<String>,
) -> Option<T> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => {
            problems.push(format!("{}: {e}", path.display()));
            return None;
        }
    };
    match parse(&text) {
        Ok(value) => Some(value),
        Err(e) => {
            let aside = path.with_extension("ron.corrupt");
            let moved = std::fs::rename(path, &aside).is_ok();
            problems.push(if moved {
                format!(
                    "{} is corrupt ({e}); it was moved to {}",
                    path.display(),
                    aside.display()
                )
            } else {
                format!(
                    "{} is corrupt ({e}) and could not be moved aside",
                    path.display()
                )
            });
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrupt_files_are_set_aside_and_reported() {
        let dir = std::env::temp_dir().join(format!("solitaire-test-{}", std::process::id()));
        let path = dir.join("stats.ron");
        write_atomic(&path, "not ( valid").expect("writes");
        let mut problems = Vec::new();
        let parsed: Option<u32> = read_or_set_aside(
            &path,
            |t| t.parse().map_err(|_| "bad".to_string()),
            &mut problems,
        );
        assert_eq!(parsed, None);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(!path.exists() && path.with_extension("ron.corrupt").exists());
        write_atomic(&path, "7").expect("writes");
        assert_eq!(
            read_or_set_aside(
                &path,
                |t| t.parse::<u32>().map_err(|e| e.to_string()),
                &mut problems
            ),
            Some(7)
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
