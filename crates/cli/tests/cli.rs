//! The `sol` command line as scripts and instructors use it: output formats, exit codes,
//! error messages, and independence from the working directory.

use std::process::{Command, Output};

fn sol(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sol"))
        .args(args)
        .current_dir(std::env::temp_dir())
        .output()
        .expect("sol runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn temp_file(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("sol-cli-test-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("temp file");
    path.to_string_lossy().into_owned()
}

#[test]
fn list_prints_id_tab_name_from_any_directory() {
    let out = sol(&["list"]);
    assert!(out.status.success());
    assert!(
        stdout(&out).lines().any(|l| l == "spider\tSpider"),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).lines().all(|l| l.split('\t').count() == 2));
}

#[test]
fn deal_json_has_the_documented_fields() {
    let out = sol(&["deal", "spider", "--seed", "1", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(v["game"], "spider");
    assert_eq!(v["seed"], 1);
    assert_eq!(v["status"], "playing");
    assert_eq!(v["score"], 0);
    let piles = v["piles"].as_array().expect("piles");
    assert_eq!(piles.len(), 19);
    let t1 = piles.iter().find(|p| p["id"] == "t1").expect("t1");
    assert_eq!(t1["kind"], "tableau");
    assert_eq!(t1["face_down"], 5);
    assert_eq!(t1["cards"].as_array().map(Vec::len), Some(6));
    assert_eq!(t1["cards"][0], "JC");
    let stock = piles.iter().find(|p| p["id"] == "stock").expect("stock");
    assert_eq!(
        (stock["kind"].as_str(), stock["face_down"].as_u64()),
        (Some("stock"), Some(50))
    );
}

#[test]
fn deal_text_reads_back_as_a_position() {
    let out = sol(&["deal", "spider", "--seed", "9"]);
    let file = temp_file("pos.txt", &stdout(&out));
    let again = sol(&["deal", "spider", "--position", &file]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(stdout(&again), stdout(&out));
}

#[test]
fn moves_lists_the_legal_moves_after_the_given_ones() {
    let first = sol(&["moves", "spider", "--seed", "1"]);
    assert_eq!(
        stdout(&first),
        "t1>t6\nt2>t6\nt3>t1\nt3>t2\nt7>t8\nt9>t8\ndeal\n"
    );
    let after = sol(&["moves", "spider", "--seed", "1", "--play", "t3>t1 deal"]);
    assert!(after.status.success(), "{}", stderr(&after));
    assert!(!stdout(&after).is_empty());
}

#[test]
fn play_prints_the_position_and_status() {
    let out = sol(&["play", "spider", "--seed", "1", "--play", "t3>t1 t7>t8"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("t1: JC 4S 7H1 KC 3S1 | 5D1 4C\n"), "{text}");
    assert!(text.contains("\nstatus: playing\n"), "{text}");
    let json = sol(&["play", "spider", "--seed", "1", "--play", "t3>t1", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("json");
    assert_eq!(v["status"], "playing");
    assert_eq!(v["score"], 10, "the 4C move turns up one card");
}

#[test]
fn an_illegal_move_exits_2_naming_its_index_text_and_reason() {
    let out = sol(&[
        "play",
        "spider",
        "--seed",
        "1",
        "--play",
        "t3>t1 t7>t8 t4>t2",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out).trim(),
        "sol: move 3 \"t4>t2\": a King can only go to an empty column"
    );
}

#[test]
fn with_json_a_refused_move_shows_its_category_and_reason_at_the_position_before_it() {
    let out = sol(&[
        "play",
        "spider",
        "--seed",
        "1",
        "--json",
        "--play",
        "t3>t1 t7>t8 t4>t2",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let json: serde_json::Value =
        serde_json::from_str(stdout(&out).trim()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(json["refused"]["index"], 3);
    assert_eq!(json["refused"]["move"], "t4>t2");
    assert_eq!(json["refused"]["category"], "target");
    assert_eq!(
        json["refused"]["reason"],
        "a King can only go to an empty column"
    );
    let before = sol(&[
        "play",
        "spider",
        "--seed",
        "1",
        "--json",
        "--play",
        "t3>t1 t7>t8",
    ]);
    let mut before: serde_json::Value =
        serde_json::from_str(stdout(&before).trim()).unwrap_or_else(|e| panic!("{e}"));
    if let Some(map) = before.as_object_mut() {
        map.insert("refused".into(), json["refused"].clone());
    }
    assert_eq!(
        json, before,
        "the position is the one before the refused move"
    );
    assert_eq!(
        stderr(&out).trim(),
        "sol: move 3 \"t4>t2\": a King can only go to an empty column"
    );
}

#[test]
fn a_malformed_move_exits_2_naming_its_index() {
    let out = sol(&["play", "spider", "--seed", "1", "--play", "t3>t1 t9>>t2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("sol: move 2 \"t9>>t2\": "),
        "{}",
        stderr(&out)
    );
    let out = sol(&["moves", "spider", "--seed", "1", "--play", "x7>t1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no pile is called \"x7\""),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_input_is_one_line_with_a_location_and_a_nonzero_exit() {
    let unknown = sol(&["deal", "nope", "--seed", "1"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(stderr(&unknown).starts_with("sol: unknown game \"nope\""));
    assert_eq!(stderr(&unknown).lines().count(), 1);

    let file = temp_file("bad-pos.txt", "game: spider\nt1: 4H 9X\n");
    let bad = sol(&["deal", "spider", "--position", &file]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        stderr(&bad).contains("line 2, column 8"),
        "{}",
        stderr(&bad)
    );

    let save = temp_file("bad-save.ron", "(game: \"spider\", seed: 1, moves: [");
    let bad = sol(&["replay", &save]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(stderr(&bad).contains("line 1"), "{}", stderr(&bad));

    let missing = sol(&["replay", "/nonexistent/save.ron"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(stderr(&missing).starts_with("sol: /nonexistent/save.ron: "));
}

#[test]
fn walk_prints_moves_that_play_accepts() {
    let out = sol(&[
        "walk", "spider", "--seed", "4", "--steps", "40", "--rng", "2",
    ]);
    assert!(out.status.success());
    let moves = stdout(&out).trim().to_string();
    assert_eq!(moves.split(' ').count(), 40);
    let again = sol(&[
        "walk", "spider", "--seed", "4", "--steps", "40", "--rng", "2",
    ]);
    assert_eq!(stdout(&again).trim(), moves, "walks are reproducible");
    let played = sol(&["play", "spider", "--seed", "4", "--play", &moves]);
    assert!(played.status.success(), "{}", stderr(&played));
}

#[test]
fn moves_come_from_a_file_or_standard_input_as_from_the_command_line() {
    let walk = sol(&[
        "walk", "spider", "--seed", "4", "--steps", "300", "--rng", "3",
    ]);
    let moves = stdout(&walk).trim().to_string();
    let given = sol(&["play", "spider", "--seed", "4", "--play", &moves]);
    assert!(given.status.success(), "{}", stderr(&given));
    // One move a line, as a solution is written out.
    let file = temp_file("moves.txt", &moves.replace(' ', "\n"));
    let from_file = sol(&["play", "spider", "--seed", "4", "--moves-file", &file]);
    assert_eq!(stdout(&from_file), stdout(&given), "{}", stderr(&from_file));
    let mut child = Command::new(env!("CARGO_BIN_EXE_sol"))
        .args(["play", "spider", "--seed", "4", "--moves-file", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("sol runs");
    if let Some(mut stdin) = child.stdin.take() {
        std::io::Write::write_all(&mut stdin, moves.as_bytes()).expect("written");
    }
    let from_stdin = child.wait_with_output().expect("sol ends");
    assert_eq!(stdout(&from_stdin), stdout(&given));
    let listed = sol(&["moves", "spider", "--seed", "4", "--moves-file", &file]);
    let listed_given = sol(&["moves", "spider", "--seed", "4", "--play", &moves]);
    assert_eq!(stdout(&listed), stdout(&listed_given));

    let both = sol(&[
        "play",
        "spider",
        "--seed",
        "4",
        "--play",
        "deal",
        "--moves-file",
        &file,
    ]);
    assert_eq!(both.status.code(), Some(1), "{}", stderr(&both));
    assert!(
        stderr(&both).contains("cannot be used with"),
        "{}",
        stderr(&both)
    );
    let missing = sol(&[
        "play",
        "spider",
        "--seed",
        "4",
        "--moves-file",
        "/nonexistent/m",
    ]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        stderr(&missing).starts_with("sol: /nonexistent/m: "),
        "{}",
        stderr(&missing)
    );
    let _ = std::fs::remove_file(file);
}

#[test]
fn a_saved_game_replays_to_the_same_position() {
    let walk = sol(&[
        "walk",
        "spider-2suit",
        "--seed",
        "8",
        "--steps",
        "30",
        "--rng",
        "1",
    ]);
    let moves = stdout(&walk).trim().to_string();
    let save = std::env::temp_dir().join(format!("sol-cli-test-{}-save.ron", std::process::id()));
    let save = save.to_string_lossy().into_owned();
    let played = sol(&[
        "play",
        "spider-2suit",
        "--seed",
        "8",
        "--play",
        &moves,
        "--save",
        &save,
    ]);
    assert!(played.status.success(), "{}", stderr(&played));
    let replayed = sol(&["replay", &save]);
    assert!(replayed.status.success(), "{}", stderr(&replayed));
    assert_eq!(stdout(&replayed), stdout(&played));
}

#[test]
fn a_heart_in_one_suit_spider_is_not_a_card_of_its_deck() {
    // The file starts with a byte-order mark, as some editors write it, and an ideographic
    // space (three bytes) counts as one column.
    let text = "\u{feff}game: spider-1suit\nt1: AS\nt2: 2S\u{3000}AH\n";
    let file = temp_file("one-suit.txt", text);
    let out = sol(&["deal", "spider-1suit", "--position", &file]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("line 3, column 8: AH is not a card of this game's deck"),
        "{}",
        stderr(&out)
    );
}

/// `sol ARGS` fails with exit 1 and one line of stderr that holds `expected`.
fn assert_refused(args: &[&str], expected: &str) {
    let out = sol(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "sol {}: {err}", args.join(" "));
    assert_eq!(err.lines().count(), 1, "sol {}: {err}", args.join(" "));
    assert!(err.contains(expected), "sol {}: {err}", args.join(" "));
}

#[test]
fn spider_solver_face_down_top_is_refused_not_a_panic() {
    let file = temp_file("spider-face-down.txt", "t1: AS |\nt2: KS\n");
    let reason = ": line 1, column 1: pile t1: its top card is face down";
    for game in ["spider", "spider-2suit", "spider-1suit"] {
        let base = ["solve", game, "--position", &file, "--nodes", "1000"];
        assert_refused(&base, reason);
        assert_refused(&[&base[..], &["--method", "beam"]].concat(), reason);
        assert_refused(&[&base[..], &["--fair"]].concat(), reason);
    }
}

#[test]
fn penguin_face_down_top_is_refused() {
    let file = temp_file("penguin-face-down.txt", "t1: 4H |\n");
    let reason = ": line 1, column 1: pile t1: no card of it lies face down";
    assert_refused(&["moves", "penguin", "--position", &file], reason);
    assert_refused(
        &["play", "penguin", "--position", &file, "--play", "t1>c1"],
        reason,
    );
    assert_refused(
        &["walk", "penguin", "--position", &file, "--steps", "3"],
        reason,
    );
    assert_refused(
        &["solve", "penguin", "--position", &file, "--nodes", "1000"],
        reason,
    );
}

#[test]
fn cells_counters_and_phases_out_of_range_are_refused() {
    let cells = temp_file("cells.txt", "c1: 4H 5H\n");
    assert_refused(
        &["deal", "penguin", "--position", &cells],
        "line 1, column 1: pile c1: it holds 2 cards, but at most 1",
    );
    let phase = temp_file("phase.txt", "phase: dealing\nt1: 4H\n");
    assert_refused(
        &["deal", "spider", "--position", &phase],
        "line 1, column 1: phase: this game is never in the dealing phase",
    );
    let redeals = temp_file("redeals.txt", "redeals: 4\nf1: JC\n");
    assert_refused(
        &["deal", "rosamund", "--position", &redeals],
        "line 1, column 1: redeals: 4 redeals used, but this game allows 3",
    );
}
