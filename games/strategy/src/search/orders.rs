//! The search behind Strategy's exact solver: over build orders, not over placements.
//!
//! **The reformulation.** Number the non-Ace cards by the time they are turned, 1 to n (the
//! Aces are founded as they come and burden no pile; under the reading `by-hand` a player may
//! put an Ace on a pile instead, which never helps: taking that Ace out of the pile and
//! founding it at once keeps every other card's order and only removes a card that had to be
//! built before the ones below it). Once the stock is placed, the piles are built in some
//! order π: each suit from the Two up (a linear extension of the four suit chains). A card
//! can be built only when it is on top of its pile, so a pile works with π exactly when its
//! cards, read bottom to top (the order they were turned), come ever earlier in π. Hence
//! the deal is won iff, for some order π, the turned cards can be split into at most P
//! (the number of piles) sequences, each falling in π. By the dual of Dilworth's theorem
//! (patience sorting), a sequence splits into at most P falling sequences iff its longest
//! rising subsequence is at most P long. So: **won iff some build order π makes the longest
//! chain of cards rising both in turning time and in π at most P long.**
//!
//! The search builds π card by card (four choices at most: which suit goes next) and keeps
//! the patience-sorting "tails" of the cards built so far: `tails[k]` is the earliest turning
//! time at which a chain of k + 1 cards rising in both orders can end. A card turned at time
//! t extends every chain whose tail is before t: it lands at index `#{k : tails[k] < t}`, and
//! the order fails when that index is P. At the end (every card built without failing) the
//! order is a win; the piles follow by patience sorting ([`super`]).
//!
//! **Transposition table.** A state is the number of cards built per suit and the tails; what
//! comes next depends on nothing else, so a state that failed once fails again.
//!
//! **Dominance** (a reduction, checked by the tests against the search without it). With
//! the same cards built, tails T dominate tails U when every chain length ends no earlier
//! under T: `T[k] >= U[k]` for every k, a missing entry counting as "never" (later than
//! all). Then whatever U survives, T survives: building the same next card at time t, T's
//! index `i_T = #{T[k] < t}` is at most U's, so T fails only if U does; T' sets
//! `T[i_T] = t`, U' sets `U[i_U] = t`, and T' still dominates U' (at `i_T`, `U'[i_T]` is `U`'s
//! entry below t, or t itself when `i_T = i_U`; elsewhere T' keeps T's entries and U' only
//! lowers one). So when a state failed, every state it dominates (same cards built) fails
//! too, and the search skips it.

use std::collections::{HashMap, HashSet};

use solitaire_search::Meter;

/// At most this many piles (the key packs each tail into 7 bits, the built counts into 4).
pub(crate) const MAX_PILES: usize = 12;

/// The tails of one state, earliest first; 0 stands for "no chain this long".
type Tails = [u8; MAX_PILES];

/// One Strategy deal as the search sees it.
#[derive(Clone, Debug)]
pub(crate) struct Order {
    /// Per suit, the turning times (1 up) of its cards from the Two up to the King.
    pub suits: Vec<Vec<u8>>,
    /// The number of piles.
    pub piles: usize,
}

/// What the search may use beyond the rules: the tests turn them off to check them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reductions {
    /// Remember failed states (exact repeats).
    pub table: bool,
    /// Skip a state dominated by a failed one with the same cards built.
    pub dominance: bool,
}

impl Reductions {
    pub const ALL: Reductions = Reductions {
        table: true,
        dominance: true,
    };
    #[cfg(test)]
    pub const NONE: Reductions = Reductions {
        table: false,
        dominance: false,
    };
}

/// The answer of the search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Verdict {
    /// A winning build order: the suit of each card built, in order.
    Won(Vec<u8>),
    /// No build order wins: the deal is lost.
    Lost,
    /// A budget ran out.
    Unknown,
}

struct Search<'a> {
    order: &'a Order,
    reductions: Reductions,
    failed: HashSet<u128>,
    /// Per built counts, the tails of the failed states (for dominance).
    failed_tails: HashMap<u32, Vec<Tails>>,
    /// Failed states remembered (the memory budget counts them).
    remembered: usize,
    built: Vec<u8>,
    path: Vec<u8>,
    meter: &'a mut Meter,
}

/// Search `order` for a winning build order within `meter`'s budget.
pub(crate) fn search(order: &Order, reductions: Reductions, meter: &mut Meter) -> Verdict {
    if order.suits.len() > 4
        || order.piles > MAX_PILES
        || order
            .suits
            .iter()
            .any(|s| s.len() > 15 || s.iter().any(|&t| t > 127))
    {
        return Verdict::Unknown;
    }
    let mut s = Search {
        order,
        reductions,
        failed: HashSet::new(),
        failed_tails: HashMap::new(),
        remembered: 0,
        built: vec![0; order.suits.len()],
        path: Vec::new(),
        meter,
    };
    match s.dfs([0; MAX_PILES]) {
        Some(true) => Verdict::Won(s.path),
        Some(false) => Verdict::Lost,
        None => Verdict::Unknown,
    }
}

/// Whether tails `t` dominate tails `u` (every entry at least as late, 0 the latest).
fn dominates(t: &Tails, u: &Tails) -> bool {
    t.iter().zip(u).all(|(&a, &b)| a == 0 || (b != 0 && a >= b))
}

impl Search<'_> {
    fn built_key(&self) -> u32 {
        self.built.iter().fold(0, |k, &b| (k << 4) | u32::from(b))
    }

    fn key(&self, tails: &Tails) -> u128 {
        let k = tails.iter().fold(0u128, |k, &t| (k << 7) | u128::from(t));
        (k << 16) | u128::from(self.built_key())
    }

    /// `Some(true)` when the rest of the order is found (in `path`), `Some(false)` when this
    /// state fails, `None` when the budget ran out.
    fn dfs(&mut self, tails: Tails) -> Option<bool> {
        let suits = &self.order.suits;
        if self
            .built
            .iter()
            .zip(suits)
            .all(|(&b, s)| usize::from(b) == s.len())
        {
            return Some(true);
        }
        if self.meter.exhausted() {
            return None;
        }
        let key = self.key(&tails);
        if self.reductions.table && self.failed.contains(&key) {
            return Some(false);
        }
        let bkey = self.built_key();
        if self.reductions.dominance
            && let Some(list) = self.failed_tails.get(&bkey)
            && list.iter().any(|f| dominates(f, &tails))
        {
            return Some(false);
        }
        // The next card of each suit, latest turned first: it lies highest, so building it
        // early is what a good order does most often.
        let mut next: Vec<(u8, u8)> = (0..suits.len())
            .filter_map(|s| {
                let t = *suits[s].get(usize::from(self.built[s]))?;
                Some((t, s as u8))
            })
            .collect();
        next.sort_unstable_by(|a, b| b.cmp(a));
        for (t, s) in next {
            self.meter.nodes += 1;
            let len = tails.iter().take_while(|&&x| x != 0).count();
            let at = tails[..len].iter().take_while(|&&x| x < t).count();
            if at == self.order.piles {
                continue;
            }
            let mut child = tails;
            child[at] = t;
            self.built[usize::from(s)] += 1;
            self.path.push(s);
            let found = self.dfs(child);
            if found != Some(false) {
                return found;
            }
            self.path.pop();
            self.built[usize::from(s)] -= 1;
        }
        if self.reductions.table {
            self.failed.insert(key);
            self.remembered += 1;
        }
        if self.reductions.dominance {
            let list = self.failed_tails.entry(bkey).or_default();
            let before = list.len();
            list.retain(|f| !dominates(&tails, f));
            self.remembered -= before - list.len();
            list.push(tails);
            self.remembered += 1;
        }
        if self.remembered >= self.meter.budget.states {
            return None;
        }
        Some(false)
    }
}
