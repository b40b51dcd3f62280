//! A course's starter written into a temporary directory for the tests, and a student's game
//! that plays the reference's rules under an id of its own.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use solitaire_core::{Game, Layout, ReadingValues};
use solitaire_files::Course;
use solitaire_grader::course::starter::{Starter, write_starter};

/// A course as issue 38 tried it: Rosamund with readings other than the defaults for one of
/// them, its own weights, points for the student's scenarios and no crate allowed.
pub const ROSAMUND: &str = r#"(
    name: "Autumn term",
    games: {"rosamund": (readings: {"discard": "unplayable-only", "guards": "obligatory"})},
    allowed_crates: [],
    student_scenarios: 10,
    weights: {"layout": 10, "conformance": 30, "differential": 40, "robustness": 10},
)"#;

/// A starter written for a course, kept until it drops.
pub struct Written {
    pub tmp: tempfile::TempDir,
    pub out: PathBuf,
    pub course: Course,
    pub starter: Starter,
}

/// The starter of the course `text`, written from the checkout the grader was built from.
pub fn write(text: &str) -> Written {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let course_file = tmp.path().join("course.ron");
    std::fs::write(&course_file, text).unwrap_or_else(|e| panic!("{e}"));
    let course = Course::parse("course.ron", text).unwrap_or_else(|e| panic!("{e}"));
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let workspace = solitaire_grader::build::trusted::built_from();
    let out = tmp.path().join("starter");
    let starter = write_starter(&workspace, &catalog, &course, &course_file, &out)
        .unwrap_or_else(|e| panic!("{e}"));
    Written {
        tmp,
        out,
        course,
        starter,
    }
}

/// A file of the starter, read.
pub fn read(out: &Path, rel: &str) -> String {
    std::fs::read_to_string(out.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The assigned game `id` as `course` configures it.
pub fn configured(course: &Course, id: &str) -> Arc<Game> {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let configured = course
        .configure("course.ron", &catalog)
        .unwrap_or_else(|e| panic!("{e}"));
    configured.get(id).unwrap_or_else(|| panic!("{id}"))
}

/// A student's game with the id `id` that plays `reference`'s rules, layout and readings: what
/// a student who wrote the game right has.
pub fn students(reference: &Game, id: &str) -> Arc<Game> {
    let layout = reference.layout();
    let source = layout.source().replacen(
        &format!("id: \"{}\"", reference.id()),
        &format!("id: \"{id}\""),
        1,
    );
    let readings: ReadingValues = reference
        .readings()
        .iter()
        .map(|r| (r.reading.name.to_string(), r.choice.value.to_string()))
        .collect();
    let layout = Layout::parse(&format!("{id}.ron"), &source)
        .unwrap_or_else(|e| panic!("{e}"))
        .with_readings(&readings);
    let plugin = solitaire_games::plugins()
        .into_iter()
        .find(|p| p.name == layout.rules)
        .unwrap_or_else(|| panic!("{}", layout.rules));
    Arc::new(Game::new(layout, &plugin).unwrap_or_else(|e| panic!("{e}")))
}
