//! The handouts: for every registered game, every pile id and every reading option appear,
//! and every command a handout prints runs on the reference, ending on the refusal it shows;
//! in a starter, every command of the README and the handout runs for the student's game.

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

/// Check a `sol` command the in-process runner cannot run: `sol new-game NAME` gives the
/// student's id, `sol grade` grades it with flags `sol grade` has, the course file is there.
fn check_other_sol(
    command: &str,
    student: &str,
    starter: &std::path::Path,
    course: &solitaire_files::Course,
) -> Result<(), String> {
    let words = support::words(command);
    match words.get(1).map(String::as_str) {
        Some("new-game") => {
            let name = words.get(2).ok_or("no name")?;
            let request =
                solitaire_scaffold::Request::new(name, None, None).map_err(|e| e.to_string())?;
            if request.id != student {
                return Err(format!("it makes {}, not {student}", request.id));
            }
        }
        Some("grade") if words.get(2).map(String::as_str) == Some(student) => {}
        _ => return Err("not a command the starter has".into()),
    }
    for pair in words[3..].chunks(2) {
        match pair {
            [flag, file] if flag == "--course" && starter.join(file).is_file() => {}
            [flag, id] if flag == "--assignment" && course.assigns(id) => {}
            [flag, _] if ["--out", "--seeds", "--steps"].contains(&flag.as_str()) => {}
            _ => return Err(format!("{pair:?}")),
        }
    }
    Ok(())
}

/// Two games: each handout's self-check names its assignment.
const TWO_GAMES: &str = r#"(
    name: "Spring term",
    games: {
        "rosamund": (readings: {"discard": "unplayable-only"}),
        "labyrinth": (readings: {"deal": "when-stuck"}),
    },
    allowed_crates: [],
)"#;

#[test]
fn every_command_of_a_starters_readme_and_handout_runs_for_the_students_game() {
    use support::starter::ROSAMUND;
    check_starters_commands(ROSAMUND, &["rosamund"]);
    check_starters_commands(TWO_GAMES, &["labyrinth", "rosamund"]);
}

/// Run or check every command the starter of `course` prints in its README and the handouts
/// of `assigned`, for a student's game of each assigned game.
fn check_starters_commands(course: &str, assigned: &[&str]) {
    use support::starter::{configured, read, students, write};
    let student = "my-game";
    let w = write(course);
    let cli: toml::Table = read(&w.out, "crates/cli/Cargo.toml")
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let readme = ("README.md".to_string(), assigned[0]);
    let handouts = assigned.iter().map(|id| (format!("handouts/{id}.md"), *id));
    for (page, id) in std::iter::once(readme).chain(handouts) {
        let reference = configured(&w.course, id);
        let mut games: Vec<Arc<Game>> = catalog.games().to_vec();
        games.push(students(&reference, student));
        let printed = support::markdown::commands(&read(&w.out, &page));
        assert!(printed.len() >= 4, "{page}: {printed:?}");
        let mut runnable = Vec::new();
        for command in printed {
            let text = command
                .text
                .replace("YOUR-GAME", student)
                .replace("<your id>", student);
            let verb = text.split_whitespace().nth(1).unwrap_or("");
            if text.starts_with("cat > ")
                || (text.starts_with("sol ") && ["play", "deal", "moves"].contains(&verb))
            {
                runnable.push(text);
            } else if text.starts_with("sol ") {
                check_other_sol(&text, student, &w.out, &w.course)
                    .unwrap_or_else(|e| panic!("{page}: `{text}`: {e}"));
                if verb == "grade" && assigned.len() > 1 && page.starts_with("handouts/") {
                    assert!(
                        text.contains(&format!("--assignment {id}")),
                        "{page}: `{text}` does not name its assignment"
                    );
                }
            } else if text == "cargo build --release -p sol-cli" {
                assert_eq!(cli["package"]["name"].as_str(), Some("sol-cli"));
                assert_eq!(cli["bin"][0]["name"].as_str(), Some("sol"));
            } else if text == "export PATH=\"$PWD/bin:$PATH\"" {
                assert!(w.out.join("bin/sol").is_file());
            } else {
                panic!("{page}: `{text}` is no command of the starter");
            }
        }
        support::run_commands(&runnable, &games).unwrap_or_else(|e| panic!("{page}: {e}"));
    }
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
