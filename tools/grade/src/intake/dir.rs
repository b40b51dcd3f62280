//! Taking a directory submission: the judge lists the wanted paths first (plain files and
//! directories only, no link anywhere on the way, within the budget), then copies each file,
//! opened without following a link, exactly its listed size.

use std::fs::{self, File, OpenOptions};
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use super::listing::{Listed, Listing, SKIPPED};

/// The listing of the `wanted` paths (relative, `/`-separated, each with whether it is
/// required) of the directory `root`.
///
/// # Errors
/// A missing required path, a link or anything but a plain file or directory, a name that is
/// not UTF-8, or more than the budget.
pub fn list(root: &Path, wanted: &[(String, bool)]) -> Result<Listing<PathBuf>, String> {
    if !root.is_dir() {
        return Err(format!("{} is not a directory", root.display()));
    }
    let mut listing = Listing::default();
    for (rel, required) in wanted {
        match reach(root, rel)? {
            None if *required => return Err(format!("the submission has no {rel}")),
            None => {}
            Some(path) => walk(&path, rel, &mut listing)?,
        }
    }
    Ok(listing)
}

/// `rel` below `root`, if every component on the way is there and none is a link.
fn reach(root: &Path, rel: &str) -> Result<Option<PathBuf>, String> {
    let mut at = root.to_path_buf();
    let mut so_far = String::new();
    for part in rel.split('/') {
        at.push(part);
        if !so_far.is_empty() {
            so_far.push('/');
        }
        so_far.push_str(part);
        match fs::symlink_metadata(&at) {
            Err(_) => return Ok(None),
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(format!(
                    "{so_far} is a symbolic link: a submission holds plain files only"
                ));
            }
            Ok(_) => {}
        }
    }
    Ok(Some(at))
}

fn walk(path: &Path, rel: &str, listing: &mut Listing<PathBuf>) -> Result<(), String> {
    let io = |e: std::io::Error| format!("{}: {e}", crate::capped(rel, 200));
    let meta = fs::symlink_metadata(path).map_err(io)?;
    let kind = meta.file_type();
    if kind.is_symlink() {
        return Err(format!(
            "{} is a symbolic link: a submission holds plain files only",
            crate::capped(rel, 200)
        ));
    }
    if kind.is_file() {
        use std::os::unix::fs::PermissionsExt;
        let executable = meta.permissions().mode() & 0o111 != 0;
        return listing.file(rel.to_string(), meta.len(), executable, path.to_path_buf());
    }
    if !kind.is_dir() {
        return Err(format!("{} is not a plain file", crate::capped(rel, 200)));
    }
    listing.dir(rel.to_string())?;
    let mut names = Vec::new();
    for entry in fs::read_dir(path).map_err(io)? {
        let entry = entry.map_err(io)?;
        let name = entry.file_name().into_string().map_err(|name| {
            format!(
                "{}/{}: a file name that is not UTF-8",
                crate::capped(rel, 200),
                name.to_string_lossy()
            )
        })?;
        names.push(name);
    }
    names.sort();
    for name in names {
        if SKIPPED.contains(&name.as_str()) {
            continue;
        }
        walk(&path.join(&name), &format!("{rel}/{name}"), listing)?;
    }
    Ok(())
}

/// Copy a listed file into `out`: exactly its listed bytes, from the file opened without
/// following a link.
///
/// # Errors
/// A file that cannot be read, is no longer a plain file, or changed size since it was listed.
pub fn fill(file: &Listed<PathBuf>, out: &mut File) -> Result<(), String> {
    let io = |e: std::io::Error| format!("{}: {e}", crate::capped(&file.path, 200));
    let source = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(&file.source)
        .map_err(io)?;
    let meta = source.metadata().map_err(io)?;
    if !meta.is_file() || meta.len() != file.size {
        return Err(format!(
            "{} changed while it was taken",
            crate::capped(&file.path, 200)
        ));
    }
    let copied = std::io::copy(&mut source.take(file.size), out).map_err(io)?;
    if copied != file.size {
        return Err(format!(
            "{} changed while it was taken",
            crate::capped(&file.path, 200)
        ));
    }
    Ok(())
}
