//! What a path names when a file is written there: a regular file (existing or new), reached
//! through any chain of symbolic links, or something else (a FIFO, a device, a socket, a
//! directory) that is opened where it is.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The most symbolic links followed from one path (Linux's limit is 40).
pub const MAX_LINKS: usize = 40;

/// Where the bytes for a path go.
#[derive(Debug, PartialEq, Eq)]
pub enum Target {
    /// A regular file, or no file yet: replaced or created whole at this path, which is no
    /// symbolic link.
    Regular(PathBuf),
    /// Something that is not a regular file: opened and written at this path, never replaced.
    Special(PathBuf),
}

/// Resolve `path`: follow its symbolic links one by one (a relative link relative to the
/// link's directory) to the regular file or the missing name at the end of the chain, which
/// a dangling link thus creates. A link that ends at something other than a regular file is
/// left to the system to follow: the links of `/proc/self/fd` (behind `/dev/stdout`) name a
/// pipe or a terminal by text that is no path.
///
/// # Errors
/// A path that cannot be examined, or more than [`MAX_LINKS`] links (a loop).
pub fn resolve(path: &Path) -> io::Result<Target> {
    let mut at = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        let meta = match fs::symlink_metadata(&at) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Target::Regular(at)),
            other => other?,
        };
        if meta.is_file() {
            return Ok(Target::Regular(at));
        }
        if !meta.file_type().is_symlink() {
            return Ok(Target::Special(at));
        }
        if fs::metadata(&at).is_ok_and(|m| !m.is_file()) {
            return Ok(Target::Special(at));
        }
        let to = fs::read_link(&at)?;
        at = match at.parent() {
            Some(dir) => dir.join(to),
            None => to,
        };
    }
    Err(io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links in a chain (a loop?)"
    )))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn a_regular_file_or_a_missing_name_is_itself() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.csv");
        assert_eq!(resolve(&file).unwrap(), Target::Regular(file.clone()));
        fs::write(&file, "x").unwrap();
        assert_eq!(resolve(&file).unwrap(), Target::Regular(file));
    }

    #[test]
    fn a_chain_of_relative_links_ends_at_its_last_file() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("sub")).unwrap();
        // top -> sub/middle -> ../real.csv (relative to sub/, so real.csv at the top)
        symlink("sub/middle", dir.path().join("top")).unwrap();
        symlink("../real.csv", dir.path().join("sub/middle")).unwrap();
        let Target::Regular(end) = resolve(&dir.path().join("top")).unwrap() else {
            panic!("a regular file");
        };
        fs::write(&end, "through").unwrap();
        assert_eq!(
            fs::read_to_string(dir.path().join("real.csv")).unwrap(),
            "through"
        );
    }

    #[test]
    fn a_link_to_a_device_or_a_directory_is_special() {
        let dir = tempfile::tempdir().unwrap();
        let null = dir.path().join("null");
        symlink("/dev/null", &null).unwrap();
        assert_eq!(resolve(&null).unwrap(), Target::Special(null));
        assert_eq!(
            resolve(dir.path()).unwrap(),
            Target::Special(dir.path().to_path_buf())
        );
    }

    #[test]
    fn a_loop_of_links_is_an_error_not_a_hang() {
        let dir = tempfile::tempdir().unwrap();
        symlink("b", dir.path().join("a")).unwrap();
        symlink("a", dir.path().join("b")).unwrap();
        let e = resolve(&dir.path().join("a")).unwrap_err();
        assert!(e.to_string().contains("symbolic links"), "{e}");
    }
}
