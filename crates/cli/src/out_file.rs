//! Where a flag that writes a file (`--csv`, `--plot`, `--save`, `--out`, `--table`) puts its
//! bytes: `-` is standard output, which then carries that file and nothing else (the report
//! lines go to standard error); any other name is written as
//! `solitaire_files::AtomicFile` writes: a regular file replaced whole, a link followed
//! and kept, a FIFO or a device written where it is.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use solitaire_files::AtomicFile;

use crate::Failure;
use crate::output;

/// The name that means standard output.
pub const STDOUT: &str = "-";

/// Whether `path` is `-`, standard output.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == STDOUT
}

/// What a report line calls the file at `path`: its name, or "standard output".
pub fn shown(path: &Path) -> String {
    if is_stdout(path) {
        "standard output".to_string()
    } else {
        path.display().to_string()
    }
}

/// The file of one flag, being written.
pub enum OutFile {
    /// A file by its name.
    File { path: PathBuf, file: AtomicFile },
    /// Standard output.
    Stdout,
}

impl OutFile {
    /// Start writing the file of `flag` at `path` (nothing is visible in a regular file
    /// until [`OutFile::commit`]; a FIFO waits here for its reader).
    ///
    /// # Errors
    /// A file that cannot be created or opened, or standard output taken by another flag.
    pub fn create(flag: &str, path: &Path) -> Result<OutFile, Failure> {
        if is_stdout(path) {
            output::claim_for(flag).map_err(|e| Failure(e, 1))?;
            return Ok(OutFile::Stdout);
        }
        let file = AtomicFile::create(path).map_err(|e| fail(path, &e))?;
        Ok(OutFile::File {
            path: path.to_path_buf(),
            file,
        })
    }

    /// Write `bytes` (standard output ends `sol` on a failure, as `output` says).
    ///
    /// # Errors
    /// A file that cannot be written.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        match self {
            OutFile::File { path, file } => file.write_all(bytes).map_err(|e| fail(path, &e)),
            OutFile::Stdout => {
                output::write_file(bytes);
                Ok(())
            }
        }
    }

    /// Put the file in place whole.
    ///
    /// # Errors
    /// A file that cannot be written; a regular file is then left as it was.
    pub fn commit(self) -> Result<(), Failure> {
        match self {
            OutFile::File { path, file } => file.commit().map_err(|e| fail(&path, &e)),
            OutFile::Stdout => {
                output::flush();
                Ok(())
            }
        }
    }
}

/// Write the whole file of `flag` at `path`: `bytes` and nothing else.
///
/// # Errors
/// As [`OutFile::create`] and [`OutFile::commit`].
pub fn write_whole(flag: &str, path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let mut file = OutFile::create(flag, path)?;
    file.write(bytes)?;
    file.commit()
}

/// `file: reason`, status 1.
fn fail(path: &Path, e: &std::io::Error) -> Failure {
    Failure(format!("{}: {e}", path.display()), 1)
}
