//! The data directory and safe file handling, through the engine's one way of doing it
//! (`solitaire_files`): atomic synced writes under a unique temporary name, capped reads,
//! and unreadable files set aside under a timestamped name (never overwritten).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use bevy::prelude::Resource;
use solitaire_files::{self as files, MAX_INPUT_BYTES, ReadError};

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

/// Files that could not be read nor set aside: writing them would destroy what the player
/// had, so they are left alone for the rest of the run.
#[derive(Resource, Clone, Debug, Default)]
pub struct Untouchable(pub BTreeSet<PathBuf>);

/// Write `text` to `path` (creating its directory) so the file is always the old one or the
/// whole new one: the engine's synced write under a unique temporary name, then a rename.
///
/// # Errors
/// A message naming the file and the system's reason.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("{}: {e}", path.display());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    files::write_atomic(path, text.as_bytes()).map_err(fail)
}

/// Like [`write_atomic`], but never over a file listed in `untouchable`.
///
/// # Errors
/// As [`write_atomic`], or the reason the file is left alone.
pub fn write_guarded(path: &Path, text: &str, untouchable: &Untouchable) -> Result<(), String> {
    if untouchable.0.contains(path) {
        return Err(format!(
            "{} was not saved: the file there could not be read nor moved aside, so it is left \
             as it is",
            path.display()
        ));
    }
    write_atomic(path, text)
}

/// Read and parse a file. A missing file is `None`. A file that cannot be read (any I/O error
/// but not-found, not UTF-8, larger than the engine's cap) or does not parse is moved aside to
/// `NAME.corrupt-TIMESTAMP` (kept for the player, never overwritten) and reported in
/// `problems`; if it cannot be moved, it is listed in `untouchable` so nothing overwrites it.
pub fn read_or_set_aside<T>(
    path: &Path,
    parse: impl Fn(&str) -> Result<T, String>,
    problems: &mut Vec<String>,
    untouchable: &mut Untouchable,
) -> Option<T> {
    read_capped_or_set_aside(path, MAX_INPUT_BYTES, parse, problems, untouchable)
}

/// [`read_or_set_aside`] with a size cap of `cap` bytes.
pub fn read_capped_or_set_aside<T>(
    path: &Path,
    cap: u64,
    parse: impl Fn(&str) -> Result<T, String>,
    problems: &mut Vec<String>,
    untouchable: &mut Untouchable,
) -> Option<T> {
    let why = match files::read_text_capped(path, cap) {
        Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => format!("cannot be read: {e}"),
        Ok(text) => match parse(&text) {
            Ok(value) => return Some(value),
            Err(e) => format!("is corrupt ({e})"),
        },
    };
    problems.push(match files::set_aside(path) {
        Ok(aside) => format!(
            "{} {why}; it was moved to {} and a new one will be started",
            path.display(),
            aside.display()
        ),
        Err(e) => {
            untouchable.0.insert(path.to_path_buf());
            format!(
                "{} {why}, and could not be moved aside ({e}): it will not be written",
                path.display()
            )
        }
    });
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("solitaire-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    }

    fn number(text: &str) -> Result<u32, String> {
        text.trim()
            .parse()
            .map_err(|_| format!("{text:?} is not a number"))
    }

    /// The files in `dir` whose names start with `prefix`.
    fn named(dir: &Path, prefix: &str) -> Vec<PathBuf> {
        let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("listed")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(prefix))
            })
            .collect();
        found.sort();
        found
    }

    /// Read `stats.ron` in `dir` (cap `cap`); return what was read and the problems.
    fn read(dir: &Path, cap: u64) -> (Option<u32>, Vec<String>, Untouchable) {
        let (mut problems, mut untouchable) = (Vec::new(), Untouchable::default());
        let value = read_capped_or_set_aside(
            &dir.join("stats.ron"),
            cap,
            number,
            &mut problems,
            &mut untouchable,
        );
        (value, problems, untouchable)
    }

    #[test]
    fn a_missing_file_is_no_problem_and_a_good_one_reads() {
        let dir = scratch("good");
        assert_eq!(read(&dir, 100).0, None);
        assert!(read(&dir, 100).1.is_empty());
        write_atomic(&dir.join("stats.ron"), "7").expect("writes");
        assert_eq!(read(&dir, 100).0, Some(7));
        assert_eq!(named(&dir, "").len(), 1, "no temporary file is left");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn every_kind_of_unreadable_file_is_set_aside_never_overwritten_and_reported() {
        let dir = scratch("unreadable");
        let path = dir.join("stats.ron");
        // Does not parse; not UTF-8; larger than the cap; an I/O error (a directory).
        let cases: [(&str, &dyn Fn()); 4] = [
            ("is corrupt", &|| {
                std::fs::write(&path, "not ( valid").expect("w")
            }),
            ("not UTF-8", &|| {
                std::fs::write(&path, [b'7', 0xff, 0xfe]).expect("w")
            }),
            ("larger than", &|| {
                std::fs::write(&path, "1".repeat(200)).expect("w")
            }),
            ("cannot be read", &|| {
                std::fs::create_dir(&path).expect("mkdir")
            }),
        ];
        for (k, (said, make)) in cases.iter().enumerate() {
            make();
            let (value, problems, untouchable) = read(&dir, 100);
            assert_eq!(value, None, "case {k}");
            assert_eq!(problems.len(), 1, "case {k}: {problems:?}");
            assert!(problems[0].contains(said), "case {k}: {problems:?}");
            assert!(problems[0].contains("moved to"), "case {k}: {problems:?}");
            assert!(untouchable.0.is_empty());
            assert!(!path.exists(), "case {k}: the file was moved aside");
            // Each bad file is kept under its own name: none overwrote an earlier one.
            assert_eq!(named(&dir, "stats.ron.corrupt-").len(), k + 1, "case {k}");
        }
        let kept = named(&dir, "stats.ron.corrupt-");
        assert_eq!(
            std::fs::read_to_string(&kept[0]).expect("kept"),
            "not ( valid"
        );
        // The next write starts a new file beside the kept ones.
        write_atomic(&path, "1").expect("writes");
        assert_eq!(read(&dir, 100).0, Some(1));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn saves_and_statistics_replace_a_regular_file_whole() {
        let dir = scratch("whole");
        let stats = dir.join("stats.ron");
        let save = dir.join("saves").join("mine.ron");
        for (path, guarded) in [(&stats, true), (&save, false)] {
            let write = |text: &str| {
                if guarded {
                    write_guarded(path, text, &Untouchable::default())
                } else {
                    write_atomic(path, text)
                }
            };
            write("1").expect("writes");
            // A reader of the old file keeps it whole: the new one is another file.
            let mut old = std::fs::File::open(path).expect("opens");
            write("2").expect("writes again");
            let mut text = String::new();
            std::io::Read::read_to_string(&mut old, &mut text).expect("reads");
            assert_eq!(text, "1", "{}", path.display());
            assert_eq!(std::fs::read_to_string(path).expect("reads"), "2");
        }
        assert_eq!(named(&dir, "").len(), 2, "stats and saves, no temporary");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[cfg(unix)]
    #[test]
    fn statistics_behind_a_link_are_replaced_where_the_link_points() {
        let dir = scratch("linked");
        let kept = dir.join("synced");
        std::fs::create_dir(&kept).expect("mkdir");
        let stats = dir.join("stats.ron");
        std::os::unix::fs::symlink("synced/stats.ron", &stats).expect("a link");
        write_guarded(&stats, "3", &Untouchable::default()).expect("writes");
        assert_eq!(
            std::fs::read_link(&stats).expect("still a link"),
            Path::new("synced/stats.ron")
        );
        assert_eq!(read(&dir, 100).0, Some(3));
        assert_eq!(named(&kept, "").len(), 1, "no temporary");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_file_that_cannot_be_moved_aside_is_never_written() {
        let untouchable = Untouchable([PathBuf::from("/x/stats.ron")].into_iter().collect());
        let e =
            write_guarded(Path::new("/x/stats.ron"), "1", &untouchable).expect_err("left alone");
        assert!(e.contains("left as it is"), "{e}");
    }
}
