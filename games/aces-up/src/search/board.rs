//! Aces Up's position in a byte per card, its moves made and unmade in place, and its key.
//!
//! The same rules as the `aces-up` plugin (`games/aces-up`): a column's top card is discarded
//! when another column's top card of its suit is higher (the Ace high); a column's top card
//! may fill a space; a deal puts the next stock cards on the columns in order, one each, while
//! the stock lasts; the game is won when the stock is out and only Aces are left. The tests
//! check the moves against the engine's on random games.

use std::sync::Arc;

use solitaire_core::{Card, Rank};

use super::ghost::ghost_dead_end;
use super::ghost_spaces::GhostSpaces;
use solitaire_search::key::{mix128, random};

/// A card: its suit times 16 plus its strength (2 for a Two up to 14 for the Ace).
pub(crate) type Code = u8;

/// The most cards of one suit [`Board::lighter_keys`] takes out.
pub(crate) const LIGHTER_DEPTH: usize = 1;

/// An Ace's strength.
pub(crate) const ACE: u8 = 14;

/// The code of `card` (the pack it came from does not matter to the rules).
pub(crate) fn code(card: Card) -> Code {
    let strength = match card.rank {
        Rank::Ace => ACE,
        r => r.value(),
    };
    ((card.suit as u8) << 4) | strength
}

pub(crate) fn suit(c: Code) -> usize {
    usize::from(c >> 4)
}

pub(crate) fn strength(c: Code) -> u8 {
    c & 15
}

/// One move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Step {
    /// Discard column `c`'s top card, which is `card`.
    Discard(u8, Code),
    /// Move a column's top card into a space: from, to.
    Shift(u8, u8),
    /// Deal this many stock cards, one to each column from the first.
    Deal(u8),
}

/// A position: the columns (bottom first), the stock (the next card first) and how much of it
/// is dealt.
#[derive(Clone)]
pub(crate) struct Board {
    cols: Vec<Vec<Code>>,
    /// Each column's hash: the XOR of [`Randoms::zobrist`] over its cards and their heights.
    hashes: Vec<u128>,
    stock: Vec<Code>,
    dealt: usize,
    /// Per suit, bit `s` is set while a card of strength `s` is in a column or the stock.
    remaining: [u16; 4],
    /// How many copies of each code are in a column or the stock.
    counts: [u8; 64],
    /// Cards other than Aces in the columns and the stock.
    left: usize,
    /// The random numbers of the keys, shared by the copies of a board.
    randoms: Arc<Randoms>,
}

/// Random numbers for (height, code), and one per column and per stock position.
struct Randoms {
    zobrist: Vec<u128>,
    salts: Vec<u128>,
}

impl Board {
    /// A board with `cols` (each bottom first) and `stock` (the next card first), nothing dealt.
    pub fn new(cols: Vec<Vec<Code>>, stock: Vec<Code>) -> Board {
        let cards = cols.iter().map(Vec::len).sum::<usize>() + stock.len();
        let zobrist = (0..(cards as u64 + 1) * 64).map(random).collect();
        let salts = (0..(cols.len() + stock.len() + 1) as u64)
            .map(|i| random(i + (1 << 40)))
            .collect();
        let mut board = Board {
            hashes: vec![0; cols.len()],
            cols: vec![Vec::new(); cols.len()],
            stock,
            dealt: 0,
            remaining: [0; 4],
            counts: [0; 64],
            left: 0,
            randoms: Arc::new(Randoms { zobrist, salts }),
        };
        for (c, col) in cols.iter().enumerate() {
            for &card in col {
                board.push(c, card);
                board.gain(card);
            }
        }
        for &card in board.stock.clone().iter() {
            board.gain(card);
        }
        board
    }

    /// Count `card` as in play.
    fn gain(&mut self, card: Code) {
        self.counts[usize::from(card)] += 1;
        self.remaining[suit(card)] |= 1 << strength(card);
        if strength(card) != ACE {
            self.left += 1;
        }
    }

    /// Count `card` as discarded.
    fn lose(&mut self, card: Code) {
        self.counts[usize::from(card)] -= 1;
        if self.counts[usize::from(card)] == 0 {
            self.remaining[suit(card)] &= !(1 << strength(card));
        }
        if strength(card) != ACE {
            self.left -= 1;
        }
    }

    fn push(&mut self, c: usize, card: Code) {
        let height = self.cols[c].len();
        self.hashes[c] ^= self.randoms.zobrist[height * 64 + usize::from(card)];
        self.cols[c].push(card);
    }

    fn pop(&mut self, c: usize) -> Code {
        let card = self.cols[c].pop().unwrap_or_default();
        let height = self.cols[c].len();
        self.hashes[c] ^= self.randoms.zobrist[height * 64 + usize::from(card)];
        card
    }

    /// The columns and the stock still to deal.
    #[cfg(test)]
    pub fn snapshot(&self) -> (Vec<Vec<Code>>, Vec<Code>) {
        (self.cols.clone(), self.stock[self.dealt..].to_vec())
    }

    /// Whether the stock is dealt out.
    pub fn stock_out(&self) -> bool {
        self.dealt == self.stock.len()
    }

    /// Won: the stock is out and only Aces are left.
    pub fn is_won(&self) -> bool {
        self.left == 0 && self.stock_out()
    }

    /// The highest top card's strength of each suit (0 for none).
    fn best_tops(&self) -> [u8; 4] {
        let mut best = [0u8; 4];
        for col in &self.cols {
            if let Some(&top) = col.last() {
                let b = &mut best[suit(top)];
                *b = (*b).max(strength(top));
            }
        }
        best
    }

    /// The deal, while the stock lasts.
    pub fn deal_step(&self) -> Option<Step> {
        (!self.stock_out()).then(|| {
            let count = (self.stock.len() - self.dealt).min(self.cols.len());
            Step::Deal(count as u8)
        })
    }

    /// Every legal move: discards, then moves into spaces (from the longest columns first:
    /// they uncover a card), then the deal.
    pub fn moves(&self, out: &mut Vec<Step>) {
        out.clear();
        let best = self.best_tops();
        for (c, col) in self.cols.iter().enumerate() {
            if let Some(&top) = col.last()
                && best[suit(top)] > strength(top)
            {
                out.push(Step::Discard(c as u8, top));
            }
        }
        if self.cols.iter().any(Vec::is_empty) {
            let shifts = out.len();
            let width = self.cols.len();
            for f in (0..width).filter(|&f| !self.cols[f].is_empty()) {
                for t in (0..width).filter(|&t| self.cols[t].is_empty()) {
                    out.push(Step::Shift(f as u8, t as u8));
                }
            }
            out[shifts..].sort_by_key(|s| match *s {
                Step::Shift(f, _) => std::cmp::Reverse(self.cols[usize::from(f)].len()),
                _ => std::cmp::Reverse(0),
            });
        }
        out.extend(self.deal_step());
    }

    /// A discard that loses nothing (see [`super::exhaustive`] for why): the discard of a
    /// card that no card left in play is lower than in its suit (with `lowest`), or with the
    /// stock out any discard (with `endgame`).
    pub fn safe_discard(&self, lowest: bool, endgame: bool) -> Option<Step> {
        let best = self.best_tops();
        let any = endgame && self.stock_out();
        self.cols.iter().enumerate().find_map(|(c, col)| {
            let &top = col.last()?;
            (best[suit(top)] > strength(top) && (any || (lowest && self.lowest_in_play(top))))
                .then_some(Step::Discard(c as u8, top))
        })
    }

    /// Whether no card of `card`'s suit lower than it is in play (in a column or the stock).
    pub fn lowest_in_play(&self, card: Code) -> bool {
        self.remaining[suit(card)] & ((1u16 << strength(card)) - 1) == 0
    }

    /// A dead end (see [`super::exhaustive`] for why it cannot be won): no column is
    /// empty, and the ghost game ([`ghost_dead_end`]) empties none and leaves a card other than an
    /// Ace.
    pub fn dead_end(&self) -> bool {
        !self.cols.iter().any(Vec::is_empty)
            && ghost_dead_end(&self.cols, &self.stock[self.dealt..])
    }

    /// Whether the ghost game with spaces (`game`, [`super::ghost_spaces`]), searched within
    /// `budget` new positions, proves the position lost (the search asks it in two parts,
    /// [`Board::ghost_spaces_set`] first).
    #[cfg(test)]
    pub fn ghost_spaces_lost(&self, game: &mut GhostSpaces, budget: u32) -> bool {
        game.win(&self.cols, &self.stock, self.dealt, budget) == Some(false)
    }

    /// The first part of [`Board::ghost_spaces_lost`] ([`GhostSpaces::set`]): `Some` answer
    /// (lost or not) when the ghost game without spaces decides already, and `None` when
    /// [`GhostSpaces::search_set`] must tell.
    pub fn ghost_spaces_set(&self, game: &mut GhostSpaces) -> Option<bool> {
        game.set(&self.cols, &self.stock, self.dealt)
            .map(|won| !won)
    }

    /// How far the position looks from a win, lower being better (for the stage beam, which
    /// compares positions with as many cards dealt): the cards left, a card lying above a
    /// lower card of its suit in its column (the lower one must wait for it to go), a card
    /// under an Ace (an Ace leaves only for a space), and the spaces, which help.
    pub fn eval(&self) -> i32 {
        let mut blocks = 0;
        for col in &self.cols {
            for (i, &c) in col.iter().enumerate().skip(1) {
                blocks += col[..i]
                    .iter()
                    .filter(|&&d| suit(d) == suit(c) && strength(d) < strength(c))
                    .count();
                if strength(c) == ACE {
                    blocks += i;
                }
            }
        }
        let spaces = self.cols.iter().filter(|c| c.is_empty()).count();
        (100 * self.left + 10 * blocks) as i32 - 30 * spaces as i32
    }

    /// Make `step` (a legal move from [`Board::moves`]).
    pub fn apply(&mut self, step: Step) {
        match step {
            Step::Discard(c, card) => {
                self.pop(usize::from(c));
                self.lose(card);
            }
            Step::Shift(f, t) => {
                let card = self.pop(usize::from(f));
                self.push(usize::from(t), card);
            }
            Step::Deal(n) => {
                for c in 0..usize::from(n) {
                    let card = self.stock[self.dealt];
                    self.dealt += 1;
                    self.push(c, card);
                }
            }
        }
    }

    /// Unmake `step`, the last move made.
    pub fn undo(&mut self, step: Step) {
        match step {
            Step::Discard(c, card) => {
                self.gain(card);
                self.push(usize::from(c), card);
            }
            Step::Shift(f, t) => {
                let card = self.pop(usize::from(t));
                self.push(usize::from(f), card);
            }
            Step::Deal(n) => {
                for c in (0..usize::from(n)).rev() {
                    self.pop(c);
                    self.dealt -= 1;
                }
            }
        }
    }

    /// The keys of the lighter positions of this one, whose key is `whole` (see
    /// [`super::exhaustive`]): this
    /// position with the lowest one to [`LIGHTER_DEPTH`] cards in play of one suit taken out,
    /// where each of them lies in a column and is not an Ace.
    pub fn lighter_keys(&self, merge: bool, whole: u128, out: &mut Vec<u128>) {
        out.clear();
        let symmetric = merge && self.stock_out();
        let part =
            |c: usize, hash: u128| mix128(hash ^ if symmetric { 0 } else { self.randoms.salts[c] });
        for (s, &strengths) in self.remaining.iter().enumerate() {
            // The cards taken out so far (column, height), and the columns they changed with
            // their hashes now.
            let mut gone = [(0, 0); LIGHTER_DEPTH];
            let mut changed = [(usize::MAX, 0u128); LIGHTER_DEPTH];
            let mut strengths = strengths;
            for k in 0..LIGHTER_DEPTH {
                let low = strengths.trailing_zeros() as u8;
                strengths &= strengths.wrapping_sub(1);
                let card = ((s as u8) << 4) | low;
                if low >= ACE || self.counts[usize::from(card)] != 1 {
                    break;
                }
                let Some((c, h)) = self
                    .cols
                    .iter()
                    .enumerate()
                    .find_map(|(c, col)| col.iter().position(|&x| x == card).map(|h| (c, h)))
                else {
                    break;
                };
                gone[k] = (c, h);
                let hash = self.column_hash_without(c, &gone[..=k]);
                match changed
                    .iter_mut()
                    .find(|(d, _)| *d == c || *d == usize::MAX)
                {
                    Some(slot) => *slot = (c, hash),
                    None => break,
                }
                let key = changed.iter().filter(|&&(d, _)| d != usize::MAX).fold(
                    whole,
                    |key, &(d, hash)| {
                        key.wrapping_sub(part(d, self.hashes[d]))
                            .wrapping_add(part(d, hash))
                    },
                );
                out.push(key);
            }
        }
    }

    /// The hash of column `c` with the cards at `gone` (column, height) taken out.
    fn column_hash_without(&self, c: usize, gone: &[(usize, usize)]) -> u128 {
        self.cols[c]
            .iter()
            .enumerate()
            .filter(|&(height, _)| !gone.contains(&(c, height)))
            .enumerate()
            .fold(0, |h, (height, (_, &x))| {
                h ^ self.randoms.zobrist[height * 64 + usize::from(x)]
            })
    }

    /// The key of the position. With `merge`, once the stock is out the columns count as a
    /// multiset (no deal tells them apart any more, and every rule treats them alike).
    pub fn key(&self, merge: bool) -> u128 {
        self.key_with(merge, self.dealt, |c| self.hashes[c])
    }

    /// The key of the position `step` leads to, without making it.
    pub fn child_key(&self, step: Step, merge: bool) -> u128 {
        let z = |height: usize, card: Code| self.randoms.zobrist[height * 64 + usize::from(card)];
        let top = |c: usize| {
            let col = &self.cols[c];
            z(col.len() - 1, col[col.len() - 1])
        };
        match step {
            Step::Discard(c, _) => {
                let c = usize::from(c);
                self.key_with(merge, self.dealt, |d| {
                    self.hashes[d] ^ if d == c { top(c) } else { 0 }
                })
            }
            Step::Shift(f, t) => {
                let (f, t) = (usize::from(f), usize::from(t));
                let card = self.cols[f][self.cols[f].len() - 1];
                self.key_with(merge, self.dealt, |d| {
                    self.hashes[d]
                        ^ match d {
                            _ if d == f => top(f),
                            _ if d == t => z(self.cols[t].len(), card),
                            _ => 0,
                        }
                })
            }
            Step::Deal(n) => {
                let n = usize::from(n);
                self.key_with(merge, self.dealt + n, |d| {
                    self.hashes[d]
                        ^ if d < n {
                            z(self.cols[d].len(), self.stock[self.dealt + d])
                        } else {
                            0
                        }
                })
            }
        }
    }

    /// The key of a position with `dealt` cards dealt and column `c`'s hash `hash(c)`.
    fn key_with(&self, merge: bool, dealt: usize, hash: impl Fn(usize) -> u128) -> u128 {
        let symmetric = merge && dealt == self.stock.len();
        let mut sum = self.randoms.salts[self.cols.len() + dealt];
        for c in 0..self.cols.len() {
            let salt = if symmetric { 0 } else { self.randoms.salts[c] };
            sum = sum.wrapping_add(mix128(hash(c) ^ salt));
        }
        sum
    }
}
