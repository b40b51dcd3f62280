//! Student checkouts for the class tests: the course's registry files and a game scaffolded by
//! `sol new-game` under the student's id, given a reference game's rules (or left with the
//! scaffold's unwritten ones), and the roster and options of a class run.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use solitaire_grader::build::trusted::built_from;
use solitaire_grader::{ClassOptions, Options};
use solitaire_scaffold::{Request, scaffold};

pub fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

pub fn write(path: &Path, text: &str) {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    }
    fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// Replace `from` (which must be there) by `to` in a file of the checkout.
pub fn edit(checkout: &Path, rel: &str, from: &str, to: &str) {
    let path = checkout.join(rel);
    let text = read(&path);
    assert!(text.contains(from), "{rel} has no {from:?}");
    write(&path, &text.replacen(from, to, 1));
}

/// The student's rules file.
pub fn rules(id: &str) -> String {
    format!("games/{id}/src/rules.rs")
}

/// Put `code` at the start of a function of the student's rules.
pub fn inject(dir: &Path, id: &str, signature: &str, code: &str) {
    edit(
        dir,
        &rules(id),
        signature,
        &format!("{signature}\n        {code}"),
    );
}

/// The trusted checkout's layout file of `reference`, relative to it.
pub fn reference_layout(reference: &str) -> String {
    solitaire_scaffold::layout_file(&built_from(), reference)
        .unwrap_or_else(|| panic!("no layout file for {reference}"))
}

/// A student checkout with `id` scaffolded like `reference` (its piles and deal), the rules
/// left unwritten.
pub fn scaffolded(class: &Path, reference: &str, id: &str) -> PathBuf {
    let trusted = built_from();
    let dir = class.join(id);
    for rel in [
        "Cargo.toml",
        "crates/registry/Cargo.toml",
        "crates/registry/src/lib.rs",
    ] {
        write(&dir.join(rel), &read(&trusted.join(rel)));
    }
    let layout = reference_layout(reference);
    write(&dir.join(&layout), &read(&trusted.join(&layout)));
    let request = Request::new(&format!("Student {id}"), Some(id), Some(reference))
        .unwrap_or_else(|e| panic!("{e}"));
    scaffold(&dir, &request).unwrap_or_else(|e| panic!("{e}"));
    dir
}

/// A student checkout with `id`, given `reference`'s rules.
/// A reference game's `lib.rs` as a student's: a student writes the rules, but the
/// reference's own search (`mod search`) and its winnable tables are not theirs, so its
/// `GAME` registers the rules and layouts alone, as the engine's `Registration`.
pub fn without_search(lib: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for line in lib.lines() {
        let trimmed = line.trim();
        if skipping {
            skipping = !(trimmed == "};" || trimmed == "}];");
            continue;
        }
        if matches!(trimmed, "pub mod search;" | "pub use search::SEARCH;") {
            continue;
        }
        if trimmed.starts_with("pub const WINNABLE:") {
            skipping = !trimmed.ends_with("];");
            continue;
        }
        if trimmed.starts_with("pub const GAME: solitaire_search::Registered") {
            out.push_str(
                "pub const GAME: solitaire_core::Registration = solitaire_core::Registration {\n    \
                 plugin: PLUGIN,\n    layouts: LAYOUTS,\n};\n",
            );
            skipping = true;
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

pub fn checkout(class: &Path, reference: &str, id: &str) -> PathBuf {
    let trusted = built_from();
    let dir = scaffolded(class, reference, id);
    let src = trusted.join(format!("games/{reference}/src"));
    let lib = without_search(&read(&src.join("lib.rs")).replace(reference, id));
    write(&dir.join(format!("games/{id}/src/lib.rs")), &lib);
    write(
        &dir.join(format!("games/{id}/src/rules.rs")),
        &read(&src.join("rules.rs")),
    );
    let layout = read(&trusted.join(reference_layout(reference)))
        .replace(&format!("\"{reference}\""), &format!("\"{id}\""));
    write(&dir.join(format!("games/{id}/layouts/{id}.ron")), &layout);
    if lib.contains("use serde") {
        edit(
            &dir,
            &format!("games/{id}/Cargo.toml"),
            "solitaire-core.workspace = true",
            "solitaire-core.workspace = true\nserde.workspace = true",
        );
    }
    dir
}

pub fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args([
            "-c",
            "user.name=Student",
            "-c",
            "user.email=student@example.org",
        ])
        .args(args)
        .status()
        .unwrap_or_else(|e| panic!("git: {e}"));
    assert!(status.success(), "git {args:?}");
}

/// A roster of `(student, reference, game, source)` submissions, with a course file.
pub fn roster_text(
    submissions: &[(String, String, String, String)],
    course: Option<&str>,
) -> String {
    let mut text = String::from("(\n");
    if let Some(course) = course {
        text.push_str(&format!("    course: {course:?},\n"));
    }
    text.push_str("    submissions: [\n");
    for (student, reference, game, source) in submissions {
        text.push_str(&format!(
            "        (student: {student:?}, reference: {reference:?}, game: {game:?}, source: {source}),\n"
        ));
    }
    text.push_str("    ],\n)\n");
    text
}

/// Class options for a test: small grades, builds under `tmp`, the trusted build kept in
/// Cargo's test scratch space between runs.
pub fn options(tmp: &Path, seeds: u64, steps: usize) -> ClassOptions {
    let mut options = ClassOptions::new(Options {
        seeds,
        steps,
        time_limit: Duration::from_millis(2000),
        ..Options::default()
    });
    options.build_dir = tmp.join("build");
    options.target_dir = Some(Path::new(env!("CARGO_TARGET_TMPDIR")).join("grade-trusted-target"));
    options.out = Some(tmp.join("gradebook.csv"));
    options.reports = Some(tmp.join("reports"));
    options.limits.student_seconds = 300;
    options
}

/// A row's points in the gradebook part `id`.
pub fn part(row: &solitaire_grader::GradebookRow, id: &str) -> f64 {
    let i = solitaire_grader::class::gradebook::PARTS
        .iter()
        .position(|p| *p == id)
        .unwrap_or_else(|| panic!("no part {id}"));
    row.parts[i].parse().unwrap_or(f64::NAN)
}
