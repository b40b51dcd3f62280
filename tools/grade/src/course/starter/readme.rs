//! The starter's README: how to build and run `sol`, the assignment and where its rules,
//! handouts and public scenarios are, how to grade oneself at the course's points, what the
//! class grade takes and refuses, and the examples (with those left out, and why).

use std::fmt::Write as _;

use solitaire_files::Course;

use super::examples::LeftOut;
use super::wrapper;
use crate::course::constraints::constraints;
use crate::course::starter::YOUR_GAME;

/// What the README says about one assigned game: its id and how many public scenarios hold.
pub(super) struct Assigned {
    pub id: String,
    pub public: usize,
}

/// The README of `course`'s starter; `example` is a kept example game's id.
pub(super) fn readme(
    course: &Course,
    assigned: &[Assigned],
    example: &str,
    left_out: &[LeftOut],
) -> String {
    let name = if course.name.is_empty() {
        "Course"
    } else {
        &course.name
    };
    // A course of several games: the self-check is told which one the game is for.
    let which = match assigned {
        [first, _, ..] => format!(" --assignment {}", first.id),
        _ => String::new(),
    };
    let mut self_check = format!("sol grade my-game --course course.ron{which}");
    // The comments line up, two spaces or more after the command.
    let width = (self_check.len() + 2).max(45);
    self_check = format!("{self_check:<width$}");
    let mut out = format!(
        "# {name}: starter\n\n\
         The solitaire engine, the command line `sol` (which scaffolds, plays and grades \
         games), the course file `course.ron`, and for each assigned game its rules, handout \
         and public scenarios: everything to write your game with.\n\n\
         ```sh\n\
         cargo build --release -p sol-cli             # build `sol` (minutes, once)\n\
         export PATH=\"$PWD/bin:$PATH\"                 # `sol` is now {path}\n\
         sol new-game \"My Game\" --course course.ron   # scaffold your game: games/my-game\n\
         {self_check}# self-check it\n\
         ```\n\n\
         `{path}` runs `cargo run --release -p sol-cli` in this checkout: each command first \
         rebuilds what changed, your game included (it is compiled into `sol`). Put `bin` on \
         your PATH in every new shell (or in your shell's profile).\n\n",
        path = wrapper::PATH
    );
    assignment(&mut out, assigned);
    grading(&mut out, course);
    let _ = writeln!(
        out,
        "## What the class grade takes and refuses\n\n{}",
        constraints(course, "<your id>")
    );
    examples(&mut out, course, example, left_out);
    out
}

fn assignment(out: &mut String, assigned: &[Assigned]) {
    let s = if assigned.len() == 1 { "" } else { "s" };
    let _ = writeln!(out, "## Your assignment{s}\n");
    for a in assigned {
        let id = &a.id;
        let public = match a.public {
            0 => format!(
                "no public scenario holds under the course's readings: `tests/public/{id}.ron` \
                 is empty"
            ),
            1 => format!("its public scenario, `tests/public/{id}.ron`"),
            n => format!("its {n} public scenarios, `tests/public/{id}.ron`"),
        };
        let _ = writeln!(
            out,
            "- `{id}`: its rules, [rules/{id}.md](rules/{id}.md); what the grader checks beyond \
             them, [handouts/{id}.md](handouts/{id}.md); {public}."
        );
    }
    let _ = writeln!(
        out,
        "\nWrite your game from the rules and the handout: its rules in \
         `games/<your id>/src/rules.rs`, its layout in `games/<your id>/layouts/<your id>.ron`, \
         your own scenarios in `games/<your id>/conformance/<your id>.ron` (`sol new-game` \
         makes all three and registers the game; docs/adding-a-game.md walks through it). In a \
         handout's commands, `{YOUR_GAME}` stands for your game's id.\n"
    );
}

fn grading(out: &mut String, course: &Course) {
    let p = |id: &str| course.points(id);
    let _ = writeln!(
        out,
        "## Grading yourself\n\n\
         `sol grade <your id> --course course.ron` self-checks your game (with \
         `--assignment <id>` when the course assigns several games), after the same checks \
         of what is taken and refused as the class grade (below): the public scenarios under the \
         course's readings ({} points), the engine's properties ({}), robustness ({}) and your \
         own scenarios ({}). The instructor's grade, against the reference, has the layout and \
         the deal ({}), the public and hidden scenarios ({}), differential play along every rule \
         ({}), robustness ({}) and your own scenarios ({}). Section 8 of a handout says what \
         each part checks and how your own scenarios earn points; \
         [The self-check](docs/grading.md#the-self-check) says how it differs from the class \
         grade. What the self-check refuses, the class grade refuses too.\n",
        p("conformance"),
        p("properties"),
        p("robustness"),
        p("student-scenarios"),
        p("layout"),
        p("conformance"),
        p("differential"),
        p("robustness"),
        p("student-scenarios"),
    );
}

fn examples(out: &mut String, course: &Course, example: &str, left_out: &[LeftOut]) {
    let allowed = if course.allowed_crates.is_empty() {
        String::new()
    } else {
        " and the crates the course allows".to_string()
    };
    let _ = writeln!(
        out,
        "## The examples\n\n\
         The other games under `games/` are examples: read them, run them (`sol play {example} \
         --seed 1`), and see docs/adding-a-game.md. Their rules use only the engine{allowed}. \
         Their `src/search/` folders, where they have one (each game's search for the solver), \
         use `solitaire-search`, which a submission may not depend on: your game needs no \
         search of its own (skip section 8 of docs/adding-a-game.md).\n"
    );
    if left_out.is_empty() {
        return;
    }
    out.push_str(
        "Left out, because their libraries depend on crates the course does not allow (a game \
         that did would be refused):\n\n",
    );
    for l in left_out {
        let crates: Vec<String> = l.crates.iter().map(|c| format!("`{c}`")).collect();
        let _ = writeln!(out, "- `{}`: {}", l.folder, crates.join(", "));
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_assignment_without_public_scenarios_says_so() {
        let course = Course::default();
        let assigned = [Assigned {
            id: "rosamund".into(),
            public: 0,
        }];
        let text = readme(&course, &assigned, "aces-up", &[]);
        assert!(
            text.contains(
                "no public scenario holds under the course's readings: \
                 `tests/public/rosamund.ron` is empty"
            ),
            "{text}"
        );
        assert!(!text.contains("Left out"), "{text}");
    }
}
