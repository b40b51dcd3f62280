//! Running the real `sol` binary from the hardening tests, and scratch directories for them.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// `sol` with `args`, run from the temporary directory, its output captured.
pub fn sol(args: &[&str]) -> Output {
    command(args).output().expect("sol runs")
}

/// The `sol` command with `args`, not yet run.
pub fn command(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sol"));
    c.args(args)
        .current_dir(std::env::temp_dir())
        .stdin(Stdio::null());
    c
}

/// The arguments of a `sol simulate` of Weisser's G(3,2,2,3,3) (every deal settles in
/// milliseconds) over `seeds` on `jobs` workers, then `extra`.
pub fn family_simulate(seeds: &str, jobs: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec![
        "simulate",
        "spider",
        "--family",
        "3,2,2,3,3",
        "--seeds",
        seeds,
        "--jobs",
        jobs,
    ];
    args.extend_from_slice(extra);
    args.into_iter().map(String::from).collect()
}

/// `sol` with owned arguments.
pub fn sol_owned(args: &[String]) -> Output {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    sol(&args)
}

/// `sol` under `sh` with the file size limit set to `blocks` (`ulimit -f`, 512 or 1024 bytes
/// a block by the shell).
pub fn sol_with_file_limit(blocks: u32, args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -f {blocks} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_sol"))
        .args(args)
        .current_dir(std::env::temp_dir())
        .output()
        .expect("sh runs")
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Assert `out` failed with status `code` and exactly one `sol: ...` line on standard error,
/// which contains each of `needles`; nothing of a panic.
pub fn assert_one_line_failure(out: &Output, code: i32, needles: &[&str]) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(code), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("sol: "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    for needle in needles {
        assert!(err.contains(needle), "{needle:?} not in {err}");
    }
}

/// A fresh, empty scratch directory named after the test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sol-hardening-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// The names in `dir`, sorted (to see that no temporary file is left).
pub fn names_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("directory")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}
