//! Part 3: differential play. From the reference's deal of each seed, walks
//! ([`walks::Walk`]: random, toward the foundations, and the reference solver's winning line)
//! along which the candidate, given each position in its own form (piles matched by id), must
//! list the same moves, every move must give the same position (pile by pile, by id), status
//! and score as the reference, and a move that differs from a legal one only in where the
//! cards go must be refused in the same category. A walk earns the share of its steps that
//! agree before its first divergence, a seed the mean of its walks; divergences are grouped
//! by the rule they touch.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use solitaire_core::{Game, Illegal, Move, PileId, Position, Status, undo};

use crate::judge::conformance::Suite;
use crate::judge::context::{Context, cap};
use crate::judge::piles::differences;
use crate::judge::report::{Finding, Part, capitalized, round1};
use crate::judge::touched::{Rulebook, Touched};

mod group;
mod here;
pub(crate) mod walks;

use group::group;
use here::{Divergence, Here};
use walks::{Chooser, Walk};

/// The part's points.
pub(crate) const POINTS: f64 = solitaire_files::course::default_points::DIFFERENTIAL as f64;

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
    /// How it answers `check` for the moves whose refusal is compared.
    checks: BTreeMap<Move, Result<(), Illegal>>,
}

fn candidate_answers(
    game: &Game,
    pos: &Position,
    reference_moves: &BTreeSet<Move>,
    variants: &[Move],
) -> Answers {
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
    let checks = variants
        .iter()
        .map(|&mv| (mv, game.check(pos, mv)))
        .collect();
    Answers {
        same_after_undo: again == moves,
        moves,
        status,
        score,
        played,
        checks,
    }
}

pub(crate) fn grade(cx: &mut Context, suite: &Suite) -> Part {
    let rules = Rulebook::new(&cx.reference, &suite.scenarios(), &cx.failed);
    let (mut positions, mut agreed, mut share, mut lines) = (0, 0, 0.0, 0);
    let mut divergences = Vec::new();
    for seed in 0..cx.options.seeds {
        let deal = cx.reference.deal(seed);
        let line = walks::solution(&cx.reference, seed, &deal, cx.options.solution_nodes);
        lines += usize::from(line.is_some());
        let (mut seed_share, mut walked) = (0.0, 0);
        for walk in [Walk::Random, Walk::Foundations, Walk::Solution] {
            let Some(chooser) = Chooser::new(walk, seed, line.clone()) else {
                continue;
            };
            let outcome = walk_seed(cx, &rules, seed, walk, chooser, &deal);
            positions += outcome.positions;
            agreed += outcome.agreed;
            seed_share += outcome.agreed as f64 / outcome.positions.max(1) as f64;
            walked += 1;
            divergences.extend(outcome.divergence);
        }
        share += seed_share / f64::from(walked.max(1));
    }
    let seeds = cx.options.seeds.max(1) as f64;
    Part {
        id: "differential",
        title: "3. Differential play",
        points: round1(POINTS * share / seeds),
        max: POINTS,
        checks: positions,
        passed: agreed,
        findings: cap(group(divergences), 8, "rules the walks diverged on"),
        scoring: format!(
            "{POINTS} points shared among {} seeds. From each seed's deal the reference plays \
             a random walk and a walk toward the foundations, each of up to {} moves, and, when \
             its solver wins the deal within {} positions ({lines} of the {} seeds), its \
             winning line, of which the last {} positions are compared. At every step the \
             candidate, given the position in its own form (piles matched by id), must list the \
             same legal moves as the reference, every move must give the same position (pile \
             by pile), status and score, and a move that differs from a legal one only in where \
             the cards go must be refused in the same category (`source`, `target`, `stock`, \
             `phase`, `unsupported`). Each walk earns the share of its steps that agree before \
             its first divergence, each seed the mean of its walks (the checks counted above \
             are steps). Divergences are grouped by the rule they touch, each group with the \
             commands that replay its first example.",
            cx.options.seeds,
            cx.options.steps,
            cx.options.solution_nodes,
            cx.options.seeds,
            cx.options.steps
        ),
        hidden: None,
    }
}

/// What one walk gave: the positions compared, how many agreed before the first divergence,
/// and that divergence.
#[derive(Default)]
struct SeedOutcome {
    positions: usize,
    agreed: usize,
    divergence: Option<Divergence>,
}

/// Walk from `deal` (the deal of `seed`) as `chooser` says, comparing the candidate at each
/// position (for the solver's line, at its last `steps` positions), to the end (the
/// reference alone after a divergence, to count its steps).
fn walk_seed(
    cx: &mut Context,
    rules: &Rulebook,
    seed: u64,
    walk: Walk,
    mut chooser: Chooser,
    deal: &Position,
) -> SeedOutcome {
    let reference = cx.reference.clone();
    let steps = cx.options.steps;
    let skip = match &chooser {
        Chooser::Line(line, _) => (line.len() + 1).saturating_sub(steps),
        Chooser::Weighted(..) => 0,
    };
    let mut pos = deal.clone();
    let mut played: Vec<String> = Vec::new();
    let mut out = SeedOutcome::default();
    for index in 0.. {
        let ref_moves: BTreeSet<Move> = reference.legal_moves(&pos).into_iter().collect();
        if index >= skip {
            out.positions += 1;
            if out.divergence.is_none() {
                out.divergence = check_step(cx, rules, seed, walk, &played, &pos, &ref_moves);
                if out.divergence.is_none() {
                    out.agreed += 1;
                }
            }
        }
        if ref_moves.is_empty() || (walk != Walk::Solution && played.len() >= steps) {
            break;
        }
        let list: Vec<Move> = ref_moves.into_iter().collect();
        let Some(mv) = chooser.next(&reference, &list) else {
            break;
        };
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
    walk: Walk,
    played: &[String],
    pos: &Position,
    ref_moves: &BTreeSet<Move>,
) -> Option<Divergence> {
    let (reference, candidate): (Arc<Game>, Arc<Game>) =
        (cx.reference.clone(), cx.candidate.clone());
    let course = cx.options.course_file.clone();
    let checkout = cx.options.checkout.clone();
    let map = cx.map.clone();
    let here = Here {
        reference: &reference,
        candidate: &candidate,
        map: &map,
        course: course.as_deref(),
        checkout: &checkout,
        ref_moves,
        seed,
        walk,
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
    let refused = refused_variants(here, ref_moves);
    let variants: Vec<Move> = refused.iter().map(|r| r.candidate).collect();
    let (game, cpos) = (here.candidate.clone(), here.cpos.clone());
    let what = format!(
        "differential seed {} ({}) step {}",
        here.seed,
        here.walk.name(),
        here.played.len() + 1
    );
    let answers = match cx.guard(&what, &here.reproduce(None, None), move || {
        candidate_answers(&game, &cpos, &asked, &variants)
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
    compare_refusals(here, &refused, &answers)
}

/// A move the reference refuses that differs from one of its legal moves only in where the
/// cards go (or `deal`, `redeal`): the candidate must refuse it in the same category.
struct Refused {
    reference: Move,
    candidate: Move,
    illegal: Illegal,
}

/// The destinations refused to each of the reference's legal moves at this position, and
/// `deal` and `redeal` when refused, each named in both games' piles.
fn refused_variants(here: &Here<'_>, ref_moves: &BTreeSet<Move>) -> Vec<Refused> {
    let piles = here.reference.layout().piles.len();
    let mut moves: BTreeSet<Move> = [Move::Deal, Move::Redeal].into_iter().collect();
    for &mv in ref_moves {
        for to in 0..piles {
            match mv {
                Move::Transfer {
                    end, from, count, ..
                } if to != from.index() => {
                    moves.insert(Move::Transfer {
                        end,
                        from,
                        to: PileId::of(to),
                        count,
                    });
                }
                _ => {}
            }
        }
    }
    moves
        .into_iter()
        .filter(|mv| !ref_moves.contains(mv))
        .filter_map(|mv| {
            let illegal = here.reference.check(here.pos, mv).err()?;
            let candidate = here.map.move_to_candidate(mv)?;
            Some(Refused {
                reference: mv,
                candidate,
                illegal,
            })
        })
        .collect()
}

/// The first move refused in another category than the reference's (or accepted).
fn compare_refusals(here: &Here<'_>, refused: &[Refused], answers: &Answers) -> Option<Divergence> {
    for r in refused {
        let name = here.text(r.reference);
        let (kind, reason) = (<&str>::from(r.illegal.kind), r.illegal.reason);
        let found = match answers.checks.get(&r.candidate) {
            Some(Ok(())) => format!("accepts {name}"),
            Some(Err(e)) if e.kind != r.illegal.kind => format!(
                "refuses {name} as `{}` ({})",
                <&str>::from(e.kind),
                e.reason
            ),
            _ => continue,
        };
        return Some(
            here.divergence(
                Touched::title(format!(
                    "The category of a refusal: the reference refuses as `{kind}` (\"{reason}\")"
                )),
                format!("the candidate {found}; the reference refuses it as `{kind}`"),
                format!("the reference's reason: {reason}\n"),
                // With --json, each `sol play` shows the refused move's category and reason.
                here.reproduce(Some(&name), Some(&name))
                    .into_iter()
                    .map(|c| match c.strip_prefix("sol play ") {
                        Some(rest) => format!("sol play --json {rest}"),
                        None => c,
                    })
                    .collect(),
            ),
        );
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
        hidden: false,
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
