//! Runs every conformance file in `games/*/conformance/` against its registered game. A file
//! whose game is not registered yet is skipped with a note; a registered game without a file
//! fails.

use solitaire_conformance::{GAME_SUBDIR, conformance_dir, load_dir, run_scenario, scenario_path};
use solitaire_core::{Game, ReadingValues};

#[test]
fn every_scenario_holds_for_its_registered_game() {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let dir = conformance_dir();
    let files = load_dir(&dir).unwrap_or_else(|e| panic!("{e}"));
    let mut failures = Vec::new();
    let mut passed = 0;
    for file in &files {
        let Some(game) = catalog.get(&file.game) else {
            println!(
                "note: {} is not registered yet; its {} scenarios are skipped",
                file.game,
                file.scenarios.len()
            );
            continue;
        };
        for scenario in &file.scenarios {
            // Each scenario runs against the game configured with the readings it holds for.
            let configured = match game.with_readings(&scenario.readings) {
                Ok(g) => g,
                Err(e) => {
                    failures.push(format!("{} / {:?}: {e}", file.game, scenario.name));
                    continue;
                }
            };
            match run_scenario(&configured, scenario) {
                Ok(()) => passed += 1,
                Err(f) => failures.push(format!(
                    "{} / {:?}\n  step {}: expected {}, found {}\n  after: {}\n{}",
                    file.game,
                    scenario.name,
                    f.step,
                    f.expected,
                    f.found,
                    f.moves.join(" "),
                    f.position
                )),
            }
        }
    }
    println!("{passed} scenarios passed");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Every combination of a game's reading values (one map per combination).
fn every_configuration(game: &Game) -> Vec<ReadingValues> {
    let mut all = vec![ReadingValues::new()];
    for chosen in game.readings() {
        all = all
            .iter()
            .flat_map(|partial| {
                chosen.reading.choices.iter().map(move |choice| {
                    let mut values = partial.clone();
                    values.insert(chosen.reading.name.into(), choice.value.into());
                    values
                })
            })
            .collect();
    }
    all
}

#[test]
fn every_scenario_holds_whatever_the_readings_it_does_not_name() {
    // A scenario that names no value for an option claims to hold for all of them: a course
    // may choose any, and the grader then runs it. Check that claim for every combination.
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let files = load_dir(&conformance_dir()).unwrap_or_else(|e| panic!("{e}"));
    let mut failures = Vec::new();
    for file in &files {
        let Some(game) = catalog.get(&file.game) else {
            continue;
        };
        if game.readings().is_empty() {
            continue;
        }
        for values in every_configuration(&game) {
            let configured = game
                .with_readings(&values)
                .unwrap_or_else(|e| panic!("{e}"));
            for scenario in file.scenarios.iter().filter(|s| s.holds_for(&configured)) {
                if let Err(f) = run_scenario(&configured, scenario) {
                    failures.push(format!(
                        "{} / {:?} under {values:?}\n  step {}: expected {}, found {}",
                        file.game, scenario.name, f.step, f.expected, f.found
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_registered_game_has_a_conformance_file() {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let dir = conformance_dir();
    let missing: Vec<String> = catalog
        .games()
        .iter()
        .filter(|g| !scenario_path(&dir, g.id()).exists())
        .map(|g| g.id().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "no conformance file for: {}",
        missing.join(", ")
    );
}

/// A game is one folder: the layout `<id>` of rules `<rules>` is `games/<rules>/layouts/<id>.ron`
/// and its scenarios are `games/<rules>/conformance/<id>.ron`.
#[test]
fn every_layout_and_its_scenarios_live_in_its_game_folder() {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let games = conformance_dir();
    let mut misplaced = Vec::new();
    for game in catalog.games() {
        let folder = games.join(&game.layout().rules);
        for file in [
            folder.join("layouts").join(format!("{}.ron", game.id())),
            folder.join(GAME_SUBDIR).join(format!("{}.ron", game.id())),
        ] {
            if !file.is_file() {
                misplaced.push(file.display().to_string());
            }
        }
    }
    assert!(misplaced.is_empty(), "missing: {}", misplaced.join(", "));
}

#[test]
fn names_are_unique_within_a_file_and_only_unfinished_games_have_none() {
    // A game fresh from `sol new-game` is marked work in progress and has an empty file; a
    // finished (playable) game must have scenarios.
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let files = load_dir(&conformance_dir()).unwrap_or_else(|e| panic!("{e}"));
    for file in files {
        let mut names: Vec<&str> = file.scenarios.iter().map(|s| s.name.as_str()).collect();
        let unfinished = catalog
            .get(&file.game)
            .is_none_or(|g| g.layout().work_in_progress);
        assert!(
            !names.is_empty() || unfinished,
            "{}: no scenarios",
            file.game
        );
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(
            before,
            names.len(),
            "{}: two scenarios share a name",
            file.game
        );
    }
}

#[test]
fn a_wrong_expectation_fails_at_its_step_with_the_position() {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let game = catalog.get("bristol").unwrap_or_else(|| panic!("bristol"));
    let file = solitaire_conformance::ScenarioFile::parse(
        "inline.ron",
        r#"(game: "bristol", scenarios: [(
            name: "wrong on purpose",
            start: Position("t1: TH\nt2: 9S\nstock: 5C |"),
            steps: [Play("t2>t1"), Pile("t1", "TH 9S"), Pile("t2", "9S"), Status(won)],
        )])"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let failure = run_scenario(&game, &file.scenarios[0]).expect_err("the scenario is wrong");
    assert_eq!(failure.step, 3);
    assert_eq!(failure.moves, ["t2>t1"]);
    assert_eq!(failure.found, "t2 holds \"\"");
    assert!(
        failure.position.contains("t1: TH 9S"),
        "{}",
        failure.position
    );
}

#[test]
fn malformed_files_are_reported_with_their_name_and_place() {
    let err = solitaire_conformance::ScenarioFile::parse(
        "bad.ron",
        r#"(game: "bristol", scenarios: [(name: "x", start: Seed(1), steps: [Fly("t1")])])"#,
    )
    .expect_err("Fly is no step");
    assert!(err.to_string().starts_with("bad.ron: 1:"), "{err}");
}
