//! One fuzz input: what a target reads, and how it is saved to (and loaded from) a directory
//! so that a failure can be replayed.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::Target;

/// One input of a target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The target that reads it.
    pub target: Target,
    /// The game it is for (positions, moves, the command line), if any.
    pub game: Option<String>,
    /// The command line's arguments (`cli` only); `@NAME` stands for the path of file `NAME`.
    pub args: Vec<String>,
    /// Whether `sol`'s standard output is a pipe already closed by its reader (`cli` only).
    pub closed_stdout: bool,
    /// Named inputs: `input` (the text under test), `position`, `save`.
    pub files: Vec<(String, Vec<u8>)>,
}

/// `case.ron`: everything but the files' contents, which lie beside it byte for byte.
#[derive(Serialize, Deserialize)]
struct Manifest {
    target: Target,
    game: Option<String>,
    #[serde(default)]
    args: Vec<String>,
    #[serde(default)]
    closed_stdout: bool,
    files: Vec<String>,
}

impl Case {
    /// A case of `target` with no files yet.
    pub fn new(target: Target, game: Option<&str>) -> Case {
        Case {
            target,
            game: game.map(str::to_string),
            args: Vec::new(),
            closed_stdout: false,
            files: Vec::new(),
        }
    }

    /// This case with file `name` holding `text`.
    pub fn with(mut self, name: &str, text: impl Into<Vec<u8>>) -> Case {
        self.set(name, text.into());
        self
    }

    /// Set file `name`.
    pub fn set(&mut self, name: &str, bytes: Vec<u8>) {
        match self.files.iter_mut().find(|(n, _)| n == name) {
            Some((_, b)) => *b = bytes,
            None => self.files.push((name.to_string(), bytes)),
        }
    }

    /// File `name` as text (invalid UTF-8 read lossily), or `""`.
    pub fn text(&self, name: &str) -> String {
        self.bytes(name)
            .map(|b| String::from_utf8_lossy(b).into_owned())
            .unwrap_or_default()
    }

    /// File `name`'s bytes.
    pub fn bytes(&self, name: &str) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| b.as_slice())
    }

    /// Total size of the files, to prefer smaller inputs of one failure.
    pub fn size(&self) -> usize {
        self.files.iter().map(|(_, b)| b.len()).sum::<usize>()
            + self.args.iter().map(String::len).sum::<usize>()
    }

    /// Write the case to `dir`: `case.ron` plus one file per input.
    ///
    /// # Errors
    /// If the directory or a file cannot be written.
    pub fn save(&self, dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        let manifest = Manifest {
            target: self.target,
            game: self.game.clone(),
            args: self.args.clone(),
            closed_stdout: self.closed_stdout,
            files: self.files.iter().map(|(n, _)| n.clone()).collect(),
        };
        let text = ron::ser::to_string_pretty(&manifest, ron::ser::PrettyConfig::default())
            .map_err(std::io::Error::other)?;
        std::fs::write(dir.join("case.ron"), text)?;
        for (name, bytes) in &self.files {
            std::fs::write(dir.join(name), bytes)?;
        }
        Ok(())
    }

    /// Read a case saved by [`Case::save`].
    ///
    /// # Errors
    /// A missing or malformed `case.ron` or a missing file, with the path.
    pub fn load(dir: &Path) -> Result<Case, String> {
        let path = dir.join("case.ron");
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let m: Manifest = ron::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut case = Case {
            target: m.target,
            game: m.game,
            args: m.args,
            closed_stdout: m.closed_stdout,
            files: Vec::new(),
        };
        for name in m.files {
            if name.contains(['/', '\\']) || name.starts_with('.') {
                return Err(format!(
                    "{}: {name:?} is not a plain file name",
                    path.display()
                ));
            }
            let path = dir.join(&name);
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            case.files.push((name, bytes));
        }
        Ok(case)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_case_loads_back_byte_for_byte() {
        let dir = std::env::temp_dir().join(format!("solitaire-fuzz-case-{}", std::process::id()));
        let mut case = Case::new(Target::Cli, Some("spider"))
            .with("position", vec![0xEF, 0xBB, 0xBF, 0xFF, 0]);
        case.args = vec![
            "deal".into(),
            "spider".into(),
            "--position".into(),
            "@position".into(),
        ];
        case.closed_stdout = true;
        case.save(&dir).unwrap();
        let back = Case::load(&dir);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(back, Ok(case));
    }
}
