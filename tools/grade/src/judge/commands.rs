//! The shell commands a report prints to reproduce a finding with the `sol` tool. Every
//! position a command reads is written first, in the text form of the game that reads it
//! (its own game id and pile ids), so each command runs as printed.

use std::path::{Path, PathBuf};

/// The checkout a report's commands run in, which decides what they may name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Checkout {
    /// The collection's checkout (`sol grade GAME`), where the reference is registered: a
    /// finding's commands show both sides, the reference's under the course file it was
    /// configured by ([`crate::Options::course_file`]), and the reference's public scenarios
    /// are cited as its conformance file, numbered as they stand in it.
    #[default]
    Collection,
    /// A student's starter repository (a class run's submission, a self-check), where the
    /// reference is absent: commands name the student's game only, each with `--course
    /// <course>` (the course file as the student has it: `course.ron`, at the repository's
    /// root); the reference's side of a comparison is text in the finding. The reference's
    /// public scenarios are cited as `tests/public/<reference>.ron`, numbered among those that
    /// hold for the reference as the course configures it, as that file holds them.
    Starter {
        /// The course file the student's commands name.
        course: PathBuf,
    },
}

/// The course file of a starter repository, at its root, as `sol course starter` writes it.
pub const STARTER_COURSE: &str = "course.ron";

impl Checkout {
    /// A starter repository with its course file where `sol course starter` puts it
    /// ([`STARTER_COURSE`]): a class run's submissions.
    pub fn starter() -> Checkout {
        Checkout::Starter {
            course: STARTER_COURSE.into(),
        }
    }

    /// The course file a command on the candidate names, if any.
    pub fn candidate_course(&self) -> Option<&Path> {
        match self {
            Checkout::Collection => None,
            Checkout::Starter { course } => Some(course),
        }
    }

    /// Whether the reader's checkout has the reference, so that its side may be a command.
    pub fn has_reference(&self) -> bool {
        *self == Checkout::Collection
    }
}

/// Where a `sol` command starts.
pub(crate) enum Origin<'a> {
    /// The deal of this seed.
    Seed(u64),
    /// A position file written by an earlier command.
    File(&'a str),
}

/// `sol VERB GAME (--seed N | --position FILE) [--course FILE] [--play "MOVES"]`.
pub(crate) fn sol(
    verb: &str,
    game: &str,
    from: &Origin<'_>,
    course: Option<&Path>,
    moves: &[String],
) -> String {
    let mut out = format!("sol {verb} {game}");
    match from {
        Origin::Seed(seed) => out.push_str(&format!(" --seed {seed}")),
        Origin::File(file) => out.push_str(&format!(" --position {file}")),
    }
    if let Some(course) = course {
        out.push_str(&format!(
            " --course {}",
            shell_word(&course.display().to_string())
        ));
    }
    if !moves.is_empty() {
        out.push_str(&format!(" --play \"{}\"", moves.join(" ")));
    }
    out
}

/// A command that writes `text` to `file` as it is (a here-document).
pub(crate) fn write_file(file: &str, text: &str) -> String {
    let mut out = format!("cat > {file} <<'EOF'\n{text}");
    if !text.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("EOF");
    out
}

/// `word` quoted for a POSIX shell when it needs to be.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:@+,".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_quote_what_needs_quoting() {
        let moves = vec!["t1>f1".to_string(), "deal".to_string()];
        assert_eq!(
            sol("play", "bristol", &Origin::Seed(3), None, &moves),
            "sol play bristol --seed 3 --play \"t1>f1 deal\""
        );
        assert_eq!(
            sol(
                "moves",
                "my-game",
                &Origin::File("position.txt"),
                Some(Path::new("my course.ron")),
                &[]
            ),
            "sol moves my-game --position position.txt --course 'my course.ron'"
        );
        assert_eq!(
            write_file("start.txt", "game: x\nt1: AS"),
            "cat > start.txt <<'EOF'\ngame: x\nt1: AS\nEOF"
        );
    }
}
