//! A short fuzzing run of `sol` itself: real command lines with mutated arguments, mutated
//! `--position` and save files, and now and then a closed standard output. `sol` must never
//! panic or die by a signal, must exit 0, 1 or 2, and must say why in one line when it fails.
//! The long run is `solitaire-fuzz --target cli` (see `docs/fuzzing.md`).

use std::time::Duration;

use solitaire_fuzz::{Options, Target, run};

#[test]
fn sol_survives_mutated_command_lines_and_files() {
    let cases = 200;
    let report = run(
        Target::Cli,
        &Options {
            cases,
            seed: 1,
            sol: Some(env!("CARGO_BIN_EXE_sol").into()),
            timeout: Duration::from_secs(10),
            ..Options::default()
        },
    );
    println!("{report}");
    assert_eq!(report.cases, cases, "{report}");
    assert!(report.passed(), "{report}");
    assert!((cases - report.refused) * 10 > cases, "{report}");
}

/// Found by the fuzzer: a file name holding a line break made the error two lines long.
#[test]
fn an_error_naming_a_file_with_a_line_break_stays_on_one_line() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sol"))
        .args(["deal", "spider", "--position", "no such\nfile.txt"])
        .current_dir(std::env::temp_dir())
        .output()
        .expect("sol runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("sol: no such\\nfile.txt: "), "{stderr}");
}
