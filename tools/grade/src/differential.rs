//! Part 3: differential play. From the reference's deal of each seed, a random walk along
//! which the candidate must list the same moves and every move must give the same position,
//! status and score as the reference.

use std::collections::BTreeSet;
use std::sync::Arc;

use solitaire_core::shuffle::{below, rng_for};
use solitaire_core::{Game, Illegal, Move, Position, Status, undo};

use crate::context::{Context, cap};
use crate::report::{Finding, Part, round1};

const POINTS: f64 = 35.0;

/// A move played by the candidate: the position after it and whether undo restored the
/// position, or why it refused the move.
type Played = Result<(Position, bool), Illegal>;

/// What the candidate answers at one step of a walk.
struct Answers {
    moves: BTreeSet<Move>,
    status: Status,
    score: i32,
    /// Each move it lists (and each the reference lists), played from the step's position:
    /// the position after it, and whether undo restored the position exactly.
    played: Vec<(Move, Played)>,
    /// Whether it lists the same moves again after all that playing and undoing.
    same_after_undo: bool,
}

fn candidate_answers(game: &Game, pos: &Position, reference_moves: &BTreeSet<Move>) -> Answers {
    let moves: BTreeSet<Move> = game.legal_moves(pos).into_iter().collect();
    let status = game.status(pos);
    let score = game.score(pos);
    let mut played = Vec::new();
    for &mv in moves.union(reference_moves) {
        let mut p = pos.clone();
        let mut log = Vec::new();
        let outcome = game.play_logged(&mut p, mv, &mut log).map(|()| {
            let after = p.clone();
            undo(&mut p, &log);
            (after, &p == pos)
        });
        played.push((mv, outcome));
    }
    let again: BTreeSet<Move> = game.legal_moves(pos).into_iter().collect();
    let same_after_undo = again == moves;
    Answers {
        moves,
        status,
        score,
        played,
        same_after_undo,
    }
}

struct Walk<'a> {
    seed: u64,
    reference: &'a Game,
    candidate: &'a Game,
    played: Vec<String>,
}

impl Walk<'_> {
    fn moves(&self) -> String {
        self.played.join(" ")
    }

    /// `sol` commands that replay this walk from the reference's deal.
    fn reproduce(&self, extra: Option<&str>) -> Vec<String> {
        let mut moves = self.moves();
        if let Some(mv) = extra {
            if !moves.is_empty() {
                moves.push(' ');
            }
            moves.push_str(mv);
        }
        let (r, c, s) = (self.reference.id(), self.candidate.id(), self.seed);
        let verb = if extra.is_some() { "play" } else { "moves" };
        vec![
            format!("sol deal {r} --seed {s} > start.txt"),
            format!("sol {verb} {r} --position start.txt --play \"{moves}\""),
            format!("sol {verb} {c} --position start.txt --play \"{moves}\""),
        ]
    }

    fn finding(&self, what: String, detail: String, extra: Option<&str>) -> Finding {
        Finding {
            title: format!(
                "Seed {}, after {} moves: {what}",
                self.seed,
                self.played.len()
            ),
            detail: format!(
                "moves played: {}\n{detail}",
                if self.played.is_empty() {
                    "(none)".to_string()
                } else {
                    self.moves()
                }
            ),
            reproduce: self.reproduce(extra),
        }
    }
}

pub(crate) fn grade(cx: &mut Context) -> Part {
    let mut passed = 0;
    let mut findings = Vec::new();
    for seed in 0..cx.options.seeds {
        match walk(cx, seed) {
            None => passed += 1,
            Some(f) => findings.push(f),
        }
    }
    let seeds = cx.options.seeds.max(1) as f64;
    Part {
        id: "differential",
        title: "3. Differential play",
        points: round1(POINTS * passed as f64 / seeds),
        max: POINTS,
        checks: cx.options.seeds as usize,
        passed,
        findings: cap(findings, 5),
        scoring: format!(
            "{POINTS} points shared among {} seeds: from the reference's deal, a random walk of \
             up to {} moves must list the same legal moves as the reference at every step, and \
             every move must give the same position, status and score. The first divergence \
             of each seed is shown.",
            cx.options.seeds, cx.options.steps
        ),
    }
}

/// Walk seed `seed`; the first divergence, if any.
fn walk(cx: &mut Context, seed: u64) -> Option<Finding> {
    let reference = cx.reference.clone();
    let candidate: Arc<Game> = cx.candidate.clone();
    let mut pos = reference.deal(seed);
    let mut rng = rng_for(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut w = Walk {
        seed,
        reference: &reference,
        candidate: &candidate,
        played: Vec::new(),
    };
    let text = |g: &Game, p: &Position| g.position_text(p);
    for _ in 0..=cx.options.steps {
        let ref_moves: BTreeSet<Move> = reference.legal_moves(&pos).into_iter().collect();
        let game = candidate.clone();
        let (p, r) = (pos.clone(), ref_moves.clone());
        let answers = match cx.guard(
            &format!("differential seed {seed} step {}", w.played.len() + 1),
            &w.reproduce(None),
            move || candidate_answers(&game, &p, &r),
        ) {
            Ok(a) => a,
            Err(message) => {
                return Some(w.finding(
                    format!("the candidate failed: {message}"),
                    format!("position:\n{}", text(&reference, &pos)),
                    None,
                ));
            }
        };
        for (mv, outcome) in &answers.played {
            if let Ok((_, false)) = outcome {
                let mv = reference.move_text(*mv).to_string();
                let f = w.finding(
                    format!("undo of {mv} does not restore the position"),
                    format!("position:\n{}", text(&reference, &pos)),
                    None,
                );
                cx.undo_fault(f);
                break;
            }
        }
        if !answers.same_after_undo {
            let f = w.finding(
                "the candidate lists other moves after a move is played and undone (hidden state)"
                    .into(),
                format!("position:\n{}", text(&reference, &pos)),
                None,
            );
            cx.undo_fault(f);
        }
        if let Some(f) = compare_moves(&w, &pos, &ref_moves, &answers.moves) {
            return Some(f);
        }
        for (mv, outcome) in &answers.played {
            if !ref_moves.contains(mv) {
                continue;
            }
            let name = reference.move_text(*mv).to_string();
            let mut expected = pos.clone();
            if reference.play(&mut expected, *mv).is_err() {
                continue;
            }
            match outcome {
                Err(e) => {
                    return Some(w.finding(
                        format!("the candidate lists {name} but refuses to play it: {e}"),
                        format!("position:\n{}", text(&reference, &pos)),
                        Some(&name),
                    ));
                }
                Ok((after, _)) if *after != expected => {
                    return Some(w.finding(
                        format!("{name} gives a different position"),
                        format!(
                            "position before:\n{}\nreference after {name}:\n{}\ncandidate after {name}:\n{}",
                            text(&reference, &pos),
                            text(&reference, &expected),
                            text(&candidate, after)
                        ),
                        Some(&name),
                    ));
                }
                Ok(_) => {}
            }
        }
        let (status, score) = (reference.status(&pos), reference.score(&pos));
        if answers.status != status || answers.score != score {
            return Some(w.finding(
                format!(
                    "status {} and score {} instead of {} and {}",
                    answers.status.name(),
                    answers.score,
                    status.name(),
                    score
                ),
                format!("position:\n{}", text(&reference, &pos)),
                None,
            ));
        }
        if ref_moves.is_empty() || w.played.len() >= cx.options.steps {
            break;
        }
        let list: Vec<Move> = ref_moves.into_iter().collect();
        let mv = list[below(&mut rng, list.len() as u64) as usize];
        if reference.play(&mut pos, mv).is_err() {
            break;
        }
        w.played.push(reference.move_text(mv).to_string());
    }
    None
}

fn compare_moves(
    w: &Walk<'_>,
    pos: &Position,
    reference: &BTreeSet<Move>,
    candidate: &BTreeSet<Move>,
) -> Option<Finding> {
    if reference == candidate {
        return None;
    }
    let show = |s: &BTreeSet<Move>| {
        s.iter()
            .map(|&m| w.reference.move_text(m).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let only_ref: BTreeSet<Move> = reference.difference(candidate).copied().collect();
    let only_cand: BTreeSet<Move> = candidate.difference(reference).copied().collect();
    let what = match (only_cand.first(), only_ref.first()) {
        (Some(&m), _) => format!("only the candidate allows {}", w.reference.move_text(m)),
        (None, Some(&m)) => format!("only the reference allows {}", w.reference.move_text(m)),
        (None, None) => "the move lists differ".into(),
    };
    Some(w.finding(
        what,
        format!(
            "only the candidate allows: [{}]\nonly the reference allows: [{}]\nposition (both sides):\n{}",
            show(&only_cand),
            show(&only_ref),
            w.reference.position_text(pos)
        ),
        None,
    ))
}
