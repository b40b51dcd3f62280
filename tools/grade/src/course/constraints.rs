//! What the class grade takes from a submission and what it refuses before building it, in
//! words for students and with the grader's own numbers: the folder taken and its layout, the
//! crates a game may use, the budget, build scripts, procedural macros and the guard lints.
//! The starter's README and every handout print it.

use std::fmt::Write as _;

use solitaire_files::Course;

use crate::build::guard_lints::GUARDS;
use crate::build::manifest::ENGINE;
use crate::intake::listing::{MAX_BYTES, MAX_DEPTH, MAX_FILES};

/// The constraints of `course` as a Markdown list; `game` names the student's game id.
pub fn constraints(course: &Course, game: &str) -> String {
    let crates = if course.allowed_crates.is_empty() {
        "no other crate: the course allows none".to_string()
    } else {
        let named: Vec<String> = course
            .allowed_crates
            .iter()
            .map(|c| format!("`{c}`"))
            .collect();
        format!(
            "the crates the course allows, and only those: {}",
            named.join(", ")
        )
    };
    let guards: Vec<String> = GUARDS.iter().map(|g| format!("`{g}`")).collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "- Only your game's folder `games/{game}/` (the one `sol new-game` makes) is taken: its \
         crate (`Cargo.toml`, `src/`), its layout `games/{game}/layouts/{game}.ron` and your own \
         scenarios `games/{game}/conformance/{game}.ron`. Nothing else of your repository is \
         read: not your copy of the engine, of `sol` or of the course file."
    );
    let _ = writeln!(
        out,
        "- Your crate's `[dependencies]` name the engine `{ENGINE}` (always there; `sol \
         new-game` puts it in) and {crates}. They come from the course's build, with the \
         versions and features of its workspace: no `path`, `git` or other-registry \
         dependency. Any other crate is refused, the other crates of this workspace too \
         (`solitaire-search`, `solitaire-games`, the games under `games/`, the grader). \
         `[dev-dependencies]`, binaries, examples and tests are not built."
    );
    let _ = writeln!(
        out,
        "- No build script (`build.rs`, `package.build`), no `[build-dependencies]`, no \
         procedural macro crate (`proc-macro = true`): no code of yours runs while the class \
         is built."
    );
    let _ = writeln!(
        out,
        "- No file that names {} (to allow or expect it).",
        guards.join(", ")
    );
    let _ = writeln!(
        out,
        "- At most {} files and {} MiB in `games/{game}/`, paths at most {MAX_DEPTH} levels \
         deep, and plain files only: no symbolic links, no submodules.",
        thousands(MAX_FILES),
        MAX_BYTES >> 20,
    );
    let _ = writeln!(
        out,
        "- A game that breaks one of these gets 0 points with the reason (`refused: ...` or \
         `not taken: ...`), before anything is built."
    );
    out
}

/// `n` with a comma between thousands (`2,000`).
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbers_are_the_graders() {
        assert_eq!(thousands(2000), "2,000");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_234_567), "1,234,567");
        let course = Course {
            allowed_crates: vec!["serde".into()],
            ..Course::default()
        };
        let text = constraints(&course, "ada");
        assert!(text.contains(&format!("At most {} files", thousands(MAX_FILES))));
        assert!(text.contains(&format!("{} MiB", MAX_BYTES >> 20)));
        assert!(text.contains("only those: `serde`"), "{text}");
        assert!(text.contains("`games/ada/layouts/ada.ron`"), "{text}");
        assert!(text.contains("`long_running_const_eval`"), "{text}");
        let none = constraints(&Course::default(), "ada");
        assert!(none.contains("the course allows none"), "{none}");
    }
}
