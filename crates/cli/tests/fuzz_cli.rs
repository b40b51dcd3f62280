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
    assert!(report.accepted * 10 > cases, "{report}");
}

