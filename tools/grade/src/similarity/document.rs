//! A document: one side of a comparison (a submission's or a reference's source files), its
//! text kept for the report and its fingerprints.

use std::fs;
use std::path::Path;

use super::error::SimilarityError;
use super::lex::{MAX_FILE_BYTES, lex};
use super::winnow::{Fingerprint, K, W, winnow};

/// How deep [`Document::from_dir`] looks for source files below its directory.
const MAX_DEPTH: usize = 8;

/// The most files [`Document::from_dir`] reads.
const MAX_FILES: usize = 200;

/// A source file of a document: its name and its lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// The file's name as reports show it (a path with `/`).
    pub path: String,
    /// Its text, line by line.
    pub lines: Vec<String>,
}

/// A fingerprint and the file it was taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Located {
    /// The fingerprint.
    pub print: Fingerprint,
    /// Its file, an index into [`Document::files`].
    pub file: usize,
}

/// One side of a comparison: a named set of source files and their fingerprints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    /// Who or what it is (a student's name, `reference bristol`).
    pub name: String,
    /// Its files, in the order given.
    pub files: Vec<SourceFile>,
    /// Its fingerprints, file by file, in order.
    pub prints: Vec<Located>,
}

impl Document {
    /// A document of `(path, text)` files, every one of which must lex.
    ///
    /// # Errors
    /// The first file that is not Rust tokens or is too large ([`SimilarityError`]).
    pub fn from_files(name: &str, files: &[(String, String)]) -> Result<Document, SimilarityError> {
        let (document, errors) = Document::from_files_lossy(name, files);
        match errors.into_iter().next() {
            Some(e) => Err(e),
            None => Ok(document),
        }
    }

    /// A document of the `(path, text)` files that lex, and why each other one does not: a
    /// submission with one broken file is still compared on the rest.
    pub fn from_files_lossy(
        name: &str,
        files: &[(String, String)],
    ) -> (Document, Vec<SimilarityError>) {
        let mut document = Document {
            name: name.to_string(),
            files: Vec::new(),
            prints: Vec::new(),
        };
        let mut errors = Vec::new();
        for (path, text) in files {
            match lex(path, text) {
                Ok(tokens) => {
                    let file = document.files.len();
                    document.prints.extend(
                        winnow(&tokens, K, W)
                            .into_iter()
                            .map(|print| Located { print, file }),
                    );
                    document.files.push(SourceFile {
                        path: path.clone(),
                        lines: text.lines().map(str::to_string).collect(),
                    });
                }
                Err(e) => errors.push(e),
            }
        }
        (document, errors)
    }

    /// A document of every `.rs` file below `dir` (at most 8 levels deep, 200 files), named
    /// by their paths relative to `dir`, in path order; symbolic links are not followed, so
    /// nothing outside `dir` is read. Files that do not lex are left out and returned.
    ///
    /// # Errors
    /// [`SimilarityError::Read`] when `dir` or a directory or file below it cannot be read.
    pub fn from_dir(
        name: &str,
        dir: &Path,
    ) -> Result<(Document, Vec<SimilarityError>), SimilarityError> {
        let mut paths = Vec::new();
        collect(dir, "", 0, &mut paths)?;
        paths.sort();
        let mut files = Vec::new();
        let mut errors = Vec::new();
        for rel in paths.into_iter().take(MAX_FILES) {
            let path = dir.join(&rel);
            match fs::metadata(&path) {
                Ok(m) if m.len() > MAX_FILE_BYTES as u64 => {
                    errors.push(SimilarityError::TooLarge {
                        file: rel,
                        bytes: usize::try_from(m.len()).unwrap_or(usize::MAX),
                        max: MAX_FILE_BYTES,
                    });
                    continue;
                }
                _ => {}
            }
            let text = fs::read(&path).map_err(|e| read_error(&path, &e))?;
            files.push((rel, String::from_utf8_lossy(&text).into_owned()));
        }
        let (document, more) = Document::from_files_lossy(name, &files);
        errors.extend(more);
        Ok((document, errors))
    }

    /// Lines `first..=last` (from 1) of file `file`, as far as they exist.
    pub fn lines(&self, file: usize, first: u32, last: u32) -> &[String] {
        let Some(f) = self.files.get(file) else {
            return &[];
        };
        let start = (first.max(1) as usize - 1).min(f.lines.len());
        let end = (last as usize).clamp(start, f.lines.len());
        &f.lines[start..end]
    }
}

fn read_error(path: &Path, e: &std::io::Error) -> SimilarityError {
    SimilarityError::Read {
        path: path.display().to_string(),
        reason: e.to_string(),
    }
}

/// The `.rs` files below `dir` (relative paths with `/`, prefixed by `rel`).
fn collect(
    dir: &Path,
    rel: &str,
    depth: usize,
    out: &mut Vec<String>,
) -> Result<(), SimilarityError> {
    let entries = fs::read_dir(dir).map_err(|e| read_error(dir, &e))?;
    for entry in entries {
        let entry = entry.map_err(|e| read_error(dir, &e))?;
        let kind = entry
            .file_type()
            .map_err(|e| read_error(&entry.path(), &e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = format!("{rel}{name}");
        if kind.is_dir() && depth < MAX_DEPTH && out.len() < MAX_FILES {
            collect(&entry.path(), &format!("{path}/"), depth + 1, out)?;
        } else if kind.is_file() && name.ends_with(".rs") {
            out.push(path);
        }
    }
    Ok(())
}
