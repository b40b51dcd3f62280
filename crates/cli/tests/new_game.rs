//! `sol new-game` against a scratch copy of the files it edits: what it prints, where it
//! looks for the checkout, and its refusals.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn sol_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sol"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("sol runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A scratch checkout: the three registry files, and an empty `games/` to run from.
fn scratch(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("sol-new-game-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for file in [
        "Cargo.toml",
        "crates/registry/Cargo.toml",
        "crates/registry/src/lib.rs",
    ] {
        let to = root.join(file);
        fs::create_dir_all(to.parent().expect("parent")).expect("dir");
        fs::copy(real.join(file), to).expect("copy");
    }
    fs::create_dir_all(root.join("games")).expect("games");
    root
}

#[test]
fn new_game_scaffolds_and_registers_from_a_subdirectory() {
    let root = scratch("ok");
    let out = sol_in(&root.join("games"), &["new-game", "Test Patience"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("created games/test-patience/src/lib.rs"),
        "{stdout}"
    );
    assert!(
        stdout.contains("created games/test-patience/layouts/test-patience.ron"),
        "{stdout}"
    );
    assert!(
        stdout.contains("edited  crates/registry/src/lib.rs"),
        "{stdout}"
    );
    assert_eq!(
        fs::read_to_string(root.join("games/test-patience/conformance/test-patience.ron"))
            .expect("file"),
        "(game: \"test-patience\", scenarios: [])\n"
    );
    let registry = fs::read_to_string(root.join("crates/registry/src/lib.rs")).expect("file");
    assert!(registry.contains("game_test_patience::GAME.into(),"));
    assert_eq!(registry.matches("game_test_patience::").count(), 1);

    let again = sol_in(&root, &["new-game", "Other name", "--id", "test-patience"]);
    assert_eq!(again.status.code(), Some(1));
    assert_eq!(
        text(&again.stderr),
        "sol: a game \"test-patience\" exists already: games/test-patience is there\n"
    );
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn new_game_refuses_bad_ids_and_unknown_models() {
    let root = scratch("bad");
    let out = sol_in(&root, &["new-game", "Four Winds", "--id", "Four_Winds"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("cannot be a game id"),
        "{}",
        text(&out.stderr)
    );
    let out = sol_in(&root, &["new-game", "Four Winds", "--like", "nothing"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--like \"nothing\": no such game"));
    assert!(!root.join("games/four-winds").exists());
    fs::write(root.join("course.ron"), r#"(games: {"bristol": ()})"#).expect("course");
    let out = sol_in(
        &root,
        &[
            "new-game",
            "Four Winds",
            "--like",
            "bristol",
            "--course",
            "course.ron",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("course.ron assigns this game"),
        "{}",
        text(&out.stderr)
    );
    assert!(!root.join("games/four-winds").exists());
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn new_game_outside_a_checkout_says_so() {
    let dir = std::env::temp_dir().join(format!("sol-new-game-{}-outside", std::process::id()));
    fs::create_dir_all(&dir).expect("dir");
    let out = sol_in(&dir, &["new-game", "Aces Up"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("is not inside a solitaire checkout"),
        "{}",
        text(&out.stderr)
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn new_game_with_a_keyword_or_prelude_id_derives_a_free_type_name() {
    let root = scratch("self");
    for (id, ty) in [("self", "SelfGame"), ("vec", "VecGame")] {
        let out = sol_in(&root, &["new-game", "X", "--id", id]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let src = root.join("games").join(id).join("src");
        let lib = fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
        let rules = fs::read_to_string(src.join("rules.rs")).expect("rules.rs");
        assert!(lib.contains(&format!("pub struct {ty} ")), "{lib}");
        assert!(rules.contains(&format!("impl Rules for {ty} ")), "{rules}");
        let bare = id[..1].to_uppercase() + &id[1..];
        assert!(!lib.contains(&format!("struct {bare} ")), "{lib}");
    }
    let _ = fs::remove_dir_all(&root);
}
