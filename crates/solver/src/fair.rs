//! The fair view: what a player sees, with the hidden cards sampled consistently with it.
//!
//! Every face-down card of a position is unknown to the player, but which cards they are as a
//! multiset is known (the deck minus every face-up card). A sample deals that multiset at random
//! into the face-down places; a hint solves several samples with full knowledge and votes on
//! their first moves, keeping only moves legal in the real position.

use std::time::Instant;

use solitaire_core::shuffle::{below, rng_for};
use solitaire_core::{Game, Move, Pile, Position};

use crate::outcome::{Budget, Outcome};

/// `pos` with its face-down cards shuffled among the face-down places (sample `seed`).
///
/// The sample depends only on what a player sees: the face-down cards are sorted before they
/// are shuffled, so positions that differ only in where their face-down cards lie (a position
/// file's unknown cards filled with different seeds) give the same samples, and the fair
/// search the same answer.
pub fn sample(pos: &Position, seed: u64) -> Position {
    let mut hidden: Vec<_> = pos
        .piles()
        .iter()
        .flat_map(|p| p.cards()[..p.face_down()].iter().copied())
        .collect();
    hidden.sort_unstable();
    let mut rng = rng_for(seed ^ 0xFA12_5EED);
    for i in (1..hidden.len()).rev() {
        let j = below(&mut rng, i as u64 + 1) as usize;
        hidden.swap(i, j);
    }
    let mut next = hidden.into_iter();
    let piles = pos
        .piles()
        .iter()
        .map(|p| {
            let mut cards: Vec<_> = next.by_ref().take(p.face_down()).collect();
            cards.extend_from_slice(p.face_up());
            Pile::new(cards, p.face_down())
        })
        .collect();
    Position::new(piles, pos.vars())
}

/// A fair hint and how the sampled worlds went.
#[derive(Clone, Debug)]
pub struct FairReport {
    /// The suggested move (legal in the real position), if any sample was solved.
    pub hint: Option<Move>,
    /// Samples tried, and how many of them the full solver won.
    pub samples: usize,
    pub solved: usize,
    /// Samples the solver proved unsolvable.
    pub unsolvable: usize,
}

/// Solve `samples` sampled worlds of `pos`, splitting `budget` between them, and vote.
///
/// The whole search keeps to `budget`: at most one sample per node of it, and no sample is
/// started once its time is spent, however many were asked for.
pub fn fair_solve(game: &Game, pos: &Position, budget: Budget, samples: usize) -> FairReport {
    let most = usize::try_from(budget.nodes).unwrap_or(usize::MAX);
    let samples = samples.clamp(1, most.max(1));
    let share = Budget {
        time: budget.time / u32::try_from(samples).unwrap_or(u32::MAX),
        nodes: budget.nodes / samples as u64,
        ..budget
    };
    let started = Instant::now();
    let mut votes: Vec<(Move, usize)> = Vec::new();
    let (mut tried, mut solved, mut unsolvable) = (0, 0, 0);
    for k in 0..samples {
        if k > 0 && started.elapsed() >= budget.time {
            break;
        }
        tried += 1;
        let world = sample(pos, k as u64);
        let report = crate::solve(game, &world, share);
        match report.outcome {
            Outcome::Solved(moves) => {
                solved += 1;
                if let Some(&mv) = moves.first()
                    && game.check(pos, mv).is_ok()
                {
                    match votes.iter_mut().find(|(m, _)| *m == mv) {
                        Some((_, n)) => *n += 1,
                        None => votes.push((mv, 1)),
                    }
                }
            }
            Outcome::Unsolvable => unsolvable += 1,
            Outcome::Unknown => {}
        }
    }
    let hint = votes.iter().max_by_key(|(_, n)| *n).map(|&(m, _)| m);
    FairReport {
        hint,
        samples: tried,
        solved,
        unsolvable,
    }
}

/// The move a player should make in `pos`, judged only from what the player sees.
///
/// This is the app's hint. It solves a few sampled worlds within `budget`; when none is won it
/// falls back to the best-looking legal move, and `None` means no legal move at all.
pub fn hint(game: &Game, pos: &Position, budget: Budget) -> Option<Move> {
    let report = fair_solve(game, pos, budget, 4);
    report.hint.or_else(|| {
        let guide = crate::guide(game);
        let mut best: Option<(i32, Move)> = None;
        for mv in game.legal_moves(pos) {
            let mut next = pos.clone();
            if game.play(&mut next, mv).is_ok() {
                let e = guide.eval(&next);
                if best.is_none_or(|(b, _)| e < b) {
                    best = Some((e, mv));
                }
            }
        }
        best.map(|(_, m)| m)
    })
}
