//! Copies caught: a renamed, reformatted copy of a reference game is flagged against it and
//! against a classmate who copied too; independent implementations (a student's Aces Up
//! written from the rules text, the solver's Bristol board beside Bristol's rules, every two
//! different games of the collection) are not; the scaffold every student starts from counts
//! for nothing; a file that does not lex is an error, never a panic.
//!
//! `cargo test -p solitaire-grader --test similarity -- --nocapture` prints the figures.

mod support;

use std::collections::HashMap;
use std::fs;
use std::path::Path;
use std::sync::Arc;

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use solitaire_grader::build::trusted::built_from;
use solitaire_grader::similarity::{
    Comparison, Document, GameDocuments, Ignored, PairOptions, SimilarityError, class_pairs,
    compare, report_markdown,
};

/// The reference games of the collection.
const GAMES: &[&str] = &[
    "aces-up",
    "bristol",
    "german-patience",
    "interregnum",
    "labyrinth",
    "penguin",
    "rosamund",
    "sixes-and-sevens",
    "sly-fox",
    "spider",
    "strategy",
];

/// The `.rs` files of `dir`, named `prefix/<file>`.
fn files_of(dir: &Path, prefix: &str) -> Vec<(String, String)> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".rs"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| (format!("{prefix}/{n}"), support::class::read(&dir.join(&n))))
        .collect()
}

/// The source files of the game `id` in a student's checkout.
fn crate_files(checkout: &Path, id: &str) -> Vec<(String, String)> {
    let src = format!("games/{id}/src");
    files_of(&checkout.join(&src), &src)
}

/// A reference game's source files.
fn reference_files(id: &str) -> Vec<(String, String)> {
    let src = format!("games/{id}/src");
    files_of(&built_from().join(&src), &src)
}

fn document(name: &str, files: &[(String, String)]) -> Arc<Document> {
    Arc::new(Document::from_files(name, files).unwrap_or_else(|e| panic!("{name}: {e}")))
}

/// What `sol new-game --like <game>` writes for a student, for each game: the code every
/// student starts from.
fn scaffold_base(tmp: &Path) -> Document {
    let mut files = Vec::new();
    for game in GAMES {
        let id = format!("starter-{game}");
        let dir = support::class::scaffolded(tmp, game, &id);
        files.extend(crate_files(&dir, &id));
    }
    Document::from_files("scaffold", &files).unwrap_or_else(|e| panic!("{e}"))
}

/// Keywords and the names a disguise keeps.
const KEPT: &[&str] = &[
    "_", "doc", "as", "break", "const", "continue", "crate", "dyn", "else", "enum", "false", "fn",
    "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref",
    "return", "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe",
    "use", "where", "while",
];

/// A copy of Rust source as a student hides it: every name replaced systematically, every
/// string (doc comments too) reworded, other comments gone, a statement of padding after every
/// fifth one in a function body, and laid out anew (indented by three, a line break after
/// every other `;`, long lines split after a comma).
fn disguise(text: &str) -> String {
    let stream: TokenStream = text.parse().unwrap_or_else(|e| panic!("{e:?}"));
    let mut p = Printer::default();
    p.stream(stream);
    p.out
}

#[derive(Default)]
struct Printer {
    out: String,
    line: usize,
    depth: usize,
    semicolons: usize,
    names: HashMap<String, String>,
}

impl Printer {
    fn word(&mut self, word: &str, space: bool) {
        self.out.push_str(word);
        self.line += word.len();
        if space {
            self.out.push(' ');
        }
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.out.push_str(&"   ".repeat(self.depth));
        self.line = 0;
    }

    fn stream(&mut self, stream: TokenStream) {
        for tree in stream {
            match tree {
                TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                    self.word("{", false);
                    self.depth += 1;
                    self.newline();
                    self.stream(g.stream());
                    self.depth -= 1;
                    self.newline();
                    self.word("}", true);
                }
                TokenTree::Group(g) => {
                    let (open, close) = match g.delimiter() {
                        Delimiter::Parenthesis => ("(", ")"),
                        Delimiter::Bracket => ("[", "]"),
                        _ => ("", ""),
                    };
                    self.word(open, false);
                    self.stream(g.stream());
                    self.word(close, true);
                }
                TokenTree::Ident(i) => {
                    let name = i.to_string();
                    let next = self.names.len();
                    let new = if KEPT.contains(&name.as_str()) {
                        name
                    } else {
                        let next = format!("renamed_{next}");
                        self.names.entry(name).or_insert(next).clone()
                    };
                    self.word(&new, true);
                }
                TokenTree::Literal(l) => {
                    let text = l.to_string();
                    let said = if text.starts_with('"') {
                        "\"said otherwise\""
                    } else {
                        &text
                    };
                    self.word(said, true);
                }
                TokenTree::Punct(p) => {
                    let c = p.as_char();
                    self.word(&c.to_string(), p.spacing() == Spacing::Alone);
                    if c == ';' {
                        self.semicolons += 1;
                        if self.depth >= 2 && self.semicolons.is_multiple_of(5) {
                            self.word("let _padding = 0;", true);
                        }
                        if self.semicolons.is_multiple_of(2) {
                            self.newline();
                        }
                    } else if c == ',' && self.line > 70 {
                        self.newline();
                    }
                }
            }
        }
    }
}

fn figures(what: &str, c: &Comparison) {
    eprintln!(
        "{what}: {:.1}% of A matched by B, {:.1}% of B by A ({} shared of {} and {})",
        c.a_in_b, c.b_in_a, c.shared, c.a_prints, c.b_prints
    );
}

#[test]
fn a_renamed_reformatted_copy_of_a_reference_is_flagged() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let reference_files = reference_files("bristol");
    let copied: Vec<(String, String)> = reference_files
        .iter()
        .map(|(path, text)| (path.replace("bristol", "ada-bristol"), disguise(text)))
        .collect();
    assert!(copied.iter().all(|(_, text)| !text.contains("fan")));
    let reference = document("bristol", &reference_files);
    let copy = document("Ada", &copied);
    let c = compare(&copy, &reference, &Ignored::none());
    figures("bristol copy ~ bristol", &c);
    assert!(c.a_in_b >= 75.0 && c.b_in_a >= 75.0, "{c:?}");

    // The pair is flagged with the scaffold left out, and so is a classmate's copy of the
    // rules alone (own tests, the scaffold's lib.rs).
    let base = scaffold_base(tmp.path());
    let bob_files: Vec<(String, String)> = copied
        .iter()
        .map(|(path, text)| {
            let own = String::from("fn main() {}\n");
            let text = if path.ends_with("rules.rs") {
                text.clone()
            } else {
                own
            };
            (path.replace("ada", "bob"), text)
        })
        .collect();
    let game = GameDocuments {
        game: "bristol".into(),
        reference: Some(reference),
        submissions: vec![copy, document("Bob", &bob_files)],
    };
    let options = PairOptions {
        base: Some(base),
        ..PairOptions::default()
    };
    let pairs = class_pairs(&[game], &options);
    let names: Vec<(&str, &str)> = pairs
        .iter()
        .map(|p| (p.a.name.as_str(), p.b.name.as_str()))
        .collect();
    for p in &pairs {
        figures(
            &format!("class: {} ~ {}", p.a.name, p.b.name),
            &p.comparison,
        );
    }
    assert_eq!(names.len(), 3, "{names:?}");
    assert!(names.contains(&("Ada", "bristol")) && names.contains(&("Bob", "bristol")));
    let report = report_markdown(&pairs, &options);
    if let Some(out) = std::env::var_os("SIMILARITY_REPORT") {
        support::class::write(Path::new(&out), &report);
    }
    let ada = pairs
        .iter()
        .position(|p| p.a.name == "Ada" && p.b_is_reference)
        .unwrap_or_else(|| panic!("{names:?}"));
    let c = &pairs[ada].comparison;
    let row = format!(
        "| [{n}](#pair-{n}) | bristol | Ada | bristol (reference) | {:.0}% | {:.0}% | {} |",
        c.a_in_b,
        c.b_in_a,
        c.shared,
        n = ada + 1
    );
    assert!(report.contains(&row), "{row}\n{report}");
    assert!(report.contains("<a id=\"pair-1\"></a>"));
    assert!(
        report.contains("games/ada-bristol/src/rules.rs:"),
        "{report}"
    );
    assert!(report.contains("~ games/bristol/src/rules.rs:"), "{report}");
    assert!(report.len() < 100_000, "{} bytes", report.len());
}

#[test]
fn independent_implementations_are_not_flagged() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let base = scaffold_base(tmp.path());
    let ignored = Ignored::base(&base);

    // A student's Aces Up, written from the rules text into the scaffold.
    let dir = support::class::scaffolded(tmp.path(), "aces-up", "student-aces-up");
    support::class::write(
        &dir.join("games/student-aces-up/src/rules.rs"),
        &support::class::read(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/aces-up-student-rules.rs"),
        ),
    );
    let student = document("student", &crate_files(&dir, "student-aces-up"));
    let aces_up = document("aces-up", &reference_files("aces-up"));
    let c = compare(&student, &aces_up, &ignored);
    figures("student aces-up ~ aces-up", &c);
    assert!(c.similarity() < 25.0, "{c:?}");

    // The solver's Bristol board and Bristol's rules: the same game, written twice.
    let board = "games/bristol/src/search";
    let board = document("board", &files_of(&built_from().join(board), board));
    let bristol = document("bristol", &reference_files("bristol"));
    let c = compare(&board, &bristol, &ignored);
    figures("solver bristol board ~ bristol", &c);
    assert!(c.similarity() < 25.0, "{c:?}");

    // Every two different games of the collection: below the threshold with the scaffold
    // left out, far below with the house style left out too (what three games or more of
    // the collection share).
    let games: Vec<Arc<Document>> = GAMES
        .iter()
        .map(|g| document(g, &reference_files(g)))
        .collect();
    let house = Ignored::common(games.iter().map(|d| &**d), 3);
    for (label, ignored, under) in [
        (
            "scaffold left out",
            ignored.clone(),
            PairOptions::default().threshold,
        ),
        (
            "scaffold and house style left out",
            ignored.and(house),
            20.0,
        ),
    ] {
        let mut worst = (0.0, String::new());
        for (i, a) in games.iter().enumerate() {
            for b in &games[i + 1..] {
                let s = compare(a, b, &ignored).similarity();
                if s > worst.0 {
                    worst = (s, format!("{} ~ {}", a.name, b.name));
                }
            }
        }
        eprintln!(
            "most similar two games, {label}: {} at {:.1}%",
            worst.1, worst.0
        );
        assert!(worst.0 < under, "{worst:?}");
    }
}

#[test]
fn the_scaffold_as_base_counts_for_nothing() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let scaffolded = |id: &str| {
        let dir = support::class::scaffolded(tmp.path(), "labyrinth", id);
        document(id, &crate_files(&dir, id))
    };
    let (ann, ben) = (scaffolded("ann-labyrinth"), scaffolded("ben-labyrinth"));
    let game = GameDocuments {
        game: "labyrinth".into(),
        reference: None,
        submissions: vec![ann.clone(), ben.clone()],
    };
    let bare = PairOptions::default();
    let pairs = class_pairs(std::slice::from_ref(&game), &bare);
    assert_eq!(
        pairs.len(),
        1,
        "two untouched scaffolds look alike without a base"
    );
    figures("scaffold ~ scaffold, no base", &pairs[0].comparison);
    let base = scaffold_base(&tmp.path().join("base"));
    let with_base = PairOptions {
        base: Some(base.clone()),
        ..PairOptions::default()
    };
    assert!(class_pairs(std::slice::from_ref(&game), &with_base).is_empty());
    let c = compare(&ann, &ben, &Ignored::base(&base));
    figures("scaffold ~ scaffold, scaffold as base", &c);
    assert_eq!(c.a_prints + c.b_prints, 0, "{c:?}");
    assert!(report_markdown(&[], &with_base).contains("No pair reached the threshold."));
}

#[test]
fn common_idioms_are_left_out() {
    let idiom = "fn game() -> Game {\n    let layout = Layout::parse(LAYOUTS[0].file, \
                 LAYOUTS[0].source).unwrap_or_else(|e| panic!(\"{e}\"));\n    \
                 Game::new(layout, &PLUGIN).unwrap_or_else(|e| panic!(\"{e}\"))\n}\n";
    let docs: Vec<Document> = (0..4)
        .map(|i| {
            let own = format!("fn own{i}() -> [u8; {i}] {{ [{i}; {i}] }}\n");
            let files = [("t.rs".to_string(), format!("{idiom}{own}"))];
            Document::from_files(&format!("s{i}"), &files).unwrap_or_else(|e| panic!("{e}"))
        })
        .collect();
    let common = Ignored::common(&docs, 3);
    assert!(!common.is_empty());
    assert_eq!(compare(&docs[0], &docs[1], &common).shared, 0);
    assert!(compare(&docs[0], &docs[1], &Ignored::common(&docs, 4)).shared > 0);
}

#[test]
fn a_file_that_does_not_lex_is_an_error_not_a_panic() {
    let good = (
        "src/lib.rs".to_string(),
        support::class::read(&built_from().join("games/bristol/src/rules.rs")),
    );
    let broken = [
        "fn f() { \"never closed }\n",
        "fn f() { ( }\n",
        "}",
        "let s = r#\"raw, never closed\";",
        "/* a comment never closed",
        "\u{0}\u{1}\u{7f}",
        "'",
    ];
    for text in broken {
        let files = [good.clone(), ("src/bad.rs".to_string(), text.to_string())];
        let e = Document::from_files("x", &files).err();
        assert!(
            matches!(e, Some(SimilarityError::Lex { ref file, .. }) if file == "src/bad.rs"),
            "{text:?}: {e:?}"
        );
        let (doc, errors) = Document::from_files_lossy("x", &files);
        assert_eq!((doc.files.len(), errors.len()), (1, 1));
        assert!(!doc.prints.is_empty());
    }
    // What Cy committed after the deadline in the class test is not Rust, but it is tokens.
    assert!(Document::from_files("cy", &[("r.rs".into(), "this is not Rust\n".into())]).is_ok());
    // Any text at all: an answer, never a panic.
    let mut seed = 7u64;
    let pieces = [
        "fn", "{", "}", "(", ")", "\"", "'", "r#", "/*", "*/", "//", "\n", "x", "1.", "b'", "#",
        "!", "[", "é", "\\",
    ];
    for _ in 0..500 {
        let mut text = String::new();
        for _ in 0..40 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            text.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
        }
        let _ = Document::from_files("fuzz", &[("f.rs".into(), text)]);
    }
}

#[test]
fn a_directory_is_read_without_following_links() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let dir = tmp.path().join("src");
    support::class::write(
        &dir.join("lib.rs"),
        "mod rules;\nfn main() { let x = [1, 2, 3]; println!(\"{x:?}\"); }\n",
    );
    support::class::write(&dir.join("deep/rules.rs"), "fn f() -> u8 { 1 }\n");
    support::class::write(&dir.join("bad.rs"), "fn f() { \"open\n");
    support::class::write(&dir.join("notes.txt"), "not code\n");
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        built_from().join("games/bristol/src/rules.rs"),
        dir.join("linked.rs"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let (doc, errors) = Document::from_dir("dir", &dir).unwrap_or_else(|e| panic!("{e}"));
    let paths: Vec<&str> = doc.files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(paths, ["deep/rules.rs", "lib.rs"]);
    assert!(
        matches!(&errors[..], [SimilarityError::Lex { file, .. }] if file == "bad.rs"),
        "{errors:?}"
    );
    assert!(Document::from_dir("none", &tmp.path().join("missing")).is_err());
}

/// The class tests' students (`support::class::checkout`) are the reference's rules under
/// another id, so every one of them is flagged, against the reference and against each other:
/// a class test that grades them and reports similarity must expect these pairs.
#[test]
fn the_class_tests_students_are_copies_of_the_reference() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let student = |id: &str| {
        let dir = support::class::checkout(tmp.path(), "labyrinth", id);
        document(id, &crate_files(&dir, id))
    };
    let game = GameDocuments {
        game: "labyrinth".into(),
        reference: Some(document("labyrinth", &reference_files("labyrinth"))),
        submissions: vec![student("ada-labyrinth"), student("bob-labyrinth")],
    };
    let options = PairOptions {
        base: Some(scaffold_base(&tmp.path().join("base"))),
        ..PairOptions::default()
    };
    let pairs = class_pairs(&[game], &options);
    for p in &pairs {
        figures(
            &format!("class test: {} ~ {}", p.a.name, p.b.name),
            &p.comparison,
        );
    }
    assert_eq!(pairs.len(), 3);
}
