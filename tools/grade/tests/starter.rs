//! A course's starter repository: one commit, no line of the assigned reference; exactly the
//! public scenarios the class grade runs; the rules, what the class grade refuses and the
//! course's points where the student reads; examples that obey the course; a pruned lock. Its
//! ignored test plays a whole term in it: `cargo test`, every command of its README and
//! handout as printed, the self-check and the class grade of a student's game, the exports,
//! and the report's commands.

mod support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use solitaire_conformance::{Scenario, ScenarioFile};
use solitaire_grader::course::starter::YOUR_GAME;
use solitaire_grader::intake::listing::{MAX_BYTES, MAX_DEPTH, MAX_FILES};
use support::starter::{ROSAMUND, configured, read, write};

const LABYRINTH: &str = r#"(
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

#[test]
fn a_starter_is_one_commit_without_a_line_of_the_reference() {
    let w = write(LABYRINTH);
    let (tmp, out) = (w.tmp.path(), &w.out);
    assert_eq!(w.starter.games_left_out, ["labyrinth"]);
    let workspace = solitaire_grader::build::trusted::built_from();

    // One commit, holding everything; `bin/sol` executable.
    let log = run(out, "git", &["log", "--format=%s"], tmp);
    assert_eq!(log.lines().count(), 1, "{log}");
    let status = run(out, "git", &["status", "--porcelain"], tmp);
    assert!(status.is_empty(), "{status}");
    let listed = run(out, "git", &["ls-files"], tmp);
    assert_eq!(w.starter.files, listed.lines().count());
    let mode = run(out, "git", &["ls-files", "-s", "bin/sol"], tmp);
    assert!(mode.starts_with("100755 "), "{mode}");

    // The reference's crate, layout and conformance file are not there, and none of the
    // crate's or the layout's own lines is anywhere in it; its public scenarios (shown to
    // students in every report), rules and handout are.
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
    files(out, out, &mut kept);
    assert!(!out.join("games/labyrinth").exists());
    assert!(!out.join("crates/app").exists());
    for file in &kept {
        for line in text_lines(&out.join(file)) {
            assert!(!secret.contains(&line), "{}: {line}", file.display());
        }
    }
    assert!(out.join("games/bristol/src/rules.rs").is_file());
    for file in [
        "tests/public/labyrinth.ron",
        "rules/labyrinth.md",
        "course.ron",
    ] {
        assert!(out.join(file).is_file(), "{file}");
    }
    let handout = read(out, "handouts/labyrinth.md");
    assert!(
        handout.contains(&format!("sol play {YOUR_GAME} ")),
        "{handout}"
    );
    for verb in ["play", "moves", "deal", "solve", "grade"] {
        assert!(
            !handout.contains(&format!("sol {verb} labyrinth")),
            "{handout}"
        );
    }
    assert!(!handout.contains("game: labyrinth"), "{handout}");
}

#[test]
fn the_public_scenarios_are_exactly_those_the_class_grade_runs() {
    let w = write(ROSAMUND);
    let reference = configured(&w.course, "rosamund");
    let dir = solitaire_conformance::conformance_dir();
    let all = solitaire_conformance::load(&dir, "rosamund")
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("no scenarios"));
    let expected: Vec<Scenario> = all
        .scenarios
        .iter()
        .filter(|s| s.holds_for(&reference))
        .map(|s| Scenario {
            readings: Default::default(),
            ..s.clone()
        })
        .collect();
    assert!(
        !expected.is_empty() && expected.len() < all.scenarios.len(),
        "{} of {}",
        expected.len(),
        all.scenarios.len()
    );
    let text = read(&w.out, "tests/public/rosamund.ron");
    assert!(!text.contains("readings:"), "{text}");
    let public = ScenarioFile::parse("rosamund.ron", &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(public.game, "rosamund");
    assert_eq!(public.scenarios, expected);
    // The handout lists the same scenarios, numbered as reports number them.
    let handout = read(&w.out, "handouts/rosamund.md");
    for (i, s) in expected.iter().enumerate() {
        assert!(
            handout.contains(&format!("\n{}. {}\n", i + 1, s.name)),
            "{}",
            s.name
        );
    }
    let readme = read(&w.out, "README.md");
    assert!(
        readme.contains(&format!("its {} public scenarios", expected.len())),
        "{readme}"
    );
}

/// `n` as the handouts print it (`2,000`).
fn thousands(n: usize) -> String {
    let s = n.to_string();
    match s.len() {
        4..=6 => format!("{},{}", &s[..s.len() - 3], &s[s.len() - 3..]),
        _ => s,
    }
}

#[test]
fn the_readme_and_the_handout_name_every_constraint_the_class_grade_enforces() {
    let w = write(ROSAMUND);
    let readme = read(&w.out, "README.md");
    let handout = read(&w.out, "handouts/rosamund.md");
    for (page, game) in [(&readme, "<your id>"), (&handout, YOUR_GAME)] {
        for needle in [
            format!("`games/{game}/layouts/{game}.ron`"),
            format!("`games/{game}/conformance/{game}.ron`"),
            "`solitaire-core` (always there".to_string(),
            "no other crate: the course allows none".to_string(),
            "no `path`, `git` or other-registry dependency".to_string(),
            "`build.rs`".to_string(),
            "procedural macro".to_string(),
            "`long_running_const_eval`".to_string(),
            format!("At most {} files", thousands(MAX_FILES)),
            format!("{} MiB", MAX_BYTES >> 20),
            format!("{MAX_DEPTH} levels"),
            "no symbolic links, no submodules".to_string(),
            "rules/rosamund.md".to_string(),
        ] {
            assert!(page.contains(&needle), "{needle}:\n{page}");
        }
    }
    assert!(readme.contains("- `spider`: `serde`"), "{readme}");
}

#[test]
fn grading_yourself_is_the_self_check_at_the_courses_points() {
    let w = write(ROSAMUND);
    let handout = read(&w.out, "handouts/rosamund.md");
    let section = handout
        .split("## 8. Grading yourself")
        .nth(1)
        .unwrap_or_else(|| panic!("{handout}"));
    assert!(!handout.contains("--reference"), "{handout}");
    assert!(section.contains(&format!("sol grade {YOUR_GAME} --course course.ron\n")));
    let p = |id: &str| w.course.points(id);
    assert_eq!(
        [
            p("layout"),
            p("conformance"),
            p("differential"),
            p("robustness")
        ],
        [10, 30, 40, 10]
    );
    // Each part's row: its self-check points, then the instructor's grade's.
    for (starts, mine, theirs) in [
        ("| layout and deal", "-", "10"),
        ("| conformance", "30", "30"),
        ("| differential play", "-", "40"),
        ("| the engine's properties", "50", "-"),
        ("| robustness", "10", "10"),
        ("| your own scenarios", "10", "10"),
        ("| total", "100", "100"),
    ] {
        let row = section
            .lines()
            .find(|l| l.starts_with(starts))
            .unwrap_or_else(|| panic!("{starts}: {section}"));
        assert!(row.ends_with(&format!(" | {mine} | {theirs} |")), "{row}");
    }
    assert!(section.contains("at most 3 rules no scenario before it reached"));
    let readme = read(&w.out, "README.md");
    assert!(
        readme.contains("differential play along every rule (40)"),
        "{readme}"
    );
}

#[test]
fn the_rules_are_in_the_starter() {
    let w = write(ROSAMUND);
    let reference = configured(&w.course, "rosamund");
    let rules = read(&w.out, "rules/rosamund.md");
    for paragraph in reference.layout().rules_text.split("\n\n") {
        assert!(rules.contains(paragraph.trim()), "{paragraph}");
    }
    for needle in [
        "`discard`: `unplayable-only`",
        "## The rules in full",
        "The foundation is built down regardless of suit",
        "(From `docs/rules-notes.md`.)",
        "\"the Jack of ClubsHearts\"",
    ] {
        assert!(rules.contains(needle), "{needle}:\n{rules}");
    }
    let notes = read(&w.out, "docs/rules-notes.md");
    assert!(notes.contains("`rules/<id>.md`"), "{notes}");
}

#[test]
fn the_examples_obey_the_course_and_the_lock_is_the_courses_pruned() {
    let w = write(ROSAMUND);
    let left: Vec<(&str, Vec<&str>)> = w
        .starter
        .examples_left_out
        .iter()
        .map(|l| {
            (
                l.folder.as_str(),
                l.crates.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(left, [("spider", vec!["serde"])]);
    let root: toml::Table = read(&w.out, "Cargo.toml")
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let workspace_crates = root["workspace"]["dependencies"]
        .as_table()
        .unwrap_or_else(|| panic!("no workspace dependencies"))
        .iter()
        .filter(|(_, spec)| spec.get("path").is_some())
        .map(|(name, _)| name.clone())
        .collect::<BTreeSet<String>>();
    let mut games = Vec::new();
    files(&w.out, &w.out.join("games"), &mut games);
    let manifests: Vec<&PathBuf> = games.iter().filter(|p| p.ends_with("Cargo.toml")).collect();
    assert!(manifests.len() >= 8, "{manifests:?}");
    for manifest in manifests {
        let text = read(&w.out, &manifest.to_string_lossy());
        let table: toml::Table = text.parse().unwrap_or_else(|e| panic!("{e}"));
        let deps = table["dependencies"]
            .as_table()
            .unwrap_or_else(|| panic!("{text}"));
        for name in deps.keys() {
            assert!(
                workspace_crates.contains(name),
                "{}: {name}",
                manifest.display()
            );
        }
    }

    // The lock: the course's packages only, fewer, and one a build keeps as it is.
    let packages = |text: &str| -> BTreeSet<(String, String)> {
        let lock: toml::Table = text.parse().unwrap_or_else(|e| panic!("{e}"));
        lock["package"]
            .as_array()
            .unwrap_or_else(|| panic!("no packages"))
            .iter()
            .map(|p| (p["name"].to_string(), p["version"].to_string()))
            .collect()
    };
    let workspace = solitaire_grader::build::trusted::built_from();
    let course = packages(&read(&workspace, "Cargo.lock"));
    let starter = packages(&read(&w.out, "Cargo.lock"));
    assert!(starter.is_subset(&course));
    assert!(
        starter.len() * 2 < course.len(),
        "{} of {}",
        starter.len(),
        course.len()
    );
    let lock = w.starter.lock.as_ref().unwrap_or_else(|e| panic!("{e}"));
    assert!(lock.after.1 < lock.before.1, "{lock:?}");
    run(
        &w.out,
        env!("CARGO"),
        &[
            "tree",
            "--offline",
            "--locked",
            "--workspace",
            "--depth",
            "0",
        ],
        w.tmp.path(),
    );
}

/// The whole term, with the real tools: the starter's tests, its README and handout as
/// printed, the student's game, a broken reading self-checked, the class grade with its
/// exports and its report's commands run in the starter. Builds a second workspace (the
/// starter's `sol`): minutes, so not part of every run.
#[test]
#[ignore = "builds the starter's workspace and runs its tests: many minutes"]
fn a_whole_term_in_a_starter_runs_as_printed_and_grades_without_surprise() {
    support::printed::run_everything(&write(ROSAMUND));
}
