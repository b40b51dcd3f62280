//! A student crate's `Cargo.toml`, checked and rewritten for the scratch build: the engine
//! becomes a path dependency into the trusted workspace; crates from the registry that the
//! course allows stay; everything else is refused with the reason: a reference game, the
//! registry, the grader or the conformance crate, any other crate, path or git dependencies,
//! build scripts and procedural macros (code that would run while the class is built).

use std::path::Path;

use toml::{Table, Value};

use crate::trusted::Trusted;

/// The package name the student's crate is built under (whatever it was called), so it can
/// never collide with a crate of the trusted workspace.
pub const PACKAGE: &str = "student-submission";

/// The engine's package name.
const ENGINE: &str = "solitaire-core";

/// Dependency tables that are built with the library.
const BUILT: &str = "dependencies";

/// Read, check and rewrite the manifest `text` of the crate in `crate_dir`.
///
/// # Errors
/// Why the crate is refused, in words for the student.
pub fn rewrite(
    text: &str,
    crate_dir: &Path,
    allowed: &[String],
    trusted: &Trusted,
) -> Result<String, String> {
    let mut manifest = text
        .parse::<Table>()
        .map_err(|e| format!("its Cargo.toml does not read: {e}"))?;
    let package = manifest
        .get_mut("package")
        .and_then(Value::as_table_mut)
        .ok_or("its Cargo.toml has no [package]")?;
    check_no_build_script(package, crate_dir)?;
    package.insert("name".into(), Value::String(PACKAGE.into()));
    for key in ["workspace", "default-run", "build"] {
        package.remove(key);
    }
    package.insert("build".into(), Value::Boolean(false));
    for key in ["autobins", "autoexamples", "autotests", "autobenches"] {
        package.insert(key.into(), Value::Boolean(false));
    }
    if let Some(lib) = manifest.get("lib").and_then(Value::as_table) {
        let flag = |k: &str| lib.get(k).and_then(Value::as_bool) == Some(true);
        if flag("proc-macro") || flag("proc_macro") {
            return Err("it is a procedural macro crate: a submission is a plain library".into());
        }
    }
    for key in [
        "workspace",
        "patch",
        "replace",
        "profile",
        "bin",
        "example",
        "test",
        "bench",
        "dev-dependencies",
        "dev_dependencies",
    ] {
        manifest.remove(key);
    }
    refuse_build_dependencies(&manifest)?;
    if let Some(deps) = manifest.get_mut(BUILT).and_then(Value::as_table_mut) {
        rewrite_dependencies(deps, allowed, trusted)?;
    }
    if let Some(targets) = manifest.get_mut("target").and_then(Value::as_table_mut) {
        for (_, target) in targets.iter_mut() {
            let Some(target) = target.as_table_mut() else {
                continue;
            };
            target.remove("dev-dependencies");
            target.remove("dev_dependencies");
            if let Some(deps) = target.get_mut(BUILT).and_then(Value::as_table_mut) {
                rewrite_dependencies(deps, allowed, trusted)?;
            }
        }
    }
    toml::to_string(&manifest).map_err(|e| format!("its Cargo.toml cannot be rewritten: {e}"))
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

/// Check every dependency of one table and rewrite the engine's and inherited ones.
fn rewrite_dependencies(
    deps: &mut Table,
    allowed: &[String],
    trusted: &Trusted,
) -> Result<(), String> {
    for (key, spec) in deps.iter_mut() {
        let table = match spec {
            Value::String(version) => {
                let mut t = Table::new();
                t.insert("version".into(), Value::String(version.clone()));
                t
            }
            Value::Table(t) => t.clone(),
            _ => return Err(format!("the dependency {key:?} does not read")),
        };
        let name = table
            .get("package")
            .and_then(Value::as_str)
            .unwrap_or(key)
            .to_string();
        *spec = Value::Table(dependency(&name, table, allowed, trusted)?);
    }
    Ok(())
}

/// The rewritten specification of dependency `name`, or why it is refused.
fn dependency(
    name: &str,
    spec: Table,
    allowed: &[String],
    trusted: &Trusted,
) -> Result<Table, String> {
    let keep = |spec: &Table, mut into: Table| {
        for key in [
            "features",
            "default-features",
            "default_features",
            "optional",
            "package",
        ] {
            if let Some(v) = spec.get(key) {
                into.insert(key.into(), v.clone());
            }
        }
        into
    };
    if name == ENGINE {
        let mut path = Table::new();
        let core = trusted.path("crates/core");
        path.insert("path".into(), Value::String(core.display().to_string()));
        return Ok(keep(&spec, path));
    }
    if let Some(role) = trusted.crate_role(name) {
        return Err(format!(
            "it depends on {name}, {role}: a submission must implement the rules itself, \
             with the engine ({ENGINE}) only"
        ));
    }
    if !allowed.iter().any(|a| a == name) {
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
    for (key, what) in [
        ("path", "a path"),
        ("git", "a git"),
        ("registry", "another registry's"),
        ("registry-index", "another registry's"),
    ] {
        if spec.contains_key(key) {
            return Err(format!(
                "it takes {name} as {what} dependency: allowed crates come from crates.io by \
                 version"
            ));
        }
    }
    if spec.get("workspace").and_then(Value::as_bool) == Some(true) {
        let inherited = trusted
            .table("workspace.dependencies")
            .and_then(|d| d.get(name))
            .ok_or_else(|| {
                format!("it inherits {name} from a workspace that does not define it")
            })?;
        let base = match inherited {
            Value::String(version) => {
                let mut t = Table::new();
                t.insert("version".into(), Value::String(version.clone()));
                t
            }
            Value::Table(t) if !t.contains_key("path") && !t.contains_key("git") => t.clone(),
            _ => {
                return Err(format!(
                    "it inherits {name}, which the course's workspace takes by path"
                ));
            }
        };
        let mut merged = keep(&spec, base.clone());
        if let (Some(Value::Array(a)), Some(Value::Array(b))) =
            (base.get("features"), spec.get("features"))
        {
            let mut all = a.clone();
            all.extend(b.iter().cloned());
            merged.insert("features".into(), Value::Array(all));
        }
        return Ok(merged);
    }
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trusted() -> Trusted {
        Trusted::open(&crate::trusted::built_from()).unwrap_or_else(|e| panic!("{e}"))
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

    fn rewritten(text: &str, allowed: &[&str]) -> Result<Table, String> {
        let allowed: Vec<String> = allowed.iter().map(|s| s.to_string()).collect();
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        rewrite(text, dir.path(), &allowed, &trusted())
            .map(|t| t.parse::<Table>().unwrap_or_else(|e| panic!("{e}")))
    }

    #[test]
    fn the_engine_becomes_a_path_into_the_trusted_workspace() {
        let t = rewritten(SCAFFOLDED, &[]).unwrap_or_else(|e| panic!("{e}"));
        let core = &t["dependencies"]["solitaire-core"];
        assert!(
            core["path"]
                .as_str()
                .is_some_and(|p| p.ends_with("crates/core"))
        );
        assert_eq!(t["package"]["name"].as_str(), Some(PACKAGE));
        assert!(!t.contains_key("dev-dependencies"));
    }

    #[test]
    fn reference_games_and_other_crates_are_refused_with_the_reason() {
        let with = |dep: &str| format!("{SCAFFOLDED}\n[dependencies.{dep}]\nversion = \"1\"\n");
        let game = rewritten(
            &SCAFFOLDED.replace(
                "solitaire-core.workspace = true",
                "solitaire-core.workspace = true\ngame-labyrinth.workspace = true",
            ),
            &[],
        );
        assert!(game.is_err_and(|e| e.contains("game-labyrinth, a reference game")));
        let grader = rewritten(&with("solitaire-grader"), &[]);
        assert!(grader.is_err_and(|e| e.contains("the grader")));
        let answers = rewritten(&with("solitaire-conformance"), &[]);
        assert!(answers.is_err_and(|e| e.contains("answers")));
        assert!(rewritten(&with("rand"), &[]).is_err_and(|e| e.contains("does not allow")));
        assert!(rewritten(&with("rand"), &["rand"]).is_ok());
    }

    #[test]
    fn allowed_crates_come_by_version_and_inherit_from_the_workspace() {
        let path = SCAFFOLDED.replace(
            "solitaire-core.workspace = true",
            "solitaire-core.workspace = true\nrand = { path = \"../rand\" }",
        );
        assert!(rewritten(&path, &["rand"]).is_err_and(|e| e.contains("a path dependency")));
        let inherited = SCAFFOLDED.replace(
            "solitaire-core.workspace = true",
            "solitaire-core.workspace = true\nserde = { workspace = true, features = [\"rc\"] }",
        );
        let t = rewritten(&inherited, &["serde"]).unwrap_or_else(|e| panic!("{e}"));
        let serde = &t["dependencies"]["serde"];
        assert_eq!(serde["version"].as_str(), Some("1"));
        let features = serde["features"].as_array().map(Vec::len);
        assert_eq!(features, Some(2), "{serde}");
    }

    #[test]
    fn build_scripts_and_procedural_macros_are_refused() {
        let script = SCAFFOLDED.replace(
            "version.workspace = true",
            "version.workspace = true\nbuild = \"gen.rs\"",
        );
        assert!(rewritten(&script, &[]).is_err_and(|e| e.contains("build script")));
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(dir.path().join("build.rs"), "fn main() {}")
            .unwrap_or_else(|e| panic!("{e}"));
        let found = rewrite(SCAFFOLDED, dir.path(), &[], &trusted());
        assert!(found.is_err_and(|e| e.contains("build.rs")));
        let proc_macro = format!("{SCAFFOLDED}\n[lib]\nproc-macro = true\n");
        assert!(rewritten(&proc_macro, &[]).is_err_and(|e| e.contains("procedural macro")));
        let build_deps = format!("{SCAFFOLDED}\n[build-dependencies]\ncc = \"1\"\n");
        assert!(rewritten(&build_deps, &[]).is_err_and(|e| e.contains("build-dependencies")));
    }
}
