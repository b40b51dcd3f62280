//! The rules panel shows the readings a course chose for a game.

use std::sync::Arc;

use solitaire_core::Game;

use super::readings_text;
use crate::assets::apply_course;

fn games() -> Vec<Arc<Game>> {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    catalog.games().to_vec()
}

fn course_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!(
        "solitaire-menu-course-{name}-{}.ron",
        std::process::id()
    ));
    std::fs::write(&path, text).expect("written");
    path
}

#[test]
fn a_course_chooses_readings_and_the_rules_panel_shows_them() {
    let games = games();
    let game = games
        .iter()
        .find(|g| g.readings().iter().any(|r| r.reading.choices.len() > 1))
        .expect("some game has a reading with two choices");
    let reading = game.readings()[0].reading;
    let other = reading.choices[1].value;
    let path = course_file(
        "good",
        &format!(
            "(name: \"Autumn\", games: {{ {:?}: (readings: {{ {:?}: {other:?} }}) }})",
            game.id(),
            reading.name
        ),
    );
    let (configured, info) = apply_course(&path, games.clone()).expect("the course applies");
    assert_eq!(info.name, "Autumn");
    assert_eq!(info.assigned, [game.id().to_string()]);
    let played = configured
        .iter()
        .find(|g| g.id() == game.id())
        .expect("kept");
    let chosen = played
        .readings()
        .iter()
        .find(|r| r.reading.name == reading.name)
        .expect("declared");
    assert_eq!(chosen.choice.value, other);
    let panel = readings_text(played);
    assert!(panel.contains(reading.sentence), "{panel}");
    assert!(panel.contains(chosen.choice.meaning), "{panel}");
    assert!(panel.contains("chosen by the course"), "{panel}");
    let default_panel = readings_text(game);
    assert!(default_panel.contains("the default"), "{default_panel}");
    let _ = std::fs::remove_file(path);
}
