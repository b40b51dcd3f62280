//! A relaxation of Sixes and Sevens in which only the reserve and the stock constrain: a
//! necessary condition for a win that holds at every position, the stock's included.
//!
//! A card not built, not in the reserve or its waste and not in the stock is free once it is
//! released (a stock card after as many frame builds as gaps it needs; an inner card covered now
//! once a card now beside it is built); the reserve is turned in its fixed order, once the whole
//! stock is released, onto a waste whose top alone builds. Every real win is a relaxed win, so a
//! lost relaxed game proves the position lost. The relaxed game is searched exhaustively with
//! two reductions of its own and a table of relaxed positions proved lost, within [`CAP`]
//! nodes (then nothing is claimed). The relaxed game and the argument for it and for its
//! reductions are in `games/sixes-and-sevens/SEARCH.md`.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use super::board::{Board, Card, EMPTY, Key, before, rank, suit};
use solitaire_search::key::LowBits;

type Keys = HashSet<u128, BuildHasherDefault<LowBits>>;

/// The most relaxed nodes one question may take before giving up.
const CAP: u64 = 20_000;

/// A suit's ranks in building order: the Aces' chain up, then the Kings' chain down.
const CHAINS: [u8; 13] = [0, 1, 2, 3, 4, 5, 12, 11, 10, 9, 8, 7, 6];

/// The most relaxed positions remembered (then the tables start afresh).
const REMEMBERED: usize = 4_000_000;

/// A relaxed position: what is built, how much of the stock is released (dealt cards
/// included) and of the reserve turned, the waste, and how many of each card are free, in
/// the reserve or in the waste. These determine the relaxed game (the stock and reserve are
/// the deal's), so they key it.
#[derive(Clone)]
struct State {
    built: [[u8; 13]; 4],
    released: usize,
    turned: usize,
    waste: Vec<Card>,
    free: [u8; 52],
    in_reserve: [u8; 52],
    in_waste: [u8; 52],
    /// The inner cards covered at the question, not free yet.
    locks: Vec<Lock>,
}

/// An inner card covered at the question: free once some card of `by` is built as many
/// times as it says (one more than at the question: its cell, beside the inner one, empties).
#[derive(Clone, Copy)]
struct Lock {
    card: Card,
    /// An inner cell has one or two outer cells beside it: the second may be `(EMPTY, 0)`.
    by: [(Card, u8); 2],
}

/// How a relaxed search ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum End {
    Won,
    Lost,
    GaveUp,
}

/// The relaxed search, with what it learnt across questions.
#[derive(Default)]
pub(crate) struct Relaxed {
    lost: Keys,
    won: Keys,
    nodes: u64,
}

impl State {
    fn of(board: &Board) -> State {
        let mut free = [0u8; 52];
        let mut in_reserve = [0u8; 52];
        for &c in &board.reserve[board.turned..] {
            in_reserve[usize::from(c)] += 1;
        }
        let mut in_waste = [0u8; 52];
        for &c in &board.waste {
            in_waste[usize::from(c)] += 1;
        }
        let gaps = board.cells.iter().filter(|&&c| c == EMPTY).count();
        let released = board.dealt + gaps.min(board.stock_left());
        let mut held = [0u8; 52];
        for &c in &board.stock[released..] {
            held[usize::from(c)] += 1;
        }
        let mut locks = Vec::new();
        for (i, &card) in board.cells.iter().enumerate() {
            // (An inner cell with more outer cells beside it than a lock holds is left free:
            // freeing it too early only weakens the relaxation.)
            if card != EMPTY && board.inner[i] && !board.available(i) && board.beside[i].len() <= 2
            {
                held[usize::from(card)] += 1;
                let mut by = [(EMPTY, 0); 2];
                for (slot, &o) in by.iter_mut().zip(&board.beside[i]) {
                    let d = board.cells[usize::from(o)];
                    *slot = (d, board.built[suit(d)][rank(d)] + 1);
                }
                locks.push(Lock { card, by });
            }
        }
        for (c, f) in free.iter_mut().enumerate() {
            let away = board.built[c / 13][c % 13] + in_reserve[c] + in_waste[c] + held[c];
            *f = 2u8.saturating_sub(away);
        }
        State {
            built: board.built,
            released,
            turned: board.turned,
            waste: board.waste.clone(),
            free,
            in_reserve,
            in_waste,
            locks,
        }
    }

    /// Build the free `card`, releasing the next stock card if any.
    fn build_free(&mut self, card: Card, stock: &[Card]) {
        self.free[usize::from(card)] -= 1;
        self.build(card);
        if let Some(&next) = stock.get(self.released) {
            self.free[usize::from(next)] += 1;
            self.released += 1;
        }
    }

    /// Build the waste's top card.
    fn build_top(&mut self) {
        if let Some(top) = self.waste.pop() {
            self.in_waste[usize::from(top)] -= 1;
            self.build(top);
        }
    }

    fn fits(&self, card: Card) -> bool {
        let row = &self.built[suit(card)];
        let n = row[rank(card)];
        match before(rank(card)) {
            None => n < 2,
            Some(b) => n < row[b],
        }
    }

    fn build(&mut self, card: Card) {
        self.built[suit(card)][rank(card)] += 1;
    }

    fn is_won(&self) -> bool {
        self.built.iter().flatten().all(|&n| n == 2)
    }

    /// Build every card the reductions play at once.
    fn settle(&mut self, stock: &[Card]) {
        loop {
            let before = self.locks.len();
            let (built, free) = (&self.built, &mut self.free);
            self.locks.retain(|lock| {
                let open = lock
                    .by
                    .iter()
                    .any(|&(d, n)| d != EMPTY && built[suit(d)][rank(d)] >= n);
                if open {
                    free[usize::from(lock.card)] += 1;
                }
                !open
            });
            let mut progress = self.locks.len() < before;
            // Each suit's chains from their bases, so that one pass builds a chain's run.
            for c in (0..4u8).flat_map(|s| CHAINS.iter().map(move |&r| s * 13 + r)) {
                let i = usize::from(c);
                while self.free[i] > 0
                    && self.in_reserve[i] == 0
                    && self.in_waste[i] == 0
                    && self.fits(c)
                {
                    self.build_free(c, stock);
                    progress = true;
                }
            }
            while let Some(&top) = self.waste.last()
                && self.in_reserve[usize::from(top)] == 0
                && self.fits(top)
            {
                self.build_top();
                progress = true;
            }
            if !progress {
                return;
            }
        }
    }

    fn key(&self) -> u128 {
        let mut key = Key::new();
        for lock in &self.locks {
            let by = lock.by.iter();
            key.mix(by.fold(u64::from(lock.card), |w, &(d, n)| {
                (w << 10) | (u64::from(d) << 2) | u64::from(n)
            }));
        }
        key.counts_and_waste(&self.built, (self.released, self.turned), &self.waste)
    }
}

impl Relaxed {
    /// Whether the relaxed game of `board` is proved lost (so `board` is lost).
    pub fn proves_lost(&mut self, board: &Board) -> bool {
        if self.lost.len() + self.won.len() > REMEMBERED {
            self.lost.clear();
            self.won.clear();
        }
        self.nodes = 0;
        let mut state = State::of(board);
        // `released` counts from the stock's first card, so that the tables, which outlive one
        // question, key the same relaxed position the same way whatever was dealt.
        let stock = &board.stock;
        state.settle(stock);
        self.search(stock, &board.reserve, state) == End::Lost
    }

    fn search(&mut self, stock: &[Card], reserve: &[Card], state: State) -> End {
        if state.is_won() {
            return End::Won;
        }
        let key = state.key();
        if self.lost.contains(&key) {
            return End::Lost;
        }
        if self.won.contains(&key) {
            return End::Won;
        }
        self.nodes += 1;
        if self.nodes > CAP {
            return End::GaveUp;
        }
        let mut gave_up = false;
        let mut children = Vec::new();
        if let Some(&top) = state.waste.last()
            && state.fits(top)
        {
            let mut next = state.clone();
            next.build_top();
            children.push(next);
        }
        for c in 0..52u8 {
            if state.free[usize::from(c)] > 0 && state.fits(c) {
                let mut next = state.clone();
                next.build_free(c, stock);
                children.push(next);
            }
        }
        if state.released == stock.len()
            && let Some(&card) = reserve.get(state.turned)
        {
            let mut next = state.clone();
            next.turned += 1;
            next.in_reserve[usize::from(card)] -= 1;
            next.in_waste[usize::from(card)] += 1;
            next.waste.push(card);
            children.push(next);
        }
        for mut next in children {
            next.settle(stock);
            match self.search(stock, reserve, next) {
                End::Won => {
                    self.won.insert(key);
                    return End::Won;
                }
                End::GaveUp => gave_up = true,
                End::Lost => {}
            }
            if self.nodes > CAP {
                return End::GaveUp;
            }
        }
        if gave_up {
            End::GaveUp
        } else {
            self.lost.insert(key);
            End::Lost
        }
    }
}
