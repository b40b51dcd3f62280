//! The size table of a game's folder: every file under `games/<id>/` (found by walking the
//! folder, `target` directories and hidden entries left out) with its lines and its code lines,
//! as a Markdown table with subtotals.
//!
//! Code lines are the lines that are neither blank nor comment-only: a comment line starts
//! with `//` in `.rs` and `.ron` files and with `#` in `.toml` files. Markdown files are prose:
//! only their lines are counted. Files of any other kind get their lines only.
//!
//! The rows come in three groups: the Rust files under `src/` that are not tests (a file named
//! `tests.rs` or anything under a `tests` directory is a test), then the tests, then every
//! other file; each group ends with a subtotal ("Rust, without tests", "Rust, with tests",
//! "Other files").
//!
//! A document holds a table between `<!-- sizes:begin games/<id> -->` and
//! `<!-- sizes:end -->`; [`rewrite`] replaces what lies between each such pair with the table
//! of the folder the first marker names.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The marker that opens a table; the folder follows it, then ` -->`.
pub const BEGIN: &str = "<!-- sizes:begin ";
/// The marker that closes a table.
pub const END: &str = "<!-- sizes:end -->";

/// One file's counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileSize {
    /// The path from the repository root, with `/` between components.
    pub path: String,
    pub lines: usize,
    /// `None` for prose and files of unknown kinds.
    pub code: Option<usize>,
}

/// The comment prefix of a file kind, or `None` when its lines are not counted as code.
fn comment_prefix(path: &str) -> Option<&'static str> {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext {
        "rs" | "ron" => Some("//"),
        "toml" => Some("#"),
        _ => None,
    }
}

/// The counts of `text`, the contents of `path`.
pub fn measure(path: &str, text: &str) -> FileSize {
    let lines = text.lines().count();
    let code = comment_prefix(path).map(|prefix| {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with(prefix))
            .count()
    });
    FileSize {
        path: path.to_string(),
        lines,
        code,
    }
}

/// Every file under `root/dir`, its path relative to `root`, sorted; `target` directories and
/// names starting with `.` are left out.
pub fn files(root: &Path, dir: &str) -> io::Result<Vec<String>> {
    fn walk(root: &Path, rel: &Path, out: &mut Vec<String>) -> io::Result<()> {
        for entry in fs::read_dir(root.join(rel))? {
            let entry = entry?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') || name == "target" {
                continue;
            }
            let rel = rel.join(&*name);
            if entry.file_type()?.is_dir() {
                walk(root, &rel, out)?;
            } else {
                let parts: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                out.push(parts.join("/"));
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(root, &PathBuf::from(dir), &mut out)?;
    out.sort();
    Ok(out)
}

/// Whether `path` (relative to the game's folder `dir`) is Rust source outside the tests.
fn group(dir: &str, path: &str) -> usize {
    let rel = path
        .strip_prefix(dir.trim_end_matches('/'))
        .unwrap_or(path)
        .trim_start_matches('/');
    let is_rust = rel.starts_with("src/") && rel.ends_with(".rs");
    let is_test = rel.split('/').any(|p| p == "tests" || p == "tests.rs");
    match (is_rust, is_test) {
        (true, false) => 0,
        (true, true) => 1,
        _ => 2,
    }
}

/// The Markdown table of the folder `dir` (relative to `root`).
pub fn table(root: &Path, dir: &str) -> io::Result<String> {
    let mut groups: [Vec<FileSize>; 3] = Default::default();
    for path in files(root, dir)? {
        let bytes = fs::read(root.join(&path))?;
        let size = measure(&path, &String::from_utf8_lossy(&bytes));
        groups[group(dir, &path)].push(size);
    }
    let mut out = String::from("| file | lines | code lines |\n|---|---|---|\n");
    let row = |out: &mut String, f: &FileSize| {
        let code = f.code.map_or(String::new(), |c| c.to_string());
        let _ = writeln!(out, "| `{}` | {} | {} |", f.path, f.lines, code);
    };
    let total = |out: &mut String, label: &str, files: &[&FileSize], code: bool| {
        let lines: usize = files.iter().map(|f| f.lines).sum();
        let code = if code {
            let c: usize = files.iter().filter_map(|f| f.code).sum();
            format!("**{c}**")
        } else {
            String::new()
        };
        let _ = writeln!(out, "| **{label}** | **{lines}** | {code} |");
    };
    for f in &groups[0] {
        row(&mut out, f);
    }
    let rust: Vec<&FileSize> = groups[0].iter().collect();
    total(&mut out, "Rust, without tests", &rust, true);
    for f in &groups[1] {
        row(&mut out, f);
    }
    let rust: Vec<&FileSize> = groups[0].iter().chain(&groups[1]).collect();
    total(&mut out, "Rust, with tests", &rust, true);
    for f in &groups[2] {
        row(&mut out, f);
    }
    let other: Vec<&FileSize> = groups[2].iter().collect();
    total(&mut out, "Other files", &other, false);
    Ok(out)
}

/// `doc` with the text between each pair of markers replaced by the table of the folder the
/// opening marker names (relative to `root`).
///
/// # Errors
/// A marker without its end, or a folder that cannot be read.
pub fn rewrite(root: &Path, doc: &str) -> io::Result<String> {
    let bad = |m: String| io::Error::new(io::ErrorKind::InvalidData, m);
    let mut out = String::new();
    let mut rest = doc;
    while let Some(at) = rest.find(BEGIN) {
        let after = &rest[at + BEGIN.len()..];
        let close = after
            .find("-->")
            .ok_or_else(|| bad(format!("`{BEGIN}` without `-->`")))?;
        let dir = after[..close].trim();
        let line_end = after[close..]
            .find('\n')
            .map_or(after.len(), |i| close + i + 1);
        let end = after[line_end..]
            .find(END)
            .ok_or_else(|| bad(format!("`{BEGIN}{dir} -->` without `{END}`")))?;
        out.push_str(&rest[..at + BEGIN.len() + line_end]);
        out.push_str(&table(root, dir)?);
        rest = &after[line_end + end..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The repository root: the nearest directory at or above `start` whose `Cargo.toml` has a
/// `[workspace]` section.
pub fn root_from(start: &Path) -> Option<PathBuf> {
    start.ancestors().find_map(|dir| {
        let manifest = fs::read_to_string(dir.join("Cargo.toml")).ok()?;
        manifest
            .lines()
            .any(|l| l.trim() == "[workspace]")
            .then(|| dir.to_path_buf())
    })
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn comment_and_blank_lines_are_not_code() {
        let rs = "//! doc\nfn f() {}\n\n    // note\n    let x = 1; // trailing\n";
        assert_eq!(measure("a.rs", rs).lines, 5);
        assert_eq!(measure("a.rs", rs).code, Some(2));
        assert_eq!(measure("a.toml", "# c\n[p]\nname = 1\n").code, Some(2));
        assert_eq!(measure("a.md", "# Title\ntext\n").code, None);
        assert_eq!(measure("a.ron", "// c\n(a: 1)").code, Some(1));
    }

    #[test]
    fn tests_are_told_apart_from_the_rules() {
        assert_eq!(group("games/x", "games/x/src/lib.rs"), 0);
        assert_eq!(group("games/x", "games/x/src/search/mod.rs"), 0);
        assert_eq!(group("games/x", "games/x/src/tests.rs"), 1);
        assert_eq!(group("games/x", "games/x/src/search/tests.rs"), 1);
        assert_eq!(group("games/x", "games/x/src/tests/walk.rs"), 1);
        assert_eq!(group("games/x", "games/x/Cargo.toml"), 2);
        assert_eq!(group("games/x", "games/x/layouts/x.ron"), 2);
    }
}
