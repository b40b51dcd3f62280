//! The handout's sections on grading: how a student grades their game (for a course, the
//! starter's self-check, with what it runs and what only the instructor's grade adds, at the
//! course's points), how their own scenarios earn points, and what the class grade takes and
//! refuses.

use std::fmt::Write as _;

use solitaire_core::Game;
use solitaire_files::Course;

use super::ForCourse;
use crate::course::constraints::constraints;
use crate::course::starter::YOUR_GAME;
use crate::judge::own::MAX_NEW_RULES;

/// One part of a grade: its id, what it checks, whether the self-check and the instructor's
/// grade run it.
struct Row {
    id: &'static str,
    what: &'static str,
    self_check: bool,
    instructor: bool,
}

const ROWS: [Row; 6] = [
    Row {
        id: "layout",
        what: "layout and deal: the piles above, and the reference's deal of each seed, card \
               for card",
        self_check: false,
        instructor: true,
    },
    Row {
        id: "conformance",
        what: "conformance: the public scenarios above; the instructor's grade adds any hidden \
               ones",
        self_check: true,
        instructor: true,
    },
    Row {
        id: "differential",
        what: "differential play: from the reference's deals, a random walk, a walk toward the \
               foundations and the reference solver's winning line; your game must list the \
               same moves, reach the same positions, status and score, and refuse a move that \
               differs from a legal one only in where the cards go in the same category; each \
               walk earns the share of its steps that agree before the first difference",
        self_check: false,
        instructor: true,
    },
    Row {
        id: "properties",
        what: "the engine's properties, on walks from your own deals: the moves listed are the \
               moves accepted, undo is exact, no card appears or vanishes, positions keep the \
               layout's structure, and the game is shown won (by the solver, or by a scenario \
               of yours from `Seed(N)` to `Status(won)`)",
        self_check: true,
        instructor: false,
    },
    Row {
        id: "robustness",
        what: "robustness: no panic, no endless loop, undo restores the position exactly",
        self_check: true,
        instructor: true,
    },
    Row {
        id: "student-scenarios",
        what: "your own scenarios (below)",
        self_check: true,
        instructor: true,
    },
];

pub(super) fn grading(out: &mut String, game: &Game, course: Option<ForCourse<'_>>) {
    out.push_str("## 8. Grading yourself\n\n");
    let Some(c) = course else {
        let _ = writeln!(
            out,
            "```sh\nsol grade {YOUR_GAME} --reference {id}\nsol grade {YOUR_GAME} --reference \
             {id} --seeds 20 --steps 300 --out report.md\n```\n",
            id = game.id()
        );
        parts(out, &Course::default(), false);
        own_scenarios(out, 0);
        return;
    };
    // A course of several games: the self-check is told which one this is.
    let assignment = if c.course.games.len() > 1 {
        format!(" --assignment {}", game.id())
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "In the course's starter repository, where the reference is absent, this self-checks \
         your game:\n\n```sh\nsol grade {YOUR_GAME} --course {file}{assignment}\n\
         sol grade {YOUR_GAME} --course {file}{assignment} --out report.md\n```\n\n\
         It runs the public scenarios above under the course's readings, the engine's \
         properties, robustness and your own scenarios, after the same checks of what is taken \
         and refused as the class grade (section 9). Only the instructor's grade, against the \
         reference, adds the layout and the deal, differential play along every rule and the \
         hidden scenarios. The points of each part, as the course weighs them:\n",
        file = c.file
    );
    parts(out, c.course, true);
    own_scenarios(out, c.course.student_scenarios);
}

/// The table of parts with their points, the self-check's column where there is one.
fn parts(out: &mut String, course: &Course, self_check: bool) {
    if self_check {
        out.push_str("| part | self-check | instructor's grade |\n| --- | --- | --- |\n");
    } else {
        out.push_str("| part | points |\n| --- | --- |\n");
    }
    let (mut mine, mut theirs) = (0, 0);
    for row in ROWS.iter().filter(|r| self_check || r.instructor) {
        let points = course.points(row.id);
        let cell = |runs: bool| {
            if runs {
                points.to_string()
            } else {
                "-".to_string()
            }
        };
        mine += if row.self_check { points } else { 0 };
        theirs += if row.instructor { points } else { 0 };
        if self_check {
            let _ = writeln!(
                out,
                "| {} | {} | {} |",
                row.what,
                cell(row.self_check),
                cell(row.instructor)
            );
        } else {
            let _ = writeln!(out, "| {} | {} |", row.what, cell(row.instructor));
        }
    }
    if self_check {
        let _ = writeln!(out, "| total | {mine} | {theirs} |\n");
    } else {
        let _ = writeln!(out, "| total | {theirs} |\n");
    }
    out.push_str("Every finding comes with `sol` commands that show it.\n\n");
}

/// How the student's own scenarios earn points, in words.
fn own_scenarios(out: &mut String, points: u32) {
    let _ = writeln!(
        out,
        "### Your own scenarios\n\n\
         Your scenarios (`games/{YOUR_GAME}/conformance/{YOUR_GAME}.ron`, the format of the \
         public ones) are worth {points} points. The instructor's grade runs each one that \
         holds for the course's readings against the reference. One the reference disagrees \
         with costs its share; one with the same start and steps as a public scenario covers \
         nothing. Each one the reference agrees with covers the rules its moves reach: for an \
         `Illegal` step, the category and reason of the refusal; for a `Play` or `Legal` step, \
         what the move did (from which kind of pile to which, one card or several, a deal or a \
         redeal, and what happened by itself: cards turned, the phase, a redeal counted). A \
         scenario covers at most {MAX_NEW_RULES} rules no scenario before it reached, so write \
         several short ones. The points are {points} x (scenarios agreed / scenarios run) x \
         (rules covered / rules the public scenarios reach, at most 1): the public scenarios \
         set the bar, and a report lists the rules they reach that yours do not. Only the \
         instructor's grade can say whether the reference agrees with a scenario of yours.\n"
    );
}

/// The section on what the class grade takes and refuses.
pub(super) fn taken_and_refused(out: &mut String, course: Option<ForCourse<'_>>) {
    out.push_str("## 9. What is taken and what is refused\n\n");
    match course {
        Some(c) => out.push_str(&constraints(c.course, YOUR_GAME)),
        None => out.push_str(
            "A class grade takes only your game's folder and refuses, before building it, \
             what its course does not allow: a course's handout (`sol handout GAME --course \
             COURSE.ron`) lists it.\n",
        ),
    }
}
