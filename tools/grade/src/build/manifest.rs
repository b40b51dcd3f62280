//! A student crate's `Cargo.toml`, checked and read into what the compiler needs ([`Plan`]):
//! its edition, its library's root file, its dependencies and its default features. The
//! engine and the crates the course allows are linked from the trusted build; everything
//! else is refused with the reason: a reference game, the registry, the grader or the
//! conformance crate, any other crate, path or git dependencies, build scripts and
//! procedural macros (code that would run while the class is built).

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

use toml::{Table, Value};

use crate::build::trusted::Trusted;

/// The engine's package name.
pub const ENGINE: &str = "solitaire-core";

/// Dependency tables that are built with the library.
const BUILT: &str = "dependencies";

/// What the compiler needs to build a student's library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The Rust edition (`2024`).
    pub edition: String,
    /// The library's root file, relative to the crate's directory.
    pub lib: PathBuf,
    /// Each dependency: the name the code uses (`serde`) and its package (`serde`).
    pub deps: Vec<(String, String)>,
    /// The crate's own features enabled by default (with those they enable).
    pub features: BTreeSet<String>,
}

/// Read and check the manifest `text` of the crate in `crate_dir`.
///
/// # Errors
/// Why the crate is refused, in words for the student.
pub fn plan(
    text: &str,
    crate_dir: &Path,
    allowed: &[String],
    trusted: &Trusted,
) -> Result<Plan, String> {
    let manifest = text
        .parse::<Table>()
        .map_err(|e| format!("its Cargo.toml does not read: {}", one_line(&e.to_string())))?;
    let package = manifest
        .get("package")
        .and_then(Value::as_table)
        .ok_or("its Cargo.toml has no [package]")?;
    check_no_build_script(package, crate_dir)?;
    let lib = manifest.get("lib").and_then(Value::as_table);
    if let Some(lib) = lib {
        let flag = |k: &str| lib.get(k).and_then(Value::as_bool) == Some(true);
        if flag("proc-macro") || flag("proc_macro") {
            return Err("it is a procedural macro crate: a submission is a plain library".into());
        }
    }
    let lib_path = match lib.and_then(|l| l.get("path")) {
        None => PathBuf::from("src/lib.rs"),
        Some(Value::String(p)) => inside(p)?,
        Some(_) => return Err("its [lib] path does not read".into()),
    };
    refuse_build_dependencies(&manifest)?;
    let mut deps = Vec::new();
    let mut tables = vec![manifest.get(BUILT)];
    if let Some(targets) = manifest.get("target").and_then(Value::as_table) {
        tables.extend(
            targets
                .values()
                .filter_map(Value::as_table)
                .map(|t| t.get(BUILT)),
        );
    }
    for table in tables.into_iter().flatten() {
        let table = table.as_table().ok_or("its [dependencies] does not read")?;
        for (key, spec) in table {
            let package = check_dependency(key, spec, allowed, trusted)?;
            let name = key.replace('-', "_");
            if !deps.iter().any(|(n, _)| *n == name) {
                deps.push((name, package));
            }
        }
    }
    if !deps.iter().any(|(_, p)| p == ENGINE) {
        return Err(format!("it does not depend on the engine ({ENGINE})"));
    }
    Ok(Plan {
        edition: edition(package, trusted)?,
        lib: lib_path,
        deps,
        features: default_features(&manifest),
    })
}

/// A path inside the crate, relative, without `..`.
fn inside(path: &str) -> Result<PathBuf, String> {
    let p = PathBuf::from(path);
    if p.components()
        .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
    {
        Ok(p)
    } else {
        Err(format!("its [lib] path {path:?} leaves the crate"))
    }
}

/// The crate's edition: its own, the course workspace's when inherited, else 2015 (Cargo's
/// default).
fn edition(package: &Table, trusted: &Trusted) -> Result<String, String> {
    let edition = match package.get("edition") {
        None => "2015".to_string(),
        Some(Value::String(e)) => e.clone(),
        Some(Value::Table(t)) if t.get("workspace").and_then(Value::as_bool) == Some(true) => {
            trusted
                .table("workspace.package")
                .and_then(|p| p.get("edition"))
                .and_then(Value::as_str)
                .unwrap_or("2015")
                .to_string()
        }
        Some(_) => return Err("its edition does not read".into()),
    };
    if ["2015", "2018", "2021", "2024"].contains(&edition.as_str()) {
        Ok(edition)
    } else {
        Err(format!("its edition {edition:?} is not one rustc knows"))
    }
}

/// The crate's `default` features and, transitively, the features of its own they enable
/// (`dep:` and `crate/feature` entries name other crates' features, fixed by the trusted
/// build).
fn default_features(manifest: &Table) -> BTreeSet<String> {
    let table = manifest.get("features").and_then(Value::as_table);
    let mut on = BTreeSet::new();
    let mut todo = vec!["default".to_string()];
    while let Some(feature) = todo.pop() {
        let Some(list) = table
            .and_then(|t| t.get(&feature))
            .and_then(Value::as_array)
        else {
            continue;
        };
        if !on.insert(feature) {
            continue;
        }
        for entry in list.iter().filter_map(Value::as_str) {
            if !entry.contains(':') && !entry.contains('/') {
                todo.push(entry.to_string());
            }
        }
    }
    on
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn check_no_build_script(package: &Table, crate_dir: &Path) -> Result<(), String> {
    match package.get("build") {
        Some(Value::Boolean(false)) => Ok(()),
        Some(_) => Err(
            "it has a build script (package.build): no code may run while the \
                        class is built"
                .into(),
        ),
        None if crate_dir.join("build.rs").exists() => {
            Err("it has a build script (build.rs): no code may run while the class is built".into())
        }
        None => Ok(()),
    }
}

fn refuse_build_dependencies(manifest: &Table) -> Result<(), String> {
    let has = |t: &Table| {
        ["build-dependencies", "build_dependencies"]
            .iter()
            .any(|k| {
                t.get(*k)
                    .and_then(Value::as_table)
                    .is_some_and(|d| !d.is_empty())
            })
    };
    let in_targets = manifest
        .get("target")
        .and_then(Value::as_table)
        .is_some_and(|targets| targets.values().filter_map(Value::as_table).any(has));
    if has(manifest) || in_targets {
        return Err("it has build-dependencies: no code may run while the class is built".into());
    }
    Ok(())
}

/// The package of dependency `key` if the submission may have it, or why not.
fn check_dependency(
    key: &str,
    spec: &Value,
    allowed: &[String],
    trusted: &Trusted,
) -> Result<String, String> {
    let table = match spec {
        Value::String(_) => Table::new(),
        Value::Table(t) => t.clone(),
        _ => return Err(format!("the dependency {key:?} does not read")),
    };
    let name = table
        .get("package")
        .and_then(Value::as_str)
        .unwrap_or(key)
        .to_string();
    for (field, what) in [
        ("path", "a path"),
        ("git", "a git"),
        ("registry", "another registry's"),
        ("registry-index", "another registry's"),
    ] {
        if table.contains_key(field) && name != ENGINE {
            return Err(format!(
                "it takes {name} as {what} dependency: allowed crates come from the course's \
                 build"
            ));
        }
    }
    if name == ENGINE {
        return Ok(name);
    }
    if let Some(role) = trusted.crate_role(&name) {
        return Err(format!(
            "it depends on {name}, {role}: a submission must implement the rules itself, \
             with the engine ({ENGINE}) only"
        ));
    }
    if !allowed.contains(&name) {
        let list = if allowed.is_empty() {
            "none".to_string()
        } else {
            allowed.join(", ")
        };
        return Err(format!(
            "it depends on {name}, which the course does not allow (allowed besides the engine: \
             {list})"
        ));
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trusted() -> Trusted {
        Trusted::open(&crate::build::trusted::built_from()).unwrap_or_else(|e| panic!("{e}"))
    }

    const SCAFFOLDED: &str = r#"
[package]
name = "game-ada"
edition.workspace = true
version.workspace = true

[dependencies]
solitaire-core.workspace = true

[dev-dependencies]
proptest = "1"
"#;

    fn planned(text: &str, allowed: &[&str]) -> Result<Plan, String> {
        let allowed: Vec<String> = allowed.iter().map(|s| s.to_string()).collect();
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        plan(text, dir.path(), &allowed, &trusted())
    }

    #[test]
    fn a_scaffolded_crate_needs_the_engine_only() {
        let p = planned(SCAFFOLDED, &[]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.edition, "2024");
        assert_eq!(p.lib, PathBuf::from("src/lib.rs"));
        assert_eq!(
            p.deps,
            vec![("solitaire_core".to_string(), ENGINE.to_string())]
        );
        assert!(p.features.is_empty());
        let no_engine = SCAFFOLDED.replace("solitaire-core.workspace = true", "");
        assert!(planned(&no_engine, &[]).is_err_and(|e| e.contains("engine")));
    }

    #[test]
    fn reference_games_and_other_crates_are_refused_with_the_reason() {
        let with = |dep: &str| format!("{SCAFFOLDED}\n[dependencies.{dep}]\nversion = \"1\"\n");
        let game = planned(
            &SCAFFOLDED.replace(
                "solitaire-core.workspace = true",
                "solitaire-core.workspace = true\ngame-labyrinth.workspace = true",
            ),
            &[],
        );
        // A starter that left Labyrinth out refuses it as a crate the course does not allow.
        if crate::testing::registered("labyrinth").is_some() {
            assert!(game.is_err_and(|e| e.contains("game-labyrinth, a reference game")));
        }
        let grader = planned(&with("solitaire-grader"), &[]);
        assert!(grader.is_err_and(|e| e.contains("the grader")));
        let answers = planned(&with("solitaire-conformance"), &[]);
        assert!(answers.is_err_and(|e| e.contains("answers")));
        assert!(planned(&with("rand"), &[]).is_err_and(|e| e.contains("does not allow")));
        let renamed = planned(
            &with("dice").replace("version", "package = \"rand\"\nversion"),
            &["rand"],
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            renamed
                .deps
                .contains(&("dice".to_string(), "rand".to_string()))
        );
    }

    #[test]
    fn path_dependencies_library_paths_and_features() {
        let path = SCAFFOLDED.replace(
            "solitaire-core.workspace = true",
            "solitaire-core.workspace = true\nrand = { path = \"../rand\" }",
        );
        assert!(planned(&path, &["rand"]).is_err_and(|e| e.contains("a path dependency")));
        let outside = format!("{SCAFFOLDED}\n[lib]\npath = \"../../games/bristol/src/lib.rs\"\n");
        assert!(planned(&outside, &[]).is_err_and(|e| e.contains("leaves the crate")));
        let features = format!(
            "{SCAFFOLDED}\n[features]\ndefault = [\"fast\"]\nfast = [\"tables\", \"serde/derive\"]\ntables = []\nslow = []\n"
        );
        let p = planned(&features, &[]).unwrap_or_else(|e| panic!("{e}"));
        let on: Vec<&str> = p.features.iter().map(String::as_str).collect();
        assert_eq!(on, ["default", "fast", "tables"]);
    }

    #[test]
    fn build_scripts_and_procedural_macros_are_refused() {
        let script = SCAFFOLDED.replace(
            "version.workspace = true",
            "version.workspace = true\nbuild = \"gen.rs\"",
        );
        assert!(planned(&script, &[]).is_err_and(|e| e.contains("build script")));
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(dir.path().join("build.rs"), "fn main() {}")
            .unwrap_or_else(|e| panic!("{e}"));
        let found = plan(SCAFFOLDED, dir.path(), &[], &trusted());
        assert!(found.is_err_and(|e| e.contains("build.rs")));
        let proc_macro = format!("{SCAFFOLDED}\n[lib]\nproc-macro = true\n");
        assert!(planned(&proc_macro, &[]).is_err_and(|e| e.contains("procedural macro")));
        let build_deps = format!("{SCAFFOLDED}\n[build-dependencies]\ncc = \"1\"\n");
        assert!(planned(&build_deps, &[]).is_err_and(|e| e.contains("build-dependencies")));
    }
}
