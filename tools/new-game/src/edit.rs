//! The registration: one line each in the root `Cargo.toml`, `crates/registry/Cargo.toml` and
//! the list of games of `crates/registry/src/lib.rs`, computed as new file texts.

use std::fs;
use std::path::{Path, PathBuf};

use crate::ScaffoldError;
use crate::names::lib_name;

/// The root manifest.
pub(crate) const ROOT_MANIFEST: &str = "Cargo.toml";
/// The registry's manifest.
pub(crate) const REGISTRY_MANIFEST: &str = "crates/registry/Cargo.toml";
/// The registry's lists of plugins and layouts.
pub(crate) const REGISTRY_LIB: &str = "crates/registry/src/lib.rs";
/// The marker line closing the list of games in [`REGISTRY_LIB`].
pub(crate) const GAMES_MARKER: &str = "// `sol new-game` adds games above this line.";

/// The three registry files with game `id` registered, or why they cannot be edited.
pub(crate) fn registration(root: &Path, id: &str) -> Result<Vec<(PathBuf, String)>, ScaffoldError> {
    let read = |rel: &str| {
        let path = root.join(rel);
        fs::read_to_string(&path).map_err(|source| ScaffoldError::Io { path, source })
    };
    let package = format!("game-{id}");
    let root_manifest = workspace_dependency(&read(ROOT_MANIFEST)?, &package, id)?;
    let registry_manifest = registry_dependency(&read(REGISTRY_MANIFEST)?, &package)?;
    let registry_lib = registry_lists(&read(REGISTRY_LIB)?, &lib_name(id), id)?;
    Ok(vec![
        (PathBuf::from(ROOT_MANIFEST), root_manifest),
        (PathBuf::from(REGISTRY_MANIFEST), registry_manifest),
        (PathBuf::from(REGISTRY_LIB), registry_lib),
    ])
}

fn shape(file: &str, problem: impl Into<String>) -> ScaffoldError {
    ScaffoldError::Shape {
        file: file.to_string(),
        problem: problem.into(),
    }
}

fn exists(id: &str, what: String) -> ScaffoldError {
    ScaffoldError::Exists {
        id: id.to_string(),
        what,
    }
}

/// The lines of the TOML table `header`, as a range of line indices (header excluded).
fn table(lines: &[&str], header: &str) -> Option<(usize, usize)> {
    let start = lines.iter().position(|l| l.trim() == header)? + 1;
    let end = lines[start..]
        .iter()
        .position(|l| l.trim_start().starts_with('['))
        .map_or(lines.len(), |i| start + i);
    Some((start, end))
}

/// Insert `line` after the last line of `range` that `is_entry` accepts, else after the
/// table's last non-blank line.
fn insert_in_table(
    lines: &mut Vec<String>,
    (start, end): (usize, usize),
    is_entry: impl Fn(&str) -> bool,
    line: String,
) {
    let after = (start..end)
        .rev()
        .find(|&i| is_entry(&lines[i]))
        .or_else(|| (start..end).rev().find(|&i| !lines[i].trim().is_empty()))
        .map_or(start, |i| i + 1);
    lines.insert(after, line);
}

fn join(lines: &[String], original: &str) -> String {
    let mut text = lines.join("\n");
    if original.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// The root manifest with `game-<id> = { path = "games/<id>" }` in `[workspace.dependencies]`.
pub(crate) fn workspace_dependency(
    text: &str,
    package: &str,
    id: &str,
) -> Result<String, ScaffoldError> {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim_start().starts_with("members"))
        .ok_or_else(|| shape(ROOT_MANIFEST, "no `members` list in [workspace]"))?;
    let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    let members = lines[at];
    if !members.contains("\"games/*\"") {
        // A starter whose course assigns every game has no game folder, so no `games/*`
        // (a glob that matches nothing stops cargo): the first game brings it back.
        let Some(open) = members.find('[').filter(|_| !members.contains("\"games/")) else {
            return Err(shape(
                ROOT_MANIFEST,
                "the workspace `members` no longer include \"games/*\"; add it back",
            ));
        };
        let comma = if members[open + 1..].trim_start().starts_with(']') {
            ""
        } else {
            ", "
        };
        out[at] = format!(
            "{}\"games/*\"{comma}{}",
            &members[..=open],
            &members[open + 1..]
        );
    }
    let range = table(&lines, "[workspace.dependencies]")
        .ok_or_else(|| shape(ROOT_MANIFEST, "no [workspace.dependencies] table"))?;
    let key = format!("{package} ");
    if lines[range.0..range.1]
        .iter()
        .any(|l| l.starts_with(&key) || l.starts_with(&format!("{package}=")))
    {
        return Err(exists(
            id,
            format!("{ROOT_MANIFEST} already names {package}"),
        ));
    }
    insert_in_table(
        &mut out,
        range,
        |l| l.starts_with("game-") && l.contains("path = \"games/"),
        format!("{package} = {{ path = \"games/{id}\" }}"),
    );
    Ok(join(&out, text))
}

/// The registry manifest with `game-<id>.workspace = true` in `[dependencies]`.
pub(crate) fn registry_dependency(text: &str, package: &str) -> Result<String, ScaffoldError> {
    let lines: Vec<&str> = text.lines().collect();
    let range = table(&lines, "[dependencies]")
        .ok_or_else(|| shape(REGISTRY_MANIFEST, "no [dependencies] table"))?;
    let line = format!("{package}.workspace = true");
    if lines[range.0..range.1].iter().any(|l| l.trim() == line) {
        return Err(shape(
            REGISTRY_MANIFEST,
            format!("already depends on {package}"),
        ));
    }
    let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    insert_in_table(
        &mut out,
        range,
        |l| l.starts_with("game-") && l.contains(".workspace = true"),
        line,
    );
    Ok(join(&out, text))
}

/// The registry's source with `<lib>::GAME.into(),` appended to its list of games:
/// before each list's marker line, or after its last entry when a marker is gone.
pub(crate) fn registry_lists(text: &str, lib: &str, id: &str) -> Result<String, ScaffoldError> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let entry = format!("{lib}::GAME.into(),");
    if lines.iter().any(|l| l.trim() == entry) {
        return Err(exists(id, format!("{REGISTRY_LIB} already lists {entry}")));
    }
    let is_entry = |l: &str| {
        let l = l.trim();
        l.starts_with("game_") && l.ends_with("::GAME.into(),")
    };
    let (at, indent) = if let Some(i) = lines.iter().position(|l| l.trim() == GAMES_MARKER) {
        (i, indent_of(&lines[i]))
    } else if let Some(i) = lines.iter().rposition(|l| is_entry(l)) {
        (i + 1, indent_of(&lines[i]))
    } else {
        return Err(shape(
            REGISTRY_LIB,
            format!("cannot find the list of games: put the line `{GAMES_MARKER}` at its end"),
        ));
    };
    lines.insert(at, format!("{indent}{entry}"));
    Ok(join(&lines, text))
}

fn indent_of(line: &str) -> String {
    line[..line.len() - line.trim_start().len()].to_string()
}
