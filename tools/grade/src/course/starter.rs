//! A course's starter repository (`sol course starter`): what a student clones. A git
//! repository with one commit, made from the course's own checkout:
//!
//! - kept: the engine and every crate below the games, the command line `sol` with the
//!   scaffolder and the grader, the docs, and the games the course does not assign, as
//!   examples;
//! - left out: each assigned game's folder (its rules, layouts, conformance scenarios and
//!   search); the examples whose library depends on a crate the course does not allow
//!   ([`examples`]); the desktop app; the collection's own test suites, benchmarks and CI;
//! - added: the course file (`course.ron`); for each assigned game its public scenarios
//!   (`tests/public/<id>.ron`, exactly those the class grade runs), its rules
//!   (`rules/<id>.md`) and its handout (`handouts/<id>.md`, its commands naming the student's
//!   game); `bin/sol`, which runs the checkout's `sol`; a `Cargo.lock` pruned to what the
//!   starter uses; and a README.

mod copy;
pub mod examples;
mod git;
pub mod lock;
mod readme;
mod student;
mod wrapper;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use solitaire_core::{Catalog, Game};
use solitaire_files::Course;

use crate::course::handout::{ForCourse, handout};
use crate::course::public::{public_file_text, public_scenarios};
use crate::course::rules::rules_page;
use examples::LeftOut;
use lock::LockSize;
use readme::{Assigned, readme};

/// How a handout in the starter names the student's game in its commands.
pub const YOUR_GAME: &str = "YOUR-GAME";

/// What the starter's `games/` folder says (it is there even when it keeps no example).
const GAMES_README: &str = "# Games\n\nEach folder here is a game's crate: its rules, its \
layouts, its scenarios. `sol new-game \"My Game\" --course course.ron` writes yours here, as \
`games/my-game`, and registers it. The other folders, if any, are examples: games the course \
does not assign.\n";

/// The course file's name in the starter.
const COURSE_FILE: &str = "course.ron";

/// What was written.
#[derive(Debug)]
pub struct Starter {
    /// How many files the commit holds.
    pub files: usize,
    /// The games left out (the assigned ones, and the other layouts of their crates).
    pub games_left_out: Vec<String>,
    /// The examples left out, with the crates the course does not allow that they use.
    pub examples_left_out: Vec<LeftOut>,
    /// The assigned games under whose readings no public scenario holds.
    pub without_public_scenarios: Vec<String>,
    /// The lock file's size before and after pruning, or why it was not pruned (the course's
    /// lock is then kept whole).
    pub lock: Result<LockSize, String>,
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
    let assigned: BTreeSet<String> = course
        .games
        .keys()
        .filter_map(|id| catalog.get(id))
        .map(|g| g.layout().rules.clone())
        .collect();
    check_no_strays(workspace, &assigned)?;
    let examples_left_out = examples::left_out(workspace, &assigned, course)?;
    let mut games = assigned.clone();
    games.extend(examples_left_out.iter().map(|l| l.folder.clone()));
    let games_left_out: Vec<String> = catalog
        .games()
        .iter()
        .filter(|g| assigned.contains(&g.layout().rules))
        .map(|g| g.id().to_string())
        .collect();
    for rel in &git::listed_files(workspace)? {
        if copy::left_out(rel, &games) {
            continue;
        }
        let Ok(bytes) = std::fs::read(workspace.join(rel)) else {
            continue; // listed by git, deleted in the checkout
        };
        let bytes = match std::str::from_utf8(&bytes) {
            Ok(text) => copy::transform(rel, text, &games).into_bytes(),
            Err(_) => bytes,
        };
        write(&out.join(rel), &bytes)?;
    }
    write(&out.join("games/README.md"), GAMES_README.as_bytes())?;
    if !keeps_a_game(out) {
        let root = out.join("Cargo.toml");
        let text = std::fs::read_to_string(&root).map_err(|e| io(&root, e))?;
        write(&root, copy::without_games_glob(&text).as_bytes())?;
    }
    std::fs::copy(course_file, out.join(COURSE_FILE)).map_err(|e| io(course_file, e))?;
    let mut listed = Vec::new();
    let mut without_public_scenarios = Vec::new();
    for id in course.games.keys() {
        let game = configured
            .get(id)
            .ok_or_else(|| format!("{id}: not in the catalog"))?;
        let public = assignment(workspace, &game, course, out)?;
        if public == 0 {
            without_public_scenarios.push(id.clone());
        }
        listed.push(Assigned {
            id: id.clone(),
            public,
        });
    }
    wrapper::write(out)?;
    let example = example(catalog, &games);
    let text = readme(course, &listed, &example, &examples_left_out);
    write(&out.join("README.md"), text.as_bytes())?;
    let lock_file = out.join("Cargo.lock");
    std::fs::copy(workspace.join("Cargo.lock"), &lock_file).map_err(|e| io(&lock_file, e))?;
    let lock = lock::prune(out);
    git::commit(out)?;
    Ok(Starter {
        files: git::listed_files(out)?.len(),
        games_left_out,
        examples_left_out,
        without_public_scenarios,
        lock,
    })
}

/// Whether the starter `out` holds a game crate (`games/<folder>/Cargo.toml`).
fn keeps_a_game(out: &Path) -> bool {
    std::fs::read_dir(out.join("games"))
        .into_iter()
        .flatten()
        .flatten()
        .any(|e| e.path().join("Cargo.toml").is_file())
}

/// Refuse a course whose assigned game's search still lives in the solver: a starter without
/// it would not build.
fn check_no_strays(workspace: &Path, assigned: &BTreeSet<String>) -> Result<(), String> {
    for rules in assigned {
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
    Ok(())
}

/// Write an assigned game's public scenarios, rules and handout; how many public scenarios
/// hold.
fn assignment(workspace: &Path, game: &Game, course: &Course, out: &Path) -> Result<usize, String> {
    let id = game.id();
    let public = public_scenarios(game)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("{id}: the collection has no public scenarios for it"))?;
    let text = public_file_text(game, &public, COURSE_FILE);
    write(&out.join(format!("tests/public/{id}.ron")), text.as_bytes())?;
    let rules = rules_page(workspace, game, course)?;
    write(&out.join(format!("rules/{id}.md")), rules.as_bytes())?;
    let text = handout(
        game,
        Some(ForCourse {
            course,
            file: COURSE_FILE,
        }),
    );
    let text = student::student_commands(&text, id);
    write(&out.join(format!("handouts/{id}.md")), text.as_bytes())?;
    Ok(public.scenarios.len())
}

/// A kept example for the README's command: Aces Up, the tutorial's, if kept, else the first.
fn example(catalog: &Catalog, games: &BTreeSet<String>) -> String {
    let kept: Vec<&str> = catalog
        .games()
        .iter()
        .filter(|g| !games.contains(&g.layout().rules))
        .map(|g| g.id())
        .collect();
    kept.iter()
        .find(|id| **id == "aces-up")
        .or(kept.first())
        .map_or(String::new(), |id| id.to_string())
}

/// Write `bytes` to `path`, making its directory.
fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let io = |e: std::io::Error| format!("{}: {e}", path.display());
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io)?;
    }
    std::fs::write(path, bytes).map_err(io)
}

/// Where `sol course starter` finds the checkout it copies: the one `sol` was built from.
pub fn workspace() -> PathBuf {
    crate::build::trusted::built_from()
}
