//! The files `sol` reads and writes: inputs above the size cap are refused (an endless input
//! is not read until memory runs out), and every file written (`--save`, `--csv`, `--plot`)
//! is replaced whole or not at all, so a failed write leaves the previous file as it was.

mod common;

use std::fs;
use std::path::Path;

use common::{
    assert_one_line_failure, family_simulate, names_in, scratch, sol, sol_owned, stderr, stdout,
};

#[cfg(unix)]
#[test]
fn position_from_dev_zero_is_refused() {
    for args in [
        &["deal", "spider", "--position", "/dev/zero"][..],
        &["moves", "spider", "--position", "/dev/zero"],
        &["solve", "spider", "--position", "/dev/zero"],
        &["replay", "/dev/zero"],
        &["deal", "spider", "--seed", "1", "--course", "/dev/zero"],
    ] {
        let out = sol(args);
        assert_one_line_failure(&out, 1, &["/dev/zero", "larger than 16777216 bytes"]);
    }
}

#[test]
fn a_position_file_above_the_cap_is_refused() {
    let dir = scratch("big-position");
    let file = dir.join("big.txt");
    fs::write(&file, "x".repeat(16 * 1024 * 1024 + 1)).expect("written");
    let out = sol(&["deal", "spider", "--position", &file.to_string_lossy()]);
    assert_one_line_failure(&out, 1, &["big.txt", "larger than 16777216 bytes"]);
    let _ = fs::remove_dir_all(&dir);
}

/// A spider move list long enough that its save is well above 1024 bytes.
fn long_move_list() -> String {
    let walk = sol(&[
        "walk", "spider", "--seed", "4", "--steps", "400", "--rng", "2",
    ]);
    assert!(walk.status.success(), "{}", stderr(&walk));
    stdout(&walk).trim().to_string()
}

#[cfg(unix)]
#[test]
fn failed_resave_keeps_the_previous_save() {
    let dir = scratch("resave");
    let save = dir.join("game.ron");
    let save_arg = save.to_string_lossy().into_owned();
    let first = sol(&[
        "play", "spider", "--seed", "4", "--play", "t3>t1", "--save", &save_arg,
    ]);
    assert!(first.status.success(), "{}", stderr(&first));
    let before = fs::read_to_string(&save).expect("saved");
    let moves = long_move_list();
    let again = common::sol_with_file_limit(
        1,
        &[
            "play", "spider", "--seed", "4", "--play", &moves, "--save", &save_arg,
        ],
    );
    assert_one_line_failure(&again, 1, &["game.ron"]);
    assert_eq!(fs::read_to_string(&save).expect("still there"), before);
    assert_eq!(names_in(&dir), ["game.ron"], "no temporary file left");
    let replay = sol(&["replay", &save_arg]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    // Without the limit the long save is written whole and replays.
    let whole = sol(&[
        "play", "spider", "--seed", "4", "--play", &moves, "--save", &save_arg,
    ]);
    assert!(whole.status.success(), "{}", stderr(&whole));
    assert!(fs::metadata(&save).expect("saved").len() > 1024);
    assert!(sol(&["replay", &save_arg]).status.success());
    let _ = fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn failed_csv_and_plot_rewrites_keep_the_previous_files() {
    let dir = scratch("rewrite");
    for name in ["deals.csv", "lengths.png", "lengths.svg"] {
        let file = dir.join(name).to_string_lossy().into_owned();
        let flag = if name.ends_with(".csv") {
            "--csv"
        } else {
            "--plot"
        };
        let args = family_simulate("1..60", "1", &[flag, &file]);
        let first = sol_owned(&args);
        assert!(first.status.success(), "{}", stderr(&first));
        let before = fs::read(&file).expect("written");
        assert!(before.len() > 1024, "{name} is {} bytes", before.len());
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let again = common::sol_with_file_limit(1, &refs);
        assert_one_line_failure(&again, 1, &[name]);
        assert_eq!(fs::read(&file).expect("still there"), before, "{name}");
    }
    assert_eq!(
        names_in(&dir),
        ["deals.csv", "lengths.png", "lengths.svg"],
        "no temporary file left"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn simulate_writes_csv_rows_in_seed_order_and_a_summary_that_agrees() {
    let dir = scratch("csv-order");
    let file = dir.join("deals.csv");
    let out = sol_owned(&family_simulate(
        "1..80",
        "4",
        &["--csv", &file.to_string_lossy()],
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    let csv = fs::read_to_string(&file).expect("written");
    let mut lines = csv.lines();
    let header = lines.next().unwrap_or_default();
    assert!(
        header.starts_with("seed,outcome,length,seconds,nodes,method,knowledge,"),
        "{header}"
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let seeds: Vec<u64> = rows.iter().map(|r| r[0].parse().expect("seed")).collect();
    assert_eq!(seeds, (1..=80).collect::<Vec<u64>>());
    let count = |o: &str| rows.iter().filter(|r| r[1] == o).count();
    let summary = stdout(&out);
    let expected = format!(
        "solved: {}  unsolvable: {}  unknown: {}  (of 80)",
        count("solved"),
        count("unsolvable"),
        count("unknown")
    );
    assert!(
        summary.contains(&expected),
        "{summary}\nexpected {expected}"
    );
    let lengths: Vec<u64> = rows.iter().filter_map(|r| r[2].parse().ok()).collect();
    if let (Some(min), Some(max)) = (lengths.iter().min(), lengths.iter().max()) {
        assert!(
            summary.contains(&format!("path length: min {min} "))
                && summary.contains(&format!(" max {max}\n")),
            "{summary}"
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_csv_in_a_missing_directory_is_refused_before_solving() {
    let file = Path::new("/nonexistent-sol-dir/deals.csv")
        .to_string_lossy()
        .into_owned();
    let out = sol_owned(&family_simulate("1..3", "1", &["--csv", &file]));
    assert_one_line_failure(&out, 1, &["deals.csv"]);
    assert!(out.stdout.is_empty());
}
