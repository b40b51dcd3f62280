//! The grade without a reference ([`grade_alone`], [`grade_variant`]): a student's own variant,
//! or a starter's self-check, in three parts: conformance, the engine's properties and
//! robustness. Whose public scenarios run ([`PublicScenarios`]) decides what they earn.

use std::sync::Arc;

use solitaire_conformance::{Scenario, ScenarioFile};
use solitaire_core::Game;

use super::conformance::Whose;
use super::holds::Played;
use super::own::{self, Own};
use super::{conformance, context, properties};
use crate::judge::grade::{finish, hidden_for, part_done};
use crate::{CheckHooks, GradeError, Options, Part, Report};

/// The public scenarios of a grade without a reference, by whose they are.
#[derive(Clone, Debug)]
pub enum PublicScenarios {
    /// The assignment's public scenarios, the instructor's (a starter's self-check, where the
    /// reference is absent), run under the readings `played` ([`Played::self_check`]): they
    /// earn the conformance points they earn against one. The student's own scenarios, if
    /// any, may show the game won (see the properties part, `judge::properties`) and are the
    /// own scenarios' part, run on the student's game itself.
    Assignment {
        public: ScenarioFile,
        own: Own,
        played: Played,
    },
    /// The student's own scenarios, if any (a variant): run and reported, they earn
    /// conformance points only beside the instructor's hidden scenarios for the game, with
    /// which they share the part; alone they check the rules only as the student reads them,
    /// and earn nothing.
    Own(Option<ScenarioFile>),
}

/// Grade a game that has no reference (a student's own variant) with [`grade_alone`]: its
/// own scenarios (`<id>.ron` in [`Options::conformance_dir`]) and the instructor's hidden
/// ones for it (`<id>.ron` in [`Options::hidden_dir`]).
///
/// # Errors
/// A scenario file that does not read, a missing hidden scenarios directory.
pub fn grade_variant(candidate: Arc<Game>, options: &Options) -> Result<Report, GradeError> {
    let own = solitaire_conformance::load(&options.conformance_dir, candidate.id())?;
    let hidden = hidden_for(options, candidate.id())?;
    Ok(grade_alone(
        candidate,
        options,
        PublicScenarios::Own(own),
        hidden,
        None,
    ))
}

/// Grade `candidate` without a reference (a student's own variant, or a self-check where the
/// reference is not at hand): the `public` scenarios and the instructor's `hidden` ones run
/// against it, the engine's properties on walks from its own deals stand in for the layout and
/// differential play, and robustness as ever. Parts: conformance 35, properties 50,
/// robustness 15, unless the course weighs them otherwise.
pub fn grade_alone(
    candidate: Arc<Game>,
    options: &Options,
    public: PublicScenarios,
    hidden: Vec<Scenario>,
    hooks: Option<Box<dyn CheckHooks>>,
) -> Report {
    // The public file, whose it is, the readings played, the scenarios that may show a win,
    // and a self-check's own scenarios.
    let (file, whose, played, wins, own) = match public {
        PublicScenarios::Assignment {
            public,
            own,
            played,
        } => {
            let mut wins = public.scenarios.clone();
            let own_file = own.as_ref().and_then(|r| r.as_ref().ok());
            wins.extend(own_file.into_iter().flat_map(|f| f.scenarios.clone()));
            (public, Whose::Assignment, played, wins, Some(own))
        }
        PublicScenarios::Own(file) => {
            let file = file.unwrap_or_else(|| ScenarioFile {
                game: candidate.id().to_string(),
                scenarios: Vec::new(),
            });
            let wins = file.scenarios.clone();
            (file, Whose::Own, Played::by(&candidate), wins, None)
        }
    };
    let suite = conformance::Suite::new(played, file, whose, hidden, options);
    let mut cx = context::Context::new(candidate.clone(), candidate.clone(), options.clone());
    cx.hooks = hooks;
    let public = conformance::run(&mut cx, &suite, false);
    let properties = properties::grade(&mut cx, &wins);
    if let Some(h) = cx.hooks.as_mut() {
        h.secret();
    }
    let hidden = conformance::run(&mut cx, &suite, true);
    let mut conformance = conformance::part(&suite, public, hidden);
    if whose == Whose::Own && suite.hidden() == 0 {
        unpaid(&mut conformance);
    }
    part_done(&mut cx, &conformance);
    part_done(&mut cx, &properties);
    let mut parts = vec![conformance, properties, cx.robustness()];
    if let Some(own) = own.filter(|o| o.is_some() || options.student_scenarios > 0) {
        let points = options.student_scenarios;
        parts.push(own::part(
            &candidate,
            &own,
            &suite,
            points,
            own::On::OwnGame,
        ));
    }
    let mut report = finish(&candidate, None, options, parts);
    report.notes.push(
        "Graded without a reference: the engine's properties stand in for the layout and \
         differential play, and the scenarios check the rules."
            .into(),
    );
    report
}

/// The conformance part of a variant's own scenarios alone: reported, worth nothing.
fn unpaid(part: &mut Part) {
    part.points = 0.0;
    part.scoring.push_str(
        " Without the instructor's hidden scenarios for this game, your own scenarios alone earn \
         no points: they check the rules only as you read them. They are run and reported.",
    );
}
