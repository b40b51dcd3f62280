//! A relaxed game on the needs, the bottom cards and the number of empty piles, searched
//! exactly, which proves positions lost even while piles can still be emptied.
//!
//! Every line of the rules from a position is a line of the relaxed game on its tokens (the
//! piles' needs), its bases (the bottom cards of the piles neither empty nor complete) and its
//! empty piles, with the same stock and waste; so a position whose relaxed game cannot build
//! every card is lost. No card is turned right after an emptying (the two commute). Relaxed
//! positions are searched depth first, their verdicts remembered in a table shared by the whole
//! search; a search stops after [`BUDGET`] positions and then answers "may win". The relaxed
//! game and the argument for it are in `games/german-patience/SEARCH.md`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::rc::Rc;

use super::board::{Board, Rank, waste_card_hash};
use solitaire_search::key::LowBits;
use solitaire_search::key::random;

/// Relaxed positions searched at most per call.
const BUDGET: u32 = 100;
/// Relaxed verdicts remembered at most (the table is emptied when full).
const TABLE: usize = 4_000_000;

const TOKEN_SALT: u64 = 5 << 40;
const EMPTY_SALT: u64 = 6 << 40;
const DEALT_SALT: u64 = 7 << 40;

/// The relaxed verdicts found so far, by relaxed position; the copies of a board share them
/// (a verdict holds whichever copy meets the position).
#[derive(Clone, Debug, Default)]
pub(crate) struct Table(Rc<RefCell<HashMap<u128, bool, BuildHasherDefault<LowBits>>>>);

/// Whether the relaxed game of the module's comment from `board` may build every card
/// (always during the opening, where emptied piles are refilled from the stock).
pub(crate) fn may_win(board: &Board) -> bool {
    if board.opening {
        return true;
    }
    let (mut tokens, mut bases) = ([0u8; 16], [0u8; 16]);
    let mut empties = 0;
    for &p in &board.piles {
        if p.len == 0 {
            empties += 1;
        } else if !board.complete(p) {
            tokens[usize::from(board.need(p))] += 1;
            bases[usize::from(p.base)] += 1;
        }
    }
    let mut game = Relaxed {
        board,
        tokens,
        bases,
        empties,
        waste: board.waste.clone(),
        waste_hash: board.waste_hash,
        dealt: board.dealt,
        emptied: false,
        budget: BUDGET,
    };
    game.search() != Some(false)
}

/// A relaxed position and what is left of the call's budget.
struct Relaxed<'a> {
    board: &'a Board,
    /// Per rank (index 0 unused), how many tokens.
    tokens: [u8; 16],
    /// Per rank, how many piles have a bottom card of that rank.
    bases: [u8; 16],
    empties: u8,
    waste: Vec<Rank>,
    /// XOR of [`waste_card_hash`] over the waste's cards (as [`Board::waste_hash`]).
    waste_hash: u128,
    dealt: usize,
    /// Whether the last move emptied a pile (then no stock card is turned next).
    emptied: bool,
    budget: u32,
}

impl Relaxed<'_> {
    fn key(&self) -> u128 {
        let mut k = random(DEALT_SALT + self.dealt as u64)
            ^ random(EMPTY_SALT + u64::from(self.empties) * 2 + u64::from(self.emptied))
            ^ self.waste_hash;
        for r in 1..=usize::from(self.board.ranks) {
            let (t, b) = (u64::from(self.tokens[r]), u64::from(self.bases[r]));
            k = k.wrapping_add(random(TOKEN_SALT + (r as u64) * 4096 + t * 64 + b));
        }
        k
    }

    /// The relaxed verdict: `Some(true)` when every card can be built, `Some(false)` when not,
    /// `None` when the budget ran out first.
    fn search(&mut self) -> Option<bool> {
        let stock = &self.board.stock;
        let Some(&top) = self.waste.last() else {
            if self.dealt == stock.len() {
                return Some(true);
            }
            return self.deal();
        };
        let k = self.key();
        if let Some(&won) = self.board.relaxed.0.borrow().get(&k) {
            return Some(won);
        }
        if self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        let verdict = self.children(top);
        let mut table = self.board.relaxed.0.borrow_mut();
        if table.len() >= TABLE {
            table.clear();
        }
        // A position left open is remembered as "may win".
        table.insert(k, verdict != Some(false));
        verdict
    }

    /// The verdict over the moves from here (`top` the waste's top): won if one wins, lost if
    /// all lose.
    fn children(&mut self, top: Rank) -> Option<bool> {
        let emptied = std::mem::replace(&mut self.emptied, false);
        let v = self.moves(top, emptied);
        self.emptied = emptied;
        v
    }

    /// [`Relaxed::children`] with `emptied` (the last move emptied a pile) taken out of the
    /// position, so that the moves below start afresh.
    fn moves(&mut self, top: Rank, emptied: bool) -> Option<bool> {
        let mut open = false;
        let mut note = |v: Option<bool>| -> bool {
            match v {
                Some(true) => true,
                Some(false) => false,
                None => {
                    open = true;
                    false
                }
            }
        };
        let (s, up) = (usize::from(top), usize::from(self.board.next(top)));
        // The waste's top on a token of its rank.
        if self.tokens[s] > 0 {
            self.pop_waste();
            self.tokens[s] -= 1;
            self.tokens[up] += 1;
            let v = self.search();
            self.tokens[up] -= 1;
            self.tokens[s] += 1;
            self.push_waste(top);
            if note(v) {
                return Some(true);
            }
        }
        // The waste's top into an empty pile.
        if self.empties > 0 {
            self.pop_waste();
            self.empties -= 1;
            self.tokens[up] += 1;
            self.bases[s] += 1;
            let v = self.search();
            self.bases[s] -= 1;
            self.tokens[up] -= 1;
            self.empties += 1;
            self.push_waste(top);
            if note(v) {
                return Some(true);
            }
        }
        // A pile emptied: a token at b and a base at b go while a token at b + 1 stays.
        for b in 1..=self.board.ranks {
            let (b, c) = (usize::from(b), usize::from(self.board.next(b)));
            if self.tokens[b] == 0 || self.tokens[c] == 0 || self.bases[b] == 0 {
                continue;
            }
            self.tokens[b] -= 1;
            self.bases[b] -= 1;
            self.empties += 1;
            let emptied = std::mem::replace(&mut self.emptied, true);
            let v = self.search();
            self.emptied = emptied;
            self.empties -= 1;
            self.bases[b] += 1;
            self.tokens[b] += 1;
            if note(v) {
                return Some(true);
            }
        }
        if !emptied && self.dealt < self.board.stock.len() && note(self.deal()) {
            return Some(true);
        }
        if open { None } else { Some(false) }
    }

    /// The verdict after turning the next stock card.
    fn deal(&mut self) -> Option<bool> {
        self.push_waste(self.board.stock[self.dealt]);
        self.dealt += 1;
        let v = self.search();
        self.dealt -= 1;
        self.pop_waste();
        v
    }

    fn push_waste(&mut self, card: Rank) {
        self.waste_hash ^= waste_card_hash(self.waste.len(), card);
        self.waste.push(card);
    }

    fn pop_waste(&mut self) {
        if let Some(card) = self.waste.pop() {
            self.waste_hash ^= waste_card_hash(self.waste.len(), card);
        }
    }
}
