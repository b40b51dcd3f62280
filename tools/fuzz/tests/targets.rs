//! Short runs of the in-process targets (seconds in a debug build); `solitaire-fuzz` runs the
//! long ones (see `docs/fuzzing.md`). The `cli` target's short run is in `crates/cli/tests`.

use solitaire_fuzz::targets::Outcome;
use solitaire_fuzz::{Options, Report, Target, replay, run};

fn short(target: Target, cases: u64) -> Report {
    let report = run(
        target,
        &Options {
            cases,
            seed: 1,
            ..Options::default()
        },
    );
    println!("{report}");
    assert_eq!(report.cases, cases, "{report}");
    assert!(report.passed(), "{report}");
    // Cases that never get past the reader would test nothing behind it.
    assert!(
        (cases - report.refused) * 20 > cases,
        "{} of {cases} cases were refused\n{report}",
        report.refused
    );
    report
}

#[test]
fn position_reader() {
    short(Target::Position, 1000);
}

#[test]
fn save_reader_and_replay() {
    short(Target::Save, 2000);
}

#[test]
fn move_parser() {
    short(Target::Moves, 3000);
}

#[test]
fn layout_reader_and_every_plugin() {
    short(Target::Layout, 1500);
}

/// Every case in `tools/fuzz/regressions` (failures found and fixed) passes now.
#[test]
fn saved_regressions_pass() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions");
    let mut dirs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    assert!(!dirs.is_empty());
    for case in dirs {
        let (_, outcome) = replay(&case, &Options::default())
            .unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        assert!(
            matches!(outcome, Outcome::Accepted | Outcome::Refused),
            "{}: {outcome:?}",
            case.display()
        );
    }
}
