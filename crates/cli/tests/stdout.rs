//! A closed standard output (`sol ... | head`) ends `sol` quietly with status 0; a full one
//! (`> /dev/full`) is one `sol: standard output: ...` line and status 1. Never a panic.

mod common;

use common::{assert_one_line_failure, command, stderr};

/// Run `sol` with standard output a pipe whose reading end is already closed.
fn with_closed_stdout(args: &[&str]) -> std::process::Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    command(args).stdout(writer).output().expect("sol runs")
}

#[test]
fn closed_stdout_ends_quietly() {
    let family = common::family_simulate("1..3", "1", &[]);
    let family: Vec<&str> = family.iter().map(String::as_str).collect();
    for args in [
        &["list"][..],
        &["moves", "spider", "--seed", "1"],
        &["deal", "spider", "--seed", "1", "--json"],
        &["deal", "spider", "--seed", "1"],
        &["walk", "spider", "--seed", "1", "--steps", "50"],
        &["--help"],
        &family,
    ] {
        let out = with_closed_stdout(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert!(out.stderr.is_empty(), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn closed_stdout_does_not_hide_an_error() {
    let out = with_closed_stdout(&["deal", "no-such-game", "--seed", "1"]);
    assert_one_line_failure(&out, 1, &["unknown game"]);
}

#[cfg(target_os = "linux")]
#[test]
fn full_stdout_is_one_line_and_status_1() {
    for args in [
        &["moves", "spider", "--seed", "1"][..],
        &["deal", "spider", "--seed", "1", "--json"],
        &["list"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let out = command(args).stdout(full).output().expect("sol runs");
        assert_one_line_failure(&out, 1, &["standard output", "No space left"]);
    }
}
