//! The handouts: for every registered game, every pile id and every reading option appear,
//! and every command a handout prints runs on the reference, ending on the refusal it shows;
//! the default points it prints are the grade's.

mod support;

use std::sync::Arc;

use solitaire_core::{Game, IllegalKind, ReadingValues};
use solitaire_files::Course;
use solitaire_grader::course::handout::{ForCourse, handout};

/// The commands in backticks of the lines that start with `prefix`.
fn commands<'a>(text: &'a str, prefix: &str) -> Vec<(&'a str, String)> {
    text.lines()
        .filter(|l| l.starts_with(prefix))
        .flat_map(|line| {
            line.split('`')
                .skip(1)
                .step_by(2)
                .filter(|s| s.starts_with("sol play "))
                .map(move |c| (line, c.to_string()))
        })
        .collect()
}

/// The moves of a `sol play ... --play "MOVES"` command.
fn moves(command: &str) -> Vec<&str> {
    command
        .split("--play \"")
        .nth(1)
        .and_then(|m| m.strip_suffix('"'))
        .map_or(Vec::new(), |m| m.split_whitespace().collect())
}

fn check_handout(game: &Arc<Game>, text: &str) {
    for id in game.layout().pile_ids() {
        assert!(
            text.contains(&format!("| `{id}` |")),
            "{}: pile {id}",
            game.id()
        );
    }
    for chosen in game.readings() {
        assert!(text.contains(chosen.reading.sentence), "{}", game.id());
        for choice in chosen.reading.choices {
            assert!(
                text.contains(&format!("`{}`: {}", choice.value, choice.meaning)),
                "{}: reading {} {}",
                game.id(),
                chosen.reading.name,
                choice.value
            );
        }
    }
    let games = [game.clone()];
    let all = commands(text, "- ");
    assert!(all.len() >= 3, "{}: {text}", game.id());
    for (_, command) in &all {
        support::run_commands(std::slice::from_ref(command), &games)
            .unwrap_or_else(|e| panic!("{}: {e}", game.id()));
    }
    // Each refusal example is refused, with the category its line names.
    for (line, command) in commands(text, "- `") {
        let kind = line[3..].split('`').next().unwrap_or("");
        let Ok(kind) = serde_json::from_value::<IllegalKind>(serde_json::json!(kind)) else {
            continue;
        };
        let moves = moves(&command);
        let (last, before) = moves.split_last().unwrap_or_else(|| panic!("{command}"));
        let seed = command
            .split("--seed ")
            .nth(1)
            .and_then(|s| s.split(' ').next());
        let mut pos = game.deal(seed.and_then(|s| s.parse().ok()).unwrap_or(0));
        for mv in before {
            game.play_text(&mut pos, mv)
                .unwrap_or_else(|e| panic!("{command}: {e}"));
        }
        let mv = game.parse_move(last).unwrap_or_else(|e| panic!("{e}"));
        let refused = game.check(&pos, mv).expect_err(&command);
        assert_eq!(refused.kind, kind, "{}: {command}", game.id());
    }
}

#[test]
fn every_registered_game_has_a_handout_with_its_piles_readings_and_working_commands() {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    for game in catalog.games() {
        let text = handout(game, None);
        check_handout(game, &text);
        for kind in ["source", "target", "stock", "phase", "unsupported"] {
            assert!(
                text.contains(&format!("- `{kind}`: ")),
                "{}: {kind}",
                game.id()
            );
        }
    }
}

#[test]
fn a_course_handout_shows_the_reading_the_course_chose_and_the_others() {
    let game = support::bristol_declaring_refill();
    let course = Course::parse(
        "course.ron",
        r#"(name: "Autumn term", games: {"bristol": (readings: {"refill": "any-card"})})"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let chosen = ReadingValues::from([("refill".to_string(), "any-card".to_string())]);
    let configured = Arc::new(
        game.with_readings(&chosen)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let text = handout(
        &configured,
        Some(ForCourse {
            course: &course,
            file: "course.ron",
        }),
    );
    check_handout(&configured, &text);
    assert!(text.contains("Course: Autumn term."), "{text}");
    assert!(
        text.contains(
            "Played: `any-card`: any single card may fill an emptied fan (chosen by the course)."
        ),
        "{text}"
    );
    assert!(
        text.contains("- `never`: an emptied fan stays empty"),
        "{text}"
    );
    assert!(
        text.contains("sol grade YOUR-GAME --course course.ron\n"),
        "{text}"
    );
    assert!(!text.contains("--reference"), "{text}");
    assert!(text.contains("sol play bristol --seed 0 --course course.ron --play"));
    let default = handout(&game, None);
    assert!(default.contains("Played: `never`: an emptied fan stays empty (the default)."));
}

#[test]
fn the_default_points_a_handout_prints_are_the_grades() {
    use solitaire_files::course::{DEFAULT_POINTS, WEIGHED_PARTS};
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let bristol = catalog.get("bristol").unwrap_or_else(|| panic!("bristol"));
    let options = solitaire_grader::Options {
        seeds: 1,
        steps: 10,
        ..solitaire_grader::Options::default()
    };
    let against = solitaire_grader::grade(bristol.clone(), bristol.clone(), &options)
        .unwrap_or_else(|e| panic!("{e}"));
    let alone = solitaire_grader::grade_alone(
        bristol,
        &options,
        solitaire_grader::PublicScenarios::Own(None),
        Vec::new(),
        None,
    );
    for (id, points) in WEIGHED_PARTS.iter().zip(DEFAULT_POINTS) {
        let max = against
            .parts
            .iter()
            .chain(&alone.parts)
            .find(|p| p.id == *id)
            .map(|p| p.max)
            .unwrap_or_else(|| panic!("no part {id}"));
        assert_eq!(max, f64::from(points), "{id}");
    }
}
