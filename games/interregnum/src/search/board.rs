//! Interregnum's position in a byte per card, its moves made and unmade in place, and its key.
//!
//! The same rules as this crate's (`rules.rs`) under `crown: automatic`: foundation `n` is
//! founded one rank above its indicator and built up by one rank regardless of suit (King then
//! Ace) until it holds twelve cards, when its indicator crowns it; a waste pile's top card may
//! go onto a foundation that wants its rank; a deal, while stock remains (under `deal:
//! when-stuck` only when no card can be played), puts the next stock cards on the waste piles
//! in order, one each. Suits never matter, so a card is only its rank here. The tests check
//! the moves against the engine's on random games under both readings of `deal`.

use std::sync::OnceLock;

use solitaire_search::key::mix;

/// A card's rank, 0 for an Ace up to 12 for a King.
pub(crate) type Rank = u8;

/// Ranks in a cycle.
pub(crate) const RANKS: u8 = 13;

/// Cards built on a foundation before its indicator crowns it.
pub(crate) const BUILT: u8 = 12;

/// One move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Step {
    /// Waste pile `w`'s top card onto foundation `f`: (w, f).
    Play(u8, u8),
    /// Deal this many stock cards, one on each waste pile from the first.
    Deal(u8),
}

/// The rank the foundation with indicator `indicator` takes as its card number `height`
/// (counting from 0): one above the indicator, then up by one, a King followed by an Ace.
pub(crate) fn wanted(indicator: Rank, height: u8) -> Rank {
    (indicator + 1 + height) % RANKS
}

/// The place (0..12) of `rank` in the building order of a foundation with indicator
/// `indicator`; 12 for the indicator's own rank, which is never built.
pub(crate) fn place(indicator: Rank, rank: Rank) -> u8 {
    (rank + 2 * RANKS - indicator - 1) % RANKS
}

/// A position: the indicators, how far each foundation is built, the waste piles (bottom
/// first), the stock (the next card first) and how much of it is dealt.
#[derive(Clone)]
pub(crate) struct Board {
    pub(crate) indicators: Vec<Rank>,
    pub(crate) heights: Vec<u8>,
    pub(crate) wastes: Vec<Vec<Rank>>,
    /// Each waste pile's hash: the XOR of the randoms of its (height, rank) pairs.
    hashes: Vec<u128>,
    pub(crate) stock: Vec<Rank>,
    pub(crate) dealt: usize,
    /// How many cards of each rank are in a waste pile or the stock.
    pub(crate) left: [u8; RANKS as usize],
    /// Whether a deal waits until no card can be played (`deal: when-stuck`).
    pub(crate) when_stuck: bool,
}

/// Random numbers for the keys.
fn randoms() -> &'static [u128] {
    static RANDOMS: OnceLock<Vec<u128>> = OnceLock::new();
    RANDOMS.get_or_init(|| {
        (0..RANDOM_COUNT)
            .map(|i| {
                let a = mix(i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x1357);
                let b = mix(a ^ 0xD1B5_4A32_D192_ED03);
                (u128::from(a) << 64) | u128::from(b)
            })
            .collect()
    })
}

/// Waste pile entries: 32 heights of 13 ranks.
const PILE_RANDOMS: usize = 32 * RANKS as usize;
/// Foundation entries, merged: 13 indicators times 13 heights.
const MERGED_FOUNDATIONS: usize = PILE_RANDOMS;
/// Foundation entries, one set per foundation (16 at most), after the merged ones.
const OWN_FOUNDATIONS: usize = MERGED_FOUNDATIONS + 169;
/// Salts per waste pile (64 at most) and per stock position (128 at most).
const SALTS: usize = OWN_FOUNDATIONS + 16 * 169;
const STOCK_SALTS: usize = SALTS + 64;
const RANDOM_COUNT: u64 = (STOCK_SALTS + 128) as u64;

/// A nonlinear mix of a 128-bit value, so that sums of mixed values make a multiset hash.
fn scramble(x: u128) -> u128 {
    let a = mix(x as u64 ^ 0xA5A5_A5A5);
    let b = mix((x >> 64) as u64 ^ a);
    (u128::from(b) << 64) | u128::from(mix(a ^ b))
}

impl Board {
    /// A board from its parts, dealing at any time; `stock` lists the next card first.
    pub fn new(
        indicators: Vec<Rank>,
        heights: Vec<u8>,
        wastes: Vec<Vec<Rank>>,
        stock: Vec<Rank>,
    ) -> Board {
        let r = randoms();
        let hashes = wastes
            .iter()
            .map(|w| {
                w.iter()
                    .enumerate()
                    .fold(0, |h, (d, &c)| h ^ r[d * RANKS as usize + usize::from(c)])
            })
            .collect();
        let mut left = [0; RANKS as usize];
        for &c in wastes.iter().flatten().chain(&stock) {
            left[usize::from(c)] += 1;
        }
        Board {
            indicators,
            heights,
            wastes,
            hashes,
            stock,
            dealt: 0,
            left,
            when_stuck: false,
        }
    }

    /// Whether every foundation is crowned.
    pub fn is_won(&self) -> bool {
        self.heights.iter().all(|&h| h == BUILT)
    }

    /// The rank foundation `f` wants next, if it is not complete.
    pub fn wants(&self, f: usize) -> Option<Rank> {
        (self.heights[f] < BUILT).then(|| wanted(self.indicators[f], self.heights[f]))
    }

    /// Whether foundations `a` and `b` play alike from here on (the same indicator rank and
    /// height: they want the same ranks in the same order).
    pub fn alike(&self, a: usize, b: usize) -> bool {
        self.indicators[a] == self.indicators[b] && self.heights[a] == self.heights[b]
    }

    /// The cards still to deal.
    pub fn stock_left(&self) -> usize {
        self.stock.len() - self.dealt
    }

    /// Every legal move: plays, then the deal (under `when-stuck` only when there is no
    /// play). With `merge`, a card goes onto one foundation of each group of alike ones; with
    /// `longest`, onto only the one with the longest run still to build of those that want it
    /// (see [`super::exhaustive`]).
    pub fn moves(&self, merge: bool, longest: bool, out: &mut Vec<Step>) {
        let before = out.len();
        for (w, pile) in self.wastes.iter().enumerate() {
            let Some(&top) = pile.last() else { continue };
            if longest {
                if let Some(f) = self.longest_wanting(top) {
                    out.push(Step::Play(w as u8, f as u8));
                }
                continue;
            }
            for f in 0..self.heights.len() {
                if self.wants(f) == Some(top) && !(merge && (0..f).any(|g| self.alike(g, f))) {
                    out.push(Step::Play(w as u8, f as u8));
                }
            }
        }
        if self.stock_left() > 0 && !(self.when_stuck && out.len() > before) {
            out.push(Step::Deal(self.stock_left().min(self.wastes.len()) as u8));
        }
    }

    /// Whether no card can be played (no foundation wants a top card).
    pub fn stuck(&self) -> bool {
        !self
            .wastes
            .iter()
            .any(|w| w.last().is_some_and(|&c| self.longest_wanting(c).is_some()))
    }

    /// Of the foundations that want `rank` now, the one with the longest run still to build
    /// (the lowest), the first of equals.
    fn longest_wanting(&self, rank: Rank) -> Option<usize> {
        (0..self.heights.len())
            .filter(|&f| self.wants(f) == Some(rank))
            .min_by_key(|&f| self.heights[f])
    }

    /// Make `step` (a legal move).
    pub fn apply(&mut self, step: Step) {
        let r = randoms();
        match step {
            Step::Play(w, f) => {
                let pile = &mut self.wastes[usize::from(w)];
                let d = pile.len() - 1;
                let c = pile.pop().unwrap_or(0);
                self.hashes[usize::from(w)] ^= r[d * RANKS as usize + usize::from(c)];
                self.left[usize::from(c)] -= 1;
                self.heights[usize::from(f)] += 1;
            }
            Step::Deal(n) => {
                for w in 0..usize::from(n) {
                    let c = self.stock[self.dealt];
                    self.dealt += 1;
                    let pile = &mut self.wastes[w];
                    self.hashes[w] ^= r[pile.len() * RANKS as usize + usize::from(c)];
                    pile.push(c);
                }
            }
        }
    }

    /// Unmake `step`, the last move made.
    pub fn undo(&mut self, step: Step) {
        let r = randoms();
        match step {
            Step::Play(w, f) => {
                let f = usize::from(f);
                self.heights[f] -= 1;
                let c = wanted(self.indicators[f], self.heights[f]);
                self.left[usize::from(c)] += 1;
                let pile = &mut self.wastes[usize::from(w)];
                self.hashes[usize::from(w)] ^= r[pile.len() * RANKS as usize + usize::from(c)];
                pile.push(c);
            }
            Step::Deal(n) => {
                for w in (0..usize::from(n)).rev() {
                    self.dealt -= 1;
                    let pile = &mut self.wastes[w];
                    let c = pile.pop().unwrap_or(0);
                    self.hashes[w] ^= r[pile.len() * RANKS as usize + usize::from(c)];
                }
            }
        }
    }

    /// The position's key. With `merge`, foundations that play alike are merged (the
    /// foundations hash as a multiset of (indicator, height)) and, once the stock is out, so
    /// are the waste piles (only a deal tells them apart).
    pub fn key(&self, merge: bool) -> u128 {
        let r = randoms();
        let mut key = r[STOCK_SALTS + self.dealt % 128];
        for (f, (&i, &h)) in self.indicators.iter().zip(&self.heights).enumerate() {
            let k = usize::from(i) * 13 + usize::from(h);
            key = key.wrapping_add(if merge {
                r[MERGED_FOUNDATIONS + k]
            } else {
                r[OWN_FOUNDATIONS + (f % 16) * 169 + k]
            });
        }
        let piles_alike = merge && self.stock_left() == 0;
        for (w, &h) in self.hashes.iter().enumerate() {
            let salt = if piles_alike { 0 } else { r[SALTS + w % 64] };
            key = key.wrapping_add(scramble(h ^ salt));
        }
        key
    }

    /// A cheap proof that the position is lost (see [`super::exhaustive`] for the argument): some
    /// rank `b` has no card left that can be played before a card of a rank that must wait
    /// for `b`.
    pub fn is_dead(&self) -> bool {
        if self.stock_left() > 0 {
            // Only waste cards can be blocked; check the ranks with no card left in stock.
            let mut in_stock = 0u16;
            for &c in &self.stock[self.dealt..] {
                in_stock |= 1 << c;
            }
            self.dead_rank(!in_stock)
        } else {
            self.dead_rank(u16::MAX)
        }
    }

    /// [`Board::is_dead`] over the ranks of `candidates`.
    fn dead_rank(&self, candidates: u16) -> bool {
        let live: u16 = (0..RANKS)
            .filter(|&c| self.left[usize::from(c)] > 0)
            .fold(0, |m, c| m | 1 << c);
        let mut waits = [0u16; RANKS as usize];
        let mut any = false;
        for b in 0..RANKS {
            if candidates & live & (1 << b) == 0 {
                continue;
            }
            // The ranks a (with a card left) every foundation still wanting a wants only
            // after b.
            let mut early = 0u16;
            for (&i, &h) in self.indicators.iter().zip(&self.heights) {
                let needs = following(i, h);
                let pb = place(i, b);
                let after = if pb >= h && pb < BUILT {
                    following(i, pb + 1)
                } else {
                    0
                };
                early |= needs & !after;
            }
            waits[usize::from(b)] = live & !early & !(1 << b);
            any |= waits[usize::from(b)] != 0;
        }
        if !any {
            return false;
        }
        // Count, per rank, the waste cards lying under a card of a rank that waits for it.
        let mut blocked = [0u8; RANKS as usize];
        for pile in &self.wastes {
            let mut above = 0u16;
            for &c in pile.iter().rev() {
                if above & waits[usize::from(c)] != 0 {
                    blocked[usize::from(c)] += 1;
                }
                above |= 1 << c;
            }
        }
        (0..RANKS).any(|b| {
            waits[usize::from(b)] != 0 && blocked[usize::from(b)] == self.left[usize::from(b)]
        })
    }

    /// A play that loses nothing, if there is one (see [`super::exhaustive`]): a top card of rank
    /// k when every foundation still wanting a k wants it now, onto the one of those with the
    /// longest run still to build.
    pub fn safe_play(&self) -> Option<Step> {
        for (w, pile) in self.wastes.iter().enumerate() {
            let Some(&top) = pile.last() else { continue };
            let later = self.indicators.iter().zip(&self.heights).any(|(&i, &h)| {
                h < BUILT && wanted(i, h) != top && following(i, h) & (1 << top) != 0
            });
            if later {
                continue;
            }
            if let Some(f) = self.longest_wanting(top) {
                return Some(Step::Play(w as u8, f as u8));
            }
        }
        None
    }
}

/// The ranks a foundation with indicator `indicator` still wants from its card number `from`
/// on (empty from 12).
pub(crate) fn following(indicator: Rank, from: u8) -> u16 {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = vec![0u16; 13 * 14];
        for i in 0..RANKS {
            for from in 0..=BUILT {
                t[usize::from(i) * 14 + usize::from(from)] =
                    (from..BUILT).fold(0, |m, p| m | 1 << wanted(i, p));
            }
        }
        t
    });
    table[usize::from(indicator) * 14 + usize::from(from.min(BUILT))]
}

impl Board {
    /// How good the position looks now, lower is better: minus the cards built (weighing
    /// most), plus, per waste pile, each pair of cards whose lower card is wanted
    /// sooner than the one above it (the upper one will have to wait, or block).
    pub fn eval(&self) -> i32 {
        let built: i32 = self.heights.iter().map(|&h| i32::from(h)).sum();
        // How many cards each foundation still wanting a rank must get before it.
        let mut soon = [u8::MAX; RANKS as usize];
        for (&i, &h) in self.indicators.iter().zip(&self.heights) {
            for p in h..BUILT {
                let r = usize::from(wanted(i, p));
                soon[r] = soon[r].min(p - h);
            }
        }
        let mut inversions = 0i32;
        for pile in &self.wastes {
            for (d, &low) in pile.iter().enumerate() {
                for &high in &pile[d + 1..] {
                    if soon[usize::from(low)] < soon[usize::from(high)] {
                        inversions += 1;
                    }
                }
            }
        }
        inversions - 16 * built
    }
}

impl Board {
    /// How many cards a greedy play-out from here builds in all (a top card that some
    /// foundation wants goes onto the one with the longest run; when none, a deal): a
    /// look-ahead for the stage beam. The board is left as it was.
    pub fn playout(&mut self) -> i32 {
        let mut steps = Vec::new();
        loop {
            let play = self.wastes.iter().enumerate().find_map(|(w, pile)| {
                let f = self.longest_wanting(*pile.last()?)?;
                Some(Step::Play(w as u8, f as u8))
            });
            let step = match play {
                Some(step) => step,
                None if self.stock_left() > 0 => {
                    Step::Deal(self.stock_left().min(self.wastes.len()) as u8)
                }
                None => break,
            };
            self.apply(step);
            steps.push(step);
        }
        let built = self.heights.iter().map(|&h| i32::from(h)).sum();
        for &step in steps.iter().rev() {
            self.undo(step);
        }
        built
    }
}
