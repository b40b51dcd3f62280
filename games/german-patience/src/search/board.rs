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
//! **Reductions** ([`Reductions`], each checked by the tests against the board without it):
//! piles alike; pack classes (positions joined by reversible packs searched as one, classes of
//! at most [`CLASS`] members; sound and tested, but off in the real search,
//! [`Reductions::SEARCH`]); dead ends ([`super::bound`]); the relaxed game with empty piles
//! ([`super::relaxed`]). The argument that each is sound is in `games/german-patience/SEARCH.md`.

use solitaire_search::key::{mix128, random};

/// A card's rank (1 for an Ace).
pub(crate) type Rank = u8;

/// One move of the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Play {
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

/// One step of the search: the piles' lengths rearranged by reversible packs (`before` to
/// `after`, see [`Board::lengths`]; equal when nothing is rearranged), then `play`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Step {
    pub before: u64,
    pub after: u64,
    pub play: Play,
}

/// What the board may use beyond the rules (all on in the real search).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reductions {
    pub piles_alike: bool,
    /// Positions that reversible packs join are one (argued in `games/german-patience/SEARCH.md`).
    pub pack_classes: bool,
    /// Give up positions that fail a necessary condition for a win ([`super::bound`]).
    pub dead_ends: bool,
    /// Give up positions whose relaxed game on needs and empty piles is lost
    /// ([`super::relaxed`]).
    pub relaxed: bool,
}

impl Reductions {
    pub const ALL: Reductions = Reductions {
        piles_alike: true,
        pack_classes: true,
        dead_ends: true,
        relaxed: true,
    };
    /// What the real search uses: everything but the pack classes, whose search of the
    /// arrangements costs more time than the positions it saves (see
    /// `games/german-patience/SEARCH.md`).
    pub const SEARCH: Reductions = Reductions {
        pack_classes: false,
        ..Reductions::ALL
    };
    #[cfg(test)]
    pub const NONE: Reductions = Reductions {
        piles_alike: false,
        pack_classes: false,
        dead_ends: false,
        relaxed: false,
    };
}

const PILE_SALT: u64 = 1 << 40;
const WASTE_SALT: u64 = 2 << 40;
const DEALT_SALT: u64 = 3 << 40;
const CLASS_SALT: u64 = 4 << 40;

/// The largest pack class searched as one; a position of a larger class is searched as
/// itself, every pack a move of its own.
const CLASS: usize = 24;

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
    /// XOR of [`waste_card_hash`] over the waste's cards.
    pub(crate) waste_hash: u128,
    pub(crate) stock: Vec<Rank>,
    pub(crate) dealt: usize,
    pub(crate) opening: bool,
    /// How many ranks (the length of a complete pile).
    pub(crate) ranks: u8,
    pub reductions: Reductions,
    /// The relaxed endgames' verdicts ([`super::endgame`]).
    pub(crate) endgames: super::endgame::Table,
    /// The verdicts of the relaxed game with empty piles ([`super::relaxed`]).
    pub(crate) relaxed: super::relaxed::Table,
}

pub(crate) fn waste_card_hash(height: usize, rank: Rank) -> u128 {
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
            endgames: Default::default(),
            relaxed: Default::default(),
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

    /// Whether pile `i` of `piles` repeats the state of an earlier pile (and the piles are
    /// alike).
    fn repeats(&self, piles: &[Pile], i: usize) -> bool {
        self.reductions.piles_alike
            && piles[..i]
                .iter()
                .any(|&q| self.normal(q) == self.normal(piles[i]))
    }

    /// The piles' lengths, four bits a pile (pile 0 lowest).
    pub(crate) fn lengths(&self) -> u64 {
        lengths_of(&self.piles)
    }

    /// Whether packing pile `a`'s top on pile `b` is legal and can be undone by packing it
    /// back: `a` keeps a card and `b` is not completed.
    fn reversible(&self, a: Pile, b: Pile) -> bool {
        a.len >= 2
            && b.len >= 1
            && b.len + 1 < self.ranks
            && a.len < self.ranks
            && self.need(b) == self.top(a)
    }

    /// Every arrangement of the piles' lengths that reversible packs reach from `piles`
    /// (`piles` first), and for each the one it was reached from and by which pack; `None`
    /// when there are more than [`CLASS`].
    fn class_of(&self, piles: &[Pile]) -> Option<Vec<(u64, usize, u8, u8)>> {
        let mut found = vec![(lengths_of(piles), 0, 0, 0)];
        let mut scratch = piles.to_vec();
        let mut i = 0;
        while i < found.len() {
            set_lengths(&mut scratch, found[i].0);
            for a in 0..scratch.len() {
                for b in 0..scratch.len() {
                    if a == b || !self.reversible(scratch[a], scratch[b]) {
                        continue;
                    }
                    scratch[a].len -= 1;
                    scratch[b].len += 1;
                    let l = lengths_of(&scratch);
                    if found.iter().all(|f| f.0 != l) {
                        if found.len() == CLASS {
                            return None;
                        }
                        found.push((l, i, a as u8, b as u8));
                    }
                    scratch[a].len += 1;
                    scratch[b].len -= 1;
                }
            }
            i += 1;
        }
        Some(found)
    }

    /// The reversible packs (from, to) that take the piles from their lengths now to
    /// `after`, which must be in their class.
    pub(crate) fn packs_to(&self, after: u64) -> Vec<(u8, u8)> {
        let class = self.class_of(&self.piles).unwrap_or_default();
        let mut path = Vec::new();
        let Some(mut i) = class.iter().position(|f| f.0 == after) else {
            return path;
        };
        while i != 0 {
            let (_, from, a, b) = class[i];
            path.push((a, b));
            i = from;
        }
        path.reverse();
        path
    }

    /// The multiset hash of `piles`.
    fn piles_hash(&self, piles: &[Pile]) -> u128 {
        piles.iter().enumerate().fold(0u128, |key, (i, &p)| {
            let (base, len) = self.normal(p);
            let salt = if self.reductions.piles_alike {
                0
            } else {
                i as u64 * 1024
            };
            let h = random(PILE_SALT + salt + u64::from(base) * 32 + u64::from(len));
            key.wrapping_add(mix128(h))
        })
    }

    /// Every legal move into `out` (one per state of the source and target piles when the
    /// piles are alike). Builds from the waste come first, the deal last.
    pub fn moves(&self, out: &mut Vec<Step>) {
        let now = self.lengths();
        let class = if self.reductions.pack_classes {
            self.class_of(&self.piles)
        } else {
            None
        };
        let Some(class) = class else {
            let mut plays = Vec::new();
            self.plays(&self.piles, true, true, &mut plays);
            out.extend(plays.into_iter().map(|play| Step {
                before: now,
                after: now,
                play,
            }));
            return;
        };
        let mut scratch = self.piles.clone();
        let mut plays = Vec::new();
        let mut seen: Vec<u128> = Vec::new();
        for (after, ..) in class {
            set_lengths(&mut scratch, after);
            plays.clear();
            self.plays(&scratch, false, after == now, &mut plays);
            for &play in &plays {
                // Plays of different arrangements that give the same piles are one.
                let mut result = scratch.clone();
                match play {
                    Play::Pack { from, to, .. } => {
                        result[usize::from(from)].len -= 1;
                        result[usize::from(to)].len += 1;
                    }
                    Play::Waste(to) | Play::Stock(to) => result[usize::from(to)].len += 1,
                    Play::Deal { .. } => {}
                }
                let h =
                    self.piles_hash(&result) ^ random(u64::from(matches!(play, Play::Waste(_))));
                if !matches!(play, Play::Deal { .. } | Play::Stock(_)) {
                    if seen.contains(&h) {
                        continue;
                    }
                    seen.push(h);
                }
                out.push(Step {
                    before: now,
                    after,
                    play,
                });
            }
        }
        // The deal last.
        if let Some(i) = out.iter().position(|s| matches!(s.play, Play::Deal { .. })) {
            let deal = out.remove(i);
            out.push(deal);
        }
    }

    /// The plays of the rules on `piles`: every pack when `all_packs`, else only those that
    /// cannot be undone (emptying or completing a pile); the stock's plays (a fill, the deal)
    /// when `stock`.
    fn plays(&self, piles: &[Pile], all_packs: bool, stock: bool, out: &mut Vec<Play>) {
        let n = piles.len();
        let stock_left = self.dealt < self.stock.len();
        if let Some(&card) = self.waste.last() {
            let mut filled = false;
            for to in 0..n {
                let p = piles[to];
                if self.repeats(piles, to) {
                    continue;
                }
                if p.len == 0 {
                    if !self.opening && !filled {
                        filled = self.reductions.piles_alike;
                        out.push(Play::Waste(to as u8));
                    }
                } else if !self.complete(p) && self.need(p) == card {
                    out.push(Play::Waste(to as u8));
                }
            }
        }
        for from in 0..n {
            let a = piles[from];
            if a.len == 0 || self.complete(a) || self.repeats(piles, from) {
                continue;
            }
            let card = self.top(a);
            for to in 0..n {
                let b = piles[to];
                if to == from || b.len == 0 || self.complete(b) || self.need(b) != card {
                    continue;
                }
                if self.repeats(piles, to) || (!all_packs && self.reversible(a, b)) {
                    continue;
                }
                let refilled = self.opening && a.len == 1 && stock_left;
                out.push(Play::Pack {
                    from: from as u8,
                    to: to as u8,
                    refilled,
                });
            }
        }
        if !stock {
            return;
        }
        if !self.opening && stock_left {
            for (to, pile) in piles.iter().enumerate() {
                if pile.len == 0 {
                    out.push(Play::Stock(to as u8));
                    if self.reductions.piles_alike {
                        break;
                    }
                }
            }
        }
        if stock_left {
            out.push(Play::Deal {
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

impl solitaire_search::exact::Board for Board {
    type Step = Step;

    fn is_won(&self) -> bool {
        self.piles.iter().all(|&p| self.complete(p))
    }

    fn key(&self) -> u128 {
        let mut key = random(DEALT_SALT + self.dealt as u64 * 2 + u64::from(self.opening));
        key ^= self.waste_hash;
        let class = if self.reductions.pack_classes {
            self.class_of(&self.piles)
        } else {
            None
        };
        let piles = match class {
            Some(class) => {
                let mut scratch = self.piles.clone();
                let least = class.iter().map(|&(l, ..)| {
                    set_lengths(&mut scratch, l);
                    self.piles_hash(&scratch)
                });
                least.min().unwrap_or_default() ^ random(CLASS_SALT)
            }
            None => self.piles_hash(&self.piles),
        };
        key.wrapping_add(mix128(piles))
    }

    fn expand(&self, out: &mut Vec<Step>) {
        out.clear();
        if !self.dead_end() {
            self.moves(out);
        }
    }

    fn apply(&mut self, step: Step) {
        set_lengths(&mut self.piles, step.after);
        match step.play {
            Play::Pack { from, to, refilled } => {
                let card = self.take(from);
                self.put(to, card);
                if refilled {
                    let card = self.stock[self.dealt];
                    self.dealt += 1;
                    self.put(from, card);
                }
            }
            Play::Waste(to) => {
                let card = self.pop_waste();
                self.put(to, card);
            }
            Play::Stock(to) => {
                let card = self.stock[self.dealt];
                self.dealt += 1;
                self.put(to, card);
            }
            Play::Deal { .. } => {
                let card = self.stock[self.dealt];
                self.dealt += 1;
                self.push_waste(card);
                self.opening = false;
            }
        }
    }

    fn undo(&mut self, step: Step) {
        self.undo_play(step.play);
        set_lengths(&mut self.piles, step.before);
    }
}

impl Board {
    /// Whether the reductions prove the position lost: it fails the necessary condition of
    /// [`super::bound`] or its relaxed game ([`super::relaxed`]) is lost.
    pub(crate) fn dead_end(&self) -> bool {
        (self.reductions.dead_ends && !super::bound::may_win(self))
            || (self.reductions.relaxed && !super::relaxed::may_win(self))
    }

    fn undo_play(&mut self, play: Play) {
        match play {
            Play::Pack { from, to, refilled } => {
                if refilled {
                    self.take(from);
                    self.dealt -= 1;
                }
                let card = self.take(to);
                self.put(from, card);
            }
            Play::Waste(to) => {
                let card = self.take(to);
                self.push_waste(card);
            }
            Play::Stock(to) => {
                self.take(to);
                self.dealt -= 1;
            }
            Play::Deal { opened } => {
                self.pop_waste();
                self.dealt -= 1;
                self.opening = opened;
            }
        }
    }
}

#[cfg(test)]
impl solitaire_search::testkit::Checked for Board {
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

/// The lengths of `piles`, four bits a pile (pile 0 lowest).
fn lengths_of(piles: &[Pile]) -> u64 {
    piles
        .iter()
        .enumerate()
        .fold(0, |l, (i, p)| l | u64::from(p.len) << (4 * i))
}

/// Give `piles` the lengths `lengths` (as [`lengths_of`] gives them).
fn set_lengths(piles: &mut [Pile], lengths: u64) {
    for (i, p) in piles.iter_mut().enumerate() {
        p.len = (lengths >> (4 * i) & 15) as u8;
    }
}
