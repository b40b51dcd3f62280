//! `sol course collect ROSTER.ron`: at the deadline, a record per git submission of the roster
//! (the machine's clock, the repository, the revision, the commit it names) appended to the
//! collection log; a repository that cannot be read is named and the command fails, the
//! others' records kept.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::{scratch, sol, stderr};

/// Run the system's git in `dir` (the test's own repository); its output, trimmed.
fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["-c", "user.name=Student", "-c", "user.email=s@example.org"])
        .args(args)
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?}");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

#[test]
fn collect_records_each_repositorys_commit_and_names_those_it_cannot_read() {
    let dir = scratch("collect");
    let kit = dir.join("kit");
    fs::create_dir_all(kit.join("games/kit-maze")).expect("made");
    fs::write(kit.join("games/kit-maze/Cargo.toml"), "[package]\n").expect("written");
    git(&kit, &["init", "-q", "-b", "main"]);
    git(&kit, &["add", "-A"]);
    git(&kit, &["commit", "-qm", "maze"]);
    let commit = git(&kit, &["rev-parse", "HEAD"]);
    let roster = dir.join("roster.ron");
    let entry = |student: &str, repo: &str| {
        format!(
            "(student: {student:?}, game: \"kit-maze\", source: Git(repo: {repo:?}, rev: \"main\"))"
        )
    };
    fs::write(
        &roster,
        format!(
            "(submissions: [{}], collected: \"collected.csv\")",
            entry("Kit", "kit")
        ),
    )
    .expect("written");
    let roster = roster.to_string_lossy().into_owned();
    let build = dir.join("build").to_string_lossy().into_owned();
    let collect = |extra: &[&str]| {
        let mut args = vec![
            "course",
            "collect",
            &roster,
            "--sandbox",
            "off",
            "--build-dir",
            &build,
        ];
        args.extend_from_slice(extra);
        sol(&args)
    };
    let out = collect(&[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains(&format!("collected kit main ({commit})")));
    let log = fs::read_to_string(dir.join("collected.csv")).expect("the log");
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines[0], "collected,repository,revision,commit");
    assert!(lines[1].ends_with(&format!(",kit,main,{commit}")), "{log}");

    // A second run appends; a repository that is not there is named, and the run fails.
    fs::write(
        dir.join("roster.ron"),
        format!(
            "(submissions: [{}, {}], collected: \"collected.csv\")",
            entry("Kit", "kit"),
            entry("Nobody", "missing")
        ),
    )
    .expect("written");
    let out = collect(&[]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("not collected: missing:"),
        "{}",
        stderr(&out)
    );
    let log = fs::read_to_string(dir.join("collected.csv")).expect("the log");
    assert_eq!(log.lines().count(), 3, "{log}");

    // Without a log named anywhere, nothing is collected.
    fs::write(
        dir.join("roster.ron"),
        format!("(submissions: [{}])", entry("Kit", "kit")),
    )
    .expect("written");
    let out = collect(&[]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("--log"), "{}", stderr(&out));
    let other = dir.join("other.csv").to_string_lossy().into_owned();
    let out = collect(&["--log", &other]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::read_to_string(&other).is_ok_and(|l| l.contains(&commit)));
    let _ = fs::remove_dir_all(&dir);
}
