//! Part 3: differential play. From the reference's deal of each seed, a random walk along
//! which the candidate, given each position in its own form (piles matched by id), must list
//! the same moves, and every move must give the same position (pile by pile, by id), status
//! and score as the reference. A seed earns the share of its steps that agree before its first
//! divergence; divergences are grouped by the rule they touch.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use solitaire_core::shuffle::{below, rng_for};
use solitaire_core::{Game, Illegal, Move, Position, Status, undo};

use crate::conformance::Suite;
use crate::context::{Context, cap};
use crate::piles::differences;
use crate::report::{Finding, Part, capitalized, round1};
use crate::touched::{Rulebook, Touched};

mod group;
mod here;

use group::group;
use here::{Divergence, Here};

const POINTS: f64 = 35.0;

/// A move played by the candidate: the position after it and whether undo restored the
/// position, or why it refused the move.
type Played = Result<(Position, bool), Illegal>;

/// What the candidate answers at one step of a walk, in its own pile numbers.
struct Answers {
    moves: BTreeSet<Move>,
    status: Status,
    score: i32,
    /// Each move it lists (and each the reference lists), played from the step's position.
    played: BTreeMap<Move, Played>,
    /// Whether it lists the same moves again after all that playing and undoing.
    same_after_undo: bool,
}

fn candidate_answers(game: &Game, pos: &Position, reference_moves: &BTreeSet<Move>) -> Answers {
    let moves: BTreeSet<Move> = game.legal_moves(pos).into_iter().collect();
    let status = game.status(pos);
    let score = game.score(pos);
    let mut played = BTreeMap::new();
    for &mv in moves.union(reference_moves) {
        let mut p = pos.clone();
        let mut log = Vec::new();
        let outcome = game.play_logged(&mut p, mv, &mut log).map(|()| {
            let after = p.clone();
            undo(&mut p, &log);
            (after, &p == pos)
        });
        played.insert(mv, outcome);
    }
    let again: BTreeSet<Move> = game.legal_moves(pos).into_iter().collect();
    Answers {
        same_after_undo: again == moves,
        moves,
        status,
        score,
        played,
    }
}

pub(crate) fn grade(cx: &mut Context, suite: &Suite) -> Part {
    let rules = Rulebook::new(&cx.reference, &suite.scenarios(), &cx.failed);
    let (mut positions, mut agreed, mut share) = (0, 0, 0.0);
    let mut divergences = Vec::new();
    for seed in 0..cx.options.seeds {
        let outcome = walk(cx, &rules, seed);
        positions += outcome.positions;
        agreed += outcome.agreed;
        share += outcome.agreed as f64 / outcome.positions.max(1) as f64;
        divergences.extend(outcome.divergence);
    }
    let seeds = cx.options.seeds.max(1) as f64;
    Part {
        id: "differential",
        title: "3. Differential play",
        points: round1(POINTS * share / seeds),
        max: POINTS,
        checks: positions,
        passed: agreed,
        findings: cap(group(divergences), 8),
        scoring: format!(
            "{POINTS} points shared among {} seeds: from the reference's deal, a random walk of \
             up to {} moves. At every step the candidate, given the position in its own form \
             (piles matched by id), must list the same legal moves as the reference, and every \
             move must give the same position (pile by pile), status and score. Each seed \
             earns the share of its steps that agree before its first divergence (the checks \
             counted above are steps). Divergences are grouped by the rule they touch, each \
             group with the commands that replay its first example.",
            cx.options.seeds, cx.options.steps
        ),
    }
}

/// What one seed's walk gave: the positions of the whole walk, how many agreed before the
/// first divergence, and that divergence.
struct SeedOutcome {
    positions: usize,
    agreed: usize,
    divergence: Option<Divergence>,
}

/// Walk seed `seed` to the end (the reference alone after a divergence, to count its steps).
fn walk(cx: &mut Context, rules: &Rulebook, seed: u64) -> SeedOutcome {
    let reference = cx.reference.clone();
    let mut pos = reference.deal(seed);
    let mut rng = rng_for(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut played: Vec<String> = Vec::new();
    let mut out = SeedOutcome {
        positions: 0,
        agreed: 0,
        divergence: None,
    };
    loop {
        out.positions += 1;
        let ref_moves: BTreeSet<Move> = reference.legal_moves(&pos).into_iter().collect();
        if out.divergence.is_none() {
            out.divergence = check_step(cx, rules, seed, &played, &pos, &ref_moves);
            if out.divergence.is_none() {
                out.agreed += 1;
            }
        }
        if ref_moves.is_empty() || played.len() >= cx.options.steps {
            break;
        }
        let list: Vec<Move> = ref_moves.into_iter().collect();
        let mv = list[below(&mut rng, list.len() as u64) as usize];
        if reference.play(&mut pos, mv).is_err() {
            break;
        }
        played.push(reference.move_text(mv).to_string());
    }
    out
}

/// Compare the candidate with the reference at one position of a walk.
fn check_step(
    cx: &mut Context,
    rules: &Rulebook,
    seed: u64,
    played: &[String],
    pos: &Position,
    ref_moves: &BTreeSet<Move>,
) -> Option<Divergence> {
    let (reference, candidate): (Arc<Game>, Arc<Game>) =
        (cx.reference.clone(), cx.candidate.clone());
    let course = cx.options.course_file.clone();
    let map = cx.map.clone();
    let here = Here {
        reference: &reference,
        candidate: &candidate,
        map: &map,
        course: course.as_deref(),
        seed,
        played,
        pos,
        cpos: map.position_to_candidate(pos),
    };
    compare(cx, rules, &here, ref_moves)
}

fn compare(
    cx: &mut Context,
    rules: &Rulebook,
    here: &Here<'_>,
    ref_moves: &BTreeSet<Move>,
) -> Option<Divergence> {
    let to_candidate: BTreeMap<Move, Move> = ref_moves
        .iter()
        .filter_map(|&m| Some((m, here.map.move_to_candidate(m)?)))
        .collect();
    let asked: BTreeSet<Move> = to_candidate.values().copied().collect();
    let (game, cpos) = (here.candidate.clone(), here.cpos.clone());
    let what = format!(
        "differential seed {} step {}",
        here.seed,
        here.played.len() + 1
    );
    let answers = match cx.guard(&what, &here.reproduce(None, None), move || {
        candidate_answers(&game, &cpos, &asked)
    }) {
        Ok(a) => a,
        Err(message) => {
            return Some(here.divergence(
                Touched::title("The candidate failed (see Robustness)".into()),
                format!("the candidate failed: {message}"),
                String::new(),
                here.reproduce(None, None),
            ));
        }
    };
    record_undo_faults(cx, here, &answers);
    if let Some(d) = compare_moves(rules, here, ref_moves, &answers.moves) {
        return Some(d);
    }
    for (&mv, cmv) in &to_candidate {
        let mut expected = here.pos.clone();
        if here.reference.play(&mut expected, mv).is_err() {
            continue;
        }
        let name = here.text(mv);
        match answers.played.get(cmv) {
            Some(Err(e)) => {
                return Some(here.divergence(
                    Touched::title("Moves the candidate lists but refuses to play".into()),
                    format!("the candidate lists {name} but refuses to play it: {e}"),
                    String::new(),
                    here.reproduce(None, Some(&name)),
                ));
            }
            Some(Ok((after, _))) => {
                let diff = differences(here.reference, &expected, here.candidate, after, here.map);
                if diff.is_empty() {
                    continue;
                }
                let touched = rules.played(here.pos, mv, |alt, alt_after| {
                    differences(alt, alt_after, here.candidate, after, here.map).is_empty()
                });
                return Some(here.divergence(
                    touched,
                    format!("{name} gives a different position"),
                    format!("after {name}, by pile:\n{}\n", diff.join("\n")),
                    here.reproduce(Some(&name), Some(&name)),
                ));
            }
            None => {}
        }
    }
    let (status, score) = (
        here.reference.status(here.pos),
        here.reference.score(here.pos),
    );
    if answers.status != status || answers.score != score {
        return Some(here.divergence(
            rules.status(here.pos, answers.status, answers.score),
            format!(
                "status {} and score {} instead of {} and {}",
                answers.status.name(),
                answers.score,
                status.name(),
                score
            ),
            String::new(),
            here.reproduce(None, None),
        ));
    }
    None
}

/// An undo that did not restore the position, or other moves listed after playing and
/// undoing: robustness faults, not divergences.
fn record_undo_faults(cx: &mut Context, here: &Here<'_>, answers: &Answers) {
    let finding = |what: String| Finding {
        title: capitalized(&here.where_(&what)),
        detail: here.detail(""),
        reproduce: here.reproduce(None, None),
    };
    if let Some((mv, _)) = answers
        .played
        .iter()
        .find(|(_, outcome)| matches!(outcome, Ok((_, false))))
    {
        let name = here.candidate.move_text(*mv).to_string();
        cx.undo_fault(finding(format!(
            "undo of {name} does not restore the position"
        )));
    }
    if !answers.same_after_undo {
        cx.undo_fault(finding(
            "the candidate lists other moves after a move is played and undone (hidden state)"
                .into(),
        ));
    }
}

fn compare_moves(
    rules: &Rulebook,
    here: &Here<'_>,
    reference: &BTreeSet<Move>,
    candidate: &BTreeSet<Move>,
) -> Option<Divergence> {
    let translated: BTreeSet<Move> = candidate
        .iter()
        .filter_map(|&m| here.map.move_to_reference(m))
        .collect();
    let foreign: Vec<Move> = candidate
        .iter()
        .copied()
        .filter(|&m| here.map.move_to_reference(m).is_none())
        .collect();
    let only_cand: Vec<Move> = translated.difference(reference).copied().collect();
    let only_ref: Vec<Move> = reference.difference(&translated).copied().collect();
    if only_cand.is_empty() && only_ref.is_empty() && foreign.is_empty() {
        return None;
    }
    let mut shown_cand: Vec<String> = only_cand.iter().map(|&m| here.text(m)).collect();
    shown_cand.extend(
        foreign
            .iter()
            .map(|&m| here.candidate.move_text(m).to_string()),
    );
    let shown_ref: Vec<String> = only_ref.iter().map(|&m| here.text(m)).collect();
    let detail = format!(
        "only the candidate allows: [{}]\nonly the reference allows: [{}]\n",
        shown_cand.join(" "),
        shown_ref.join(" ")
    );
    let (touched, what, reproduce) = if let Some(&m) = only_cand.first() {
        let name = here.text(m);
        (
            rules.listed(here.pos, m, true),
            format!("only the candidate allows {name}"),
            here.reproduce(Some(&name), None),
        )
    } else if let Some(name) = shown_cand.first() {
        (
            Touched::title("Moves naming piles the reference does not have".into()),
            format!("only the candidate allows {name}"),
            here.reproduce(None, None),
        )
    } else {
        let m = only_ref[0];
        let name = here.text(m);
        let touched = match here.map.move_to_candidate(m) {
            Some(_) => rules.listed(here.pos, m, false),
            None => Touched::title("Moves naming piles the candidate does not have".into()),
        };
        let on_candidate = here.map.move_to_candidate(m).map(|_| name.as_str());
        (
            touched,
            format!("only the reference allows {name}"),
            here.reproduce(None, on_candidate),
        )
    };
    Some(here.divergence(touched, what, detail, reproduce))
}
