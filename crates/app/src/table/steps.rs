//! When each card moves in an animation: the engine's step log replayed on the position
//! before the move (backwards for undo), so deals go one by one and sweeps card by card.

use solitaire_core::{Card, Position, Step, Tx};

/// Seconds between the steps of a deal, and between the cards of an automatic sweep.
const STEP_GAP: f32 = 0.07;
const SWEEP_GAP: f32 = 0.035;
/// Seconds the player's own move flies before an automatic sweep follows.
const FIRST_GAP: f32 = 0.25;

/// The delay, in seconds, before each moved card starts; a card moved twice (onto a column,
/// then away with a completed suit) starts at its last move.
pub fn delays(before: &Position, steps: &[Step], backwards: bool) -> Vec<(Card, f32)> {
    let mut pos = before.clone();
    let mut log = Vec::new();
    let mut out: Vec<(Card, f32)> = Vec::new();
    let mut t: f32 = 0.0;
    let ordered: Vec<Step> = if backwards {
        steps.iter().rev().copied().collect()
    } else {
        steps.to_vec()
    };
    for (i, step) in ordered
        .iter()
        .filter(|s| matches!(s, Step::Transfer { .. }))
        .enumerate()
    {
        let Step::Transfer {
            from,
            to,
            count,
            reverse,
            ..
        } = *step
        else {
            continue;
        };
        let (src, dst) = if backwards {
            (usize::from(to), usize::from(from))
        } else {
            (usize::from(from), usize::from(to))
        };
        let count = usize::from(count);
        let Some(cards) = pos.pile(src).top_n(count).map(<[Card]>::to_vec) else {
            break; // a log that does not fit the position: animate what we have
        };
        let sweep = count > 1 && i > 0;
        if sweep {
            t = t.max(FIRST_GAP);
        }
        for (k, card) in cards.iter().rev().enumerate() {
            let delay = if sweep { t + k as f32 * SWEEP_GAP } else { t };
            out.retain(|(c, _)| c != card);
            out.push((*card, delay));
        }
        let mut tx = Tx::new(&mut pos, &mut log);
        if reverse {
            for _ in 0..count {
                tx.move_cards(src, dst, 1);
            }
        } else {
            tx.move_cards(src, dst, count);
        }
        t += if sweep {
            count as f32 * SWEEP_GAP
        } else {
            STEP_GAP
        };
    }
    out
}
