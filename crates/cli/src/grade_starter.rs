//! `sol grade` in a starter repository, where the course's assigned game is absent: which
//! assignment a student's game is self-checked against, and the error for a reference that
//! is not in the checkout (never a silent self-check).

use std::path::Path;

use solitaire_core::Catalog;
use solitaire_files::Course;

use crate::grade::GradeArgs;

/// The assignment `id` is self-checked against, in a starter repository where the course's
/// assigned game is absent: `--assignment`, or the course's one assigned game; none where the
/// game is graded against a reference.
pub(crate) fn self_checked(
    args: &GradeArgs,
    course: &Course,
    id: &str,
    catalog: &Catalog,
) -> Result<Option<String>, String> {
    if let Some(assignment) = &args.assignment {
        if !course.assigns(assignment) {
            let assigned: Vec<&str> = course.games.keys().map(String::as_str).collect();
            return Err(format!(
                "--assignment {assignment}: the course does not assign it; it assigns: {}",
                assigned.join(", ")
            ));
        }
        if catalog.get(assignment).is_some() {
            return Err(format!(
                "--assignment {assignment}: the reference is in this checkout; grade against it \
                 with --reference {assignment}"
            ));
        }
        return Ok(Some(assignment.clone()));
    }
    if args.reference.is_some() || course.games.len() != 1 || course.assigns(id) {
        return Ok(None);
    }
    Ok(course
        .games
        .keys()
        .find(|assigned| catalog.get(assigned).is_none())
        .cloned())
}

/// The error for a game id `catalog` does not have.
pub(crate) fn unknown(id: &str, catalog: &Catalog) -> String {
    let ids: Vec<&str> = catalog.games().iter().map(|g| g.id()).collect();
    format!("unknown game {id:?}; the games are: {}", ids.join(", "))
}

/// What `sol grade GAME --reference REF` names, where REF is not registered.
pub(crate) struct Absent<'a> {
    /// The student's game.
    pub id: &'a str,
    /// The reference named.
    pub reference: &'a str,
    /// The course file given, if any.
    pub course_file: Option<&'a Path>,
    /// Whether the course assigns several games.
    pub several: bool,
}

/// The error for `--reference REF` where REF is not registered: in a starter repository (its
/// public scenarios are in `public_dir`), the command that self-checks instead; else an
/// unknown game.
pub(crate) fn not_here(absent: &Absent<'_>, public_dir: &Path, catalog: &Catalog) -> String {
    let Absent { id, reference, .. } = *absent;
    if !solitaire_conformance::scenario_path(public_dir, reference).is_file() {
        return unknown(reference, catalog);
    }
    let file = absent
        .course_file
        .map_or("course.ron".to_string(), |f| f.display().to_string());
    let assignment = if absent.several {
        format!(" --assignment {reference}")
    } else {
        String::new()
    };
    format!(
        "the reference {reference:?} is not in this checkout: a starter repository has its \
         public scenarios (tests/public/{reference}.ron), not the game. Self-check your game \
         with `sol grade {id} --course {file}{assignment}`; the instructor's grade runs against \
         the reference."
    )
}

/// The error for grading against `reference_id`, which the course does not assign; in a
/// starter (an assigned game absent) without `--reference`, it says to name the assignment.
pub(crate) fn not_assigned(
    course: &Course,
    file: &Path,
    reference_id: &str,
    named_reference: bool,
    catalog: &Catalog,
) -> String {
    let in_starter = course.games.keys().any(|g| catalog.get(g).is_none());
    let hint = if !named_reference && in_starter {
        "; in a starter, name the assignment to self-check against: --assignment ID"
    } else {
        ""
    };
    format!(
        "{}: the course does not assign {reference_id:?}; it assigns: {}{hint}",
        file.display(),
        course.games.keys().cloned().collect::<Vec<_>>().join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_course_of_several_games_in_a_starter_asks_for_the_assignment() {
        let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
        let two = Course::parse("course.ron", r#"(games: {"absent": (), "gone": ()})"#)
            .unwrap_or_else(|e| panic!("{e}"));
        let said = not_assigned(&two, Path::new("course.ron"), "my-game", false, &catalog);
        assert_eq!(
            said,
            "course.ron: the course does not assign \"my-game\"; it assigns: absent, gone; in a \
             starter, name the assignment to self-check against: --assignment ID"
        );
        let named = not_assigned(&two, Path::new("course.ron"), "other", true, &catalog);
        assert!(!named.contains("--assignment"), "{named}");
        if let Some(game) = catalog.games().first() {
            let text = format!("(games: {{{:?}: ()}})", game.id());
            let here = Course::parse("course.ron", &text).unwrap_or_else(|e| panic!("{e}"));
            let said = not_assigned(&here, Path::new("course.ron"), "my-game", false, &catalog);
            assert!(!said.contains("--assignment"), "{said}");
        }
    }

    #[test]
    fn a_reference_absent_from_a_starter_names_the_self_check() {
        let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
        let public = std::env::temp_dir().join(format!("sol-starter-{}", std::process::id()));
        std::fs::create_dir_all(&public).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(
            public.join("absent.ron"),
            "(game: \"absent\", scenarios: [])",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let absent = Absent {
            id: "my-game",
            reference: "absent",
            course_file: Some(Path::new("course.ron")),
            several: false,
        };
        let said = not_here(&absent, &public, &catalog);
        assert!(
            said.starts_with("the reference \"absent\" is not in this checkout")
                && said.contains("`sol grade my-game --course course.ron`"),
            "{said}"
        );
        let several = Absent {
            several: true,
            ..absent
        };
        assert!(
            not_here(&several, &public, &catalog)
                .contains("`sol grade my-game --course course.ron --assignment absent`")
        );
        let typo = Absent {
            reference: "bristoll",
            ..absent
        };
        assert!(not_here(&typo, &public, &catalog).starts_with("unknown game \"bristoll\""));
        let _ = std::fs::remove_dir_all(&public);
    }
}
