//! The endgame without piles: a relaxed game on the needs alone, searched exactly when few
//! stock cards are left, which proves positions lost.
//!
//! When no pile can become empty for the rest of the game ([`super::bound`] shows when), every
//! real line is a line of the relaxed game: the same stock and waste, the needs instead of the
//! piles, the waste's top built on any need of its rank. Its positions are remembered in a table
//! shared by the whole search; a search that reaches its size limit answers "may win". Why a
//! lost relaxed game proves the position lost is argued in `games/german-patience/SEARCH.md`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::board::{Board, Rank};
use solitaire_search::key::random;

/// Per rank (index 0 unused), how many tokens.
pub(crate) type Counts = [i16; 14];

/// Relaxed positions searched at most per call.
const BUDGET: u32 = 20_000;
/// Relaxed verdicts remembered at most (the table is emptied when full).
const TABLE: usize = 4_000_000;

/// The relaxed verdicts found so far, by position; the copies of a board share them (a
/// verdict holds whichever copy meets the position).
#[derive(Clone, Debug, Default)]
pub(crate) struct Table(Rc<RefCell<HashMap<u128, bool>>>);

/// Whether the relaxed game from `tokens`, `board`'s waste and stock can build every card.
pub(crate) fn relaxed_win(board: &Board, tokens: &Counts) -> bool {
    let mut tokens = *tokens;
    let mut waste = board.waste.clone();
    let mut budget = BUDGET;
    search(board, &mut tokens, &mut waste, board.dealt, &mut budget)
}

fn key(tokens: &Counts, waste: &[Rank], dealt: usize) -> u128 {
    let mut k = random(dealt as u64);
    for (i, &r) in waste.iter().enumerate() {
        k = k.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835)
            ^ random(1000 + (i as u64) * 16 + u64::from(r));
    }
    for (r, &n) in tokens.iter().enumerate() {
        k = k.wrapping_add(random(1 << 30 | (r as u64) << 8 | n as u64));
    }
    k
}

fn search(
    board: &Board,
    tokens: &mut Counts,
    waste: &mut Vec<Rank>,
    dealt: usize,
    budget: &mut u32,
) -> bool {
    let stock = &board.stock;
    let Some(&top) = waste.last() else {
        if dealt == stock.len() {
            return true;
        }
        waste.push(stock[dealt]);
        let won = search(board, tokens, waste, dealt + 1, budget);
        waste.pop();
        return won;
    };
    let k = key(tokens, waste, dealt);
    if let Some(&won) = board.endgames.0.borrow().get(&k) {
        return won;
    }
    if *budget == 0 {
        return true;
    }
    *budget -= 1;
    let mut won = false;
    let (a, b) = (usize::from(top), usize::from(board.next(top)));
    if tokens[a] > 0 {
        tokens[a] -= 1;
        tokens[b] += 1;
        waste.pop();
        won = search(board, tokens, waste, dealt, budget);
        waste.push(top);
        tokens[a] += 1;
        tokens[b] -= 1;
    }
    if !won && dealt < stock.len() {
        waste.push(stock[dealt]);
        won = search(board, tokens, waste, dealt + 1, budget);
        waste.pop();
    }
    let mut table = board.endgames.0.borrow_mut();
    if table.len() >= TABLE {
        table.clear();
    }
    table.insert(k, won);
    won
}
