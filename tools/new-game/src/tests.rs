//! The scaffolder against a temporary copy of the few small files it reads and edits, and two
//! small games of its own (so that the tests hold in a course's starter too, whatever games
//! it keeps).

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use solitaire_core::Layout;

use super::*;

/// The real checkout, two levels above this crate.
fn checkout() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The layout of `fans`, the game `--like` starts from in these tests.
const FANS_LAYOUT: &str = r#"// Fans: a game for the scaffolder's tests.
(
    id: "fans",
    name: "Fans",
    version: 1,
    rules: "fans",
    deck: (suits: [Spades, Hearts, Diamonds, Clubs], copies: 1, ranks: 13),
    table: (width: 6.0, height: 4.0),
    piles: [
        (id: "stock", kind: stock, x: 0.1, y: 0.1),
        (id: "w1", kind: waste, x: 1.2, y: 0.1),
        (id: "f1", kind: foundation, x: 2.3, y: 0.1),
        (id: "t1", kind: tableau, x: 0.1, y: 1.8, fan: Down),
        (id: "t2", kind: tableau, x: 1.2, y: 1.8, fan: Down),
    ],
    deal: [Rows(piles: ["t1..t2"], rows: 3, face: Up), Rest(pile: "stock")],
)
"#;

/// The crate documentation of `fans`.
const FANS_LIB: &str = "//! Fans, for the scaffolder's tests.\n//!\n//! # Rules\n//! - One pack. Two \
                        fans of three cards each are dealt face up.\n//! - Build up on the \
                        foundation.\n\nmod rules;\n";

/// The rules of `fans`, which deal through `Rules::deal`.
const FANS_RULES: &str = "impl Rules for Fans {\n    fn deal(&self, cards: Vec<Card>) {}\n}\n";

/// A temporary root holding copies of the files the scaffolder touches.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "solitaire-scaffold-test-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&dir);
        for file in [
            "Cargo.toml",
            "crates/registry/Cargo.toml",
            "crates/registry/src/lib.rs",
        ] {
            let to = dir.join(file);
            fs::create_dir_all(to.parent().unwrap()).unwrap();
            fs::copy(checkout().join(file), to).unwrap();
        }
        let scratch = Scratch(dir);
        if !scratch
            .read("crates/registry/Cargo.toml")
            .contains("\ngame-")
        {
            // A starter whose course assigns every game registers none: a game registered
            // without files stands in for the collection's.
            for (file, text) in edit::registration(&scratch.0, "solo").unwrap() {
                scratch.write(&file.display().to_string(), &text);
            }
        }
        for (file, text) in [
            ("games/fans/layouts/fans.ron", FANS_LAYOUT),
            ("games/fans/src/lib.rs", FANS_LIB),
            ("games/fans/src/rules.rs", FANS_RULES),
            ("games/other/layouts/other.ron", "()"),
        ] {
            let to = scratch.0.join(file);
            fs::create_dir_all(to.parent().unwrap()).unwrap();
            scratch.write(file, text);
        }
        scratch
    }

    fn read(&self, file: &str) -> String {
        fs::read_to_string(self.0.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
    }

    fn write(&self, file: &str, text: &str) {
        fs::write(self.0.join(file), text).unwrap();
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn request(name: &str, like: Option<&str>) -> Request {
    Request::new(name, None, like).unwrap_or_else(|e| panic!("{e}"))
}

/// The line after the one equal to `line` (trimmed), in `text`.
fn line_after<'a>(text: &'a str, line: &str) -> Option<&'a str> {
    let mut lines = text.lines();
    lines.find(|l| l.trim() == line)?;
    lines.next().map(str::trim)
}

/// The last line of `text` that starts (trimmed) with `prefix` and is a list or table entry.
fn last_line(text: &str, prefix: &str) -> String {
    text.lines()
        .map(str::trim)
        .rev()
        .find(|l| l.starts_with(prefix) && (l.ends_with("::GAME.into(),") || l.contains(" = ")))
        .unwrap_or_default()
        .to_string()
}

#[test]
fn a_new_game_gets_its_crate_layout_conformance_file_and_registration() {
    let s = Scratch::new();
    let before_root = s.read("Cargo.toml");
    let before_manifest = s.read("crates/registry/Cargo.toml");
    let report = scaffold(&s.0, &request("Four Winds", None)).unwrap_or_else(|e| panic!("{e}"));
    let created: Vec<String> = report
        .created
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    assert_eq!(
        created,
        [
            "games/four-winds/Cargo.toml",
            "games/four-winds/src/lib.rs",
            "games/four-winds/src/rules.rs",
            "games/four-winds/src/tests.rs",
            "games/four-winds/layouts/four-winds.ron",
            "games/four-winds/conformance/four-winds.ron",
        ]
    );
    assert_eq!(report.edited.len(), 3);
    assert_eq!(
        s.read("games/four-winds/conformance/four-winds.ron"),
        "(game: \"four-winds\", scenarios: [])\n"
    );

    let root = s.read("Cargo.toml");
    assert_eq!(
        line_after(&root, &last_line(&before_root, "game-")),
        Some("game-four-winds = { path = \"games/four-winds\" }")
    );
    let manifest = s.read("crates/registry/Cargo.toml");
    assert_eq!(
        line_after(&manifest, &last_line(&before_manifest, "game-")),
        Some("game-four-winds.workspace = true")
    );
    let lib = s.read("crates/registry/src/lib.rs");
    assert_eq!(
        line_after(&lib, "game_four_winds::GAME.into(),"),
        Some(edit::GAMES_MARKER)
    );
    assert!(
        lib.contains("        game_four_winds::GAME.into(),\n"),
        "indented"
    );
    assert_eq!(
        lib.matches("game_four_winds::").count(),
        1,
        "registered once"
    );

    let layout = Layout::parse(
        "four-winds.ron",
        &s.read("games/four-winds/layouts/four-winds.ron"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (layout.id.as_str(), layout.name.as_str()),
        ("four-winds", "Four Winds")
    );
    assert_eq!(layout.rules, "four-winds");
    assert!(layout.work_in_progress);
    assert_eq!(layout.pile_ids().len(), 9);

    let crate_lib = s.read("games/four-winds/src/lib.rs");
    assert!(crate_lib.starts_with("//! Four Winds"));
    assert!(crate_lib.contains("pub struct FourWinds {"));
    assert!(crate_lib.contains("name: \"four-winds\","));
    assert!(crate_lib.contains("include_str!(\"../layouts/four-winds.ron\")"));
    let flat = crate_lib.replace(char::is_whitespace, "");
    assert!(flat.contains("pile_kinds(\"FourWinds\",&["), "{crate_lib}");
    assert!(
        flat.contains("PileKind::Foundation,PileKind::Stock"),
        "{crate_lib}"
    );
    let rules = s.read("games/four-winds/src/rules.rs");
    assert!(rules.contains("impl Rules for FourWinds {"));
    assert!(!format!("{crate_lib}{rules}").contains("TODO"));
    assert!(
        s.read("games/four-winds/Cargo.toml")
            .contains("name = \"game-four-winds\"")
    );
}

#[test]
fn an_existing_game_is_never_overwritten_and_nothing_is_written() {
    let s = Scratch::new();
    scaffold(&s.0, &request("Four Winds", None)).unwrap();
    let before = s.read("crates/registry/src/lib.rs");
    let err = scaffold(&s.0, &request("Four Winds", None)).unwrap_err();
    assert!(matches!(err, ScaffoldError::Exists { .. }), "{err}");
    assert_eq!(s.read("crates/registry/src/lib.rs"), before);

    // Registered under another crate but with no files: still refused, still untouched.
    let s = Scratch::new();
    let registered = s
        .read("crates/registry/Cargo.toml")
        .lines()
        .find_map(|l| l.strip_prefix("game-")?.strip_suffix(".workspace = true"))
        .unwrap_or_else(|| panic!("no game registered"))
        .to_string();
    let err = scaffold(
        &s.0,
        &Request::new(&registered, Some(&registered), None).unwrap(),
    )
    .unwrap_err();
    assert!(
        err.to_string().contains(&format!("game-{registered}")),
        "{err}"
    );
    assert!(!s.0.join("games").join(&registered).exists());
}

#[test]
fn like_copies_the_piles_and_deal_and_starts_from_its_rules() {
    let s = Scratch::new();
    let req = Request::new("My Fans", Some("my-fans"), Some("fans")).unwrap();
    scaffold(&s.0, &req).unwrap_or_else(|e| panic!("{e}"));
    let mine = Layout::parse("x", &s.read("games/my-fans/layouts/my-fans.ron")).unwrap();
    let theirs = Layout::parse("y", &s.read("games/fans/layouts/fans.ron")).unwrap();
    assert_eq!(mine.piles, theirs.piles);
    assert_eq!(mine.deal, theirs.deal);
    assert_eq!(mine.deck, theirs.deck);
    assert_eq!(mine.table, theirs.table);
    assert!(mine.work_in_progress);
    let lib = s.read("games/my-fans/src/lib.rs");
    assert!(
        lib.contains("//! - One pack. Two fans of three cards"),
        "{lib}"
    );
    assert!(lib.contains("deals through its own `Rules::deal`"), "{lib}");
    let flat = lib.replace(char::is_whitespace, "");
    assert!(
        flat.contains("&[PileKind::Tableau,PileKind::Foundation,PileKind::Stock,PileKind::Waste]")
            || flat.contains(
                "&[PileKind::Tableau,PileKind::Foundation,PileKind::Stock,PileKind::Waste,]"
            ),
        "the kinds the layout has, and only those: {lib}"
    );
}

#[test]
fn a_course_refuses_like_for_the_games_it_assigns() {
    let course = Course::parse("course.ron", r#"(games: {"bristol": ()})"#).unwrap();
    let assigned = request("My Bristol", Some("bristol"));
    let e = assigned.check_course(&course, "course.ron").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("--like \"bristol\": course.ron assigns this game"),
        "{e}"
    );
    assert!(
        request("My Spider", Some("spider"))
            .check_course(&course, "course.ron")
            .is_ok()
    );
    assert!(
        request("Mine", None)
            .check_course(&course, "course.ron")
            .is_ok()
    );
}

#[test]
fn like_an_unknown_game_lists_the_known_ones() {
    let s = Scratch::new();
    let err = scaffold(&s.0, &request("X", Some("bristle"))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "--like \"bristle\": no such game; the layouts are: fans, other"
    );
    assert!(!s.0.join("games/x").exists());
}

#[test]
fn registry_lists_without_markers_grow_after_their_last_entry() {
    let s = Scratch::new();
    let lib = s.read("crates/registry/src/lib.rs");
    let stripped: String = lib
        .lines()
        .filter(|l| !l.contains("sol new-game` adds"))
        .map(|l| format!("{l}\n"))
        .collect();
    s.write("crates/registry/src/lib.rs", &stripped);
    let last_plugin = last_line(&stripped, "game_");
    scaffold(&s.0, &request("Four Winds", None)).unwrap();
    let lib = s.read("crates/registry/src/lib.rs");
    assert_eq!(
        line_after(&lib, &last_plugin),
        Some("game_four_winds::GAME.into(),")
    );
    assert_eq!(line_after(&lib, "game_four_winds::GAME.into(),"), Some("]"));
}

#[test]
fn the_first_game_of_a_workspace_without_games_brings_back_their_members_glob() {
    let deps = "[workspace.dependencies]\nsolitaire-core = { path = \"crates/core\" }\n";
    let none = format!("[workspace]\nmembers = [\"crates/*\", \"tests\"]\n{deps}");
    let added = edit::workspace_dependency(&none, "game-fans", "fans").unwrap();
    assert!(
        added.starts_with("[workspace]\nmembers = [\"games/*\", \"crates/*\", \"tests\"]\n"),
        "{added}"
    );
    assert!(
        added.ends_with("game-fans = { path = \"games/fans\" }\n"),
        "{added}"
    );
    let empty = format!("[workspace]\nmembers = []\n{deps}");
    let added = edit::workspace_dependency(&empty, "game-fans", "fans").unwrap();
    assert!(added.contains("members = [\"games/*\"]\n"), "{added}");
    // Games listed one by one: the scaffolder does not guess.
    let listed = format!("[workspace]\nmembers = [\"crates/*\", \"games/spider\"]\n{deps}");
    let e = edit::workspace_dependency(&listed, "game-fans", "fans").unwrap_err();
    assert!(
        e.to_string().contains("no longer include \"games/*\""),
        "{e}"
    );
}

#[test]
fn the_workspace_root_is_found_from_below_and_missing_outside() {
    let s = Scratch::new();
    let deep = s.0.join("games/fans/src");
    assert_eq!(find_workspace_root(&deep).unwrap(), s.0);
    let err = find_workspace_root(Path::new("/")).unwrap_err();
    assert!(matches!(err, ScaffoldError::NotInCheckout(_)), "{err}");
    let other = s.0.join("games/fans");
    fs::write(other.join("Cargo.toml"), "[workspace]\n").unwrap();
    let err = find_workspace_root(&deep).unwrap_err();
    assert!(matches!(err, ScaffoldError::NotSolitaire(_)), "{err}");
}

#[test]
fn ids_are_derived_validated_and_turned_into_type_names() {
    assert_eq!(derive_id("Aces Up"), "aces-up");
    assert_eq!(derive_id("  Sixes & Sevens! "), "sixes-sevens");
    assert_eq!(derive_id("Forty-Thieves 2"), "forty-thieves-2");
    for bad in [
        "",
        "Aces",
        "four_winds",
        "-aces",
        "aces-",
        "aces--up",
        "4aces",
    ] {
        assert!(validate_id(bad).is_err(), "{bad:?}");
    }
    assert!(validate_id(&"a".repeat(41)).is_err());
    assert!(Request::new("Say \"hi\"", None, None).is_err());
    assert!(
        Request::new("???", None, None).is_err(),
        "no id can be derived"
    );
    assert_eq!(type_name("aces-up"), "AcesUp");
    assert_eq!(type_name("forty-thieves-2"), "FortyThieves2");
    assert_eq!(type_name("layout"), "LayoutGame");
}

#[test]
fn keyword_and_prelude_ids_get_a_type_name_that_is_free() {
    assert_eq!(type_name("self"), "SelfGame");
    assert_eq!(type_name("vec"), "VecGame");
    assert_eq!(type_name("option"), "OptionGame");
    assert_eq!(type_name("box"), "BoxGame");
    assert_eq!(type_name("self-made"), "SelfMade");
}
