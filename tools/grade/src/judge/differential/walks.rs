//! The walks of differential play from each seed's deal, each played by the reference: a
//! random walk (the opening and middle game), a walk biased toward the foundations (it gets
//! further into the game), and the reference solver's winning line (the end of the game: the
//! last moves, the win, the final score). The solver's lines are found once per process for
//! each game, readings, seed and node budget, and are the same on every machine (a node
//! budget, never a clock, bounds the search).

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use rand_chacha::ChaCha8Rng;
use solitaire_core::shuffle::{below, rng_for};
use solitaire_core::{Game, Move, PileKind, Position};
use solitaire_solver::{Budget, Outcome, solve};

/// How a walk chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Walk {
    /// Uniformly among the reference's legal moves.
    Random,
    /// Moves onto a foundation eight times as likely as any other.
    Foundations,
    /// Along the reference solver's winning line: its last positions are compared.
    Solution,
}

impl Walk {
    /// The walk in words, for the report.
    pub fn name(self) -> &'static str {
        match self {
            Walk::Random => "random walk",
            Walk::Foundations => "walk toward the foundations",
            Walk::Solution => "the reference solver's winning line",
        }
    }
}

/// The moves of one walk, as it goes.
pub(crate) enum Chooser {
    /// Random or biased, from its own generator.
    Weighted(Walk, Box<ChaCha8Rng>),
    /// The winning line and how far along it the walk is.
    Line(Arc<Vec<Move>>, usize),
}

impl Chooser {
    /// The chooser of `walk` from the deal of `seed` (`line`: the solver's, for
    /// [`Walk::Solution`]).
    pub fn new(walk: Walk, seed: u64, line: Option<Arc<Vec<Move>>>) -> Option<Chooser> {
        match walk {
            Walk::Random => Some(Chooser::Weighted(
                walk,
                Box::new(rng_for(seed ^ 0x9e37_79b9_7f4a_7c15)),
            )),
            Walk::Foundations => Some(Chooser::Weighted(
                walk,
                Box::new(rng_for(seed ^ 0x5bd1_e995_0f1e_2d3c)),
            )),
            Walk::Solution => line.map(|l| Chooser::Line(l, 0)),
        }
    }

    /// The next move among `legal` (the reference's legal moves at `pos`, in order).
    pub fn next(&mut self, reference: &Game, legal: &[Move]) -> Option<Move> {
        match self {
            Chooser::Line(line, at) => {
                let mv = *line.get(*at)?;
                *at += 1;
                Some(mv)
            }
            Chooser::Weighted(walk, rng) => {
                if legal.is_empty() {
                    return None;
                }
                if *walk == Walk::Random {
                    return Some(legal[below(rng, legal.len() as u64) as usize]);
                }
                let weight = |mv: &Move| -> u64 {
                    let to = mv.piles().map(|(_, to)| to);
                    match to.and_then(|to| reference.layout().piles.get(to)) {
                        Some(p) if p.kind == PileKind::Foundation => 8,
                        _ => 1,
                    }
                };
                let total: u64 = legal.iter().map(weight).sum();
                let mut pick = below(rng, total);
                for mv in legal {
                    let w = weight(mv);
                    if pick < w {
                        return Some(*mv);
                    }
                    pick -= w;
                }
                legal.last().copied()
            }
        }
    }
}

/// Game id, readings, seed, node budget.
type LineKey = (String, String, u64, u64);
/// A winning line, if the solver found one.
type Line = Option<Arc<Vec<Move>>>;

static LINES: LazyLock<Mutex<HashMap<LineKey, Line>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// The reference solver's winning line from `start`, the deal of `seed`, if it finds one
/// within `nodes` generated positions (none when `nodes` is 0).
pub(crate) fn solution(
    reference: &Game,
    seed: u64,
    start: &Position,
    nodes: u64,
) -> Option<Arc<Vec<Move>>> {
    if nodes == 0 {
        return None;
    }
    let readings: Vec<String> = reference
        .readings()
        .iter()
        .map(|r| format!("{}={}", r.reading.name, r.choice.value))
        .collect();
    let key = (reference.id().to_string(), readings.join(","), seed, nodes);
    if let Some(line) = LINES.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
        return line.clone();
    }
    let budget = Budget {
        nodes,
        time: Duration::from_secs(3600),
        states: 4_000_000,
    };
    let line = match solve(reference, start, budget).outcome {
        Outcome::Solved(moves) => Some(Arc::new(moves)),
        Outcome::Unsolvable | Outcome::Unknown => None,
    };
    LINES
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(key, line.clone());
    line
}
