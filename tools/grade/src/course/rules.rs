//! An assigned game's rules in full and in plain words, as a starter holds them
//! (`rules/<id>.md`), where the game's crate is absent: the readings the course plays, the
//! reference layout's `rules_text` and what happens by itself, the doc comment of its crate
//! (`games/<rules>/src/lib.rs`), and its section of `docs/rules-notes.md` (the readings and the
//! conventions the program adds).

use std::fmt::Write as _;
use std::path::Path;

use solitaire_core::Game;
use solitaire_files::Course;

/// The rules page of `game` (configured as `course` chooses), from the checkout `workspace`.
///
/// # Errors
/// The crate's `src/lib.rs` or `docs/rules-notes.md` cannot be read.
pub fn rules_page(workspace: &Path, game: &Game, course: &Course) -> Result<String, String> {
    let read =
        |rel: &str| std::fs::read_to_string(workspace.join(rel)).map_err(|e| format!("{rel}: {e}"));
    let layout = game.layout();
    let mut out = format!("# {} (`{}`): the rules\n\n", game.name(), game.id());
    if !course.name.is_empty() {
        let _ = writeln!(out, "Course: {}.\n", course.name);
    }
    if !game.readings().is_empty() {
        out.push_str("Where the rules allow more than one reading, the course plays:\n\n");
        for r in game.readings() {
            let _ = writeln!(
                out,
                "- `{}`: `{}`, {}.",
                r.reading.name, r.choice.value, r.choice.meaning
            );
        }
        out.push('\n');
    }
    let _ = writeln!(out, "## The rules text\n\n{}\n", layout.rules_text.trim());
    if !layout.automatic.is_empty() {
        let _ = writeln!(out, "What happens by itself: {}\n", layout.automatic.trim());
    }
    let crate_doc = crate_doc(&read(&format!("games/{}/src/lib.rs", layout.rules))?);
    let _ = writeln!(out, "## The rules in full\n\n{}", demoted(&crate_doc, 2));
    if let Some(notes) = notes_section(&read("docs/rules-notes.md")?, game.id()) {
        let _ = writeln!(
            out,
            "## Readings and conventions\n\n(From `docs/rules-notes.md`.)\n\n{}",
            demoted(&notes, 1)
        );
    }
    Ok(out)
}

/// The `//!` doc comment at the top of a crate's `lib.rs`, as Markdown: intra-doc links
/// (`` [`DISCARD`] ``) as plain code.
fn crate_doc(source: &str) -> String {
    let mut out = String::new();
    for line in source.lines() {
        let Some(doc) = line.strip_prefix("//!") else {
            break;
        };
        out.push_str(doc.strip_prefix(' ').unwrap_or(doc));
        out.push('\n');
    }
    out.replace("[`", "`").replace("`]", "`")
}

/// The section of the rules notes whose heading names `id` (`` (`rosamund`) ``), without
/// its heading.
fn notes_section(notes: &str, id: &str) -> Option<String> {
    let tag = format!("`{id}`");
    let mut lines = notes
        .lines()
        .skip_while(|l| !(l.starts_with("## ") && l.contains(&tag)));
    lines.next()?;
    let body: Vec<&str> = lines.take_while(|l| !l.starts_with("## ")).collect();
    Some(body.join("\n").trim().to_string() + "\n")
}

/// `text` with each Markdown heading `by` levels deeper (outside code blocks).
fn demoted(text: &str, by: usize) -> String {
    let mut out = String::new();
    let mut code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            code = !code;
        }
        if !code && line.starts_with('#') {
            out.push_str(&"#".repeat(by));
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crate_doc_and_the_notes_section_are_taken_whole() {
        let source = "//! Bristol.\n//!\n//! # Rules\n//! - Pack on [`Bristol`].\n\nuse x;\n//! no";
        let doc = crate_doc(source);
        assert_eq!(doc, "Bristol.\n\n# Rules\n- Pack on `Bristol`.\n");
        assert_eq!(
            demoted(&doc, 2),
            "Bristol.\n\n### Rules\n- Pack on `Bristol`.\n"
        );
        let notes = "# Notes\n\n## Bristol (`bristol`)\n\nFans.\n\n### Options\n\nNone.\n\n## Penguin (`penguin`)\n\nP.\n";
        assert_eq!(
            notes_section(notes, "bristol").as_deref(),
            Some("Fans.\n\n### Options\n\nNone.\n")
        );
        assert_eq!(notes_section(notes, "klondike"), None);
    }
}
