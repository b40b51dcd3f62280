//! The ghost game with spaces of an Aces Up position, searched exactly with a small budget:
//! when it cannot be won, neither can the position (the argument is in
//! `games/aces-up/SEARCH.md`).
//!
//! Its columns and deals are the real ones, and a top card may move into a space as in the
//! real game. What it relaxes: a card discarded leaves a ghost. From a position without a
//! space, the game is first the ghost game without spaces ([`super::ghost`]: a ghost beats
//! only while no card lies where it lay), played in one pass up to its first empty column;
//! from there on every ghost beats any lower card of its suit wherever it lies. A ghost then
//! never fades, so discarding never takes anything away: the search discards all it can at
//! once, and branches only on which top card fills which space, and on when to deal.
//!
//! The exhaustive search asks it of many positions of one deal, whose ghost games often meet
//! the same positions: their answers are kept from one question to the next. A win is kept
//! as it is; a loss only when its search met no position still being searched (a loop of
//! moves, which a lone card moved from space to space can make), since such a position's
//! answer was not known yet.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::board::{ACE, Code, strength, suit};
use super::ghost::{FirstSpace, ghost_first_space};
use solitaire_search::key::{Lanes, LowBits};

/// The answers kept at most (past it they are forgotten, and kept again from there): a
/// table of about 9 MB at most, small beside the search's own, and faster than a larger one
/// (on seeds 27, 45 and 98, 2^17 to 2^19 answers took 10% less time than 2^22, for as many
/// nodes, fewer of its looks missing the processor's cache).
const KEPT: usize = 1 << 17;

/// The ghost game's search, with what it keeps between questions about one deal.
#[derive(Default)]
pub(crate) struct GhostSpaces {
    cols: Vec<Vec<Code>>,
    /// The whole stock of the deal, and how much of it is dealt.
    stock: Vec<Code>,
    dealt: usize,
    /// Per suit, the highest strength of the ghosts.
    ghosts: [u8; 4],
    /// The answers of the positions met in this question.
    met: HashMap<u128, Mark, BuildHasherDefault<LowBits>>,
    /// The answers kept from earlier questions: won or lost.
    kept: HashMap<u128, bool, BuildHasherDefault<LowBits>>,
    /// The discards made on the way to the current position: column, card, and the ghost of
    /// its suit before.
    discarded: Vec<(usize, Code, u8)>,
    budget: u32,
}

/// What a question knows of a position it met.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// Still being searched.
    Open,
    /// Lost, for sure.
    Lost,
    /// No win found, but its search met an open position: lost as far as this question goes.
    LostHere,
}

/// The answer for one position.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Answer {
    Won,
    /// No win; `sure` unless the search met an open position.
    Lost {
        sure: bool,
    },
    /// The budget ran out.
    Unknown,
}

impl GhostSpaces {
    /// Whether the ghost game of `cols` (each bottom first) with `stock` (the deal's whole
    /// stock, the first `dealt` cards dealt, each deal a card a column from the first) can be
    /// won, searching at most `budget` new positions: `None` when the budget runs out first.
    /// `stock` must be the same in every question asked of one value.
    #[cfg(test)]
    pub fn win(
        &mut self,
        cols: &[Vec<Code>],
        stock: &[Code],
        dealt: usize,
        budget: u32,
    ) -> Option<bool> {
        match self.set(cols, stock, dealt) {
            Some(won) => Some(won),
            None => self.search_set(budget),
        }
    }

    /// The first part of [`GhostSpaces::win`]: play the ghost game without spaces up to its
    /// first space and set the search up there. `Some` answer when no column ever empties
    /// (the ghost game without spaces then decides); `None` when the search
    /// ([`GhostSpaces::search_set`]) must tell.
    pub fn set(&mut self, cols: &[Vec<Code>], stock: &[Code], dealt: usize) -> Option<bool> {
        if self.stock != stock {
            self.stock.clear();
            self.stock.extend_from_slice(stock);
            self.kept.clear();
        }
        if self.kept.len() > KEPT {
            self.kept.clear();
        }
        // From a position without a space, the game up to its first space is the ghost game
        // without spaces, whose ghosts beat only while uncovered; from there on (and from a
        // position with a space) every ghost beats anywhere.
        let first = if cols.iter().any(Vec::is_empty) {
            FirstSpace::TooLarge
        } else {
            ghost_first_space(cols, &stock[dealt..], &mut self.cols)
        };
        match first {
            FirstSpace::Never { stuck } => return Some(!stuck),
            FirstSpace::After {
                dealt: more,
                ghosts,
            } => {
                self.dealt = dealt + more;
                self.ghosts = ghosts;
            }
            FirstSpace::TooLarge => {
                self.cols.resize_with(cols.len(), Vec::new);
                for (mine, col) in self.cols.iter_mut().zip(cols) {
                    mine.clear();
                    mine.extend_from_slice(col);
                }
                self.dealt = dealt;
                self.ghosts = [0; 4];
            }
        }
        None
    }

    /// The rest of [`GhostSpaces::win`] once [`GhostSpaces::set`] left it to the search:
    /// searching at most `budget` new positions, whether the game can be won (`None` when the
    /// budget runs out first). Only after a `set` that answered `None`: otherwise the columns
    /// it searches are not the position's.
    pub fn search_set(&mut self, budget: u32) -> Option<bool> {
        self.met.clear();
        self.discarded.clear();
        self.budget = budget;
        match self.search() {
            Answer::Won => Some(true),
            Answer::Lost { .. } => Some(false),
            Answer::Unknown => None,
        }
    }

    /// The answer from here.
    fn search(&mut self) -> Answer {
        let mark = self.discarded.len();
        self.discard_all();
        let answer = self.search_after_discards();
        while self.discarded.len() > mark {
            if let Some((c, card, ghost)) = self.discarded.pop() {
                self.ghosts[suit(card)] = ghost;
                self.cols[c].push(card);
            }
        }
        answer
    }

    fn search_after_discards(&mut self) -> Answer {
        let stock_out = self.dealt == self.stock.len();
        let aces_only = |col: &Vec<Code>| col.iter().all(|&x| strength(x) == ACE);
        if stock_out && self.cols.iter().all(aces_only) {
            return Answer::Won;
        }
        let key = self.key(stock_out);
        if let Some(&won) = self.kept.get(&key) {
            return if won {
                Answer::Won
            } else {
                Answer::Lost { sure: true }
            };
        }
        match self.met.get(&key) {
            Some(Mark::Lost) => return Answer::Lost { sure: true },
            Some(Mark::Open | Mark::LostHere) => return Answer::Lost { sure: false },
            None => {}
        }
        if self.budget == 0 {
            return Answer::Unknown;
        }
        self.budget -= 1;
        self.met.insert(key, Mark::Open);
        let answer = self.children();
        match answer {
            Answer::Won => {
                self.kept.insert(key, true);
            }
            Answer::Lost { sure: true } => {
                self.met.insert(key, Mark::Lost);
                self.kept.insert(key, false);
            }
            Answer::Lost { sure: false } => {
                self.met.insert(key, Mark::LostHere);
            }
            Answer::Unknown => {
                self.met.remove(&key);
            }
        }
        answer
    }

    /// The best answer of the position's children: moves into spaces, then the deal.
    fn children(&mut self) -> Answer {
        let stock_out = self.dealt == self.stock.len();
        let mut answer = Answer::Lost { sure: true };
        let merge = |answer: &mut Answer, child: Answer| match (child, *answer) {
            (Answer::Won, _) => *answer = Answer::Won,
            (Answer::Unknown, _) => *answer = Answer::Unknown,
            (Answer::Lost { sure: false }, Answer::Lost { .. }) => {
                *answer = Answer::Lost { sure: false }
            }
            _ => {}
        };
        let width = self.cols.len();
        for to in 0..width {
            if !self.cols[to].is_empty() {
                continue;
            }
            for from in 0..width {
                // With the stock out the columns are alike: a lone card moved into a space
                // leaves the same columns.
                let least = if stock_out { 2 } else { 1 };
                if self.cols[from].len() < least {
                    continue;
                }
                let card = self.cols[from].pop().unwrap_or_default();
                self.cols[to].push(card);
                let child = self.search();
                self.cols[to].pop();
                self.cols[from].push(card);
                merge(&mut answer, child);
                if answer == Answer::Won {
                    return answer;
                }
            }
            if stock_out {
                // Any space serves as well as another.
                break;
            }
        }
        if !stock_out {
            let n = (self.stock.len() - self.dealt).min(width);
            for c in 0..n {
                self.cols[c].push(self.stock[self.dealt + c]);
            }
            self.dealt += n;
            let child = self.search();
            self.dealt -= n;
            for c in 0..n {
                self.cols[c].pop();
            }
            merge(&mut answer, child);
        }
        answer
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
                    let ghost = &mut self.ghosts[suit(card)];
                    self.discarded.push((c, card, *ghost));
                    *ghost = (*ghost).max(strength(card));
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
            && (self.ghosts[s] > v
                || self.cols.iter().enumerate().any(|(d, col)| {
                    d != c && col.last().is_some_and(|&x| suit(x) == s && strength(x) > v)
                }))
    }

    /// The key: how much is dealt, the ghosts, and the columns, in order while the stock
    /// lasts (the deals tell them apart), as a multiset after.
    fn key(&self, stock_out: bool) -> u128 {
        let column = |c: usize, col: &Vec<Code>| {
            let tag = if stock_out { 0 } else { c as u64 + 1 };
            let mut lanes = Lanes::new((col.len() as u64) << 8 | tag);
            for &card in col {
                lanes.push(u64::from(card));
            }
            lanes.finish()
        };
        let mut head = Lanes::new(self.dealt as u64);
        head.push(u64::from(u32::from_le_bytes(self.ghosts)));
        self.cols
            .iter()
            .enumerate()
            .map(|(c, col)| column(c, col))
            .fold(head.finish(), u128::wrapping_add)
    }
}
