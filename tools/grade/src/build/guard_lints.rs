//! rustc's guards a submission may not turn off: `long_running_const_eval`, the deny-by-default
//! lint that ends constant evaluation without end (`const X: u64 = { loop {} };`). A crate
//! that names it (to allow or expect it) would keep the compiler busy until the build's time
//! limit, so it is refused before it is built. The compiler sees only the student's scratch
//! directory, so every file there is read: `include!` can bring any of them in.

use std::path::{Path, PathBuf};

use crate::intake::listing::Listing;

/// The lints a submission may not name.
pub const GUARDS: [&str; 1] = ["long_running_const_eval"];

/// Refuse the staged submission in `scratch` if a file of it names a guard lint.
///
/// # Errors
/// The file that names it and why that is refused, in words for the student; a directory
/// that cannot be read.
pub fn check(scratch: &Path) -> Result<(), String> {
    let mut todo = vec![scratch.to_path_buf()];
    while let Some(dir) = todo.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                todo.push(path);
                continue;
            }
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let rel = path.strip_prefix(scratch).unwrap_or(&path);
            names_none(&rel.display().to_string(), &bytes)?;
        }
    }
    Ok(())
}

/// Refuse the files of `listing` (a submission listed in place, as a self-check lists the
/// student's checkout) if one names a guard lint: the files a class grade would stage.
///
/// # Errors
/// As [`check`].
pub fn check_listed(listing: &Listing<PathBuf>) -> Result<(), String> {
    for file in &listing.files {
        let Ok(bytes) = std::fs::read(&file.source) else {
            continue;
        };
        names_none(&file.path, &bytes)?;
    }
    Ok(())
}

/// Refuse the file `rel` if its `bytes` name a guard lint.
fn names_none(rel: &str, bytes: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(bytes);
    match GUARDS.iter().find(|g| text.contains(*g)) {
        Some(lint) => Err(format!(
            "{rel} names `{lint}`, rustc's guard against constant evaluation without end, which \
             a submission may not allow"
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_names_the_guard_is_refused_wherever_it_is() {
        let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let dir = tmp.path().join("games/ada/src");
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(dir.join("lib.rs"), "pub const A: u8 = 1;\n")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(check(tmp.path()), Ok(()));
        std::fs::write(dir.join("x.txt"), "#![allow(long_running_const_eval)]")
            .unwrap_or_else(|e| panic!("{e}"));
        let refused = check(tmp.path()).unwrap_err();
        assert!(
            refused.starts_with("games/ada/src/x.txt names"),
            "{refused}"
        );
    }
}
