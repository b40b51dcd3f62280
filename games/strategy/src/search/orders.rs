//! The search behind Strategy's exact solver: over build orders, not over placements.
//!
//! A deal is won iff some build order π (each suit from the Two up) makes the longest chain of
//! cards rising both in turning time and in π at most as long as there are piles. The search
//! builds π card by card (which suit goes next), keeping the patience-sorting tails of the
//! chains built so far; a state (the cards built per suit and the tails) that failed once is
//! remembered, and so are the states it dominates ([`Reductions`], checked by the tests against
//! the search without them). The reformulation and the argument for the dominance are in
//! `games/strategy/SEARCH.md`.

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
