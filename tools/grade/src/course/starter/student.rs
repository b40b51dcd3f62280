//! A handout as a starter holds it: its commands and position files name the student's game
//! (`YOUR-GAME`) where they named the reference, so that they run as printed once the student's
//! game has that id.

use super::super::starter::YOUR_GAME;

/// The verbs of `sol` whose first word is a game.
const VERBS: [&str; 7] = ["play", "moves", "deal", "walk", "solve", "replay", "grade"];

/// `text` with [`YOUR_GAME`] in place of the reference `id` in `sol` commands and in the
/// `game:` line of the positions it writes.
pub(super) fn student_commands(text: &str, id: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        };
        if body == format!("game: {id}") {
            out.push_str(&format!("game: {YOUR_GAME}{end}"));
            continue;
        }
        let mut body = body.to_string();
        for verb in VERBS {
            let from = format!("sol {verb} {id}");
            let to = format!("sol {verb} {YOUR_GAME}");
            body = body.replace(&format!("{from} "), &format!("{to} "));
            if body.ends_with(&from) {
                body.truncate(body.len() - from.len());
                body.push_str(&to);
            }
        }
        out.push_str(&body);
        out.push_str(end);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_positions_name_the_students_game() {
        let text = "Run `sol play rosamund --seed 1 --play \"deal\"`:\n\
                    cat > won.txt <<'EOF'\ngame: rosamund\nf1: JC\nEOF\n\
                    sol play rosamund --position won.txt\nsol deal rosamund\n\
                    The reference `rosamund`; sol play rosamundx --seed 1\n";
        assert_eq!(
            student_commands(text, "rosamund"),
            "Run `sol play YOUR-GAME --seed 1 --play \"deal\"`:\n\
             cat > won.txt <<'EOF'\ngame: YOUR-GAME\nf1: JC\nEOF\n\
             sol play YOUR-GAME --position won.txt\nsol deal YOUR-GAME\n\
             The reference `rosamund`; sol play rosamundx --seed 1\n"
        );
    }
}
