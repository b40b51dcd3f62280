//! `sol simulate --shard K/N` and `--merge`: a run cut into shards and merged gives the report
//! of the run on one machine, and the merge refuses shards that do not make up one run.
//!
//! The runs settle every deal of Weisser's G(3,2,2,3,3) with the node-bounded DFS, so their
//! outcomes, lengths, node counts and methods do not depend on the machine's load; only the
//! `seconds` column and the summary's time lines can differ between two runs, and the
//! comparisons leave them out.

mod common;

use std::fs;
use std::path::Path;

use common::{assert_one_line_failure, scratch, sol_owned, stderr, stdout};

/// The arguments of a `sol simulate` of G(3,2,2,3,3) by DFS bounded by nodes (with a generous
/// time limit that is never reached), then `extra`.
fn run_args(extra: &[&str]) -> Vec<String> {
    run_args_limited("60", extra)
}

/// [`run_args`] with the time limit `seconds`.
fn run_args_limited(seconds: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec![
        "simulate",
        "spider",
        "--family",
        "3,2,2,3,3",
        "--method",
        "dfs",
        "--nodes",
        "200000",
        "--time-limit",
        seconds,
    ];
    args.extend_from_slice(extra);
    args.into_iter().map(String::from).collect()
}

/// `sol simulate spider --family 3,2,2,3,3 --merge FILES... extra`.
fn merge_args(files: &[&Path], extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["simulate", "spider", "--family", "3,2,2,3,3", "--merge"]
        .map(String::from)
        .to_vec();
    args.extend(files.iter().map(|f| f.to_string_lossy().into_owned()));
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

/// Run `args` and expect success; its standard output.
fn ok(args: &[String]) -> String {
    let out = sol_owned(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

/// The CSV without its `seconds` column (the fourth), which is the one thing two runs of the
/// same deals may disagree on.
fn without_times(file: &Path) -> Vec<String> {
    let text = fs::read_to_string(file).expect("csv written");
    text.lines()
        .map(|l| {
            let mut fields: Vec<&str> = l.split(',').collect();
            fields.remove(3);
            fields.join(",")
        })
        .collect()
}

/// The summary without its time lines.
fn without_time_lines(summary: &str) -> Vec<&str> {
    summary
        .lines()
        .filter(|l| !l.starts_with("solve time") && !l.starts_with("wall time"))
        .collect()
}

/// Write shards `1..=3` of 3 of seeds 1..12 to `dir/sK.csv`, shard 3 with the time limit
/// `third_seconds`.
fn write_shards(dir: &Path, third_seconds: &str) -> Vec<std::path::PathBuf> {
    (1..=3)
        .map(|k| {
            let file = dir.join(format!("s{k}.csv"));
            let shard = format!("{k}/3");
            let mut extra = vec![
                "--seeds", "1..12", "--shard", &shard, "--jobs", "2", "--csv",
            ];
            let name = file.to_string_lossy().into_owned();
            extra.push(&name);
            let seconds = if k == 3 { third_seconds } else { "60" };
            ok(&run_args_limited(seconds, &extra));
            file
        })
        .collect()
}

#[test]
fn three_shards_merged_give_the_report_of_one_run() {
    let dir = scratch("shards-merge");
    let (whole_csv, whole_svg) = (dir.join("whole.csv"), dir.join("whole.svg"));
    let whole = ok(&run_args(&[
        "--seeds",
        "1..12",
        "--jobs",
        "1",
        "--csv",
        &whole_csv.to_string_lossy(),
        "--plot",
        &whole_svg.to_string_lossy(),
    ]));
    let shards = write_shards(&dir, "60");
    let shard_text = fs::read_to_string(&shards[1]).expect("shard 2");
    let seeds: Vec<&str> = shard_text
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap_or_default())
        .collect();
    assert_eq!(
        seeds,
        ["2", "5", "8", "11"],
        "shard 2/3 takes every third deal"
    );
    let (merged_csv, merged_svg) = (dir.join("merged.csv"), dir.join("merged.svg"));
    // The shards in any order.
    let merged = ok(&merge_args(
        &[&shards[2], &shards[0], &shards[1]],
        &[
            "--csv",
            &merged_csv.to_string_lossy(),
            "--plot",
            &merged_svg.to_string_lossy(),
        ],
    ));
    assert_eq!(without_time_lines(&merged), without_time_lines(&whole));
    assert!(
        whole.contains("unknown: 0  (of 12)"),
        "every deal settled: {whole}"
    );
    assert!(merged.contains("merged from 3 shard files"), "{merged}");
    assert_eq!(without_times(&merged_csv), without_times(&whole_csv));
    assert_eq!(without_times(&merged_csv).len(), 13);
    assert_eq!(
        fs::read(&merged_svg).expect("merged plot"),
        fs::read(&whole_svg).expect("whole plot"),
        "the same histogram"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_merge_refuses_shards_that_are_not_one_run() {
    let dir = scratch("shards-refused");
    let s = write_shards(&dir, "60");
    let other = dir.join("other");
    fs::create_dir_all(&other).expect("dir");
    let slower = write_shards(&other, "30");
    let cut = dir.join("cut.csv");
    let text = fs::read_to_string(&s[2]).expect("shard 3");
    let lines: Vec<&str> = text.lines().take(3).collect();
    fs::write(&cut, lines.join("\n") + "\n").expect("written");
    let cases: [(Vec<&Path>, &[&str]); 5] = [
        (
            vec![&s[0], &s[1], &s[1], &s[2]],
            &["shard 2/3 again", "overlap"],
        ),
        (vec![&s[0], &s[2]], &["shard 2/3 is missing"]),
        (
            vec![&s[0], &s[1], &slower[2]],
            &["time limit \"30\"", "one run"],
        ),
        (vec![&s[0], &s[1], &cut], &["cut.csv", "ends before seed 9"]),
        (vec![&s[0], &s[0]], &["shard 1/3 again"]),
    ];
    for (files, needles) in cases {
        let out = sol_owned(&merge_args(&files, &[]));
        assert_one_line_failure(&out, 1, needles);
        assert!(out.stdout.is_empty());
    }
    let mut other_game = merge_args(&[&s[0], &s[1], &s[2]], &[]);
    other_game[3] = "3,2,2,3,4".into();
    assert_one_line_failure(&sol_owned(&other_game), 1, &["game \"spider-g3-2-2-3-3\""]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn shard_numbers_are_checked_with_their_range() {
    for (shard, seeds, needle) in [
        ("4/3", "1..12", "1 <= K <= N <= 10000000"),
        ("0/3", "1..12", "1 <= K <= N <= 10000000"),
        ("3/3", "1..2", "1 to 2 for --seeds 1..2"),
    ] {
        let out = sol_owned(&run_args(&["--seeds", seeds, "--shard", shard]));
        assert_one_line_failure(&out, 1, &[needle]);
    }
    let out = sol_owned(&merge_args(&[Path::new("a.csv")], &["--seeds", "1..3"]));
    assert_one_line_failure(&out, 1, &["--merge", "--seeds"]);
}
