//! `git`, run on the course's own checkout and on the starter it writes, without running
//! anything a repository's configuration names.

use std::path::Path;
use std::process::Command;

/// Settings that keep `git` from running anything a repository's configuration names.
pub(super) const SAFE_GIT: [&str; 8] = [
    "-c",
    "core.fsmonitor=false",
    "-c",
    "core.hooksPath=/dev/null",
    "-c",
    "protocol.allow=never",
    "-c",
    "safe.directory=*",
];

/// The checkout's files: git's list (tracked, and new files git does not ignore) when it is a
/// git checkout, else every file but `target` and `.git`.
///
/// # Errors
/// A directory that cannot be read.
pub(super) fn listed_files(workspace: &Path) -> Result<Vec<String>, String> {
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

/// Make `out` a git repository with everything in one commit.
///
/// # Errors
/// git cannot be run or fails.
pub(super) fn commit(out: &Path) -> Result<(), String> {
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
