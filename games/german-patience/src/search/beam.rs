//! The German Patience board in a stage beam ([`solitaire_search::stage_beam`]). A stage is the play
//! between two cards turned from the stock: packs and builds from the waste. A card put from
//! the stock straight into an empty pile is left out of the stage: under the default reading
//! it is the same as turning it onto the waste and filling the pile from there, which the
//! beam does. Candidates to turn from are ranked by [`Board::left_over`], then by the waste's
//! length (every candidate of a stage has as many stock cards left).

use super::board::{Board, Play, Rank, Step};
use solitaire_search::key::{Lanes, Seen};
use solitaire_search::stage_beam::StageBoard;

impl StageBoard for Board {
    type Step = Step;
    type Seen = Seen;

    fn insert(seen: &mut Seen, key: u128) -> bool {
        seen.insert(key)
    }
    fn key(&self) -> u128 {
        solitaire_search::exact::Board::key(self)
    }
    fn is_won(&self) -> bool {
        solitaire_search::exact::Board::is_won(self)
    }
    fn apply(&mut self, step: Step) {
        solitaire_search::exact::Board::apply(self, step);
    }
    fn undo(&mut self, step: Step) {
        solitaire_search::exact::Board::undo(self, step);
    }
    fn stock_out(&self) -> bool {
        self.stock_left().is_empty()
    }
    /// The exhaustive search's own dead ends ([`Board::dead_end`]).
    fn is_dead(&self) -> bool {
        self.dead_end()
    }
    fn rank(&mut self) -> i32 {
        let empty = self.piles.iter().filter(|p| p.len == 0).count() as i32;
        // Turning a card onto a waste top that a pile needs would bury it for nothing.
        let buries = self.waste.last().is_some_and(|&top| {
            self.piles
                .iter()
                .any(|&p| p.len > 0 && !self.complete(p) && self.need(p) == top)
        });
        100 * self.left_over() as i32 + 2 * self.waste.len() as i32 - empty
            + if buries { 10_000 } else { 0 }
    }
    const FAMILIES: bool = true;
    /// The position up to packs that can be undone (which join positions won or lost
    /// together, see [`super::board`]): the piles' bases and needs as two multisets, the
    /// empty and complete piles, the waste and the stock. (Positions of one family may
    /// differ by more than such packs; the beam keeps one of them all the same.)
    fn family(&self) -> u128 {
        let mut bases = [0u8; 14];
        let mut needs = [0u8; 14];
        let (mut empty, mut complete) = (0u64, 0u64);
        for &p in &self.piles {
            if p.len == 0 {
                empty += 1;
            } else if self.complete(p) {
                complete += 1;
            } else {
                bases[usize::from(p.base)] += 1;
                needs[usize::from(self.need(p))] += 1;
            }
        }
        let mut lanes = Lanes::new(self.dealt as u64 | empty << 16 | complete << 24);
        lanes.push(u64::from(self.opening));
        for counts in [bases, needs] {
            lanes.push(counts.iter().fold(0u64, |w, &c| w << 4 | u64::from(c)));
        }
        lanes.finish() ^ self.waste_hash
    }
    fn deal_step(&self) -> Option<Step> {
        (!self.stock_left().is_empty()).then(|| {
            let now = self.lengths();
            Step {
                before: now,
                after: now,
                play: Play::Deal {
                    opened: self.opening,
                },
            }
        })
    }
    /// Every move but turning a card from the stock (onto the waste or into a pile).
    fn within_stage(&self) -> Vec<Step> {
        let mut moves = Vec::new();
        self.moves(&mut moves);
        moves.retain(|s| !matches!(s.play, Play::Deal { .. } | Play::Stock(_)));
        moves
    }
}

impl Board {
    /// The fewer cards that two greedy play-outs of the rest of the game leave on the waste:
    /// the waste's top builds on a pile that needs it, or else fills an empty pile (emptied
    /// first, if need be, by building a pile's lone card on a pile that needs it); otherwise
    /// the next stock card is turned, and built at once if a pile needs it. A card that
    /// several piles need goes, in one play-out, to the pile that takes the most cards still,
    /// and in the other to the one that takes the fewest (which completes piles early). A
    /// waste card buried under cards nothing takes soon is what loses this game.
    pub(crate) fn left_over(&self) -> usize {
        self.play_out(false).min(self.play_out(true))
    }

    /// The cards one greedy play-out leaves on the waste ([`Board::left_over`]).
    fn play_out(&self, fewest: bool) -> usize {
        let mut flow = Flow::new(self, fewest);
        let mut waste = [0 as Rank; 128];
        let mut w = self.waste.len().min(waste.len());
        waste[..w].copy_from_slice(&self.waste[self.waste.len() - w..]);
        let stock = self.stock_left();
        let mut next = 0;
        loop {
            while w > 0 && flow.place(waste[w - 1], true) {
                w -= 1;
            }
            let Some(&r) = stock.get(next) else { break };
            next += 1;
            if !flow.place(r, false) && w < waste.len() {
                waste[w] = r;
                w += 1;
            }
        }
        w
    }
}

/// The piles of a play-out: per pile not complete, the rank it needs (0 when empty) and the
/// cards it takes still; how many piles need each rank, how many are empty, and how many
/// hold a lone card.
struct Flow {
    need: [Rank; 16],
    left: [u8; 16],
    piles: usize,
    wanted: [u8; 16],
    empty: u8,
    lone: u8,
    ranks: u8,
    fewest: bool,
}

impl Flow {
    fn new(board: &Board, fewest: bool) -> Flow {
        let mut flow = Flow {
            need: [0; 16],
            left: [0; 16],
            piles: 0,
            wanted: [0; 16],
            empty: 0,
            lone: 0,
            ranks: board.ranks,
            fewest,
        };
        for &p in board.piles.iter().take(16) {
            if board.complete(p) {
                continue;
            }
            let i = flow.piles;
            flow.piles += 1;
            flow.left[i] = board.ranks - p.len;
            if p.len == 0 {
                flow.empty += 1;
            } else {
                flow.need[i] = board.need(p);
                flow.wanted[usize::from(flow.need[i])] += 1;
                if p.len == 1 {
                    flow.lone += 1;
                }
            }
        }
        flow
    }

    fn next(&self, r: Rank) -> Rank {
        r % self.ranks + 1
    }

    /// Build `r` on a pile that needs it (or, when `fill`, start an empty pile with it,
    /// emptying one first if need be); whether it went.
    fn place(&mut self, r: Rank, fill: bool) -> bool {
        let i = if self.wanted[usize::from(r)] > 0 {
            // A complete pile needs nothing (`Rank::MAX`), an empty one any rank (0).
            let fit = (0..self.piles).filter(|&i| self.need[i] == r);
            let best = if self.fewest {
                fit.min_by_key(|&i| self.left[i])
            } else {
                fit.max_by_key(|&i| self.left[i])
            };
            let Some(i) = best else { return false };
            i
        } else if !fill {
            return false;
        } else if self.empty > 0 || (self.lone > 0 && self.empty_one()) {
            let Some(i) = (0..self.piles).find(|&i| self.need[i] == 0) else {
                return false;
            };
            i
        } else {
            return false;
        };
        self.build(i, r);
        true
    }

    /// Put `r` on pile `i` (starting it when empty).
    fn build(&mut self, i: usize, r: Rank) {
        let full = self.ranks;
        match self.left[i] {
            l if l == full => self.empty -= 1,
            l if l == full - 1 => self.lone -= 1,
            _ => {}
        }
        if self.need[i] != 0 {
            self.wanted[usize::from(self.need[i])] -= 1;
        }
        self.left[i] -= 1;
        if self.left[i] == full - 1 {
            self.lone += 1;
        }
        if self.left[i] == 0 {
            self.need[i] = Rank::MAX;
        } else {
            self.need[i] = self.next(r);
            self.wanted[usize::from(self.need[i])] += 1;
        }
    }

    /// Empty a pile of one card by building its card on another pile that needs it; whether
    /// one was emptied.
    fn empty_one(&mut self) -> bool {
        let full = self.ranks;
        for lone in 0..self.piles {
            if self.left[lone] != full - 1 || self.need[lone] == 0 {
                continue;
            }
            // The lone card's rank: one below what its pile needs.
            let card = (self.need[lone] + full - 2) % full + 1;
            let on = (0..self.piles).find(|&i| i != lone && self.need[i] == card);
            if let Some(on) = on {
                self.build(on, card);
                self.wanted[usize::from(self.need[lone])] -= 1;
                self.need[lone] = 0;
                self.left[lone] = full;
                self.lone -= 1;
                self.empty += 1;
                return true;
            }
        }
        false
    }
}
