//! The instructor's hidden scenarios in a class run: read by the judge only ([`read`]), and
//! run on their references as the course configures them before anyone is graded ([`check`]).

use std::path::PathBuf;

use solitaire_conformance::ScenarioFile;
use solitaire_core::Catalog;
use solitaire_files::{Course, MAX_INPUT_BYTES, read_text_capped};

use crate::Options;
use crate::class::roster::Roster;
use crate::class::run::ClassOptions;

/// Refuse to grade against hidden scenarios that fail on their reference as the course
/// configures it: each is named, with its step, expected and found, for the instructor alone.
/// A reference or hidden file that does not read is left to each student's row to say.
pub(crate) fn check(
    roster: &Roster,
    course: &Course,
    catalog: &Catalog,
    options: &ClassOptions,
) -> Result<(), (PathBuf, String)> {
    let Some(dir) = &options.grade.hidden_dir else {
        return Ok(());
    };
    let references = roster.references(course).map_err(|e| (dir.clone(), e))?;
    let mut failing = Vec::new();
    for id in references {
        let chosen = course.readings_of(&id);
        let (Ok(reference), Ok(hidden)) = (
            crate::judge::readings::reference(catalog, &id, &chosen),
            read(&options.grade, &id),
        ) else {
            continue;
        };
        let file = solitaire_conformance::scenario_path(dir, &id);
        let file = file.display().to_string();
        failing.extend(crate::judge::on_reference::failing(
            &reference, &hidden, &file,
        ));
    }
    if failing.is_empty() {
        Ok(())
    } else {
        Err((dir.clone(), crate::judge::on_reference::refusal(&failing)))
    }
}

/// The instructor's hidden scenarios for `reference`, if any: read here, by the judge only.
pub(crate) fn read(
    options: &Options,
    reference: &str,
) -> Result<Vec<solitaire_conformance::Scenario>, String> {
    let Some(dir) = &options.hidden_dir else {
        return Ok(Vec::new());
    };
    let file = solitaire_conformance::scenario_path(dir, reference);
    if !file.exists() {
        return Ok(Vec::new());
    }
    let text =
        read_text_capped(&file, MAX_INPUT_BYTES).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(ScenarioFile::parse(&file.display().to_string(), &text)
        .map_err(|e| e.to_string())?
        .scenarios)
}
