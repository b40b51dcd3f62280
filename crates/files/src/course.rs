//! A course file: which games a class is assigned, which reading of each ambiguous rule the
//! course uses, and which registry crates student games may depend on.
//!
//! `sol grade`, `sol handout`, the other `sol` commands (`--course FILE`) and the app play the
//! assigned games as the course configures them.
//!
//! ```ron
//! (
//!     name: "Solitaire programming, autumn term",
//!     games: {
//!         // Each assigned game, with the readings the course chooses (see the engine's
//!         // `reading` module; `sol handout GAME` lists a game's options). Options not named
//!         // keep the default.
//!         "sixes-and-sevens": (readings: {"deal": "when-stuck"}),
//!         "bristol": (),
//!     },
//!     // Crates from the registry a student's game crate may depend on besides the engine.
//!     allowed_crates: ["rand", "strum"],
//!     // Optional: points for the student's own scenarios the reference agrees with (default
//!     // 0), and the points of graded parts where the course changes them.
//!     student_scenarios: 10,
//!     weights: {"differential": 30},
//!     // Optional: the due date, the deadline of a roster without a `before` of its own.
//!     due: "2026-12-01T23:59:00Z",
//! )
//! ```

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use solitaire_core::layout::parse_ron;
use solitaire_core::{Catalog, LayoutError, ReadingValues, strip_bom};

use crate::read_ron_file;

/// The parts of a grade a course may weigh (`weights`); the student's own scenarios have
/// their own field, `student_scenarios`.
pub const WEIGHED_PARTS: [&str; 5] = [
    "layout",
    "conformance",
    "differential",
    "robustness",
    "properties",
];

/// The points of each part where the course does not weigh it, by part: the grader scores
/// with these.
pub mod default_points {
    /// The layout and the deal (in a grade against a reference).
    pub const LAYOUT: u32 = 15;
    /// The scenarios.
    pub const CONFORMANCE: u32 = 35;
    /// Differential play against the reference.
    pub const DIFFERENTIAL: u32 = 35;
    /// Robustness.
    pub const ROBUSTNESS: u32 = 15;
    /// The engine's properties (in a grade without a reference).
    pub const PROPERTIES: u32 = 50;
}

/// The points of each part of [`WEIGHED_PARTS`], in its order, where the course does not
/// weigh it ([`default_points`]).
pub const DEFAULT_POINTS: [u32; 5] = [
    default_points::LAYOUT,
    default_points::CONFORMANCE,
    default_points::DIFFERENTIAL,
    default_points::ROBUSTNESS,
    default_points::PROPERTIES,
];

/// One assigned game of a course.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CourseGame {
    /// The readings the course chooses (option name -> value); the rest keep their default.
    #[serde(default)]
    pub readings: ReadingValues,
}

/// A course: its name, its assigned games and the crates students may use.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Course {
    /// The course's name, shown in handouts and reports.
    #[serde(default)]
    pub name: String,
    /// Assigned game id -> how the course plays it.
    pub games: BTreeMap<String, CourseGame>,
    /// Registry crates a student's game crate may depend on, besides the engine.
    #[serde(default)]
    pub allowed_crates: Vec<String>,
    /// Points for the student's own scenarios (`games/<id>/conformance/<id>.ron` in the
    /// submission) that the reference agrees with; 0 by default.
    #[serde(default)]
    pub student_scenarios: u32,
    /// The points of graded parts, by part id (`layout`, `conformance`, `differential`,
    /// `robustness`, `properties`), where the course changes them; a part not named keeps its
    /// own points.
    #[serde(default)]
    pub weights: BTreeMap<String, u32>,
    /// The due date, a date and time with `Z` or an offset (RFC 3339:
    /// `2026-12-01T23:59:00Z`): the deadline of a roster that gives no `before` of its own.
    #[serde(default)]
    pub due: Option<String>,
}

impl Course {
    /// Read a course file's text; `file` names it in errors.
    ///
    /// # Errors
    /// RON syntax or shape, with file, line and column.
    pub fn parse(file: &str, text: &str) -> Result<Course, LayoutError> {
        let course: Course = parse_ron(file, strip_bom(text))?;
        course.check_weights(file)?;
        Ok(course)
    }

    /// Every part the course weighs is one a grade has.
    fn check_weights(&self, file: &str) -> Result<(), LayoutError> {
        match self
            .weights
            .keys()
            .find(|k| !WEIGHED_PARTS.contains(&k.as_str()))
        {
            Some(unknown) => Err(LayoutError {
                file: file.to_string(),
                line: 0,
                col: 0,
                message: format!(
                    "weights: no part is called {unknown:?}; the parts are: {}",
                    WEIGHED_PARTS.join(", ")
                ),
            }),
            None => Ok(()),
        }
    }

    /// Read and parse a course file (at most [`crate::MAX_INPUT_BYTES`]).
    ///
    /// # Errors
    /// The file does not read, or is not a course (with line and column).
    pub fn read_file(path: &std::path::Path) -> Result<Course, LayoutError> {
        let course: Course = read_ron_file(path)?;
        course.check_weights(&path.display().to_string())?;
        Ok(course)
    }

    /// The points of the part `id` (one of [`WEIGHED_PARTS`], or `student-scenarios`) in this
    /// course's grades: its weight, else its default; 0 for a part a grade does not have.
    pub fn points(&self, id: &str) -> u32 {
        if id == "student-scenarios" {
            return self.student_scenarios;
        }
        let default = WEIGHED_PARTS
            .iter()
            .position(|p| *p == id)
            .map_or(0, |i| DEFAULT_POINTS[i]);
        self.weights.get(id).copied().unwrap_or(default)
    }

    /// Whether the course assigns the game `id`.
    pub fn assigns(&self, id: &str) -> bool {
        self.games.contains_key(id)
    }

    /// The readings the course chooses for the game `id` (none if it does not assign it).
    pub fn readings_of(&self, id: &str) -> ReadingValues {
        self.games
            .get(id)
            .map(|g| g.readings.clone())
            .unwrap_or_default()
    }

    /// The catalog with every assigned game configured as the course chooses.
    ///
    /// # Errors
    /// An assigned game that is not in the catalog, or a reading it does not declare.
    pub fn configure(&self, file: &str, catalog: &Catalog) -> Result<Catalog, LayoutError> {
        let (configured, absent) = self.configure_present(file, catalog)?;
        match absent.first() {
            Some(id) => Err(LayoutError {
                file: file.to_string(),
                line: 0,
                col: 0,
                message: format!("the course assigns {id:?}, which is not a registered game"),
            }),
            None => Ok(configured),
        }
    }

    /// The catalog with every assigned game it has configured as the course chooses, and the
    /// assigned games it lacks (in a student's starter repository, the references are
    /// absent).
    ///
    /// # Errors
    /// A reading an assigned game does not declare.
    pub fn configure_present(
        &self,
        file: &str,
        catalog: &Catalog,
    ) -> Result<(Catalog, Vec<String>), LayoutError> {
        let absent = self
            .games
            .keys()
            .filter(|id| catalog.get(id).is_none())
            .cloned()
            .collect();
        let configured = catalog.map_games(|game| match self.games.get(game.id()) {
            Some(chosen) => game
                .with_readings(&chosen.readings)
                .map(Arc::new)
                .map_err(|e| LayoutError {
                    file: file.to_string(),
                    line: 0,
                    col: 0,
                    message: format!("{}: {}", game.id(), e.message),
                }),
            None => Ok(game.clone()),
        })?;
        Ok((configured, absent))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use solitaire_core::testkit::reads_played as played;

    /// One game, `r`, that plays the reading `deal` as the layout chooses.
    fn catalog() -> Catalog {
        solitaire_core::testkit::reads_catalog("").unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_course_configures_its_games() {
        let base = catalog();
        assert_eq!(played(&base), "any-time");
        let course = Course::parse(
            "course.ron",
            r#"(name: "C", games: {"r": (readings: {"deal": "when-stuck"})})"#,
        )
        .unwrap();
        assert!(course.assigns("r"));
        assert_eq!(
            played(&course.configure("course.ron", &base).unwrap()),
            "when-stuck"
        );
        let wrong = Course::parse("c.ron", r#"(games: {"r": (readings: {"deal": "x"})})"#).unwrap();
        let e = wrong.configure("c.ron", &base).err().unwrap();
        assert!(e.to_string().starts_with("c.ron: r: "), "{e}");
        let missing = Course::parse("c.ron", r#"(games: {"nope": ()})"#).unwrap();
        assert!(missing.configure("c.ron", &base).is_err());
        let bad = Course::parse("c.ron", "(games: {}, extra: 1)")
            .err()
            .unwrap();
        assert!(bad.line > 0, "{bad}");
    }

    #[test]
    fn a_course_weighs_only_parts_a_grade_has() {
        let text =
            r#"(games: {"bristol": ()}, student_scenarios: 5, weights: {"differential": 30})"#;
        let course = Course::parse("c.ron", text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (course.student_scenarios, course.weights["differential"]),
            (5, 30)
        );
        let points: Vec<u32> = ["layout", "differential", "properties", "student-scenarios"]
            .iter()
            .map(|p| course.points(p))
            .collect();
        assert_eq!(points, [15, 30, 50, 5]);
        let misspelt = text.replace("differential", "diferential");
        let e = Course::parse("c.ron", &misspelt)
            .err()
            .map(|e| e.to_string());
        assert!(
            e.as_deref()
                .is_some_and(|e| e.contains("no part is called \"diferential\"")),
            "{e:?}"
        );
    }
}
