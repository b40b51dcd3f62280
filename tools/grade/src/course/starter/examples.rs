//! Which of the collection's games a starter keeps as examples: every game the course does not
//! assign, but for those whose library depends on a registry crate the course does not allow.
//! A student who followed one of those would be refused (`it depends on ..., which the course
//! does not allow`), so the starter leaves it out and says why. The crates of the course's own
//! workspace the examples use (`solitaire-search`, for their solvers) are refused in a
//! submission too; the README says so, since every example's search needs them.

use std::collections::BTreeSet;
use std::path::Path;

use solitaire_files::Course;
use toml::{Table, Value};

use crate::build::trusted::Trusted;

/// An example left out: its folder under `games/` and the crates the course does not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeftOut {
    /// The folder (`bristol`): the crate `game-bristol`.
    pub folder: String,
    /// The registry crates its library depends on that the course does not allow.
    pub crates: Vec<String>,
}

/// The examples of `workspace` to leave out under `course`: the game folders not in
/// `assigned` whose library depends on a registry crate the course does not allow.
///
/// # Errors
/// The workspace or a game's manifest that does not read.
pub(super) fn left_out(
    workspace: &Path,
    assigned: &BTreeSet<String>,
    course: &Course,
) -> Result<Vec<LeftOut>, String> {
    let trusted = Trusted::open(workspace)?;
    let games = workspace.join("games");
    let mut folders: Vec<String> = std::fs::read_dir(&games)
        .map_err(|e| format!("{}: {e}", games.display()))?
        .flatten()
        .filter(|e| e.path().join("Cargo.toml").is_file())
        .filter_map(|e| e.file_name().to_str().map(String::from))
        .filter(|f| !assigned.contains(f))
        .collect();
    folders.sort();
    let mut out = Vec::new();
    for folder in folders {
        let file = games.join(&folder).join("Cargo.toml");
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let manifest = text
            .parse::<Table>()
            .map_err(|e| format!("{}: {e}", file.display()))?;
        let crates: Vec<String> = library_dependencies(&manifest)
            .into_iter()
            .filter(|name| trusted.crate_role(name).is_none())
            .filter(|name| !course.allowed_crates.contains(name))
            .collect();
        if !crates.is_empty() {
            out.push(LeftOut { folder, crates });
        }
    }
    Ok(out)
}

/// The packages a manifest's library depends on (`[dependencies]` and its target-specific
/// tables), by package name, sorted.
fn library_dependencies(manifest: &Table) -> BTreeSet<String> {
    let mut tables: Vec<&Table> = manifest
        .get("dependencies")
        .and_then(Value::as_table)
        .into_iter()
        .collect();
    if let Some(targets) = manifest.get("target").and_then(Value::as_table) {
        tables.extend(
            targets
                .values()
                .filter_map(|t| t.get("dependencies").and_then(Value::as_table)),
        );
    }
    tables
        .into_iter()
        .flat_map(|t| t.iter())
        .map(|(key, spec)| {
            spec.get("package")
                .and_then(Value::as_str)
                .unwrap_or(key)
                .to_string()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_library_depends_on_its_dependencies_by_package() {
        let manifest: Table = r#"
            [dependencies]
            solitaire-core.workspace = true
            dice = { package = "rand", version = "1" }
            [target.'cfg(unix)'.dependencies]
            libc = "0.2"
            [dev-dependencies]
            proptest = "1"
        "#
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
        let deps: Vec<String> = library_dependencies(&manifest).into_iter().collect();
        assert_eq!(deps, ["libc", "rand", "solitaire-core"]);
    }
}
