//! The files `sol` reads (positions, saved games, course files), each refused above
//! [`MAX_INPUT_BYTES`], and `--course`, which plays the games as a course configures them.

use std::path::Path;

use clap::Args;
use solitaire_core::{Catalog, Game, Position};
use solitaire_files::{Course, MAX_INPUT_BYTES, read_text_capped};

use crate::Failure;

/// Read the text file `file`, at most [`MAX_INPUT_BYTES`] (an endless input such as
/// `/dev/zero` is refused, not read until memory runs out).
pub fn read(file: &str) -> Result<String, Failure> {
    read_text_capped(Path::new(file), MAX_INPUT_BYTES)
        .map_err(|e| Failure(format!("{file}: {e}"), 1))
}

/// Read the text file `file` as [`read`] does, or standard input for `-`, at most
/// [`MAX_INPUT_BYTES`].
pub fn read_or_stdin(file: &str) -> Result<String, Failure> {
    if file != "-" {
        return read(file);
    }
    let failed = |why: String| Failure(format!("standard input: {why}"), 1);
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(
        &mut std::io::Read::take(std::io::stdin().lock(), MAX_INPUT_BYTES + 1),
        &mut bytes,
    )
    .map_err(|e| failed(e.to_string()))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(failed(format!("larger than {} MiB", MAX_INPUT_BYTES >> 20)));
    }
    String::from_utf8(bytes).map_err(|e| failed(format!("not UTF-8 text: {e}")))
}

/// The moves a command plays: on the command line (`--play`) or in a file (`--moves-file`).
#[derive(Args)]
pub struct MovesArg {
    /// The moves, separated by spaces (`t3>t7 t3>t7:4 deal`).
    #[arg(long, default_value = "")]
    play: String,
    /// Read the moves from this file instead, separated by spaces or lines (`-`: standard
    /// input): a solution too long for the command line.
    #[arg(long, value_name = "FILE", conflicts_with = "play")]
    moves_file: Option<String>,
}

impl MovesArg {
    /// The moves' text.
    pub fn text(&self) -> Result<String, Failure> {
        match &self.moves_file {
            Some(file) => read_or_stdin(file),
            None => Ok(self.play.clone()),
        }
    }
}

/// The cards a position file left unknown (`--`) and the fill seed that chose them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filled {
    /// How many cards were unknown.
    pub unknown: usize,
    /// The fill seed.
    pub seed: u64,
}

impl Filled {
    /// The `filled` field of the JSON outputs: `{"unknown": K, "seed": N}`.
    pub fn json(self) -> serde_json::Value {
        serde_json::json!({"unknown": self.unknown, "seed": self.seed})
    }
}

/// `v` with the `filled` field when the position file's unknown cards were filled.
pub fn with_filled(mut v: serde_json::Value, filled: Option<Filled>) -> serde_json::Value {
    if let (Some(filled), Some(map)) = (filled, v.as_object_mut()) {
        map.insert("filled".into(), filled.json());
    }
    v
}

/// `--fill-seed N`, on every command that reads `--position FILE`.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct FillArg {
    /// With --position: the seed that fills the file's unknown cards (`--`) with the cards
    /// it does not name, shuffled (the same seed gives the same cards forever); 0 by default.
    #[arg(long, value_name = "N")]
    pub fill_seed: Option<u64>,
}

impl FillArg {
    /// The fill seed (0 when not given).
    pub fn seed(self) -> u64 {
        self.fill_seed.unwrap_or(0)
    }

    /// Refuse `--fill-seed` without `--position` (a deal has no unknown cards).
    pub fn check(self, position: Option<&String>) -> Result<(), Failure> {
        match (self.fill_seed, position) {
            (Some(_), None) => Err(Failure(
                "--fill-seed fills the unknown cards of --position FILE: give one".into(),
                1,
            )),
            _ => Ok(()),
        }
    }
}

/// Read the position in the text form from `file` (at most [`MAX_INPUT_BYTES`]), its
/// unknown cards (`--`) filled with the fill seed; when some were, say so on standard
/// error and return how many.
pub fn position(
    game: &Game,
    file: &str,
    fill: FillArg,
) -> Result<(Position, Option<Filled>), Failure> {
    let text = read(file)?;
    let filled = game
        .parse_position_filled(&text, fill.seed())
        .map_err(|e| Failure(format!("{file}: {e}"), 1))?;
    let note = (filled.unknown > 0).then(|| {
        crate::output::fail(&format!(
            "note: {file}: {} unknown cards (`--`) filled with fill seed {}",
            filled.unknown, filled.seed
        ));
        Filled {
            unknown: filled.unknown,
            seed: filled.seed,
        }
    });
    Ok((filled.position, note))
}

/// `--course COURSE.ron`, on every command that starts a game.
#[derive(Args, Clone, Debug, Default)]
pub struct CourseArg {
    /// Play the game as this course file (RON) configures it: the readings it chooses.
    #[arg(long, value_name = "COURSE.ron")]
    pub course: Option<String>,
}

impl CourseArg {
    /// The catalog with the course's games configured as it chooses (`catalog` itself without
    /// `--course`).
    pub fn catalog(&self, catalog: &Catalog) -> Result<Catalog, Failure> {
        let Some(file) = &self.course else {
            return Ok(catalog.clone());
        };
        let course =
            Course::read_file(std::path::Path::new(file)).map_err(|e| Failure(e.to_string(), 1))?;
        configure(&course, file, catalog).map_err(|e| Failure(e, 1))
    }
}

/// The catalog with the course's games configured. An assigned game may be absent only in a
/// starter repository, where its public scenarios stand in for it (`tests/public/<id>.ron`);
/// where one assignment is absent so, every other game plays the readings the course chooses
/// for it that the game declares and plays, as the instructor's grade plays a student's game.
///
/// # Errors
/// An assigned game that is neither registered nor a starter's assignment, or a reading a
/// game does not declare.
pub(crate) fn configure(course: &Course, file: &str, catalog: &Catalog) -> Result<Catalog, String> {
    configure_in(course, file, catalog, &solitaire_conformance::public_dir())
}

/// [`configure`], with the starter's public scenarios in `public`.
fn configure_in(
    course: &Course,
    file: &str,
    catalog: &Catalog,
    public: &Path,
) -> Result<Catalog, String> {
    let (configured, absent) = course
        .configure_present(file, catalog)
        .map_err(|e| e.to_string())?;
    if let Some(id) = absent
        .iter()
        .find(|id| !solitaire_conformance::scenario_path(public, id).is_file())
    {
        return Err(format!(
            "{file}: the course assigns {id:?}, which is not a registered game"
        ));
    }
    let [assignment] = absent.as_slice() else {
        return Ok(configured);
    };
    let chosen = course.readings_of(assignment);
    let Ok(students) = configured.map_games(|game| {
        if course.assigns(game.id()) {
            return Ok::<_, std::convert::Infallible>(game.clone());
        }
        let played = solitaire_grader::judge::readings::candidate(game.clone(), &chosen);
        Ok(played.unwrap_or_else(|_| game.clone()))
    });
    Ok(students)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[allow(clippy::print_stderr)] // a skipped test says why
    fn in_a_starter_the_students_game_plays_the_assignments_readings_it_declares() {
        let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
        if catalog.get("labyrinth").is_none() || catalog.get("bristol").is_none() {
            eprintln!("skipped: labyrinth or bristol is not in this checkout (a starter's course)");
            return;
        }
        let public = std::env::temp_dir().join(format!("sol-public-{}", std::process::id()));
        std::fs::create_dir_all(&public).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(
            public.join("absent.ron"),
            "(game: \"absent\", scenarios: [])",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let course = Course::parse(
            "course.ron",
            r#"(games: {"absent": (readings: {"deal": "when-stuck"})})"#,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let configured = configure_in(&course, "course.ron", &catalog, &public)
            .unwrap_or_else(|e| panic!("{e}"));
        let played = |id: &str| {
            configured
                .get(id)
                .and_then(|g| {
                    g.readings()
                        .iter()
                        .find(|r| r.reading.name == "deal")
                        .map(|r| r.choice.value)
                })
                .unwrap_or("none")
        };
        // Labyrinth declares `deal` with that value; Bristol declares no reading.
        assert_eq!(played("labyrinth"), "when-stuck");
        assert_eq!(played("bristol"), "none");
        let without = std::env::temp_dir().join("sol-public-none");
        assert!(configure_in(&course, "course.ron", &catalog, &without).is_err());
        let _ = std::fs::remove_dir_all(&public);
    }
}
