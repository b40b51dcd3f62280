//! Where a scenario starts, as the game that replays it reads it: its start position in the
//! game's own text form ([`start_text`]), and the commands that replay a scenario's moves on
//! the candidate ([`reproduce`]).

use solitaire_conformance::{Scenario, Start};
use solitaire_core::Game;

use crate::judge::commands::{Origin, sol, write_file};

/// The commands that replay a public scenario's `moves` on the candidate (naming `course`, if
/// any): its start position is written first in the candidate's text form (its game id); a
/// note replaces the command when the candidate cannot read it (another deck).
pub(crate) fn reproduce(
    candidate: &Game,
    course: Option<&std::path::Path>,
    scenario: &Scenario,
    moves: &[String],
) -> Vec<String> {
    match &scenario.start {
        Start::Seed(seed) => vec![sol(
            "play",
            candidate.id(),
            &Origin::Seed(*seed),
            course,
            moves,
        )],
        Start::Position(text) => {
            let text = start_text(candidate, text);
            // The engine reads it with the candidate's layout: no candidate code runs here.
            let play = match solitaire_core::text::parse_position(candidate.layout(), &text) {
                Ok(_) => sol(
                    "play",
                    candidate.id(),
                    &Origin::File("start.txt"),
                    course,
                    moves,
                ),
                Err(e) => format!("# the candidate cannot read start.txt: {e}"),
            };
            vec![write_file("start.txt", &text), play]
        }
    }
}

/// A scenario's start position as the candidate reads it: without the indentation it has in
/// the RON file, with the candidate's own `game:` line, and without the piles the candidate
/// lacks (a comment names them).
pub(crate) fn start_text(candidate: &Game, text: &str) -> String {
    const HEADERS: [&str; 5] = ["phase", "redeals", "marks", "status", "score"];
    let mut out = format!("game: {}\n", candidate.id());
    let mut left_out = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let key = line
            .split(':')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        if key == "game" {
            continue;
        }
        if HEADERS.contains(&key.as_str())
            || key.starts_with('#')
            || candidate.layout().pile_index(&key).is_some()
        {
            out.push_str(line);
            out.push('\n');
        } else {
            left_out.push(line);
        }
    }
    if !left_out.is_empty() {
        out.push_str(&format!(
            "# left out, the candidate has no such piles: {}\n",
            left_out.join("; ")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_position_takes_the_candidate_game_id() {
        let Some(game) = crate::testing::registered("bristol") else {
            return;
        };
        let text = start_text(&game, "\n    game: other\n    t1: KS TH\n    stock: 5C |\n");
        assert_eq!(text, "game: bristol\nt1: KS TH\nstock: 5C |\n");
        assert!(game.parse_position(&text).is_ok());
        let text = start_text(&game, "redeals: 0\nt1: KS\nx9: TH\n");
        assert_eq!(
            text,
            "game: bristol\nredeals: 0\nt1: KS\n# left out, the candidate has no such piles: x9: TH\n"
        );
        assert!(game.parse_position(&text).is_ok());
    }
}
