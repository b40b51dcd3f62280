//! `--course COURSE.ron` on every command that starts a game: the game is played as the
//! course configures it, and a course that does not read, names an unregistered game or
//! chooses a reading the game does not declare is refused with the file named.

mod common;

use std::fs;
use std::path::PathBuf;

use common::{assert_one_line_failure, scratch, sol, stderr, stdout};

fn course(name: &str, text: &str) -> (PathBuf, String) {
    let dir = scratch(name);
    let file = dir.join("course.ron");
    fs::write(&file, text).expect("written");
    let path = file.to_string_lossy().into_owned();
    (dir, path)
}

#[test]
fn every_start_command_plays_the_course_game() {
    let (dir, file) = course("plays", "(name: \"Autumn\", games: {\"spider\": ()})");
    let save = dir.join("g.ron").to_string_lossy().into_owned();
    let plain = sol(&["deal", "spider", "--seed", "3"]);
    let with = sol(&["deal", "spider", "--seed", "3", "--course", &file]);
    assert!(with.status.success(), "{}", stderr(&with));
    assert_eq!(
        stdout(&with),
        stdout(&plain),
        "no readings chosen: the default game"
    );
    for args in [
        &["moves", "spider", "--seed", "3", "--course", &file][..],
        &[
            "play", "spider", "--seed", "3", "--play", "t2>t4", "--save", &save, "--course", &file,
        ],
        &[
            "walk", "spider", "--seed", "3", "--steps", "5", "--course", &file,
        ],
        &["replay", &save, "--course", &file],
        &[
            "solve", "spider", "--seed", "3", "--nodes", "1000", "--course", &file,
        ],
        &[
            "simulate", "spider", "--seeds", "3", "--nodes", "1000", "--course", &file,
        ],
    ] {
        let out = sol(args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_course_naming_an_unregistered_game_is_refused() {
    let (dir, file) = course("unknown", "(games: {\"no-such-game\": ()})");
    let out = sol(&["deal", "spider", "--seed", "1", "--course", &file]);
    assert_one_line_failure(
        &out,
        1,
        &["course.ron", "no-such-game", "not a registered game"],
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_course_choosing_an_undeclared_reading_is_refused() {
    let (dir, file) = course(
        "reading",
        "(games: {\"spider\": (readings: {\"deal\": \"when-stuck\"})})",
    );
    for args in [
        &["deal", "spider", "--seed", "1", "--course", &file][..],
        &["solve", "spider", "--seed", "1", "--course", &file],
    ] {
        let out = sol(args);
        assert_one_line_failure(&out, 1, &["course.ron", "spider", "\"deal\""]);
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_malformed_course_names_its_line_and_column() {
    let (dir, file) = course("malformed", "(games: {\"spider\": (),\n  oops })");
    let out = sol(&["moves", "spider", "--seed", "1", "--course", &file]);
    assert_one_line_failure(&out, 1, &["course.ron:2:"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn course_and_family_do_not_go_together() {
    let (dir, file) = course("family", "(games: {})");
    let out = sol(&[
        "solve",
        "spider",
        "--family",
        "3,2,2,3,3",
        "--seed",
        "1",
        "--course",
        &file,
    ]);
    assert_one_line_failure(&out, 1, &["--family", "--course"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_course_reading_changes_what_the_game_allows() {
    let (dir, file) = course(
        "when-stuck",
        "(games: {\"sixes-and-sevens\": (readings: {\"deal\": \"when-stuck\"})})",
    );
    let moves = |course: &[&str]| {
        let base = [
            "moves",
            "sixes-and-sevens",
            "--seed",
            "1",
            "--play",
            "o12>f16",
        ];
        let out = sol(&[&base[..], course].concat());
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    // By default a deal is allowed at any time; the course deals only when stuck.
    assert!(moves(&[]).lines().any(|m| m == "deal"));
    assert!(!moves(&["--course", &file]).lines().any(|m| m == "deal"));
    let save = dir.join("g.ron").to_string_lossy().into_owned();
    let play = [
        "play",
        "sixes-and-sevens",
        "--seed",
        "1",
        "--play",
        "o12>f16 deal",
    ];
    let saved = sol(&[&play[..], &["--save", &save]].concat());
    assert!(saved.status.success(), "{}", stderr(&saved));
    let refused = sol(&[&play[..], &["--course", &file]].concat());
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(sol(&["replay", &save]).status.success());
    let replayed = sol(&["replay", &save, "--course", &file]);
    assert_eq!(replayed.status.code(), Some(2), "{}", stderr(&replayed));
    assert!(
        stderr(&replayed).contains("move 2 \"deal\""),
        "{}",
        stderr(&replayed)
    );
    let _ = fs::remove_dir_all(&dir);
}
