//! Copies caught in a class run ([`crate::similarity`]): every submission's crate, as it was
//! taken (`<build>/students/<student>--<game>/games/<game>/src`), is compared with its game's
//! reference (the trusted checkout's `games/<reference>/src`) and with every other submission
//! of the same game. Left out of every comparison: the scaffold `sol new-game --like
//! <reference>` writes (what every student starts from), and what three or more of the
//! collection's games share (the house style every example shows, and the idioms of the
//! engine's API).
//!
//! The report, `similarity.md`, lists the pairs at or above the threshold with their matching
//! line ranges side by side; each gradebook row's `similarity` cell holds the row's highest
//! flagged share and the report's anchor for it (`94.0 similarity.md#pair-1`), or `below 50`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use solitaire_scaffold::{Request, scaffold};

use crate::class::gradebook::GradebookRow;
use crate::intake::submission::Submission;
use crate::similarity::{
    Document, GameDocuments, Ignored, PairOptions, class_pairs, report_markdown,
};

/// How many of the collection's games must share a fingerprint for it to be house style.
const HOUSE: usize = 3;

/// Compare the class's submissions, write the report to `report` (if given) and fill each
/// compared row's `similarity` cell.
///
/// # Errors
/// The report cannot be written.
pub(crate) fn detect(
    workspace: &Path,
    build_dir: &Path,
    submissions: &[Submission],
    rows: &mut [GradebookRow],
    report: Option<&Path>,
) -> Result<(), (PathBuf, String)> {
    let mut games: BTreeMap<String, GameDocuments> = BTreeMap::new();
    for sub in submissions {
        let name = GradebookRow::failed(&sub.student, &sub.game, "", "").report_name();
        let src = build_dir
            .join("students")
            .join(name)
            .join("games")
            .join(&sub.game)
            .join("src");
        let Ok((document, _)) = Document::from_dir(&sub.student, &src) else {
            continue;
        };
        let game = games.entry(sub.assignment().to_string()).or_default();
        if game.game.is_empty() {
            game.game = sub.assignment().to_string();
            game.reference = sub
                .reference
                .as_ref()
                .and_then(|id| reference(workspace, id));
        }
        game.submissions.push(Arc::new(document));
    }
    if games.is_empty() {
        return Ok(());
    }
    let references: Vec<&str> = games
        .values()
        .filter(|g| g.reference.is_some())
        .map(|g| g.game.as_str())
        .collect();
    let options = PairOptions {
        base: scaffolds(workspace, &build_dir.join("similarity"), &references),
        ignore: house_style(workspace),
        // Idioms are the house style's: a count of submissions would drop the very code a
        // whole class copied.
        common: None,
        ..PairOptions::default()
    };
    let games: Vec<GameDocuments> = games.into_values().collect();
    let pairs = class_pairs(&games, &options);
    let file = report.and_then(Path::file_name).map_or_else(
        || "similarity.md".to_string(),
        |f| f.to_string_lossy().into_owned(),
    );
    for row in rows.iter_mut() {
        let compared = games.iter().any(|g| {
            g.game == row.reference && g.submissions.iter().any(|d| d.name == row.student)
        });
        if !compared {
            continue;
        }
        let flagged = pairs.iter().enumerate().find(|(_, p)| {
            p.game == row.reference
                && (p.a.name == row.student || (!p.b_is_reference && p.b.name == row.student))
        });
        row.similarity = match flagged {
            Some((n, pair)) => format!("{:.1} {file}#pair-{}", pair.comparison.similarity(), n + 1),
            None => format!("below {}", options.threshold),
        };
    }
    if let Some(path) = report {
        let text = report_markdown(&pairs, &options);
        solitaire_files::write_atomic(path, text.as_bytes())
            .map_err(|e| (path.to_path_buf(), e.to_string()))?;
    }
    Ok(())
}

/// The reference crate's source of game `id` in the trusted checkout.
fn reference(workspace: &Path, id: &str) -> Option<Arc<Document>> {
    let src = workspace.join("games").join(id).join("src");
    Document::from_dir(id, &src).ok().map(|(d, _)| Arc::new(d))
}

/// What `sol new-game --like <reference>` writes for each reference, as one document: the
/// scaffold is made in `scratch` from the trusted checkout's workspace files.
fn scaffolds(workspace: &Path, scratch: &Path, references: &[&str]) -> Option<Document> {
    let mut files = Vec::new();
    for reference in references {
        let root = scratch.join(format!("scaffold-{reference}"));
        let _ = std::fs::remove_dir_all(&root);
        let layout = solitaire_scaffold::layout_file(workspace, reference)?;
        for rel in [
            "Cargo.toml",
            "crates/registry/Cargo.toml",
            "crates/registry/src/lib.rs",
            layout.as_str(),
        ] {
            let (from, to) = (workspace.join(rel), root.join(rel));
            to.parent()
                .map(std::fs::create_dir_all)
                .and_then(|r| r.ok())
                .and_then(|()| std::fs::copy(&from, &to).ok())?;
        }
        let id = "scaffold-game";
        let request = Request::new("Scaffold game", Some(id), Some(reference)).ok()?;
        scaffold(&root, &request).ok()?;
        let (document, _) =
            Document::from_dir(id, &root.join("games").join(id).join("src")).ok()?;
        files.extend(
            document
                .files
                .iter()
                .map(|f| (format!("{reference}/{}", f.path), f.lines.join("\n"))),
        );
    }
    Document::from_files("scaffold", &files).ok()
}

/// The fingerprints that three or more of the collection's games share.
fn house_style(workspace: &Path) -> Ignored {
    let Ok(entries) = std::fs::read_dir(workspace.join("games")) else {
        return Ignored::none();
    };
    let games: Vec<Document> = entries
        .flatten()
        .filter_map(|e| Document::from_dir("game", &e.path().join("src")).ok())
        .map(|(d, _)| d)
        .collect();
    Ignored::common(games.iter(), HOUSE)
}
