//! A compact Spider position for the fast search: every tableau card in one byte array,
//! column after column, and what the engine's position says in a few counters.
//!
//! A card is one byte, `suit << 4 | rank` (rank 1 to 13): the two packs' copies of a card
//! are the same byte, which merges positions that differ only by which copy lies where. Card
//! `x` packs on card `y` in suit exactly when `x + 1 == y`.

use solitaire_core::{Card, Position};

/// Tableau cards at most.
pub(crate) const CAP: usize = 128;
/// Columns at most.
pub(crate) const COLS: usize = 16;

/// The byte of `card`.
pub(crate) fn code(card: Card) -> u8 {
    (card.suit as u8) << 4 | card.rank.value()
}

/// The rank (1 to 13) of a card byte.
#[inline]
pub(crate) fn rank(c: u8) -> u8 {
    c & 15
}

/// What does not change during a search: the columns, the stock's order, the rules' options.
pub(crate) struct Table {
    /// Number of columns.
    pub cols: usize,
    /// The top rank: a complete suit has this many cards.
    pub top: u8,
    /// The stock in dealing order (the first card dealt first).
    pub stock: Vec<u8>,
    /// A deal is allowed onto empty columns.
    pub relaxed: bool,
    /// A deal is allowed when every column is empty.
    pub on_clear: bool,
}

/// A position: the columns' cards and face-down counts, the cards dealt, the suits removed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct State {
    pub cards: [u8; CAP],
    pub len: [u8; COLS],
    pub down: [u8; COLS],
    /// Stock cards dealt so far.
    pub dealt: u8,
    /// Complete suits removed.
    pub removed: u8,
}

impl State {
    /// The state of the engine position `pos`, whose columns are the piles `columns`.
    pub fn from_position(pos: &Position, columns: &[usize], removed: u8, dealt: u8) -> State {
        let mut s = State {
            cards: [0; CAP],
            len: [0; COLS],
            down: [0; COLS],
            dealt,
            removed,
        };
        let mut at = 0;
        for (i, &c) in columns.iter().enumerate() {
            let pile = pos.pile(c);
            for &card in pile.cards() {
                s.cards[at] = code(card);
                at += 1;
            }
            s.len[i] = pile.len() as u8;
            s.down[i] = pile.face_down() as u8;
        }
        s
    }

    /// Where each column starts in `cards`.
    #[inline]
    pub fn starts(&self, t: &Table) -> [u8; COLS + 1] {
        let mut starts = [0u8; COLS + 1];
        for i in 0..t.cols {
            starts[i + 1] = starts[i] + self.len[i];
        }
        starts
    }

    /// The cards of column `i`, bottom first.
    #[inline]
    pub fn col<'a>(&'a self, starts: &[u8; COLS + 1], i: usize) -> &'a [u8] {
        &self.cards[usize::from(starts[i])..usize::from(starts[i + 1])]
    }

    /// Length of the face-up run in suit at the top of column `i`.
    #[inline]
    pub fn run(&self, starts: &[u8; COLS + 1], i: usize) -> usize {
        let col = self.col(starts, i);
        let up = col.len() - usize::from(self.down[i]);
        let mut n = usize::from(up > 0);
        while n < up && col[col.len() - n] + 1 == col[col.len() - n - 1] {
            n += 1;
        }
        n
    }

    /// Cards on the tableau.
    pub fn total(&self, t: &Table) -> usize {
        self.len[..t.cols].iter().map(|&l| usize::from(l)).sum()
    }

    /// Whether the stock is empty.
    #[inline]
    pub fn stock_empty(&self, t: &Table) -> bool {
        usize::from(self.dealt) >= t.stock.len()
    }

    /// Whether every card is on the foundations.
    pub fn is_won(&self, t: &Table) -> bool {
        self.stock_empty(t) && self.len[..t.cols].iter().all(|&l| l == 0)
    }

    /// Whether a deal is allowed.
    pub fn can_deal(&self, t: &Table) -> bool {
        if self.stock_empty(t) {
            return false;
        }
        let lens = &self.len[..t.cols];
        t.relaxed || lens.iter().all(|&l| l > 0) || (t.on_clear && lens.iter().all(|&l| l == 0))
    }

    /// Move the top `k` cards of column `a` onto column `b`, then turn up `a`'s top and
    /// remove a suit completed on `b`. Returns whether a suit was removed.
    pub fn transfer(&mut self, t: &Table, a: usize, b: usize, k: usize) -> bool {
        let starts = self.starts(t);
        let end_a = usize::from(starts[a + 1]);
        let end_b = usize::from(starts[b + 1]);
        if a < b {
            self.cards[end_a - k..end_b].rotate_left(k);
        } else {
            self.cards[end_b..end_a].rotate_right(k);
        }
        self.len[a] -= k as u8;
        self.len[b] += k as u8;
        self.reveal(a);
        self.settle(t, b)
    }

    /// Deal one card onto each column while the stock lasts, then settle every column.
    /// Returns the columns where a suit was removed (a bit each).
    pub fn deal(&mut self, t: &Table) -> u32 {
        let total = self.total(t);
        let mut cards = [0u8; CAP];
        let (mut from, mut to) = (0usize, 0usize);
        for i in 0..t.cols {
            let l = usize::from(self.len[i]);
            cards[to..to + l].copy_from_slice(&self.cards[from..from + l]);
            from += l;
            to += l;
            if let Some(&card) = t.stock.get(usize::from(self.dealt)) {
                cards[to] = card;
                to += 1;
                self.len[i] += 1;
                self.dealt += 1;
            }
        }
        debug_assert!(to <= CAP && from == total);
        self.cards = cards;
        let mut removed = 0;
        for i in 0..t.cols {
            if self.settle(t, i) {
                removed |= 1 << i;
            }
        }
        removed
    }

    /// Turn up column `i`'s top card if it is face down.
    #[inline]
    fn reveal(&mut self, i: usize) {
        if self.down[i] > 0 && self.down[i] == self.len[i] {
            self.down[i] -= 1;
        }
    }

    /// Remove a complete suit from the top of column `i` (then turn up its top).
    fn settle(&mut self, t: &Table, i: usize) -> bool {
        let r = usize::from(t.top);
        let starts = self.starts(t);
        let col = self.col(&starts, i);
        let up = col.len() - usize::from(self.down[i]);
        if up < r || rank(col[col.len() - 1]) != 1 || self.run(&starts, i) < r {
            return false;
        }
        let end = usize::from(starts[i + 1]);
        let total = usize::from(starts[t.cols]);
        self.cards.copy_within(end..total, end - r);
        self.len[i] -= r as u8;
        self.removed += 1;
        self.reveal(i);
        true
    }
}
