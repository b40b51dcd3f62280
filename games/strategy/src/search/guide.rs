//! Strategy's guide: place each turned card so that the piles can be unwound onto the Aces.
//!
//! A strong player (who knows the stock, as the full-knowledge solver does) keeps every pile
//! in falling rank from bottom to top: then the piles unwind rank by rank once the stock is
//! placed. A card laid on a lower card is an inversion; it is harmless unless it makes the
//! unwind impossible, which the guide checks by a relaxed unwind (every card still in the
//! stock or the hand counted as free): if even that leaves cards on the piles, the position is
//! lost, whatever happens to the rest of the stock. Such placements are pruned. The evaluation
//! counts inversions made so far plus those a greedy placement of the rest of the stock would
//! make (each card on the pile with the lowest top that is not below it).
//!
//! Under the reading `aces: by-hand` the player founds a turned Ace: founding it beats
//! placing it on a pile (a founded Ace burdens no pile), and the empty foundations are alike,
//! so only the move to the first empty one is kept. Under `automatic` the hand never holds an
//! Ace while a foundation is empty, so this changes nothing there.

use solitaire_core::{Card, Game, Move, PileKind, Position, Rank};
use solitaire_search::Heuristic;

/// The guide for one Strategy layout.
pub struct StrategyGuide {
    stock: usize,
    hand: usize,
    foundations: Vec<usize>,
    piles: Vec<usize>,
}

/// Evaluation of a position whose piles can no longer be unwound.
const LOST: i32 = 1_000_000;

impl StrategyGuide {
    /// The guide for `game` (played by these rules); `None` without a stock and a hand.
    pub fn new(game: &Game) -> Option<StrategyGuide> {
        let layout = game.layout();
        let one = |kind| layout.piles_of(kind).first().copied();
        Some(StrategyGuide {
            stock: one(PileKind::Stock)?,
            hand: one(PileKind::Hand)?,
            foundations: layout.piles_of(PileKind::Foundation),
            piles: layout.piles_of(PileKind::Waste),
        })
    }

    /// Whether the piles can still be unwound, counting stock and hand cards as free.
    fn unwinds(&self, pos: &Position, extra: Option<(usize, Card)>) -> bool {
        let mut free = [[false; 15]; 4];
        for &p in self.foundations.iter().chain([&self.stock, &self.hand]) {
            for c in pos.pile(p).cards() {
                free[c.suit as usize][usize::from(c.rank.value())] = true;
            }
        }
        let mut height: Vec<usize> = self.piles.iter().map(|&p| pos.pile(p).len()).collect();
        let card_at = |i: usize, h: usize| -> Card {
            let pile = pos.pile(self.piles[i]);
            match extra {
                Some((j, c)) if j == i && h == pile.len() => c,
                _ => pile.cards()[h],
            }
        };
        if let Some((j, c)) = extra {
            height[j] += 1;
            free[c.suit as usize][usize::from(c.rank.value())] = false;
        }
        let mut next = [1u8; 4];
        loop {
            let mut moved = false;
            for s in 0..4 {
                while next[s] <= 13 {
                    let r = next[s];
                    if free[s][usize::from(r)] {
                        next[s] += 1;
                        moved = true;
                        continue;
                    }
                    let top = (0..height.len()).find(|&i| {
                        height[i] > 0 && {
                            let c = card_at(i, height[i] - 1);
                            c.suit as usize == s && c.rank.value() == r
                        }
                    });
                    match top {
                        Some(i) => {
                            height[i] -= 1;
                            next[s] += 1;
                            moved = true;
                        }
                        None => break,
                    }
                }
            }
            if !moved {
                return height.iter().all(|&h| h == 0);
            }
        }
    }
}

impl Heuristic for StrategyGuide {
    fn eval(&self, pos: &Position) -> i32 {
        if !self.unwinds(pos, None) {
            return LOST;
        }
        let mut tops: Vec<u8> = Vec::with_capacity(self.piles.len());
        let mut inversions = 0;
        for &p in &self.piles {
            let cards = pos.pile(p).cards();
            inversions += cards
                .windows(2)
                .filter(|w| w[1].rank.value() > w[0].rank.value())
                .count() as i32;
            tops.push(cards.last().map_or(14, |c| c.rank.value()));
        }
        // The rest of the stock, in the order it will be turned (the stock's top is last).
        let hand = pos.pile(self.hand).cards().iter();
        let stock = pos.pile(self.stock).cards().iter().rev();
        for c in hand.chain(stock) {
            let r = c.rank.value();
            if r == 1 {
                continue;
            }
            let fit = (0..tops.len())
                .filter(|&i| tops[i] >= r)
                .min_by_key(|&i| tops[i]);
            match fit {
                Some(i) => tops[i] = r,
                None => {
                    inversions += 1;
                    if let Some(i) = (0..tops.len()).min_by_key(|&i| tops[i]) {
                        tops[i] = r;
                    }
                }
            }
        }
        let founded: usize = self.foundations.iter().map(|&f| pos.pile(f).len()).sum();
        10 * inversions - founded as i32
    }

    /// Placements that leave the piles impossible to unwind are pruned, and so is every move
    /// of a turned Ace but to the first empty foundation.
    fn keep(&self, pos: &Position, mv: Move) -> bool {
        let Move::Transfer { from, to, .. } = mv else {
            return true;
        };
        let Some(card) = pos
            .pile(self.hand)
            .top()
            .filter(|_| usize::from(from) == self.hand)
        else {
            return true;
        };
        let to = usize::from(to);
        let first_empty = self.foundations.iter().find(|&&f| pos.pile(f).is_empty());
        if let (Rank::Ace, Some(&f)) = (card.rank, first_empty) {
            return to == f;
        }
        match self.piles.iter().position(|&p| p == to) {
            Some(i) => self.unwinds(pos, Some((i, card))),
            None => true,
        }
    }

    /// The eight piles play alike: their order never matters.
    fn interchangeable(&self, _pos: &Position) -> &[usize] {
        &self.piles
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{LAYOUTS, PLUGIN};
    use solitaire_search::testkit::guided_beams;
    use solitaire_search::{Outcome, verify};

    fn strategy() -> Game {
        solitaire_core::testkit::game(&PLUGIN, &LAYOUTS[0])
    }

    /// The nodes of the guided beams per deal.
    const NODES: u64 = 300_000;

    #[test]
    fn strategy_deals_are_solved_and_replay() {
        let game = strategy();
        let guide = StrategyGuide::new(&game).unwrap_or_else(|| panic!("no guide"));
        let mut won = 0;
        for seed in 1..=5 {
            let start = game.deal(seed);
            let outcome = guided_beams(&game, &guide, &start, NODES);
            if let Outcome::Solved(moves) = &outcome {
                assert_eq!(verify(&game, &start, moves), Ok(true), "seed {seed}");
                won += 1;
            }
            assert_ne!(outcome, Outcome::Unsolvable, "seed {seed}: pruned search");
        }
        assert!(won >= 3, "only {won} of 5 Strategy deals solved");
    }

    #[test]
    fn with_aces_founded_by_hand_deals_are_solved_and_only_the_first_empty_foundation_is_tried() {
        let values = [("aces".to_string(), "by-hand".to_string())].into();
        let game = strategy()
            .with_readings(&values)
            .unwrap_or_else(|e| panic!("{e}"));
        let guide = StrategyGuide::new(&game).unwrap_or_else(|| panic!("no guide"));
        let mut pos = game.deal(1);
        while pos
            .pile(guide.hand)
            .top()
            .is_none_or(|c| c.rank != Rank::Ace)
        {
            let mv = game.legal_moves(&pos)[0];
            game.play(&mut pos, mv).unwrap_or_else(|e| panic!("{e}"));
        }
        let empty: Vec<usize> = guide
            .foundations
            .iter()
            .copied()
            .filter(|&f| pos.pile(f).is_empty())
            .collect();
        let kept: Vec<Move> = game
            .legal_moves(&pos)
            .into_iter()
            .filter(|&m| guide.keep(&pos, m))
            .collect();
        assert_eq!(kept, [Move::transfer(guide.hand, empty[0], 1)]);
        let mut won = 0;
        for seed in 1..=3 {
            let start = game.deal(seed);
            if let Outcome::Solved(moves) = &guided_beams(&game, &guide, &start, NODES) {
                assert_eq!(verify(&game, &start, moves), Ok(true), "seed {seed}");
                won += 1;
            }
        }
        assert!(
            won >= 2,
            "only {won} of 3 Strategy deals solved with Aces by hand"
        );
    }

    #[test]
    fn a_card_over_a_lower_card_of_its_suit_is_lost() {
        use solitaire_core::{Pile, Rank, Suit};
        let game = strategy();
        let guide = StrategyGuide::new(&game).unwrap_or_else(|| panic!("no guide"));
        let start = game.deal(1);
        assert!(guide.unwinds(&start, None));
        assert!(guide.eval(&start) < LOST);
        // Take the Two and Three of Spades out of the stock onto the first pile.
        let (two, three) = (
            Card::new(Rank::Two, Suit::Spades),
            Card::new(Rank::Three, Suit::Spades),
        );
        let with = |order: [Card; 2]| {
            let mut piles = start.piles().to_vec();
            let rest: Vec<Card> = start
                .pile(guide.stock)
                .cards()
                .iter()
                .copied()
                .filter(|c| !order.contains(c))
                .collect();
            piles[guide.stock] = Pile::new(rest.clone(), rest.len());
            piles[guide.piles[0]] = Pile::new(order.to_vec(), 0);
            Position::new(piles, start.vars())
        };
        let good = with([three, two]);
        let bad = with([two, three]);
        assert!(guide.unwinds(&good, None));
        assert!(!guide.unwinds(&bad, None));
        assert_eq!(guide.eval(&bad), LOST);
        // Laying the Three on the Two is pruned; on an empty pile it is kept.
        let mut piles = good.piles().to_vec();
        piles[guide.piles[0]] = Pile::new(vec![two], 0);
        piles[guide.hand] = Pile::new(vec![three], 0);
        let pos = Position::new(piles, start.vars());
        assert!(!guide.keep(&pos, Move::transfer(guide.hand, guide.piles[0], 1)));
        assert!(guide.keep(&pos, Move::transfer(guide.hand, guide.piles[1], 1)));
    }
}
