//! The files the project reads and writes, apart from the game itself.
//!
//! - Every file the project writes goes through [`write_atomic`] or [`AtomicFile`] (a failed
//!   write never destroys the previous file): the app's saves and statistics,
//!   `sol play --save`, `sol simulate --csv/--plot`, gradebooks, reports and scaffolded games.
//!   Only regular files are replaced: a symbolic link is followed to the file it names, and a
//!   FIFO or a device is written where it is (see [`AtomicFile`]).
//! - Text is read with a size cap ([`read_text_capped`]: an endless input is refused, not
//!   read until memory runs out), and a file that does not read is set aside under a
//!   timestamped name ([`set_aside`]), never overwritten.
//! - Two RON formats that live beside the games: a [`Course`] (the games a class is assigned
//!   and the readings it plays them with) and a [`PositionIndex`] (the list of a directory of
//!   position files), read with [`read_ron_file`].

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

pub mod course;
pub mod position_index;
#[cfg(all(test, unix))]
mod special_tests;
mod target;

use serde::de::DeserializeOwned;
use solitaire_core::layout::parse_ron;
use solitaire_core::{LayoutError, strip_bom};
use target::Target;

pub use course::{Course, CourseGame};
pub use position_index::{IndexedPosition, PositionIndex};

/// The largest text file the project reads by default (positions, saves, layouts, rosters,
/// course files): 16 MiB, far above any real one.
pub const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

/// Write `bytes` to `path` so that a regular file is either the old one or the whole new one,
/// even if the write fails half-way or the machine stops (see [`AtomicFile`] for links, pipes
/// and devices).
///
/// # Errors
/// Any I/O error; a regular file at `path` is then unchanged and the temporary file removed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)?;
    file.commit()
}

/// A file written piece by piece that appears whole or not at all: the bytes go to a
/// temporary file with a unique name in the same directory, and [`AtomicFile::commit`] syncs
/// it, renames it over the target and syncs the directory. Dropped without a commit (an
/// error on the way), the temporary file is removed and the target left as it was.
///
/// Only a regular file (or a missing one) is replaced. A symbolic link is followed to the end
/// of its chain (a dangling link creates its target) and the file there is replaced in its own
/// directory, the links left as they were. Anything else that exists is opened where it is and
/// never renamed over: a FIFO's reader or a character or block device gets the bytes as they
/// come, the write's error (`/dev/full`: no space) being the error; a directory or a socket
/// refuses to be opened.
///
/// The new file keeps the permissions of the file it replaces; a new file gets the usual ones
/// (read and write for everyone, less the umask), as `std::fs::write` gives.
pub struct AtomicFile {
    out: io::BufWriter<File>,
    /// How the bytes are put in place at the commit; `None` when they went to the target
    /// itself.
    replace: Option<Replace>,
}

/// The temporary file of an [`AtomicFile`] and where it goes.
struct Replace {
    /// The temporary file's name; dropping it removes the file.
    tmp: tempfile::TempPath,
    path: PathBuf,
    dir: PathBuf,
}

impl AtomicFile {
    /// Start writing `path`; nothing is visible at a regular file's path until
    /// [`AtomicFile::commit`]. A FIFO is opened here, so this waits for its reader.
    ///
    /// # Errors
    /// If the chain of links cannot be followed, the temporary file cannot be created in the
    /// regular file's directory, or the special file cannot be opened for writing.
    pub fn create(path: &Path) -> io::Result<AtomicFile> {
        match target::resolve(path)? {
            Target::Regular(file) => AtomicFile::replacing(&file),
            Target::Special(file) => Ok(AtomicFile {
                out: io::BufWriter::new(fs::OpenOptions::new().write(true).open(file)?),
                replace: None,
            }),
        }
    }

    /// Write a temporary file beside the regular (or missing) file `path`.
    fn replacing(path: &Path) -> io::Result<AtomicFile> {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let name = path.file_name().map_or_else(
            || std::ffi::OsString::from("file"),
            std::ffi::OsStr::to_os_string,
        );
        let mut prefix = std::ffi::OsString::from(".");
        prefix.push(&name);
        prefix.push(".");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        #[cfg(unix)]
        builder.permissions(fs::metadata(path).map_or_else(
            |_| std::os::unix::fs::PermissionsExt::from_mode(0o666),
            |m| m.permissions(),
        ));
        let (file, tmp) = builder.tempfile_in(dir)?.into_parts();
        Ok(AtomicFile {
            out: io::BufWriter::new(file),
            replace: Some(Replace {
                tmp,
                path: path.to_path_buf(),
                dir: dir.to_path_buf(),
            }),
        })
    }

    /// Finish: flush the bytes; for a regular file also sync them, rename the temporary file
    /// over the target and sync the directory.
    ///
    /// # Errors
    /// Any I/O error; a regular file is then unchanged and the temporary file removed.
    pub fn commit(self) -> io::Result<()> {
        let file = self
            .out
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?;
        let Some(replace) = self.replace else {
            return Ok(());
        };
        file.sync_all()?;
        drop(file);
        replace.tmp.persist(&replace.path).map_err(|e| e.error)?;
        sync_dir(&replace.dir);
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Sync a directory so a rename in it is durable (Unix; a no-op where directories cannot be
/// opened). Failure is ignored: the rename itself has happened.
fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Why a text file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened or read.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The file is larger than the cap.
    #[error("the file is larger than {cap} bytes: it is not a file this program wrote")]
    TooLarge {
        /// The cap, in bytes.
        cap: u64,
    },
    /// The file is not UTF-8 text.
    #[error("the file is not UTF-8 text (byte {at})")]
    NotText {
        /// The offset of the first invalid byte.
        at: usize,
    },
}

/// Read a UTF-8 text file of at most `cap` bytes (pass [`MAX_INPUT_BYTES`] unless a smaller
/// cap fits). Works on pipes and special files: reading stops one byte past the cap.
///
/// # Errors
/// I/O errors, a file larger than the cap, or bytes that are not UTF-8.
pub fn read_text_capped(path: &Path, cap: u64) -> Result<String, ReadError> {
    let file = File::open(path)?;
    read_capped(file, cap)
}

/// Read UTF-8 text of at most `cap` bytes from any reader (standard input too).
///
/// # Errors
/// As [`read_text_capped`].
pub fn read_capped(reader: impl Read, cap: u64) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    reader.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge { cap });
    }
    String::from_utf8(bytes).map_err(|e| ReadError::NotText {
        at: e.utf8_error().valid_up_to(),
    })
}

/// Read a RON file (at most [`MAX_INPUT_BYTES`], a leading byte-order mark skipped) as `T`;
/// errors name the file as given, with line and column where the RON is wrong.
///
/// # Errors
/// The file does not read, or its text is not a `T`.
pub fn read_ron_file<T: DeserializeOwned>(path: &Path) -> Result<T, LayoutError> {
    let file = path.display().to_string();
    let text = read_text_capped(path, MAX_INPUT_BYTES).map_err(|e| LayoutError {
        file: file.clone(),
        line: 0,
        col: 0,
        message: e.to_string(),
    })?;
    parse_ron(&file, strip_bom(&text))
}

/// Move an unreadable file out of the way under a name that says when, so the next write does
/// not overwrite what the player had: `stats.ron` becomes `stats.ron.corrupt-20261123T185500Z`
/// (with `-2`, `-3`, ... if that name is taken). Returns the new path.
///
/// # Errors
/// If the file cannot be renamed.
pub fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let stamp = utc_stamp(SystemTime::now());
    let base = {
        let mut name = path.as_os_str().to_os_string();
        name.push(format!(".corrupt-{stamp}"));
        PathBuf::from(name)
    };
    let mut target = base.clone();
    let mut n = 2;
    while target.exists() {
        let mut name = base.as_os_str().to_os_string();
        name.push(format!("-{n}"));
        target = PathBuf::from(name);
        n += 1;
    }
    fs::rename(path, &target)?;
    if let Some(dir) = path.parent() {
        sync_dir(dir);
    }
    Ok(target)
}

/// `YYYYMMDDTHHMMSSZ` in UTC.
pub fn utc_stamp(time: SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(i64::try_from(days).unwrap_or(i64::MAX / 86_400));
    format!(
        "{y:04}{m:02}{d:02}T{:02}{:02}{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// The proleptic Gregorian date (year, month, day) of a day count since 1970-01-01, before it
/// too (Howard Hinnant's `civil_from_days`).
pub fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_whole_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("save.ron");
        write_atomic(&path, b"first").unwrap();
        write_atomic(&path, b"second").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "second");
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "only the file itself is left");
    }

    #[test]
    fn failed_atomic_write_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("save.ron");
        write_atomic(&path, b"kept").unwrap();
        // A directory where the temporary file would go that does not exist: the write fails.
        let missing = dir.path().join("no-such-dir").join("save.ron");
        assert!(write_atomic(&missing, b"lost").is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "kept");
    }

    #[test]
    fn an_uncommitted_atomic_file_leaves_the_old_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rows.csv");
        write_atomic(&path, b"old").unwrap();
        let mut file = AtomicFile::create(&path).unwrap();
        file.write_all(b"half of the new").unwrap();
        drop(file);
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary left"
        );
        let mut file = AtomicFile::create(&path).unwrap();
        file.write_all(b"new, ").unwrap();
        file.write_all(b"whole").unwrap();
        file.commit().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new, whole");
    }

    #[cfg(unix)]
    #[test]
    fn atomic_writes_keep_the_permissions_of_the_file_they_replace() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("save.ron");
        write_atomic(&path, b"one").unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let plain = dir.path().join("plain");
        fs::write(&plain, "x").unwrap();
        assert_eq!(
            mode(&path),
            mode(&plain),
            "a new file gets fs::write's permissions"
        );
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(mode(&path), 0o600);
    }

    #[test]
    fn capped_reads_refuse_endless_and_binary_input() {
        assert_eq!(read_capped(&b"abc"[..], 3).unwrap(), "abc");
        assert!(matches!(
            read_capped(io::repeat(0), 1000),
            Err(ReadError::TooLarge { cap: 1000 })
        ));
        assert!(matches!(
            read_capped(&[b'a', 0xff][..], 10),
            Err(ReadError::NotText { at: 1 })
        ));
    }

    #[test]
    fn set_aside_never_overwrites_an_earlier_copy() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.ron");
        fs::write(&path, "one").unwrap();
        let first = set_aside(&path).unwrap();
        fs::write(&path, "two").unwrap();
        let second = set_aside(&path).unwrap();
        assert_ne!(first, second);
        assert_eq!(fs::read_to_string(first).unwrap(), "one");
        assert_eq!(fs::read_to_string(second).unwrap(), "two");
        assert!(!path.exists());
    }

    #[test]
    fn utc_stamps_are_calendar_dates() {
        let t = UNIX_EPOCH + std::time::Duration::from_secs(1_795_460_100);
        assert_eq!(utc_stamp(t), "20261123T185500Z");
        assert_eq!(utc_stamp(UNIX_EPOCH), "19700101T000000Z");
    }
}
