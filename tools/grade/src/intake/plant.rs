//! Writing a listing's files into a fresh directory: every directory made anew, every file
//! created (never opened where it exists, never through a link) and filled with exactly its
//! listed bytes.

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::Path;

use super::listing::{Listed, Listing};

/// Write every file of `listing` below `dest` (a directory the judge just made), its content
/// from `fill`, which must write exactly the file's listed size.
///
/// # Errors
/// A path that exists already (a name twice in the submission), a file the writer cannot
/// create, or content that `fill` cannot give.
pub fn plant<S>(
    listing: &Listing<S>,
    dest: &Path,
    mut fill: impl FnMut(&Listed<S>, &mut File) -> Result<(), String>,
) -> Result<(), String> {
    let io = |rel: &str, e: std::io::Error| format!("{}: {e}", crate::capped(rel, 200));
    fs::create_dir_all(dest).map_err(|e| format!("{}: {e}", dest.display()))?;
    for dir in &listing.dirs {
        make_dirs(dest, dir).map_err(|e| io(dir, e))?;
    }
    for file in &listing.files {
        if let Some((parent, _)) = file.path.rsplit_once('/') {
            make_dirs(dest, parent).map_err(|e| io(parent, e))?;
        }
        let mode = if file.executable { 0o755 } else { 0o644 };
        let mut out = OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(mode)
            .custom_flags(libc::O_NOFOLLOW)
            .open(dest.join(&file.path))
            .map_err(|e| io(&file.path, e))?;
        fill(file, &mut out)?;
        out.flush().map_err(|e| io(&file.path, e))?;
    }
    Ok(())
}

/// Make `rel` and its parents below `dest`, each a real directory (a link is refused).
fn make_dirs(dest: &Path, rel: &str) -> std::io::Result<()> {
    let mut at = dest.to_path_buf();
    for part in rel.split('/') {
        at.push(part);
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::AlreadyExists,
                    "not a directory",
                ));
            }
            Err(_) => fs::DirBuilder::new().mode(0o755).create(&at)?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_created_once_with_their_bytes() {
        let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut listing = Listing::default();
        let ok = |r: Result<(), String>| r.unwrap_or_else(|e| panic!("{e}"));
        ok(listing.dir("games/a".into()));
        ok(listing.file("games/a/src/lib.rs".into(), 2, false, b"hi".to_vec()));
        ok(listing.file("games/a/run".into(), 1, true, b"x".to_vec()));
        let fill = |f: &Listed<Vec<u8>>, out: &mut File| {
            out.write_all(&f.source).map_err(|e| e.to_string())
        };
        ok(plant(&listing, tmp.path(), fill));
        let lib = tmp.path().join("games/a/src/lib.rs");
        assert_eq!(fs::read(&lib).ok(), Some(b"hi".to_vec()));
        // A name twice: the second is refused, the first left as it was.
        let mut twice = Listing::default();
        ok(twice.file("games/a/src/lib.rs".into(), 2, false, b"no".to_vec()));
        assert!(plant(&twice, tmp.path(), fill).is_err());
        assert_eq!(fs::read(&lib).ok(), Some(b"hi".to_vec()));
        // A link where a file goes is not followed.
        let link = tmp.path().join("games/a/link");
        std::os::unix::fs::symlink(tmp.path().join("elsewhere"), &link)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut linked = Listing::default();
        ok(linked.file("games/a/link".into(), 1, false, b"x".to_vec()));
        assert!(plant(&linked, tmp.path(), fill).is_err());
        assert!(!tmp.path().join("elsewhere").exists());
    }
}
