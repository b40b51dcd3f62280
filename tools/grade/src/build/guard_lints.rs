//! rustc's guards a submission may not turn off: `long_running_const_eval`, the deny-by-default
//! lint that ends constant evaluation without end (`const X: u64 = { loop {} };`). A crate
//! that names it (to allow or expect it) would keep the compiler busy until the build's time
//! limit, so it is refused before it is built. The compiler sees only the student's scratch
//! directory, so every file there is read: `include!` can bring any of them in.

use std::path::Path;

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
            let text = String::from_utf8_lossy(&bytes);
            if let Some(lint) = GUARDS.iter().find(|g| text.contains(*g)) {
                let rel = path.strip_prefix(scratch).unwrap_or(&path);
                return Err(format!(
                    "{} names `{lint}`, rustc's guard against constant evaluation without end, \
                     which a submission may not allow",
                    rel.display()
                ));
            }
        }
    }
    Ok(())
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
