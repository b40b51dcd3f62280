//! The grades against a reference ([`grade`], [`grade_with`]), part by part, then weighed as
//! the course says; what the grades without one ([`crate::judge::alone`]) share with them.

use std::sync::Arc;

use solitaire_conformance::{Scenario, ScenarioFile};
use solitaire_core::Game;

use super::conformance::Whose;
use super::holds::Played;
use super::{conformance, context, differential, layout, on_reference, own, report};
use crate::{CheckHooks, GradeError, Options, Part, Report};

/// Grade `candidate` against `reference` (configured as the course chooses, if any: see
/// `solitaire_files::Course::configure`). Scenarios run only where they hold for the reference
/// as configured ([`solitaire_conformance::Scenario::holds_for`]).
///
/// # Errors
/// When the reference's conformance scenarios (or the hidden ones) are missing or malformed,
/// or a hidden scenario fails on the reference itself: a grade without them, or against a
/// broken one, would not be fair.
pub fn grade(
    candidate: Arc<Game>,
    reference: Arc<Game>,
    options: &Options,
) -> Result<Report, GradeError> {
    let public = solitaire_conformance::load(&options.conformance_dir, reference.id())?
        .ok_or_else(|| GradeError::NoScenarios(reference.id().to_string()))?;
    let hidden = hidden_for(options, reference.id())?;
    if let Some(dir) = options.hidden_dir.as_ref().filter(|_| !hidden.is_empty()) {
        let file = solitaire_conformance::scenario_path(dir, reference.id());
        let failing = on_reference::failing(&reference, &hidden, &file.display().to_string());
        if !failing.is_empty() {
            return Err(GradeError::HiddenFails(on_reference::refusal(&failing)));
        }
    }
    // The candidate's own scenarios, when it is not the reference itself.
    let own = (candidate.id() != reference.id())
        .then(|| solitaire_conformance::load(&options.conformance_dir, candidate.id()))
        .and_then(|r| r.map_err(|e| e.to_string()).transpose());
    Ok(grade_with(
        candidate, reference, options, public, hidden, own, None,
    ))
}

/// Grade `candidate` against `reference` with the reference's scenarios already read (its
/// conformance file and the instructor's hidden scenarios), telling `hooks` of every check
/// (a class run keeps each student's oracle running through them).
pub fn grade_with(
    candidate: Arc<Game>,
    reference: Arc<Game>,
    options: &Options,
    public: ScenarioFile,
    hidden: Vec<Scenario>,
    own: own::Own,
    hooks: Option<Box<dyn CheckHooks>>,
) -> Report {
    let played = Played::by(&reference);
    let suite = conformance::Suite::new(played, public, Whose::Reference, hidden, options);
    let mut cx = context::Context::new(candidate.clone(), reference.clone(), options.clone());
    cx.hooks = hooks;
    let layout = layout::grade(&mut cx);
    part_done(&mut cx, &layout);
    let public = conformance::run(&mut cx, &suite, false);
    let differential = differential::grade(&mut cx, &suite);
    // The hidden scenarios come last, in a candidate started afresh: nothing it learns
    // from them can come back in a later check's report.
    if let Some(h) = cx.hooks.as_mut() {
        h.secret();
    }
    let hidden = conformance::run(&mut cx, &suite, true);
    let conformance = conformance::part(&suite, public, hidden);
    part_done(&mut cx, &conformance);
    part_done(&mut cx, &differential);
    let mut parts = vec![layout, conformance, differential, cx.robustness()];
    if own.is_some() || options.student_scenarios > 0 {
        let points = options.student_scenarios;
        parts.push(own::part(
            &reference,
            &own,
            &suite,
            points,
            own::On::Reference,
        ));
    }
    finish(&candidate, Some(&reference), options, parts)
}

/// The instructor's hidden scenarios for game `id`, if a directory of them is given.
pub(crate) fn hidden_for(options: &Options, id: &str) -> Result<Vec<Scenario>, GradeError> {
    match &options.hidden_dir {
        Some(dir) if !dir.is_dir() => Err(GradeError::NoHiddenDir(dir.display().to_string())),
        Some(dir) => Ok(solitaire_conformance::load(dir, id)?
            .map(|f| f.scenarios)
            .unwrap_or_default()),
        None => Ok(Vec::new()),
    }
}

/// The report of `parts`, weighed as the course says, for `candidate` graded against
/// `reference` (or alone: the readings are then the candidate's).
pub(crate) fn finish(
    candidate: &Game,
    reference: Option<&Arc<Game>>,
    options: &Options,
    mut parts: Vec<Part>,
) -> Report {
    report::weigh(&mut parts, &options.weights);
    let readings_of = reference.map_or(candidate, |r| r.as_ref());
    Report {
        candidate: candidate.id().to_string(),
        reference: reference.map(|r| r.id().to_string()).unwrap_or_default(),
        readings: readings_of
            .readings()
            .iter()
            .map(|r| (r.reading.name.to_string(), r.choice.value.to_string()))
            .collect(),
        seeds: options.seeds,
        total: report::round1(parts.iter().map(|p| p.points).sum()),
        max: report::round1(parts.iter().map(|p| p.max).sum()),
        parts,
        notes: Vec::new(),
    }
}

pub(crate) fn part_done(cx: &mut context::Context, part: &Part) {
    if let Some(h) = cx.hooks.as_mut() {
        h.part_done(part);
    }
}
