//! The trusted workspace: the course's own checkout, whose engine, reference games,
//! conformance crate and grader every student's build uses by path (and so compiles once for
//! the whole class in one shared target directory).

use std::path::{Path, PathBuf};

/// The course's checkout, read.
#[derive(Clone, Debug)]
pub struct Trusted {
    /// Its root directory (absolute).
    pub root: PathBuf,
    /// Its root `Cargo.toml`.
    pub manifest: toml::Table,
}

/// The checkout this grader was built from.
pub fn built_from() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

impl Trusted {
    /// Read the checkout at `root`.
    ///
    /// # Errors
    /// Not a checkout of the collection (no engine or grader there), or an unreadable root
    /// manifest.
    pub fn open(root: &Path) -> Result<Trusted, String> {
        let root = root
            .canonicalize()
            .map_err(|e| format!("{}: {e}", root.display()))?;
        for part in ["crates/core/Cargo.toml", "tools/grade/Cargo.toml"] {
            if !root.join(part).is_file() {
                return Err(format!(
                    "{} is not a checkout of the collection: it has no {part}",
                    root.display()
                ));
            }
        }
        let file = root.join("Cargo.toml");
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let manifest = text
            .parse::<toml::Table>()
            .map_err(|e| format!("{}: {e}", file.display()))?;
        Ok(Trusted { root, manifest })
    }

    /// The path of one of its crates (`crates/core`), absolute.
    pub fn path(&self, rel: &str) -> PathBuf {
        self.root.join(rel)
    }

    /// A table of its root manifest (`workspace.package`), if there is one.
    pub fn table(&self, dotted: &str) -> Option<&toml::Table> {
        let mut table = &self.manifest;
        for key in dotted.split('.') {
            table = table.get(key)?.as_table()?;
        }
        Some(table)
    }

    /// What a crate of this workspace is to a student, if `name` is one of its crates:
    /// `a reference game`, `the grader`, ...
    pub fn crate_role(&self, name: &str) -> Option<&'static str> {
        let spec = self.table("workspace.dependencies")?.get(name)?;
        let path = spec.as_table()?.get("path")?.as_str()?;
        Some(match path.trim_end_matches('/') {
            p if p.starts_with("games/") => "a reference game",
            "crates/core" => "the engine",
            "crates/registry" => "the registry of the reference games",
            "tools/grade" => "the grader",
            "tests" => "the conformance crate, which holds the answers",
            _ => "a crate of the course's own workspace",
        })
    }
}
