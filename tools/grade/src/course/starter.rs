//! A course's starter repository (`sol course starter`): what a student clones. A git
//! repository with one commit, made from the course's own checkout:
//!
//! - kept: the engine and every crate below the games, the command line `sol` with the
//!   scaffolder and the grader, the docs, and the games the course does not assign, as
//!   examples;
//! - left out: each assigned game's folder (its rules, layouts, conformance scenarios and
//!   search); the desktop app; the collection's own test suites, benchmarks and CI;
//! - added: the course file (`course.ron`), each assigned game's public scenarios
//!   (`tests/public/<id>.ron`, which `sol grade` self-checks a student's game against) and
//!   handout (`handouts/<id>.md`, its commands naming the student's game), and a README.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use solitaire_core::Catalog;
use solitaire_files::Course;

use crate::course::handout::{ForCourse, handout};

/// Settings that keep `git`, run on the course's own checkout and the starter it writes,
/// from running anything a repository's configuration names.
const SAFE_GIT: [&str; 8] = [
    "-c",
    "core.fsmonitor=false",
    "-c",
    "core.hooksPath=/dev/null",
    "-c",
    "protocol.allow=never",
    "-c",
    "safe.directory=*",
];

/// How a handout in the starter names the student's game in its commands.
pub const YOUR_GAME: &str = "YOUR-GAME";

/// Top-level paths never in a starter.
const LEFT_OUT: [&str; 5] = [
    "crates/app/",
    "tools/fuzz/",
    ".ci/",
    "tests/tests/",
    "target/",
];

/// What was written.
#[derive(Debug)]
pub struct Starter {
    /// How many files the commit holds.
    pub files: usize,
    /// The games left out (the assigned ones, and the other layouts of their crates).
    pub games_left_out: Vec<String>,
}

/// Write the starter of `course` (read from `course_file`) into the new directory `out`,
/// from the checkout `workspace` whose games `catalog` lists.
///
/// # Errors
/// `out` exists and is not empty; the course assigns a game the catalog lacks; an assigned
/// game's knowledge lies outside its own folder (its search still in the solver); a file
/// that cannot be read or written; git failing.
pub fn write_starter(
    workspace: &Path,
    catalog: &Catalog,
    course: &Course,
    course_file: &Path,
    out: &Path,
) -> Result<Starter, String> {
    let io = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
    if out.exists()
        && std::fs::read_dir(out)
            .map_err(|e| io(out, e))?
            .next()
            .is_some()
    {
        return Err(format!("{}: exists and is not empty", out.display()));
    }
    let configured = course
        .configure(&course_file.display().to_string(), catalog)
        .map_err(|e| e.to_string())?;
    let crates: BTreeSet<String> = course
        .games
        .keys()
        .filter_map(|id| catalog.get(id))
        .map(|g| g.layout().rules.clone())
        .collect();
    let games_left_out: Vec<String> = catalog
        .games()
        .iter()
        .filter(|g| crates.contains(&g.layout().rules))
        .map(|g| g.id().to_string())
        .collect();
    for rules in &crates {
        let snake = rules.replace('-', "_");
        for stray in [
            format!("crates/solver/src/{snake}"),
            format!("crates/solver/src/guides/{snake}.rs"),
        ] {
            if workspace.join(&stray).exists() {
                return Err(format!(
                    "{stray}: the search of {rules} still lives in the solver; a starter \
                     without it would not build"
                ));
            }
        }
    }
    let files = listed_files(workspace)?;
    let mut kept = 0;
    for rel in &files {
        if left_out(rel, &crates) {
            continue;
        }
        let from = workspace.join(rel);
        let to = out.join(rel);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io(parent, e))?;
        }
        let Ok(bytes) = std::fs::read(&from) else {
            continue; // listed by git, deleted in the checkout
        };
        let bytes = match std::str::from_utf8(&bytes) {
            Ok(text) => transform(rel, text, &crates).into_bytes(),
            Err(_) => bytes,
        };
        std::fs::write(&to, bytes).map_err(|e| io(&to, e))?;
        kept += 1;
    }
    let course_name = "course.ron";
    std::fs::copy(course_file, out.join(course_name)).map_err(|e| io(course_file, e))?;
    for id in course.games.keys() {
        let conformance = solitaire_conformance::conformance_dir();
        let public = solitaire_conformance::scenario_path(&conformance, id);
        let to = out.join("tests/public").join(format!("{id}.ron"));
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io(parent, e))?;
        }
        std::fs::copy(&public, &to).map_err(|e| io(&public, e))?;
        let game = configured
            .get(id)
            .ok_or_else(|| format!("{id}: not in the catalog"))?;
        let text = handout(
            &game,
            Some(ForCourse {
                course,
                file: course_name,
            }),
        );
        let to = out.join("handouts").join(format!("{id}.md"));
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io(parent, e))?;
        }
        std::fs::write(&to, student_commands(&text, id)).map_err(|e| io(&to, e))?;
        kept += 2;
    }
    let example = catalog
        .games()
        .iter()
        .map(|g| g.id().to_string())
        .find(|id| !games_left_out.contains(id))
        .unwrap_or_default();
    std::fs::write(out.join("README.md"), readme(course, &example)).map_err(|e| io(out, e))?;
    commit(out)?;
    Ok(Starter {
        files: kept + 2,
        games_left_out,
    })
}

/// The checkout's files: git's list (tracked, and new files git does not ignore) when it is a
/// git checkout, else every file but `target`.
fn listed_files(workspace: &Path) -> Result<Vec<String>, String> {
    let listed = Command::new("git")
        .args(SAFE_GIT)
        .arg("-C")
        .arg(workspace)
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .output();
    if let Ok(out) = listed
        && out.status.success()
    {
        return Ok(String::from_utf8_lossy(&out.stdout)
            .split('\0')
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect());
    }
    let mut files = Vec::new();
    walk(workspace, workspace, &mut files)?;
    Ok(files)
}

fn walk(root: &Path, dir: &Path, files: &mut Vec<String>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(rel) = path.strip_prefix(root) else {
            continue;
        };
        let rel = rel.to_string_lossy().into_owned();
        if rel == "target" || rel == ".git" {
            continue;
        }
        match entry.file_type() {
            Ok(t) if t.is_dir() => walk(root, &path, files)?,
            Ok(t) if t.is_file() => files.push(rel),
            _ => {}
        }
    }
    Ok(())
}

/// Whether the file `rel` stays out of the starter.
fn left_out(rel: &str, crates: &BTreeSet<String>) -> bool {
    if LEFT_OUT.iter().any(|p| rel.starts_with(p)) {
        return true;
    }
    // The collection's own test suites and benchmarks (crates' and tools' `tests/`,
    // `benches/`): they exercise every game, the assigned ones too.
    let parts: Vec<&str> = rel.split('/').collect();
    if parts.len() > 3
        && matches!(parts[0], "crates" | "tools")
        && matches!(parts[2], "tests" | "benches")
    {
        return true;
    }
    parts.len() > 2 && parts[0] == "games" && crates.contains(parts[1])
}

/// A kept text file, without what names the left-out crates: their dependency lines in
/// manifests, their lines in the registry, their profile tables; and the app's place as the
/// default member.
fn transform(rel: &str, text: &str, crates: &BTreeSet<String>) -> String {
    let manifest = rel.ends_with("Cargo.toml");
    if !manifest && rel != "crates/registry/src/lib.rs" {
        return text.to_string();
    }
    let mut out = String::new();
    let mut skipping_table = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            let table = trimmed.trim_matches(|c| c == '[' || c == ']');
            skipping_table = manifest
                && (table == "bench"
                    || table == "test"
                    || crates
                        .iter()
                        .any(|c| table == format!("profile.dev.package.game-{c}")));
        }
        if skipping_table {
            continue;
        }
        let names_left_out = crates.iter().any(|c| {
            let snake = c.replace('-', "_");
            trimmed.starts_with(&format!("game-{c} "))
                || trimmed.starts_with(&format!("game-{c}."))
                || trimmed.contains(&format!("game_{snake}::"))
        }) || trimmed.starts_with("solitaire-fuzz");
        if names_left_out {
            continue;
        }
        if manifest && trimmed.starts_with("default-members") {
            out.push_str("default-members = [\"crates/cli\"]\n");
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    if manifest {
        out = out.replace(", \"tools/fuzz\"", "");
    }
    out
}

/// The handout's commands with the student's game in place of the reference `id`.
fn student_commands(text: &str, id: &str) -> String {
    let mut out = text.to_string();
    for verb in ["play", "moves", "deal", "walk", "solve", "replay", "grade"] {
        out = out.replace(
            &format!("sol {verb} {id} "),
            &format!("sol {verb} {YOUR_GAME} "),
        );
        out = out.replace(
            &format!("sol {verb} {id}\n"),
            &format!("sol {verb} {YOUR_GAME}\n"),
        );
    }
    out
}

fn readme(course: &Course, example: &str) -> String {
    let mut games = String::new();
    for id in course.games.keys() {
        games.push_str(&format!(
            "- `{id}`: [handouts/{id}.md](handouts/{id}.md), public scenarios in \
             `tests/public/{id}.ron`\n"
        ));
    }
    format!(
        "# {name}: starter\n\n\
         ```sh\n\
         cargo build --release -p sol-cli          # the `sol` command line: target/release/sol\n\
         target/release/sol new-game \"My Game\"    # scaffold your game: games/my-game\n\
         target/release/sol grade my-game --course course.ron   # self-check\n\
         ```\n\n\
         Your assignment{s}:\n\n{games}\n\
         Write your game's rules in `games/<your id>/src/rules.rs` and its layout in \
         `games/<your id>/layouts/<your id>.ron` (`sol new-game` makes both), from the course's rules \
         text and the handout. In a handout's commands, `{YOUR_GAME}` stands for your game's \
         id.\n\n\
         `sol grade <your id> --course course.ron` self-checks your game: the assignment's \
         public scenarios, and the engine's properties (the moves listed are the moves \
         accepted, undo is exact, no card appears or vanishes, positions keep the layout's \
         structure, on walks that move; and the game shown won, by the solver or by a \
         scenario of yours from `Seed(N)` to `Status(won)`). The instructor's grade adds the \
         layout and the deal, differential play against the reference game along every rule, \
         and hidden scenarios. Your own scenarios go in \
         `games/<your id>/conformance/<your id>.ron` ({points} points in the instructor's \
         grade, for those the reference agrees with, by the reference's rules their moves \
         reach).\n\n\
         The other games under `games/` are examples: read them, run them \
         (`sol play {example} --seed 1`), and see docs/adding-a-game.md.\n",
        name = if course.name.is_empty() {
            "Course"
        } else {
            &course.name
        },
        s = if course.games.len() == 1 { "" } else { "s" },
        points = course.student_scenarios,
    )
}

/// Make `out` a git repository with everything in one commit.
fn commit(out: &Path) -> Result<(), String> {
    let git = |args: &[&str]| -> Result<(), String> {
        let status = Command::new("git")
            .args(SAFE_GIT)
            .args([
                "-c",
                "user.name=Course starter",
                "-c",
                "user.email=starter@localhost",
            ])
            .args([
                "-c",
                "init.defaultBranch=main",
                "-c",
                "commit.gpgSign=false",
            ])
            .arg("-C")
            .arg(out)
            .args(args)
            .stdout(std::process::Stdio::null())
            .status()
            .map_err(|e| format!("git: {e}"))?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("git {}: {status}", args.join(" ")))
        }
    };
    git(&["init", "-q"])?;
    git(&["add", "-A"])?;
    git(&["commit", "-q", "-m", "The course's starter"])
}

/// Where `sol course starter` finds the checkout it copies: the one `sol` was built from.
pub fn workspace() -> PathBuf {
    crate::build::trusted::built_from()
}
