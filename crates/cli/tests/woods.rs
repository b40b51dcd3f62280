//! Don Woods' worked Spider positions (`assets/positions/woods`): every file is indexed, reads
//! with its unknown cards filled into a full 104-card position, and `sol` plays and solves it.

mod common;

use std::path::{Path, PathBuf};

use common::sol;
use solitaire_core::UNKNOWN_CARD;
use solitaire_files::PositionIndex;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/positions/woods")
}

fn file(name: &str) -> String {
    dir().join(name).to_string_lossy().into_owned()
}

fn index() -> PositionIndex {
    PositionIndex::read_file(&dir().join("index.ron")).expect("index.ron reads")
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn every_indexed_position_fills_to_the_whole_deck() {
    let catalog = solitaire_games::catalog().expect("catalog");
    let index = index();
    assert_eq!(index.positions.len(), 8);
    for entry in &index.positions {
        let game = catalog.get(&entry.game).expect("the indexed game exists");
        let text = std::fs::read_to_string(entry.path(&dir())).expect("the file reads");
        let citation = format!(
            "# Don Woods, Spider documentation, section {}, example {}",
            entry.section, entry.example
        );
        assert!(
            text.starts_with(&format!("# {}\n", entry.title)),
            "{}",
            entry.file
        );
        assert!(text.contains(&citation), "{}: {citation}", entry.file);
        let dashes = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .flat_map(str::split_whitespace)
            .filter(|&w| w == UNKNOWN_CARD)
            .count();
        let mut deck = game.layout().deck.cards();
        deck.sort();
        for seed in [0, 1] {
            let filled = game
                .parse_position_filled(&text, seed)
                .unwrap_or_else(|e| panic!("{}: {e}", entry.file));
            assert_eq!(filled.unknown, dashes, "{}", entry.file);
            let cards = filled.position.sorted_cards();
            assert_eq!(cards.len(), 104, "{}", entry.file);
            assert_eq!(cards, deck, "{}: every card once", entry.file);
        }
    }
}

#[test]
fn every_position_file_is_indexed_once() {
    let indexed: Vec<String> = index().positions.into_iter().map(|e| e.file).collect();
    let mut on_disk: Vec<String> = std::fs::read_dir(dir())
        .expect("the directory reads")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name != "index.ron")
        .collect();
    on_disk.sort();
    let mut sorted = indexed.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), indexed.len(), "a file indexed twice");
    assert_eq!(sorted, on_disk);
}

#[test]
fn sol_fills_a_file_and_says_so() {
    let f = file("04-clubs-and-hearts.txt");
    let out = sol(&["deal", "spider", "--position", &f, "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(v["filled"], serde_json::json!({"unknown": 23, "seed": 0}));
    assert!(stderr(&out).contains("23 unknown cards (`--`) filled with fill seed 0"));
    // The default seed is 0; another seed fills other cards.
    let zero = sol(&["deal", "spider", "--position", &f, "--fill-seed", "0"]);
    let text = sol(&["deal", "spider", "--position", &f]);
    assert_eq!(stdout(&zero), stdout(&text));
    let seven = sol(&["deal", "spider", "--position", &f, "--fill-seed", "7"]);
    assert_ne!(stdout(&seven), stdout(&text));
    // The printed position is a plain one: it reads back without a fill.
    let path = std::env::temp_dir().join(format!("sol-woods-{}.txt", std::process::id()));
    std::fs::write(&path, stdout(&text)).expect("temp file");
    let p = path.to_string_lossy().into_owned();
    let again = sol(&["deal", "spider", "--position", &p, "--json"]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(stderr(&again).is_empty(), "{}", stderr(&again));
    let v: serde_json::Value = serde_json::from_str(&stdout(&again)).expect("json");
    assert!(v.get("filled").is_none());
    let _ = std::fs::remove_file(path);
}

#[test]
fn sol_plays_and_lists_moves_on_a_filled_file() {
    let f = file("05-two-deals-left.txt");
    let moves = sol(&["moves", "spider", "--position", &f]);
    assert!(moves.status.success(), "{}", stderr(&moves));
    // Woods' first move: the 6-4 of clubs from column 1 onto the 7 of diamonds in column 3.
    assert!(stdout(&moves).lines().any(|l| l == "t1>t3:3"));
    let play = sol(&[
        "play",
        "spider",
        "--position",
        &f,
        "--fill-seed",
        "2",
        "--play",
        "t1>t3:3 t1>t10:4",
        "--json",
    ]);
    assert!(play.status.success(), "{}", stderr(&play));
    let v: serde_json::Value = serde_json::from_str(&stdout(&play)).expect("json");
    assert_eq!(v["filled"], serde_json::json!({"unknown": 20, "seed": 2}));
    let t1 = v["piles"]
        .as_array()
        .and_then(|p| p.iter().find(|p| p["id"] == "t1"))
        .expect("t1");
    assert_eq!(t1["cards"], serde_json::json!(["KH", "QH", "JD"]));
}

#[test]
fn sol_refuses_a_fill_seed_without_a_position_and_bad_unknowns() {
    for command in ["deal", "play", "solve"] {
        let out = sol(&[command, "spider", "--seed", "1", "--fill-seed", "2"]);
        assert_eq!(out.status.code(), Some(1), "{command}");
        assert!(
            stderr(&out).contains("--fill-seed fills"),
            "{}",
            stderr(&out)
        );
    }
    let path = std::env::temp_dir().join(format!("sol-woods-bad-{}.txt", std::process::id()));
    std::fs::write(&path, "game: spider\nt1: AS --\n").expect("temp file");
    let p = path.to_string_lossy().into_owned();
    let out = sol(&["deal", "spider", "--position", &p]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("line 2, column 8"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_file(path);
}
