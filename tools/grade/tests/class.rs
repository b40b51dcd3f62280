//! A class end to end: student checkouts made with the scaffolder and given Labyrinth's rules
//! under each student's id (some correct, some broken on purpose: a rule bug, a stack
//! overflow, an exit, an allocation bomb, an endless loop, a reference game as dependency,
//! the conformance answers read at build time), each compiled in its sandbox against the
//! trusted build and graded by the judge through its own oracle. Every student gets a row,
//! each loses points where it broke something, and the run finishes.
//!
//! The trusted build lives in Cargo's test scratch space, so the trusted crates are compiled
//! once and reused by later runs of this test. Where the kernel lacks a protection of the
//! strict sandbox, the class runs with `--sandbox off` (the same grades: the sandbox changes
//! what a student can reach, not what an honest game scores) and says so.

#![cfg(target_os = "linux")]

mod support;

use support::class::part;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use solitaire_grader::{GradebookRow, Roster, run_class};
use support::class::{edit, git, inject, read, rules, write};

const REFERENCE: &str = "labyrinth";

/// A student checkout given Labyrinth's rules under the id `id`.
fn checkout(class: &Path, id: &str) -> PathBuf {
    support::class::checkout(class, REFERENCE, id)
}

/// The reading of the reference to grade the literal student under: its first option, with
/// its first value that is not the default.
fn literal_reading() -> (String, String) {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let game = catalog
        .get(REFERENCE)
        .unwrap_or_else(|| panic!("{REFERENCE} is not registered"));
    let chosen = game
        .readings()
        .first()
        .unwrap_or_else(|| panic!("{REFERENCE} declares no reading"));
    let other = chosen
        .reading
        .choices
        .iter()
        .find(|c| c.value != chosen.reading.default_value())
        .unwrap_or_else(|| panic!("{REFERENCE}'s first reading has one value"));
    (chosen.reading.name.to_string(), other.value.to_string())
}

/// The class: (student, game id, roster source) for each submission.
fn make_class(class: &Path) -> Vec<(&'static str, &'static str, String)> {
    let dir = |id: &str| format!("Dir({id:?})");
    let mut roster = Vec::new();

    checkout(class, "ada-labyrinth");
    roster.push(("Ada (correct)", "ada-labyrinth", dir("ada-labyrinth")));

    // Bob implements only the literal reading ("deal only when stuck"), hard-wired: his game
    // declares no option, so only the course's choice for the reference makes him right.
    let bob = checkout(class, "bob-labyrinth");
    let (name, value) = literal_reading();
    assert_eq!((name.as_str(), value.as_str()), ("deal", "when-stuck"));
    edit(
        &bob,
        "games/bob-labyrinth/src/lib.rs",
        "deal: layout.reading(&DEAL)?,",
        "deal: Timing::WhenStuck,",
    );
    edit(&bob, &rules("bob-labyrinth"), "&[DEAL]", "&[]");
    roster.push((
        "Bob (literal reading)",
        "bob-labyrinth",
        dir("bob-labyrinth"),
    ));

    // A rule bug (building regardless of suit), submitted as a git tag; a later commit that
    // does not even compile must not be what is graded.
    let cy = checkout(class, "cy-labyrinth");
    edit(
        &cy,
        &rules("cy-labyrinth"),
        "Some(top) => BuildRule::UP_IN_SUIT.fits(top, card),",
        "Some(top) => top.rank.up(false) == Some(card.rank),",
    );
    git(&cy, &["init", "-q"]);
    git(&cy, &["add", "-A"]);
    git(&cy, &["commit", "-qm", "Labyrinth"]);
    git(&cy, &["tag", "submitted"]);
    write(
        &cy.join("games/cy-labyrinth/src/rules.rs"),
        "this is not Rust\n",
    );
    git(&cy, &["commit", "-qam", "after the deadline"]);
    roster.push((
        "Cy (rule bug)",
        "cy-labyrinth",
        "Git(repo: \"cy-labyrinth\", rev: \"submitted\")".into(),
    ));

    let late = "if pos.pile(self.stock).len() < 30";
    let dan = checkout(class, "dan-labyrinth");
    edit(
        &dan,
        &rules("dan-labyrinth"),
        "impl Rules for Labyrinth {",
        "fn bottomless(depth: u64) -> u64 {\n    \
         std::hint::black_box([depth; 64])[depth as usize % 64] + bottomless(depth + 1)\n}\n\n\
         impl Rules for Labyrinth {",
    );
    inject(
        &dan,
        "dan-labyrinth",
        "fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {",
        &format!("if mv == Move::Deal && {}{{ bottomless(0); }}", &late[3..]),
    );
    roster.push((
        "Dan (stack overflow)",
        "dan-labyrinth",
        dir("dan-labyrinth"),
    ));

    let eve = checkout(class, "eve-labyrinth");
    inject(
        &eve,
        "eve-labyrinth",
        "fn apply(&self, tx: &mut Tx<'_>, mv: Move) {",
        "if mv == Move::Deal && tx.pos().pile(self.stock).len() < 30 { std::process::exit(0); }",
    );
    roster.push(("Eve (exit 0)", "eve-labyrinth", dir("eve-labyrinth")));

    let fay = checkout(class, "fay-labyrinth");
    inject(
        &fay,
        "fay-labyrinth",
        "fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {",
        &format!(
            "{late} {{ let mut hoard = Vec::new(); \
             loop {{ hoard.push(Vec::<u8>::with_capacity(1 << 26)); \
             std::hint::black_box(&hoard); }} }}"
        ),
    );
    roster.push((
        "Fay (allocation bomb)",
        "fay-labyrinth",
        dir("fay-labyrinth"),
    ));

    let gus = checkout(class, "gus-labyrinth");
    inject(
        &gus,
        "gus-labyrinth",
        "fn is_won(&self, pos: &Position) -> bool {",
        &format!("{late} {{ loop {{ std::hint::spin_loop(); }} }}"),
    );
    roster.push(("Gus (endless loop)", "gus-labyrinth", dir("gus-labyrinth")));

    let hal = checkout(class, "hal-labyrinth");
    edit(
        &hal,
        "games/hal-labyrinth/Cargo.toml",
        "solitaire-core.workspace = true",
        "solitaire-core.workspace = true\ngame-labyrinth.workspace = true",
    );
    edit(
        &hal,
        "games/hal-labyrinth/src/lib.rs",
        "    build,\n};",
        "    build: game_labyrinth::PLUGIN.build,\n};",
    );
    roster.push((
        "Hal (uses the reference)",
        "hal-labyrinth",
        dir("hal-labyrinth"),
    ));

    let ida = checkout(class, "ida-labyrinth");
    let lib = ida.join("games/ida-labyrinth/src/lib.rs");
    let answers = "\n/// The reference's scenarios.\npub const ANSWERS: &str = \
                   include_str!(\"../../../games/labyrinth/conformance/labyrinth.ron\");\n";
    write(&lib, &(read(&lib) + answers));
    roster.push((
        "Ida (reads the answers)",
        "ida-labyrinth",
        dir("ida-labyrinth"),
    ));

    let jon = checkout(class, "jon-labyrinth");
    let stock = "        (id: \"stock\", kind: stock, x: 0.1, y: 0.1, show_count: true),\n";
    let layout = "games/jon-labyrinth/layouts/jon-labyrinth.ron";
    edit(&jon, layout, stock, "");
    let last = "        (id: \"t8\", kind: tableau, x: 7.8, y: 1.8, fan: Down),\n";
    edit(&jon, layout, last, &format!("{last}{stock}"));
    roster.push((
        "Jon (piles in another order)",
        "jon-labyrinth",
        dir("jon-labyrinth"),
    ));
    roster
}

fn roster_text(class: &[(&str, &str, String)]) -> String {
    let submissions: Vec<(String, String, String, String)> = class
        .iter()
        .map(|(student, game, source)| {
            (
                student.to_string(),
                REFERENCE.to_string(),
                game.to_string(),
                source.clone(),
            )
        })
        .collect();
    support::class::roster_text(&submissions, Some("course.ron")).replacen(
        "(\n",
        "(\n    students: {\"Kim (registered)\": {\"labyrinth\": \"labyrinth\"}},\n",
        1,
    )
}

fn course_text() -> String {
    let (name, value) = literal_reading();
    let readings = format!("readings: {{{name:?}: {value:?}}}");
    format!("(name: \"Class test\", games: {{{REFERENCE:?}: ({readings})}}, allowed_crates: [])\n")
}

#[test]
fn a_class_of_submissions_is_built_and_graded_each_in_its_own_process() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let class_dir = tmp.path().join("class");
    let class = make_class(&class_dir);
    // Kit's own variant has no reference: her own scenarios are its public ones. Her checkout
    // has the older shape: the layout in assets/layouts, the scenarios in tests/conformance.
    let kit = checkout(&class_dir, "kit-maze");
    let in_folder = kit.join("games/kit-maze/layouts/kit-maze.ron");
    write(&kit.join("assets/layouts/kit-maze.ron"), &read(&in_folder));
    for scaffolded in ["layouts", "conformance"] {
        std::fs::remove_dir_all(kit.join("games/kit-maze").join(scaffolded))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    edit(
        &kit,
        "games/kit-maze/src/lib.rs",
        "include_str!(\"../layouts/kit-maze.ron\")",
        "include_str!(\"../../../assets/layouts/kit-maze.ron\")",
    );
    let trusted = solitaire_grader::build::trusted::built_from();
    // Her scenarios show the game won: the solver's generic search through an oracle finds
    // no win of Labyrinth's soon (the first is on seed 35).
    let own = read(&trusted.join("games/labyrinth/conformance/labyrinth.ron"))
        .replace("(game: \"labyrinth\"", "(game: \"kit-maze\"")
        .replace(
            "\n])",
            &format!("\n{}])", support::win::winning_scenario("labyrinth", 35)),
        );
    write(&kit.join("tests/conformance/kit-maze.ron"), &own);
    let variant = "        (student: \"Kit (own variant)\", game: \"kit-maze\", source: Dir(\"kit-maze\")),\n";
    let roster_file = class_dir.join("roster.ron");
    write(
        &roster_file,
        &roster_text(&class).replace("    ],\n)", &format!("{variant}    ],\n)")),
    );
    write(&class_dir.join("course.ron"), &course_text());
    let roster = Roster::parse("roster.ron", &read(&roster_file)).unwrap_or_else(|e| panic!("{e}"));

    let mut options = support::class::options(tmp.path(), 3, 40);
    if let Err(why) = solitaire_grader::class::run::sandbox_in_force(&options) {
        eprintln!("the strict sandbox is not available here, grading with --sandbox off: {why}");
        options.sandbox = solitaire_grader::sandbox::Mode::Off;
    }
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let mut seen = Vec::new();
    let rows = run_class(&roster, &roster_file, &catalog, &options, &mut |f| {
        eprintln!(
            "{:?} in {:.1} s, {} runs",
            f.row,
            f.time.as_secs_f64(),
            f.runs
        );
        seen.push(f.row.student.clone());
    })
    .unwrap_or_else(|e| panic!("{e}"));

    assert_eq!(rows.len(), class.len() + 2, "{rows:#?}");
    assert_eq!(seen.len(), rows.len());
    let written = solitaire_grader::class::gradebook::read(&tmp.path().join("gradebook.csv"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(written, rows);
    let by: BTreeMap<&str, &GradebookRow> = rows.iter().map(|r| (r.game.as_str(), r)).collect();
    let report = |game: &str| {
        let row = by[game];
        read(
            &tmp.path()
                .join("reports")
                .join(format!("{}.md", row.report_name())),
        )
    };
    let total = |game: &str| by[game].total.parse::<f64>().unwrap_or(f64::NAN);

    for game in ["labyrinth", "ada-labyrinth", "bob-labyrinth"] {
        assert_eq!(total(game), 100.0, "{game}\n{}", report(game));
    }
    assert_eq!(by["labyrinth"].submission, "registered");

    let cy = by["cy-labyrinth"];
    assert!(
        cy.submission.starts_with("git cy-labyrinth submitted ("),
        "{cy:?}"
    );
    assert!(
        part(cy, "conformance") < 35.0 && part(cy, "differential") < 35.0,
        "{cy:?}"
    );
    assert_eq!(
        (part(cy, "layout"), part(cy, "robustness")),
        (15.0, 15.0),
        "{cy:?}"
    );
    assert!(report("cy-labyrinth").contains("only the candidate allows"));

    // Each crash is the student's finding, in the part it happened in and in robustness.
    for (game, words) in [
        ("dan-labyrinth", "overflowed its stack"),
        ("eve-labyrinth", "exited with status 0"),
        ("fay-labyrinth", "memory allocation"),
        ("gus-labyrinth", "did not finish within 2000 ms"),
    ] {
        let row = by[game];
        let text = report(game);
        assert!(part(row, "robustness") < 15.0, "{game}: {row:?}\n{text}");
        assert_eq!(part(row, "layout"), 15.0, "{game}: {row:?}\n{text}");
        assert!(
            part(row, "conformance") < 35.0 || part(row, "differential") < 35.0,
            "{game}: {row:?}\n{text}"
        );
        assert!(part(row, "conformance") > 0.0, "{game}: {row:?}\n{text}");
        assert!(text.contains(words), "{game}: no {words:?} in\n{text}");
    }

    let hal = by["hal-labyrinth"];
    assert_eq!(hal.total, "0");
    assert!(
        hal.error.contains("game-labyrinth, a reference game"),
        "{hal:?}"
    );
    let ida = by["ida-labyrinth"];
    assert_eq!(ida.total, "0");
    assert!(ida.error.starts_with("does not build: "), "{ida:?}");
    assert!(
        ida.error
            .contains("games/labyrinth/conformance/labyrinth.ron"),
        "{ida:?}"
    );
    assert!(report("ida-labyrinth").contains("could not be graded"));

    let jon = by["jon-labyrinth"];
    assert_eq!(
        part(jon, "differential"),
        35.0,
        "{jon:?}\n{}",
        report("jon-labyrinth")
    );

    // A variant without a reference: graded on the engine's properties and its scenarios,
    // which alone (no hidden ones for it) earn no points.
    let kit = by["kit-maze"];
    assert_eq!(kit.reference, "variant");
    assert_eq!(kit.later_parts[1], "50", "{kit:?}\n{}", report("kit-maze"));
    assert_eq!(kit.parts[1], "0", "{kit:?}\n{}", report("kit-maze"));
    assert_eq!(kit.total, "65", "{kit:?}\n{}", report("kit-maze"));
    assert!(report("kit-maze").contains("without a reference"));
    assert!(report("kit-maze").contains("plays a deal to a win"));

    // Every student here copied the reference's rules: each is flagged, the report shows
    // where, and the gradebook links it. The variant has no one to be compared with.
    let similarity = read(&tmp.path().join("similarity.md"));
    for game in ["ada-labyrinth", "bob-labyrinth", "jon-labyrinth"] {
        let cell = &by[game].similarity;
        let share: f64 = cell
            .split(' ')
            .next()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0.0);
        assert!(
            share > 80.0 && cell.contains("similarity.md#pair-"),
            "{game}: {cell}"
        );
        let student = &by[game].student;
        assert!(
            similarity.contains(student.as_str()),
            "{student} not in\n{similarity}"
        );
    }
    assert_eq!(kit.similarity, "below 50");
    assert_eq!(by["labyrinth"].similarity, "");

    // Resuming a finished class grades no one again.
    options.resume = true;
    let again = run_class(&roster, &roster_file, &catalog, &options, &mut |f| {
        panic!("{} graded again", f.row.student)
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again, rows);
}
