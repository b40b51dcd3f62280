//! German Patience's guide: suits never matter, a pile is only its base rank and its length,
//! and the known stock is played out greedily to judge a position.
//!
//! Piles build up by rank regardless of suit, so a pile is fully described by its base rank
//! and how many cards it holds; the eight piles play alike; the waste matters only as a stack
//! of ranks and the stock only by how many cards are left in it (cards only ever leave it, from
//! the top) and whether its top card is turned (under the `direct` reading of `stock` a turned
//! card waits face up on the stock). The key hashes exactly that, which merges every position
//! that differs only by suits, by card copies or by the order of the piles.
//!
//! The evaluation plays the rest of the game out greedily (the waste top builds on a pile that
//! wants its rank, or else fills an empty pile, made if need be by moving a one-card pile's
//! card onto a pile that wants it; otherwise the next stock card is turned, and built at once
//! if a pile wants it), twice (a card several piles want goes to the pile that takes most
//! cards still, or to the one that takes fewest), and counts the fewer cards left on the waste
//! at the end: a waste card buried under cards nothing will take soon is what loses this game.
//! Cards still on the waste and in the stock break ties. A deal is pruned while the waste top
//! builds on a pile (a heuristic; the exhaustive phase keeps every move): under the default
//! reading dealing first would only bury it; under `direct` it is not buried, but the deal and
//! that build commute, so the build is merely played first. The play-out treats a turned card
//! waiting on the stock as the next card turned, which it is under both readings.

use solitaire_core::{Game, Move, PileKind, Position};

use solitaire_search::Heuristic;
use solitaire_search::key::Lanes;

/// How many cards complete a pile.
const FULL: usize = 13;

/// The guide for one German Patience layout.
pub struct GermanGuide {
    stock: usize,
    waste: usize,
    piles: Vec<usize>,
}

impl GermanGuide {
    /// The guide for `game` (played by these rules, under any readings); `None` without a
    /// stock and a waste.
    pub fn new(game: &Game) -> Option<GermanGuide> {
        let layout = game.layout();
        let one = |kind| layout.piles_of(kind).first().copied();
        Some(GermanGuide {
            stock: one(PileKind::Stock)?,
            waste: one(PileKind::Waste)?,
            piles: layout.piles_of(PileKind::Tableau),
        })
    }

    /// For each pile not yet complete: the rank it wants next (1..=13, 0 for any: empty)
    /// and how many more cards it takes.
    fn wants(&self, pos: &Position) -> Vec<(u8, usize)> {
        self.piles
            .iter()
            .map(|&p| pos.pile(p))
            .filter(|p| p.len() < FULL)
            .map(|p| {
                (
                    p.top().map_or(0, |c| c.rank.value() % 13 + 1),
                    FULL - p.len(),
                )
            })
            .collect()
    }

    /// The fewer cards that two greedy play-outs leave on the waste: one gives a card that
    /// several piles want to the pile that takes most cards still, the other to the one that
    /// takes fewest (which completes piles early).
    fn left_over(&self, pos: &Position) -> usize {
        self.play_out(pos, false).min(self.play_out(pos, true))
    }

    /// The cards a greedy play-out leaves on the waste; a card that several piles want goes
    /// to the one that takes fewest cards still when `fewest`, most otherwise.
    fn play_out(&self, pos: &Position, fewest: bool) -> usize {
        let mut wants = self.wants(pos);
        let mut waste: Vec<u8> = pos
            .pile(self.waste)
            .cards()
            .iter()
            .map(|c| c.rank.value())
            .collect();
        let stock = pos.pile(self.stock).cards();
        // Build `r` on a pile that wants it, or else (when `fill`) start an empty pile, which
        // may first be made by moving a one-card pile's card onto a pile that wants it.
        let place = |wants: &mut Vec<(u8, usize)>, r: u8, fill: bool| -> bool {
            let fit = wants.iter().enumerate().filter(|&(_, &(w, _))| w == r);
            let i = if fewest {
                fit.min_by_key(|&(_, &(_, n))| n).map(|(i, _)| i)
            } else {
                fit.max_by_key(|&(_, &(_, n))| n).map(|(i, _)| i)
            };
            let i = i.or_else(|| {
                fill.then(|| wants.iter().position(|&(w, _)| w == 0))
                    .flatten()
            });
            let i = i.or_else(|| {
                if !fill {
                    return None;
                }
                let j = wants.iter().position(|&(w, n)| n == FULL - 1 && w != 0)?;
                let top = (wants[j].0 + 11) % 13 + 1;
                let k = wants.iter().position(|&(w, _)| w == top)?;
                let (_, m) = wants[k];
                wants[j] = (0, FULL);
                if m == 1 {
                    wants.swap_remove(k);
                    Some(if j == wants.len() { k } else { j })
                } else {
                    wants[k] = (top % 13 + 1, m - 1);
                    Some(j)
                }
            });
            let Some(i) = i else { return false };
            let (_, n) = wants[i];
            if n == 1 {
                wants.swap_remove(i);
            } else {
                wants[i] = (r % 13 + 1, n - 1);
            }
            true
        };
        let mut next = stock.len();
        loop {
            while let Some(&r) = waste.last() {
                if !place(&mut wants, r, true) {
                    break;
                }
                waste.pop();
            }
            if next == 0 {
                break;
            }
            next -= 1;
            let r = stock[next].rank.value();
            if !place(&mut wants, r, false) {
                waste.push(r);
            }
        }
        waste.len()
    }
}

impl Heuristic for GermanGuide {
    fn eval(&self, pos: &Position) -> i32 {
        let waste = pos.pile(self.waste).len() as i32;
        let stock = pos.pile(self.stock).len() as i32;
        100 * self.left_over(pos) as i32 + 2 * waste + stock
    }

    fn keep(&self, pos: &Position, mv: Move) -> bool {
        match mv {
            Move::Deal => {
                let Some(top) = pos.pile(self.waste).top() else {
                    return true;
                };
                let want = top.rank.value();
                !self.wants(pos).iter().any(|&(w, _)| w != 0 && w == want)
            }
            Move::Transfer { .. } | Move::Redeal => true,
        }
    }

    fn key(&self, pos: &Position) -> u128 {
        let mut piles: Vec<u64> = self
            .piles
            .iter()
            .map(|&p| {
                let pile = pos.pile(p);
                match pile.cards().first() {
                    Some(b) if pile.len() < FULL => {
                        (u64::from(b.rank.value()) << 8) | pile.len() as u64
                    }
                    _ => pile.len() as u64,
                }
            })
            .collect();
        piles.sort_unstable();
        let mut h = Lanes::new(pos.vars().phase as u64);
        for p in piles {
            h.push(p);
        }
        let stock = pos.pile(self.stock);
        let turned = stock.len() - stock.face_down();
        h.push(stock.len() as u64 | 1 << 32 | (turned as u64) << 40);
        let mut word = 0u64;
        for (i, c) in pos.pile(self.waste).cards().iter().enumerate() {
            word = (word << 4) | u64::from(c.rank.value());
            if i % 16 == 15 {
                h.push(word);
                word = 0;
            }
        }
        h.push(word ^ (pos.pile(self.waste).len() as u64) << 56);
        h.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{LAYOUTS, PLUGIN};
    use solitaire_core::{Card, Pile};
    use solitaire_search::testkit::guided_beams;
    use solitaire_search::{Outcome, verify};

    fn game() -> Game {
        solitaire_core::testkit::game(&PLUGIN, &LAYOUTS[0])
    }

    #[test]
    fn the_guided_beam_solves_a_german_patience_deal_that_replays() {
        let game = game();
        let guide = GermanGuide::new(&game).unwrap_or_else(|| panic!("no guide"));
        let start = game.deal(19);
        let outcome = guided_beams(&game, &guide, &start, 400_000);
        let Outcome::Solved(moves) = &outcome else {
            panic!("seed 19 not solved: {}", outcome.name());
        };
        assert_eq!(verify(&game, &start, moves), Ok(true));
    }

    #[test]
    fn under_the_direct_reading_a_deal_is_solved_and_a_turned_card_changes_the_key() {
        let base = game();
        let game = base
            .with_readings(&[("stock".to_string(), "direct".to_string())].into())
            .unwrap_or_else(|e| panic!("{e}"));
        let guide = GermanGuide::new(&game).unwrap_or_else(|| panic!("no guide"));
        let start = game.deal(19);
        let mut turned = start.clone();
        game.play(&mut turned, Move::Deal)
            .unwrap_or_else(|e| panic!("{e}"));
        let unturned = Position::new(start.piles().to_vec(), turned.vars());
        assert_ne!(guide.key(&turned), guide.key(&unturned));
        let outcome = guided_beams(&game, &guide, &start, 400_000);
        let Outcome::Solved(moves) = &outcome else {
            panic!("seed 19 not solved: {}", outcome.name());
        };
        assert_eq!(verify(&game, &start, moves), Ok(true));
    }

    #[test]
    fn keys_ignore_suits_and_pile_order_but_not_the_waste_order() {
        let game = game();
        let guide = GermanGuide::new(&game).unwrap_or_else(|| panic!("no guide"));
        let start = game.deal(1);
        let reorder = |pos: &Position, f: &dyn Fn(Card) -> Card, swap: bool| {
            let mut piles: Vec<Pile> = pos
                .piles()
                .iter()
                .map(|p| Pile::new(p.cards().iter().map(|&c| f(c)).collect(), p.face_down()))
                .collect();
            if swap {
                piles.swap(guide.piles[0], guide.piles[1]);
            }
            Position::new(piles, pos.vars())
        };
        let suited = |c: Card| Card::new(c.rank, solitaire_core::Suit::Spades);
        let same = reorder(&start, &suited, true);
        assert_eq!(guide.key(&start), guide.key(&same));
        let mut dealt = start.clone();
        for _ in 0..2 {
            game.play(&mut dealt, Move::Deal)
                .unwrap_or_else(|e| panic!("{e}"));
        }
        let mut flipped = dealt.clone();
        let waste: Vec<Card> = dealt
            .pile(guide.waste)
            .cards()
            .iter()
            .rev()
            .copied()
            .collect();
        let mut piles = flipped.piles().to_vec();
        piles[guide.waste] = Pile::new(waste.clone(), 0);
        flipped = Position::new(piles, flipped.vars());
        if waste[0].rank != waste[1].rank {
            assert_ne!(guide.key(&dealt), guide.key(&flipped));
        }
        assert_ne!(guide.key(&start), guide.key(&dealt));
    }
}
