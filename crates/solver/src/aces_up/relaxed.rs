//! The relaxed game with spaces of an Aces Up position, searched exactly with a small budget:
//! when it cannot be won, neither can the position (the argument is in [`super::search`]).
//!
//! Its columns hold the position's column cards only; no deal ever comes, and every card
//! still in the stock may beat any lower card of its suit at any time. Any discard is safe in
//! it and its columns are alike (no deal tells them apart), so the search discards all it can
//! at once and then branches only on which column's top card fills a space.

use std::cell::RefCell;

use super::board::{ACE, Code, strength, suit};
use crate::key::Lanes;
use crate::key::Seen;

/// Positions of the relaxed game expanded at most per question.
const BUDGET: u32 = 2_000;

/// Whether the relaxed game of `cols` with `stock` (the highest strength per suit of the
/// stock's cards) can be won: `None` when the budget runs out first.
pub(crate) fn relaxed_win(cols: &[Vec<Code>], stock: [u8; 4]) -> Option<bool> {
    // One game per thread, its storage reused: the search asks after every deal.
    thread_local! {
        static GAME: RefCell<Relaxed> = RefCell::default();
    }
    GAME.with_borrow_mut(|game| {
        game.cols.resize_with(cols.len(), Vec::new);
        for (mine, col) in game.cols.iter_mut().zip(cols) {
            mine.clear();
            mine.extend_from_slice(col);
        }
        game.stock = stock;
        game.seen.clear();
        game.discarded.clear();
        game.budget = BUDGET;
        game.win()
    })
}

#[derive(Default)]
struct Relaxed {
    cols: Vec<Vec<Code>>,
    stock: [u8; 4],
    /// The positions met so far (by key, the columns as a multiset).
    seen: Seen,
    /// The discards made on the way to the current position (column, card), in order.
    discarded: Vec<(usize, Code)>,
    budget: u32,
}

impl Relaxed {
    /// Whether the game can be won from here; `None` when the budget ran out.
    fn win(&mut self) -> Option<bool> {
        let mark = self.discarded.len();
        self.discard_all();
        let answer = self.win_after_discards();
        while self.discarded.len() > mark {
            if let Some((c, card)) = self.discarded.pop() {
                self.cols[c].push(card);
            }
        }
        answer
    }

    fn win_after_discards(&mut self) -> Option<bool> {
        let aces_only = |col: &Vec<Code>| col.iter().all(|&x| strength(x) == ACE);
        if self.cols.iter().all(aces_only) {
            return Some(true);
        }
        let Some(space) = self.cols.iter().position(Vec::is_empty) else {
            return Some(false);
        };
        if !self.seen.insert(self.key()) {
            return Some(false);
        }
        if self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        // Only a card with another under it: a lone card moved into a space leaves the same
        // columns.
        for from in 0..self.cols.len() {
            if self.cols[from].len() < 2 {
                continue;
            }
            let card = self.cols[from].pop().unwrap_or_default();
            self.cols[space].push(card);
            let answer = self.win();
            self.cols[space].pop();
            self.cols[from].push(card);
            if answer != Some(false) {
                return answer;
            }
        }
        Some(false)
    }

    /// Discard whatever can be discarded, noting each discard.
    fn discard_all(&mut self) {
        loop {
            let before = self.discarded.len();
            for c in 0..self.cols.len() {
                while let Some(&card) = self.cols[c].last() {
                    if !self.beaten(c, card) {
                        break;
                    }
                    self.cols[c].pop();
                    self.discarded.push((c, card));
                }
            }
            if self.discarded.len() == before {
                return;
            }
        }
    }

    /// Whether `card`, on top of column `c`, can be discarded.
    fn beaten(&self, c: usize, card: Code) -> bool {
        let (s, v) = (suit(card), strength(card));
        v != ACE
            && (self.stock[s] > v
                || self.cols.iter().enumerate().any(|(d, col)| {
                    d != c && col.last().is_some_and(|&x| suit(x) == s && strength(x) > v)
                }))
    }

    /// The key: the columns as a multiset.
    fn key(&self) -> u128 {
        self.cols
            .iter()
            .map(|col| {
                let mut lanes = Lanes::new(col.len() as u64);
                for &card in col {
                    lanes.push(u64::from(card));
                }
                lanes.finish()
            })
            .fold(0u128, u128::wrapping_add)
    }
}
