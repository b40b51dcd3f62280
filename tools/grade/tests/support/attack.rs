//! What the attack suites share: an attacker (a scaffolded student crate with code of its own
//! run when the oracle builds the game and at every check), and the looks a suite takes after
//! the run (every file below a directory, every process on the machine, a student's report).

use std::path::{Path, PathBuf};

use solitaire_grader::GradebookRow;

use super::class::{edit, scaffolded, write};

/// The argument of every process an attacker leaves behind (to find survivors).
pub const SLEEPER: &str = "31.4159";

pub fn lit(path: &Path) -> String {
    format!("{:?}", path.display().to_string())
}

/// The attack module of a student crate: `at_build` runs when the oracle builds the game,
/// `at_check` at every `check`.
pub fn attack_module(at_build: &str, at_check: &str) -> String {
    format!(
        "//! An attack.\n#![allow(unused)]\nuse std::io::{{Read, Write}};\nuse solitaire_core::Position;\n\n\
         pub fn at_build() {{\n{at_build}\n}}\n\npub fn at_check(pos: &Position) {{\n{at_check}\n}}\n"
    )
}

/// A student crate scaffolded like `reference`, with an attack module wired into `build` and `check`.
pub fn attacker(
    class: &Path,
    reference: &str,
    id: &str,
    at_build: &str,
    at_check: &str,
) -> PathBuf {
    let dir = scaffolded(class, reference, id);
    let lib = format!("games/{id}/src/lib.rs");
    edit(&dir, &lib, "mod rules;", "mod attack;\nmod rules;");
    edit(
        &dir,
        &lib,
        "fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {",
        "fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {\n    attack::at_build();",
    );
    edit(
        &dir,
        &format!("games/{id}/src/rules.rs"),
        "fn check(&self, _pos: &Position, _mv: Move) -> Result<(), Illegal> {",
        "fn check(&self, _pos: &Position, _mv: Move) -> Result<(), Illegal> {\n        crate::attack::at_check(_pos);",
    );
    write(
        &dir.join(format!("games/{id}/src/attack.rs")),
        &attack_module(at_build, at_check),
    );
    dir
}

pub fn report(reports: &Path, row: &GradebookRow) -> String {
    let md = reports.join(format!("{}.md", row.report_name()));
    std::fs::read_to_string(md).unwrap_or_default()
}

/// Every file below `dir` (not following links), with its text.
pub fn files(dir: &Path, out: &mut Vec<(PathBuf, Vec<u8>)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        match e.file_type() {
            Ok(t) if t.is_dir() => files(&p, out),
            Ok(t) if t.is_file() => {
                if let Ok(bytes) = std::fs::read(&p) {
                    out.push((p, bytes));
                }
            }
            _ => {}
        }
    }
}

/// The command lines of every process on the machine.
pub fn processes() -> Vec<String> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        if let Ok(cmd) = std::fs::read(e.path().join("cmdline")) {
            out.push(String::from_utf8_lossy(&cmd).replace('\0', " "));
        }
    }
    out
}
