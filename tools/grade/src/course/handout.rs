//! A handout per game: everything the grader enforces beyond the rules text, in Markdown, for
//! students writing the game from the course text alone. The piles with their ids and kinds
//! (drawn from the layout), the notation with examples from the game, what happens by itself,
//! the readings chosen, the categories of refusal with a real example each, the public
//! scenarios, when the game is won or lost and its score, with an example of each, how to
//! grade oneself at the course's points, and what the class grade takes and refuses.
//!
//! ```
//! let catalog = solitaire_games::catalog().unwrap();
//! // Bristol, where it is registered (a course's starter may assign it).
//! if let Some(game) = catalog.get("bristol") {
//!     let text = solitaire_grader::course::handout::handout(&game, None);
//!     assert!(text.contains("`w1`") && text.contains("sol grade"));
//! }
//! ```

mod diagram;
mod ending;
mod grading;
mod sample;

use std::fmt::Write as _;

use solitaire_core::{Game, IllegalKind, Phase};
use solitaire_files::Course;

use crate::course::public::public_scenarios;
use crate::judge::commands::{Origin, sol};
use ending::ending;
use sample::{Example, Form, Sample};

/// The course a handout is for: the course and its file as the student will name it.
#[derive(Clone, Copy)]
pub struct ForCourse<'a> {
    /// The course.
    pub course: &'a Course,
    /// The course file, for the commands the handout prints.
    pub file: &'a str,
}

/// The handout of `game` (already configured as the course chooses, when there is one).
pub fn handout(game: &Game, course: Option<ForCourse<'_>>) -> String {
    let sample = Sample::explore(game);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {} (`{}`): what the grader checks beyond the rules text\n",
        game.name(),
        game.id()
    );
    if let Some(c) = course.filter(|c| !c.course.name.is_empty()) {
        let _ = writeln!(out, "Course: {}.\n", c.course.name);
    }
    let rules = if course.is_some() {
        format!(
            "the rules text (`rules/{}.md` in the course's starter repository)",
            game.id()
        )
    } else {
        "the rules text".to_string()
    };
    let _ = writeln!(
        out,
        "`sol grade` compares your game with the reference game `{}` move by move. Everything \
         below is checked; {rules} says the rest.\n",
        game.id()
    );
    piles(&mut out, game);
    notation(&mut out, game, &sample, course);
    automatic(&mut out, game, &sample);
    readings(&mut out, game, course);
    refusals(&mut out, game, &sample, course);
    scenarios(&mut out, game);
    ending(&mut out, game, course);
    grading::grading(&mut out, game, course);
    grading::taken_and_refused(&mut out, course);
    out
}

/// `sol play GAME --seed S [--course FILE] --play "MOVES"` for an example.
fn replay(game: &Game, example: &Example, course: Option<ForCourse<'_>>) -> String {
    let course = course.map(|c| std::path::Path::new(c.file));
    sol(
        "play",
        game.id(),
        &Origin::Seed(example.seed),
        course,
        &example.moves(),
    )
}

fn piles(out: &mut String, game: &Game) {
    let _ = writeln!(
        out,
        "## 1. Piles\n\nYour layout must have exactly these piles: the same ids, each of the same \
         kind. Their order in your layout and their places on your table are yours to choose \
         (piles are matched by id), but moves, positions and scenarios name them by these ids. \
         The reference's table:\n\n```text\n{}```\n",
        diagram::diagram(game.layout())
    );
    out.push_str("| id | kind | cards spread |\n| --- | --- | --- |\n");
    for pile in &game.layout().piles {
        let _ = writeln!(
            out,
            "| `{}` | {} | {:?} |",
            pile.id,
            pile.kind.name(),
            pile.fan
        );
    }
    out.push('\n');
}

fn notation(out: &mut String, game: &Game, sample: &Sample, course: Option<ForCourse<'_>>) {
    out.push_str(
        "## 2. Notation\n\nMoves are written with the pile ids: `FROM>TO` moves the top card, \
         `FROM>TO:N` the top N cards as a unit, `FROM^>TO` the bottom card of a pile (in games \
         that take from the bottom), `deal` deals or turns from the stock and `redeal` gathers \
         the waste back. Positions are written one pile a line, bottom card first, face-down \
         cards before a `|` (`sol deal` prints one). Examples from this game, each with the \
         command that plays it on the reference:\n\n",
    );
    for form in Form::ALL {
        let what = match form {
            Form::One => "one card",
            Form::Several => "several cards as a unit",
            Form::Bottom => "the bottom card of a pile",
            Form::Deal => "deal",
            Form::Redeal => "redeal",
        };
        match sample.forms.iter().find(|(f, _)| *f == form) {
            Some((_, ex)) => {
                let _ = writeln!(out, "- `{}`: {what}: `{}`", ex.mv, replay(game, ex, course));
            }
            None if form == Form::Bottom && !game.rules().takes_from_bottom() => {
                let _ = writeln!(
                    out,
                    "- {what}: never in this game; such a move is refused as `source`."
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "- {what}: not seen in {} positions played.",
                    sample.positions
                );
            }
        }
    }
    out.push('\n');
}

fn automatic(out: &mut String, game: &Game, sample: &Sample) {
    out.push_str("## 3. What happens by itself\n\n");
    let layout = game.layout();
    if !layout.automatic.is_empty() {
        let _ = writeln!(out, "{}\n", layout.automatic);
    }
    out.push_str(
        "Whatever happens by itself is part of the move that causes it: the grader compares the \
         position right after each move. Seen in play (a `deal` or `redeal`, and every move that \
         changed more than the cards it carried):\n\n",
    );
    for effect in &sample.effects {
        let _ = writeln!(
            out,
            "- `{}` (seed {}, after {} moves): {}",
            effect.example.mv,
            effect.example.seed,
            effect.example.before.len(),
            effect.changes.join("; ")
        );
    }
    if sample.effects.is_empty() {
        out.push_str("- nothing: every move only carried its cards.\n");
    }
    if let Some(deal) = &sample.deal_rearranged {
        let _ = writeln!(
            out,
            "\nThe deal is more than the layout's deal script: the rules rearrange it ({deal})."
        );
    }
    let phase = game.deal(0).vars().phase;
    if phase != Phase::Play {
        let _ = writeln!(
            out,
            "\nA game starts in the phase `{}` (the position's `phase:` line).",
            phase.name()
        );
    }
    out.push('\n');
}

fn readings(out: &mut String, game: &Game, course: Option<ForCourse<'_>>) {
    out.push_str("## 4. Readings\n\n");
    if game.readings().is_empty() {
        out.push_str("The rules text of this game leaves no reading to choose.\n\n");
        return;
    }
    out.push_str(
        "Where the rules text allows more than one reading, the grader plays the one chosen \
         here; play it the same way.\n\n",
    );
    let chosen_by_course = |name: &str| {
        course.is_some_and(|c| {
            c.course
                .games
                .get(game.id())
                .is_some_and(|g| g.readings.contains_key(name))
        })
    };
    for r in game.readings() {
        let who = if chosen_by_course(r.reading.name) {
            "chosen by the course"
        } else if r.is_default() {
            "the default"
        } else {
            "chosen by the layout"
        };
        let _ = writeln!(
            out,
            "### `{}`\n\n> {}\n\nPlayed: `{}`: {} ({who}).\n\nThe other readings:\n",
            r.reading.name, r.reading.sentence, r.choice.value, r.choice.meaning
        );
        for choice in r
            .reading
            .choices
            .iter()
            .filter(|c| c.value != r.choice.value)
        {
            let _ = writeln!(out, "- `{}`: {}", choice.value, choice.meaning);
        }
        out.push('\n');
    }
}

/// The categories of refusal, in the order `IllegalKind` declares them, with what each means.
const KINDS: [(IllegalKind, &str); 5] = [
    (
        IllegalKind::Source,
        "the cards cannot be taken from there (an empty pile, a face-down card, not a movable group)",
    ),
    (IllegalKind::Target, "the destination does not accept them"),
    (
        IllegalKind::Stock,
        "dealing, turning or redealing is not allowed now",
    ),
    (
        IllegalKind::Phase,
        "not allowed in the current phase, or another move must come first",
    ),
    (IllegalKind::Unsupported, "the game has no such move at all"),
];

fn refusals(out: &mut String, game: &Game, sample: &Sample, course: Option<ForCourse<'_>>) {
    out.push_str(
        "## 5. Refusals\n\nAn illegal move is refused with one of these categories \
         (`solitaire_core::IllegalKind`) and a reason in words. Scenarios check the category \
         (`Illegal(\"t1>f1\", target)`); differential play checks which moves are legal. A real \
         example of each from this game (the command ends on the refused move, which `sol` \
         refuses with the reason):\n\n",
    );
    for (kind, meaning) in KINDS {
        let name: &str = kind.into();
        match sample.refusals.iter().find(|(k, _, _)| *k == kind) {
            Some((_, ex, reason)) => {
                let _ = writeln!(
                    out,
                    "- `{name}`: {meaning}. `{}` is refused: \"{reason}\". `{}`",
                    ex.mv,
                    replay(game, ex, course)
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "- `{name}`: {meaning}. Not seen in this game's first positions."
                );
            }
        }
    }
    out.push('\n');
}

fn scenarios(out: &mut String, game: &Game) {
    let _ = writeln!(out, "## 6. Scenarios\n");
    match public_scenarios(game) {
        Ok(Some(file)) if file.scenarios.is_empty() => {
            let _ = writeln!(
                out,
                "No public scenario of this game holds for these readings: `tests/public/{}.ron` \
                 in the course's starter repository is empty, and only the hidden scenarios, if \
                 any, check the rules by scenario.",
                game.id()
            );
        }
        Ok(Some(file)) => {
            let _ = writeln!(
                out,
                "The public scenarios, `tests/public/{}.ron` in the course's starter repository: \
                 those of the reference that hold for these readings, numbered as reports number \
                 them, each named by the rule sentence it checks:\n",
                game.id(),
            );
            for (i, s) in file.scenarios.iter().enumerate() {
                let _ = writeln!(out, "{}. {}", i + 1, s.name);
            }
        }
        _ => {
            let _ = writeln!(out, "This game has no public scenario file.");
        }
    }
    out.push_str(
        "\nYour instructor may add hidden scenarios: a report names the rule sentence each \
         covers, never its position or moves.\n\n",
    );
}
