//! Positions rearranged card by card: every card still once, so the reader accepts them, but
//! in shapes no deal or play makes (cards moved between any piles, face-down counts changed,
//! the phase, redeals and marks set). They take the rules and the solver off the paths that
//! legal play keeps them on.

use solitaire_core::{Card, Game, Phase, Pile, Position, Vars};
use strum::IntoEnumIterator;

use crate::rng::Rng;

/// `text` (a valid position of `game`) rearranged a few times, in the text form; `None` if
/// it does not read.
pub fn reshape_text(game: &Game, text: &str, rng: &mut Rng) -> Option<String> {
    let pos = game.parse_position(text).ok()?;
    Some(game.position_text(&reshape(&pos, rng)))
}

/// `pos` rearranged one to four times.
pub fn reshape(pos: &Position, rng: &mut Rng) -> Position {
    let mut piles: Vec<(Vec<Card>, usize)> = pos
        .piles()
        .iter()
        .map(|p| (p.cards().to_vec(), p.face_down()))
        .collect();
    let mut vars = pos.vars();
    let n = piles.len();
    for _ in 0..rng.range(1, 4) {
        let (a, b) = (rng.below(n), rng.below(n));
        match rng.below(7) {
            0..=2 if !piles[a].0.is_empty() => {
                let card = if rng.one_in(2) {
                    piles[a].0.pop()
                } else {
                    let i = rng.below(piles[a].0.len());
                    Some(piles[a].0.remove(i))
                };
                let at = rng.below(piles[b].0.len() + 1);
                piles[b].0.extend(card);
                let last = piles[b].0.len() - 1;
                piles[b].0[at..].rotate_right(usize::from(at < last));
            }
            3 if a != b => {
                let moved = std::mem::take(&mut piles[a].0);
                piles[b].0.extend(moved);
            }
            4 => piles[a].1 = rng.below(piles[a].0.len() + 1),
            5 => vars = reshape_vars(vars, n, rng),
            _ => {
                let k = rng.below(piles[a].0.len() + 1);
                piles[a].0[..k].reverse();
            }
        }
    }
    let piles = piles.into_iter().map(|(c, f)| Pile::new(c, f)).collect();
    Position::new(piles, vars)
}

fn reshape_vars(mut vars: Vars, piles: usize, rng: &mut Rng) -> Vars {
    match rng.below(3) {
        0 => vars.phase = *rng.pick(&Phase::iter().collect::<Vec<_>>()),
        1 => vars.redeals = *rng.pick(&[0, 1, 2, 3, 255]),
        _ => {
            let all = if piles >= 64 {
                u64::MAX
            } else {
                (1 << piles) - 1
            };
            vars.marks = rng.next_u64() & all;
        }
    }
    vars
}
