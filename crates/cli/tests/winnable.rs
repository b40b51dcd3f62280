//! `sol deal GAME --winnable`: the first deal from `--seed` on that the solver wins, with its
//! number in the text (a `# seed:` comment the position reader skips) and in JSON.

mod common;

use common::{assert_one_line_failure, scratch, sol, stderr, stdout};

/// `sol deal GAME --winnable` with `extra`; its standard output, which must be a success.
fn winnable(game: &str, extra: &[&str]) -> String {
    let mut args = vec!["deal", game, "--winnable"];
    args.extend_from_slice(extra);
    let out = sol(&args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

/// The seed of a `# seed: N` line.
fn seed_line(text: &str) -> u64 {
    text.lines()
        .find_map(|l| l.strip_prefix("# seed: "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no seed line in {text}"))
}

#[test]
fn a_winnable_deal_names_its_seed_and_is_that_deal() {
    for (game, from) in [("strategy", "1"), ("aces-up", "3")] {
        let text = winnable(
            game,
            &["--seed", from, "--tries", "10", "--time-limit", "2"],
        );
        let seed = seed_line(&text);
        let from: u64 = from.parse().expect("number");
        assert!((from..from + 10).contains(&seed), "{game}: {seed}");
        assert!(text.contains("# winnable: the solver"), "{text}");
        // The position is deal `seed`, comments aside.
        let plain = stdout(&sol(&["deal", game, "--seed", &seed.to_string()]));
        let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(body, plain.lines().collect::<Vec<_>>(), "{game}");
        // The position reader skips the comments, and the solver wins the deal again.
        let dir = scratch(&format!("winnable-{game}"));
        let file = dir.join("deal.txt");
        std::fs::write(&file, &text).expect("written");
        let solved = sol(&[
            "solve",
            game,
            "--position",
            &file.to_string_lossy(),
            "--time-limit",
            "20",
        ]);
        assert!(
            stdout(&solved).contains("outcome: solved"),
            "{game} {seed}: {}{}",
            stdout(&solved),
            stderr(&solved)
        );
        let _ = std::fs::remove_dir_all(&dir);
        let again = [
            "--seed",
            &seed.to_string(),
            "--tries",
            "1",
            "--time-limit",
            "20",
        ];
        let json = winnable(game, &[&again[..], &["--json"]].concat());
        let v: serde_json::Value = serde_json::from_str(&json).expect("json");
        assert_eq!(v["seed"], seed, "{json}");
        assert_eq!(v["winnable"]["tried"], 1, "{json}");
        assert!(v["winnable"]["length"].as_u64().is_some_and(|n| n > 0));
    }
}

#[test]
fn no_winnable_deal_within_the_tries_is_one_line_and_status_1() {
    // Labyrinth's deals 1 and 2 are proved lost in milliseconds.
    let out = sol(&[
        "deal",
        "labyrinth",
        "--winnable",
        "--tries",
        "2",
        "--time-limit",
        "5",
    ]);
    assert_one_line_failure(&out, 1, &["no deal of labyrinth from 1 to 2", "5 s"]);
    assert!(out.stdout.is_empty());
}

#[test]
fn winnable_options_are_checked() {
    let cases: [(&[&str], &str); 4] = [
        (&["--winnable", "--tries", "0"], "1 to 1000000 deals"),
        (&["--winnable", "--time-limit", "0"], "above 0"),
        (&["--seed", "1", "--time-limit", "2"], "--winnable"),
        (&["--winnable", "--position", "p.txt"], "--position"),
    ];
    for (extra, needle) in cases {
        let mut args = vec!["deal", "strategy"];
        args.extend_from_slice(extra);
        assert_one_line_failure(&sol(&args), 1, &[needle]);
    }
}

/// `--seeds A..B --table FILE` writes the deals won as a RON list the app reads, each of them
/// the deal `--winnable --seed N` names first.
#[test]
fn a_table_lists_the_deals_won_in_a_range() {
    let dir = scratch("winnable-table");
    let file = dir.join("labyrinth.ron");
    let path = file.to_string_lossy().to_string();
    let out = winnable(
        "labyrinth",
        &[
            "--seeds",
            "30..70",
            "--time-limit",
            "1",
            "--jobs",
            "1",
            "--table",
            &path,
        ],
    );
    assert!(out.contains("of 41 deals won"), "{out}");
    let text = std::fs::read_to_string(&file).expect("the table is written");
    assert!(text.starts_with("// Deals of labyrinth"), "{text}");
    let seeds = solitaire_solver::winnable::read_table(&text).expect("a list of seeds");
    assert!(!seeds.is_empty(), "{text}");
    for &s in &seeds {
        let again = winnable("labyrinth", &["--seed", &s.to_string(), "--tries", "1"]);
        assert_eq!(seed_line(&again), s);
    }
    let bad = sol(&["deal", "labyrinth", "--seeds", "1..3", "--table", &path]);
    assert!(!bad.status.success(), "--table needs --winnable");
}
