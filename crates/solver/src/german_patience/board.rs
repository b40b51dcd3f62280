//! German Patience's position by ranks only, its moves made and unmade in place, and its key.
//!
//! The same rules as the `german-patience` plugin under its default reading (`stock:
//! via-waste`): a pile's top card packs on another pile whose top is one rank lower (a King
//! then an Ace); a pile of `ranks` cards is complete and out of play; during the opening an
//! emptied pile is refilled at once from the stock; afterwards an empty pile is filled only
//! from the waste top or the next stock card; a deal turns the next stock card onto the
//! waste, whose top builds on a pile. No rule looks at a suit, and a pile's cards are the
//! consecutive ranks from its base, so a pile is only its base rank and its length; the waste
//! is a stack of ranks and the stock an index into its known order. The tests check the moves
//! against the engine's on random games.
//!
//! **Reductions** (each checked by the tests against the board without it):
//! - *Piles alike.* Every rule treats the piles alike (any pile packs on any other, the
//!   opening refills whichever empties, the waste and the stock fill any empty pile): the key
//!   hashes them as a multiset, and of several piles in the same state only the first is used
//!   as a source or a target (the others give the same position up to the order of the
//!   piles). Empty piles are alike whatever their former base, and complete ones too.
//! - *Dead ends* ([`super::bound`]): a position from which a necessary condition for a win
//!   fails is given up at once.

use crate::key::{mix128, random};

/// A card's rank (1 for an Ace).
pub(crate) type Rank = u8;

/// One move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Step {
    /// Pack pile `from`'s top card on pile `to`; `refilled` when the opening refilled `from`
    /// from the stock.
    Pack { from: u8, to: u8, refilled: bool },
    /// The waste's top card onto pile `to` (built, or filling it when empty).
    Waste(u8),
    /// The next stock card into the empty pile `to`.
    Stock(u8),
    /// Turn the next stock card onto the waste; `opened` when this ended the opening.
    Deal { opened: bool },
}

/// What the board may use beyond the rules (all on in the real search).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reductions {
    pub piles_alike: bool,
    /// Give up positions that fail a necessary condition for a win ([`super::bound`]).
    pub dead_ends: bool,
}

impl Reductions {
    pub const ALL: Reductions = Reductions {
        piles_alike: true,
        dead_ends: true,
    };
    #[cfg(test)]
    pub const NONE: Reductions = Reductions {
        piles_alike: false,
        dead_ends: false,
    };
}

const PILE_SALT: u64 = 1 << 40;
const WASTE_SALT: u64 = 2 << 40;
const DEALT_SALT: u64 = 3 << 40;

/// One pile: its bottom card's rank and how many cards it holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Pile {
    pub base: Rank,
    pub len: u8,
}

/// A position: the piles, the waste (bottom first), the stock (next card first) and how much
/// of it is gone, and whether the opening still runs.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    pub(crate) piles: Vec<Pile>,
    pub(crate) waste: Vec<Rank>,
    /// XOR of `random(height, rank)` over the waste's cards.
    waste_hash: u128,
    pub(crate) stock: Vec<Rank>,
    pub(crate) dealt: usize,
    pub(crate) opening: bool,
    /// How many ranks (the length of a complete pile).
    pub(crate) ranks: u8,
    pub reductions: Reductions,
}

fn waste_card_hash(height: usize, rank: Rank) -> u128 {
    random(WASTE_SALT + (height as u64) * 32 + u64::from(rank))
}

impl Board {
    /// A board of `ranks` ranks with `piles`, `waste` (bottom first) and `stock` (next card
    /// first), in the opening when `opening`.
    pub fn new(
        ranks: u8,
        piles: Vec<Pile>,
        waste: Vec<Rank>,
        stock: Vec<Rank>,
        opening: bool,
        reductions: Reductions,
    ) -> Board {
        let waste_hash = waste
            .iter()
            .enumerate()
            .fold(0, |h, (i, &r)| h ^ waste_card_hash(i, r));
        Board {
            piles,
            waste,
            waste_hash,
            stock,
            dealt: 0,
            opening,
            ranks,
            reductions,
        }
    }

    /// The rank after `r` (a King is followed by an Ace).
    pub(crate) fn next(&self, r: Rank) -> Rank {
        r % self.ranks + 1
    }

    /// The rank of pile `p`'s top card (`p` not empty).
    pub(crate) fn top(&self, p: Pile) -> Rank {
        (p.base - 1 + p.len - 1) % self.ranks + 1
    }

    /// The rank pile `p` takes next (`p` not empty).
    pub(crate) fn need(&self, p: Pile) -> Rank {
        (p.base - 1 + p.len) % self.ranks + 1
    }

    /// Whether pile `p` is complete (out of play).
    pub(crate) fn complete(&self, p: Pile) -> bool {
        p.len >= self.ranks
    }

    /// The stock cards not yet gone, next first.
    pub(crate) fn stock_left(&self) -> &[Rank] {
        &self.stock[self.dealt..]
    }

    /// Pile `p` as the key sees it: empty and complete piles alike whatever their base.
    fn normal(&self, p: Pile) -> (u8, u8) {
        if p.len == 0 || self.complete(p) {
            (0, p.len)
        } else {
            (p.base, p.len)
        }
    }

    /// Whether pile `i` repeats the state of an earlier pile (and the piles are alike).
    fn repeats(&self, i: usize) -> bool {
        self.reductions.piles_alike
            && self.piles[..i]
                .iter()
                .any(|&q| self.normal(q) == self.normal(self.piles[i]))
    }

    /// Every legal move into `out` (one per state of the source and target piles when the
    /// piles are alike). Builds from the waste come first, the deal last.
    pub fn moves(&self, out: &mut Vec<Step>) {
        let n = self.piles.len();
        let stock_left = self.dealt < self.stock.len();
        if let Some(&card) = self.waste.last() {
            let mut filled = false;
            for to in 0..n {
                let p = self.piles[to];
                if self.repeats(to) {
                    continue;
                }
                if p.len == 0 {
                    if !self.opening && !filled {
                        filled = self.reductions.piles_alike;
                        out.push(Step::Waste(to as u8));
                    }
                } else if !self.complete(p) && self.need(p) == card {
                    out.push(Step::Waste(to as u8));
                }
            }
        }
        for from in 0..n {
            let a = self.piles[from];
            if a.len == 0 || self.complete(a) || self.repeats(from) {
                continue;
            }
            let card = self.top(a);
            for to in 0..n {
                let b = self.piles[to];
                if to == from || b.len == 0 || self.complete(b) || self.need(b) != card {
                    continue;
                }
                if self.repeats(to) {
                    continue;
                }
                let refilled = self.opening && a.len == 1 && stock_left;
                out.push(Step::Pack {
                    from: from as u8,
                    to: to as u8,
                    refilled,
                });
            }
        }
        if !self.opening && stock_left {
            for to in 0..n {
                if self.piles[to].len == 0 {
                    out.push(Step::Stock(to as u8));
                    if self.reductions.piles_alike {
                        break;
                    }
                }
            }
        }
        if stock_left {
            out.push(Step::Deal {
                opened: self.opening,
            });
        }
    }

    /// Put `card` on pile `to` (starting it when empty).
    fn put(&mut self, to: u8, card: Rank) {
        let p = &mut self.piles[usize::from(to)];
        if p.len == 0 {
            p.base = card;
        }
        p.len += 1;
    }

    /// Take pile `from`'s top card.
    fn take(&mut self, from: u8) -> Rank {
        let p = self.piles[usize::from(from)];
        let card = self.top(p);
        self.piles[usize::from(from)].len -= 1;
        card
    }

    fn push_waste(&mut self, card: Rank) {
        self.waste_hash ^= waste_card_hash(self.waste.len(), card);
        self.waste.push(card);
    }

    fn pop_waste(&mut self) -> Rank {
        let card = self.waste.pop().unwrap_or_default();
        self.waste_hash ^= waste_card_hash(self.waste.len(), card);
        card
    }
}

impl crate::exact::Board for Board {
    type Step = Step;

    fn is_won(&self) -> bool {
        self.piles.iter().all(|&p| self.complete(p))
    }

    fn key(&self) -> u128 {
        let mut key = random(DEALT_SALT + self.dealt as u64 * 2 + u64::from(self.opening));
        key ^= self.waste_hash;
        for (i, &p) in self.piles.iter().enumerate() {
            let (base, len) = self.normal(p);
            let salt = if self.reductions.piles_alike {
                0
            } else {
                i as u64 * 1024
            };
            let h = random(PILE_SALT + salt + u64::from(base) * 32 + u64::from(len));
            key = key.wrapping_add(mix128(h));
        }
        key
    }

    fn expand(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.reductions.dead_ends && !super::bound::may_win(self) {
            return;
        }
        self.moves(out);
    }

    fn apply(&mut self, step: Step) {
        match step {
            Step::Pack { from, to, refilled } => {
                let card = self.take(from);
                self.put(to, card);
                if refilled {
                    let card = self.stock[self.dealt];
                    self.dealt += 1;
                    self.put(from, card);
                }
            }
            Step::Waste(to) => {
                let card = self.pop_waste();
                self.put(to, card);
            }
            Step::Stock(to) => {
                let card = self.stock[self.dealt];
                self.dealt += 1;
                self.put(to, card);
            }
            Step::Deal { .. } => {
                let card = self.stock[self.dealt];
                self.dealt += 1;
                self.push_waste(card);
                self.opening = false;
            }
        }
    }

    fn undo(&mut self, step: Step) {
        match step {
            Step::Pack { from, to, refilled } => {
                if refilled {
                    self.take(from);
                    self.dealt -= 1;
                }
                let card = self.take(to);
                self.put(from, card);
            }
            Step::Waste(to) => {
                let card = self.take(to);
                self.push_waste(card);
            }
            Step::Stock(to) => {
                self.take(to);
                self.dealt -= 1;
            }
            Step::Deal { opened } => {
                self.pop_waste();
                self.dealt -= 1;
                self.opening = opened;
            }
        }
    }
}

#[cfg(test)]
impl crate::exact::Checked for Board {
    /// The piles (empty ones without a base), the waste, the stock left, the opening.
    type Snapshot = (Vec<(u8, u8)>, Vec<Rank>, Vec<Rank>, bool);
    fn snapshot(&self) -> Self::Snapshot {
        (
            self.piles
                .iter()
                .map(|&p| if p.len == 0 { (0, 0) } else { (p.base, p.len) })
                .collect(),
            self.waste.clone(),
            self.stock_left().to_vec(),
            self.opening,
        )
    }
    fn legal(&self, out: &mut Vec<Step>) {
        let mut plain = self.clone();
        plain.reductions = Reductions::NONE;
        plain.moves(out);
    }
}
