//! When each card moves in an animation: the engine's step log replayed on the position
//! before the move (backwards for undo), so deals go one by one and sweeps card by card.

use solitaire_core::{Card, Position, Step, Tx, undo};

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
    let mut moves = 0;
    for step in &ordered {
        // The cards this step moves, read off the position before it.
        let cards: Vec<Card> = match (*step, backwards) {
            (
                Step::Transfer {
                    from, to, count, ..
                },
                _,
            ) => {
                let src = usize::from(if backwards { to } else { from });
                let Some(cards) = pos.pile(src).top_n(usize::from(count)) else {
                    break; // a log that does not fit the position: animate what we have
                };
                cards.to_vec()
            }
            (Step::TransferBottom { from, .. }, false) => pos
                .pile(usize::from(from))
                .cards()
                .first()
                .copied()
                .into_iter()
                .collect(),
            (Step::TransferBottom { to, .. }, true) => {
                pos.pile(usize::from(to)).top().into_iter().collect()
            }
            _ => Vec::new(),
        };
        if backwards {
            undo(&mut pos, std::slice::from_ref(step));
        } else {
            let mut tx = Tx::new(&mut pos, &mut log);
            match *step {
                Step::Transfer {
                    from,
                    to,
                    count,
                    reverse,
                    ..
                } => {
                    let (src, dst, count) =
                        (usize::from(from), usize::from(to), usize::from(count));
                    if reverse {
                        for _ in 0..count {
                            tx.move_cards(src, dst, 1);
                        }
                    } else {
                        tx.move_cards(src, dst, count);
                    }
                }
                Step::TransferBottom { from, to, .. } => {
                    tx.move_bottom_card(usize::from(from), usize::from(to));
                }
                _ => {}
            }
        }
        if cards.is_empty() {
            continue;
        }
        let sweep = cards.len() > 1 && moves > 0;
        moves += 1;
        if sweep {
            t = t.max(FIRST_GAP);
        }
        for (k, card) in cards.iter().rev().enumerate() {
            let delay = if sweep { t + k as f32 * SWEEP_GAP } else { t };
            out.retain(|(c, _)| c != card);
            out.push((*card, delay));
        }
        t += if sweep {
            cards.len() as f32 * SWEEP_GAP
        } else {
            STEP_GAP
        };
    }
    out
}
