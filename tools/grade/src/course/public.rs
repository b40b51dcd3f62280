//! An assigned game's public scenarios as its students get them: the reference's conformance
//! scenarios that hold for the game as the course configures it ([`Scenario::holds_for`], the
//! filter the class grade applies), in their order, each without its `readings:` (they hold
//! under the course's choices). A starter writes them to `tests/public/<id>.ron`, the handout
//! lists them, and a report numbers them by their place in this list.

use solitaire_conformance::{FormatError, Scenario, ScenarioFile};
use solitaire_core::Game;

/// The public scenarios of `game` (configured as the course chooses); `None` when the
/// collection has no scenario file for it.
///
/// # Errors
/// The game's scenario file does not read.
pub fn public_scenarios(game: &Game) -> Result<Option<ScenarioFile>, FormatError> {
    let dir = solitaire_conformance::conformance_dir();
    let Some(file) = solitaire_conformance::load(&dir, game.id())? else {
        return Ok(None);
    };
    let scenarios = file
        .scenarios
        .into_iter()
        .filter(|s| s.holds_for(game))
        .map(|s| Scenario {
            readings: Default::default(),
            ..s
        })
        .collect();
    Ok(Some(ScenarioFile {
        game: file.game,
        scenarios,
    }))
}

/// The readings `game` plays, as `name: value` pairs (`discard: unplayable-only`).
pub fn readings_played(game: &Game) -> Vec<String> {
    game.readings()
        .iter()
        .map(|r| format!("{}: {}", r.reading.name, r.choice.value))
        .collect()
}

/// The text of `tests/public/<id>.ron` in a starter: `file` with a comment saying what it is.
pub fn public_file_text(game: &Game, file: &ScenarioFile, course_file: &str) -> String {
    let readings = readings_played(game);
    let under = if readings.is_empty() {
        String::new()
    } else {
        format!(" under the course's readings ({})", readings.join(", "))
    };
    let what = format!(
        "The public scenarios of {}{under}: those of the reference that hold for it, in their \
         order.",
        game.id()
    );
    let runs = format!(
        "`sol grade YOUR-GAME --course {course_file}` runs every one; reports number them as \
         here, the first 1."
    );
    file.to_ron(&[&what, &runs])
}
