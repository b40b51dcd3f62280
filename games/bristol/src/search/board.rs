//! Bristol's position by ranks only, its moves made and unmade in place, and its key.
//!
//! The same rules as this crate's (`rules.rs`): the top card of a fan or a waste
//! pile builds on a foundation one rank lower (an Ace on an empty one) or packs on a fan top
//! one rank higher; an emptied fan is never refilled; a deal puts the next stock cards on the
//! waste piles, one each, in order. No rule looks at a suit, so the board keeps ranks only
//! (positions differing by suits are the same game). The tests check the moves against the
//! engine's on random games.
//!
//! **Reductions** ([`Reductions`], each checked by the tests against the board without it):
//! foundations alike, fans alike, waste piles alike once the stock is out, safe builds, and the
//! King deadlock. The argument that each is sound is in `games/bristol/SEARCH.md`.

use solitaire_search::key::{mix128, random};

/// A card's rank (1 for an Ace).
pub(crate) type Rank = u8;

/// One move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Step {
    /// Build pile `from`'s top card on foundation `to`.
    Build(u8, u8),
    /// Pack pile `from`'s top card on fan `to`.
    Pack(u8, u8),
    /// Deal this many stock cards, one on each waste pile from the first.
    Deal(u8),
}

/// What the board may use beyond the rules (all on in the real search).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reductions {
    pub foundations_alike: bool,
    pub fans_alike: bool,
    pub wastes_alike: bool,
    pub safe_builds: bool,
    /// Give up a position whose waste Kings can no longer all be built (argued in
    /// `games/bristol/SEARCH.md`).
    pub king_deadlock: bool,
}

impl Reductions {
    pub const ALL: Reductions = Reductions {
        foundations_alike: true,
        fans_alike: true,
        wastes_alike: true,
        safe_builds: true,
        king_deadlock: true,
    };
    #[cfg(test)]
    pub const NONE: Reductions = Reductions {
        foundations_alike: false,
        fans_alike: false,
        wastes_alike: false,
        safe_builds: false,
        king_deadlock: false,
    };
}

const FOUNDATION_SALT: u64 = 1 << 40;
const PILE_SALT: u64 = 2 << 40;
const DEALT_SALT: u64 = 3 << 40;

/// A position: the fans then the waste piles (each bottom first), the foundations' heights,
/// the stock (next card first) and how much of it is dealt.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    piles: Vec<Vec<Rank>>,
    fans: usize,
    /// Per pile, the XOR of `random(height, rank)` over its cards.
    hashes: Vec<u128>,
    foundations: Vec<u8>,
    stock: Vec<Rank>,
    dealt: usize,
    /// Per rank, the cards of that rank not on a foundation.
    in_play: [u8; 16],
    /// The top rank (the King's).
    top: u8,
    pub reductions: Reductions,
}

fn card_hash(height: usize, rank: Rank) -> u128 {
    random((height as u64) * 16 + u64::from(rank))
}

impl Board {
    /// A board with `fans` and `wastes` (bottom first), foundations of `foundations` heights
    /// and `stock` (the next card first), nothing dealt.
    pub fn new(
        fans: Vec<Vec<Rank>>,
        wastes: Vec<Vec<Rank>>,
        foundations: Vec<u8>,
        stock: Vec<Rank>,
        reductions: Reductions,
    ) -> Board {
        let count = fans.len();
        let piles: Vec<Vec<Rank>> = fans.into_iter().chain(wastes).collect();
        let mut in_play = [0u8; 16];
        for &r in piles.iter().flatten().chain(&stock) {
            in_play[usize::from(r & 15)] += 1;
        }
        let hashes = piles
            .iter()
            .map(|p| {
                p.iter()
                    .enumerate()
                    .fold(0, |h, (i, &r)| h ^ card_hash(i, r))
            })
            .collect();
        let top = (1..16u8)
            .rev()
            .find(|&r| in_play[usize::from(r)] > 0)
            .unwrap_or(0)
            .max(foundations.iter().copied().max().unwrap_or(0));
        Board {
            top,
            piles,
            fans: count,
            hashes,
            foundations,
            stock,
            dealt: 0,
            in_play,
            reductions,
        }
    }

    fn push(&mut self, p: usize, rank: Rank) {
        self.hashes[p] ^= card_hash(self.piles[p].len(), rank);
        self.piles[p].push(rank);
    }

    fn pop(&mut self, p: usize) -> Rank {
        let rank = self.piles[p].pop().unwrap_or_default();
        self.hashes[p] ^= card_hash(self.piles[p].len(), rank);
        rank
    }

    /// Every legal move, into `out` (one build per foundation height if the foundations are
    /// alike, else one per foundation).
    pub fn moves(&self, out: &mut Vec<Step>) {
        for (from, pile) in self.piles.iter().enumerate() {
            let Some(&rank) = pile.last() else { continue };
            let mut heights = 0u32;
            for (f, &h) in self.foundations.iter().enumerate() {
                if h + 1 == rank && (!self.reductions.foundations_alike || heights & 1 << h == 0) {
                    heights |= 1 << h;
                    out.push(Step::Build(from as u8, f as u8));
                }
            }
            for to in 0..self.fans {
                if to != from && self.piles[to].last() == Some(&(rank + 1)) {
                    out.push(Step::Pack(from as u8, to as u8));
                }
            }
        }
        if self.dealt < self.stock.len() {
            let wastes = self.piles.len() - self.fans;
            out.push(Step::Deal((self.stock.len() - self.dealt).min(wastes) as u8));
        }
    }

    /// Whether the waste Kings can still all be built, in the relaxed game of the module's
    /// comment.
    fn kings_can_be_built(&self) -> bool {
        let wastes = &self.piles[self.fans..];
        // Most positions have no waste King over another card: nothing to check.
        let over = |p: &Vec<Rank>| {
            let upper_king = p.iter().rposition(|&r| r == self.top);
            upper_king.is_some_and(|k| p[..k].iter().any(|&r| r != self.top))
        };
        if !wastes.iter().any(over) {
            return true;
        }
        let kings: Vec<(usize, usize)> = wastes
            .iter()
            .enumerate()
            .flat_map(|(w, p)| {
                (0..p.len())
                    .filter(move |&i| p[i] == self.top)
                    .map(move |i| (w, i))
            })
            .collect();
        let complete = self.foundations.iter().filter(|&&h| h >= self.top).count();
        // (More Kings than the mask holds: no check.)
        kings.len() > 8 || self.build_kings(&kings, 0, complete)
    }

    /// Whether the waste Kings not in `built` (a bit per King of `kings`) can be built, with
    /// `done` foundations complete or given to the Kings built so far.
    fn build_kings(&self, kings: &[(usize, usize)], built: u8, done: usize) -> bool {
        let wastes = &self.piles[self.fans..];
        // Per waste pile, the height of its upper unbuilt King.
        let mut upper: Vec<Option<usize>> = vec![None; wastes.len()];
        for (k, &(w, i)) in kings.iter().enumerate() {
            if built & 1 << k == 0 {
                upper[w] = Some(upper[w].map_or(i, |u| u.max(i)));
            }
        }
        let mut free = self.in_play;
        let mut trapped = false;
        for (w, pile) in wastes.iter().enumerate() {
            for &r in &pile[..upper[w].unwrap_or(0)] {
                if r != self.top {
                    free[usize::from(r)] -= 1;
                    trapped = true;
                }
            }
        }
        if !trapped {
            return true;
        }
        let mut heights = self.foundations.clone();
        heights.sort_unstable_by(|a, b| b.cmp(a));
        let Some(chosen) = heights.get(..done + 1) else {
            return false;
        };
        let reach = (1..self.top).all(|r| {
            let need = chosen.iter().filter(|&&h| h < r).count();
            usize::from(free[usize::from(r)]) >= need
        });
        reach
            && kings.iter().enumerate().any(|(k, &(w, i))| {
                built & 1 << k == 0
                    && upper[w] == Some(i)
                    && self.build_kings(kings, built | 1 << k, done + 1)
            })
    }

    /// A safe build (argued in `games/bristol/SEARCH.md`), if there is one and the reduction is on.
    fn safe_build(&self) -> Option<Step> {
        if !self.reductions.safe_builds {
            return None;
        }
        self.piles.iter().enumerate().find_map(|(from, pile)| {
            let &rank = pile.last()?;
            if rank > 1 && self.in_play[usize::from(rank - 1)] > 0 {
                return None;
            }
            let f = self.foundations.iter().position(|&h| h + 1 == rank)?;
            Some(Step::Build(from as u8, f as u8))
        })
    }
}

impl solitaire_search::exact::Board for Board {
    type Step = Step;

    fn is_won(&self) -> bool {
        self.dealt == self.stock.len() && self.piles.iter().all(Vec::is_empty)
    }

    fn key(&self) -> u128 {
        let r = self.reductions;
        let mut key = random(DEALT_SALT + self.dealt as u64);
        for (p, &h) in self.hashes.iter().enumerate() {
            let stock_out = self.dealt == self.stock.len();
            let salt = if p < self.fans && r.fans_alike {
                0
            } else if p >= self.fans && r.wastes_alike && stock_out {
                random(PILE_SALT - 1)
            } else {
                random(PILE_SALT + p as u64)
            };
            key = key.wrapping_add(mix128(h ^ salt));
        }
        for (f, &h) in self.foundations.iter().enumerate() {
            let at = if r.foundations_alike {
                0
            } else {
                f as u64 * 16
            };
            key = key.wrapping_add(random(FOUNDATION_SALT + at + u64::from(h)));
        }
        key
    }

    fn expand(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.reductions.king_deadlock && !self.kings_can_be_built() {
            return;
        }
        match self.safe_build() {
            Some(step) => out.push(step),
            None => self.moves(out),
        }
    }

    fn apply(&mut self, step: Step) {
        match step {
            Step::Build(from, to) => {
                let rank = self.pop(usize::from(from));
                self.foundations[usize::from(to)] += 1;
                self.in_play[usize::from(rank)] -= 1;
            }
            Step::Pack(from, to) => {
                let rank = self.pop(usize::from(from));
                self.push(usize::from(to), rank);
            }
            Step::Deal(n) => {
                for w in 0..usize::from(n) {
                    let rank = self.stock[self.dealt];
                    self.dealt += 1;
                    self.push(self.fans + w, rank);
                }
            }
        }
    }

    fn undo(&mut self, step: Step) {
        match step {
            Step::Build(from, to) => {
                let f = usize::from(to);
                let rank = self.foundations[f];
                self.foundations[f] -= 1;
                self.in_play[usize::from(rank)] += 1;
                self.push(usize::from(from), rank);
            }
            Step::Pack(from, to) => {
                let rank = self.pop(usize::from(to));
                self.push(usize::from(from), rank);
            }
            Step::Deal(n) => {
                for w in (0..usize::from(n)).rev() {
                    self.pop(self.fans + w);
                    self.dealt -= 1;
                }
            }
        }
    }
}

#[cfg(test)]
impl solitaire_search::testkit::Checked for Board {
    type Snapshot = (Vec<Vec<Rank>>, Vec<u8>, Vec<Rank>);
    fn snapshot(&self) -> Self::Snapshot {
        (
            self.piles.clone(),
            self.foundations.clone(),
            self.stock[self.dealt..].to_vec(),
        )
    }
    fn legal(&self, out: &mut Vec<Step>) {
        self.moves(out);
    }
}
