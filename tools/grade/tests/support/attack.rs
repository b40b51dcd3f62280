//! What the attack suites share: an attacker (a scaffolded student crate with code of its own
//! run when the oracle builds the game and at every check), and the looks a suite takes after
//! the run (every file below a directory, every process on the machine, a student's report).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use solitaire_grader::{ClassOptions, GradebookRow, Roster, run_class};

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

/// A class run: its gradebook rows, each student's time, and the run's.
pub struct Graded {
    pub rows: Vec<GradebookRow>,
    pub times: BTreeMap<String, Duration>,
    pub wall: Duration,
}

impl Graded {
    /// The row of `student`.
    pub fn row(&self, student: &str) -> &GradebookRow {
        self.rows
            .iter()
            .find(|r| r.student == student)
            .unwrap_or_else(|| panic!("no row for {student}"))
    }

    /// The total of `student`.
    pub fn total(&self, student: &str) -> f64 {
        self.row(student).total.parse().unwrap_or(f64::NAN)
    }
}

/// Write the roster `text` to `roster_file` and grade it with `options`, a line per student
/// on standard error.
pub fn grade(roster_file: &Path, text: &str, options: &ClassOptions) -> Graded {
    write(roster_file, text);
    let roster = Roster::parse("roster.ron", text).unwrap_or_else(|e| panic!("{e}"));
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let mut times = BTreeMap::new();
    let started = Instant::now();
    let rows = run_class(&roster, roster_file, &catalog, options, &mut |f| {
        eprintln!(
            "{}: {} {:?} ({}) in {:.2} s, {} oracles",
            f.row.student,
            f.row.total,
            f.row.error.chars().take(200).collect::<String>(),
            f.row.submission,
            f.time.as_secs_f64(),
            f.runs
        );
        times.insert(f.row.student.clone(), f.time);
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let wall = started.elapsed();
    eprintln!("the class took {:.1} s", wall.as_secs_f64());
    Graded { rows, times, wall }
}
