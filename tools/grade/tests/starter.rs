//! A course's starter repository: one commit, no line of the assigned reference, handouts
//! that name only the student's game; it builds, scaffolds a game and self-grades it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use solitaire_files::Course;
use solitaire_grader::course::starter::{YOUR_GAME, write_starter};

const COURSE: &str = r#"(
    name: "Autumn term",
    games: {"labyrinth": (readings: {"deal": "when-stuck"})},
    allowed_crates: [],
    student_scenarios: 10,
)"#;

fn files(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{e}"))
        .flatten()
    {
        let path = entry.path();
        let name = entry.file_name();
        if name == ".git" || name == "target" {
            continue;
        }
        if path.is_dir() {
            files(root, &path, out);
        } else {
            out.push(path.strip_prefix(root).unwrap_or(&path).to_path_buf());
        }
    }
}

fn text_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| l.trim().to_string())
        .collect()
}

/// The lines of the reference's crate, layout and conformance file that no other file of the
/// checkout has: its own code.
fn reference_lines(workspace: &Path, left_out: &[PathBuf]) -> BTreeSet<String> {
    let mut all = Vec::new();
    files(workspace, workspace, &mut all);
    let mine: BTreeSet<String> = left_out
        .iter()
        .flat_map(|p| text_lines(&workspace.join(p)))
        .filter(|l| l.len() >= 25)
        .collect();
    let elsewhere: BTreeSet<String> = all
        .iter()
        .filter(|p| !left_out.contains(p))
        .filter(|p| !p.starts_with("docs") && !p.starts_with("tools/grade/tests"))
        .flat_map(|p| text_lines(&workspace.join(p)))
        .collect();
    mine.difference(&elsewhere).cloned().collect()
}

fn run(dir: &Path, program: &str, args: &[&str], target: &Path) -> String {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{program} {args:?}: {}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// A course's starter, written into a temporary directory (kept until the result drops).
fn starter() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let course_file = tmp.path().join("course.ron");
    std::fs::write(&course_file, COURSE).unwrap_or_else(|e| panic!("{e}"));
    let course = Course::parse("course.ron", COURSE).unwrap_or_else(|e| panic!("{e}"));
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let workspace = solitaire_grader::build::trusted::built_from();
    let out = tmp.path().join("starter");
    let starter = write_starter(&workspace, &catalog, &course, &course_file, &out)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(starter.games_left_out, ["labyrinth"]);
    (tmp, out)
}

#[test]
fn a_starter_is_one_commit_without_a_line_of_the_reference() {
    let (tmp, out) = starter();
    let workspace = solitaire_grader::build::trusted::built_from();

    // One commit, holding everything.
    let log = run(&out, "git", &["log", "--format=%s"], tmp.path());
    assert_eq!(log.lines().count(), 1, "{log}");
    let status = run(&out, "git", &["status", "--porcelain"], tmp.path());
    assert!(status.is_empty(), "{status}");

    // The reference's crate, layout and conformance file are not there, and none of the
    // crate's or the layout's own lines is anywhere in it; its public scenarios (the
    // conformance file's scenarios, shown to students in every report) and handout are.
    let mut left_out = Vec::new();
    files(
        &workspace,
        &workspace.join("games/labyrinth"),
        &mut left_out,
    );
    let mut secret = reference_lines(&workspace, &left_out);
    let public = text_lines(&workspace.join("games/labyrinth/conformance/labyrinth.ron"));
    secret.retain(|l| !public.contains(l));
    assert!(secret.len() > 100, "{}", secret.len());
    let mut kept = Vec::new();
    files(&out, &out, &mut kept);
    assert!(!out.join("games/labyrinth").exists());
    assert!(!out.join("assets/layouts/labyrinth.ron").exists());
    assert!(!out.join("tests/conformance/labyrinth.ron").exists());
    assert!(!out.join("games/labyrinth/layouts/labyrinth.ron").exists());
    assert!(!out.join("crates/app").exists());
    for file in &kept {
        for line in text_lines(&out.join(file)) {
            assert!(!secret.contains(&line), "{}: {line}", file.display());
        }
    }
    assert!(out.join("games/bristol/src/rules.rs").is_file());
    assert!(out.join("tests/public/labyrinth.ron").is_file());
    let handout = std::fs::read_to_string(out.join("handouts/labyrinth.md"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        handout.contains(&format!("sol play {YOUR_GAME} ")),
        "{handout}"
    );
    for verb in ["play", "moves", "deal", "solve"] {
        assert!(
            !handout.contains(&format!("sol {verb} labyrinth")),
            "{handout}"
        );
    }
}

/// Builds a second workspace (the starter's `sol`): minutes, so not part of every run.
#[test]
#[ignore = "builds the starter's workspace: several minutes"]
fn a_starter_builds_scaffolds_a_game_and_self_grades_it() {
    let (_tmp, out) = starter();
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("starter-target");
    run(
        &out,
        "cargo",
        &["build", "--offline", "-q", "-p", "sol-cli"],
        &target,
    );
    let sol = target.join("debug/sol");
    let sol = sol.to_str().unwrap_or_else(|| panic!("a path"));
    run(
        &out,
        sol,
        &["new-game", "Ada Maze", "--like", "bristol"],
        &target,
    );
    run(
        &out,
        "cargo",
        &["build", "--offline", "-q", "-p", "sol-cli"],
        &target,
    );
    let report = run(
        &out,
        sol,
        &[
            "grade",
            "ada-maze",
            "--course",
            "course.ron",
            "--seeds",
            "2",
            "--steps",
            "20",
        ],
        &target,
    );
    assert!(
        report.contains("# Grade: `ada-maze` without a reference"),
        "{report}"
    );
    assert!(
        report.contains("A self-check against the public scenarios of labyrinth"),
        "{report}"
    );
    assert!(report.contains("differential play"), "{report}");
    assert!(report.contains("labyrinth.ron"), "{report}");
    assert!(report.contains("3. The engine's properties"), "{report}");
}
