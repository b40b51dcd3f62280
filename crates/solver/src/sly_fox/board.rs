//! Sly Fox's compact board: a byte per card (suit × 13 + rank − 1), the foundations as their
//! top ranks, the reserve piles, the stock (next card last), and the phase with the piles
//! already served by a deal in progress. Moves are applied and undone in place.

/// A card: `suit * 13 + rank - 1` (the two copies of a card are the same byte).
pub(crate) type Cell = u8;

/// The suit of `c` (0..4).
pub(crate) fn suit(c: Cell) -> u8 {
    c / 13
}

/// The rank of `c` (1 for an Ace .. 13 for a King).
pub(crate) fn rank(c: Cell) -> u8 {
    c % 13 + 1
}

/// Where the game is: the opening (spaces refilled from the stock), a deal in progress, or
/// play after the opening (spaces stay empty).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub(crate) enum Phase {
    Opening,
    Dealing,
    Play,
}

/// One move on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Step {
    /// Build reserve pile `.0`'s top card onto foundation `.1`.
    Build(u8, u8),
    /// Start a deal: the next stock card comes to the hand.
    Deal,
    /// Put the hand's card onto reserve pile `.0`.
    Place(u8),
}

/// What [`Board::apply`] changed beyond the step itself, for [`Board::undo`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Undo {
    /// A build; whether the space it made was refilled from the stock.
    Build(u8, u8, bool),
    /// A deal started from this phase.
    Deal(Phase),
    /// A card placed onto a pile, with the marks before it; whether it ended the deal.
    Place(u8, u32, bool),
}

/// A Sly Fox position under the default reading (the hand shows one card of a deal at a time).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Board {
    /// Each foundation's suit and direction (true: built up from the Ace).
    pub kinds: Vec<(u8, bool)>,
    /// Each foundation's top rank; an empty up foundation is 0, an empty down one 14.
    pub tops: Vec<u8>,
    pub piles: Vec<Vec<Cell>>,
    /// The stock, its next card last.
    pub stock: Vec<Cell>,
    /// The card in the hand during a deal.
    pub hand: Option<Cell>,
    pub phase: Phase,
    /// The piles already served by the deal in progress (bit per pile).
    pub marks: u32,
}

impl Board {
    /// Whether `card` builds on foundation `f` now.
    pub fn builds(&self, f: usize, card: Cell) -> bool {
        let (s, up) = self.kinds[f];
        let t = self.tops[f];
        suit(card) == s
            && if up {
                rank(card) == t + 1
            } else {
                rank(card) + 1 == t
            }
    }

    /// Whether every card is on the foundations.
    pub fn is_won(&self) -> bool {
        self.stock.is_empty() && self.hand.is_none() && self.piles.iter().all(Vec::is_empty)
    }

    /// The bits of every pile.
    pub fn all_piles(&self) -> u32 {
        ((1u64 << self.piles.len()) - 1) as u32
    }

    /// Every legal step, in the engine's order: the placements of a deal, or the builds then
    /// the deal.
    pub fn moves(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.phase == Phase::Dealing {
            if self.hand.is_some() {
                for p in 0..self.piles.len() {
                    if self.marks & (1 << p) == 0 {
                        out.push(Step::Place(p as u8));
                    }
                }
            }
            return;
        }
        for (p, pile) in self.piles.iter().enumerate() {
            let Some(&card) = pile.last() else { continue };
            for f in 0..self.tops.len() {
                if self.builds(f, card) {
                    out.push(Step::Build(p as u8, f as u8));
                }
            }
        }
        if !self.stock.is_empty() {
            out.push(Step::Deal);
        }
    }

    /// Play `step` (legal here).
    pub fn apply(&mut self, step: Step) -> Undo {
        match step {
            Step::Build(p, f) => {
                let pile = &mut self.piles[usize::from(p)];
                pile.pop();
                let (_, up) = self.kinds[usize::from(f)];
                let t = &mut self.tops[usize::from(f)];
                *t = if up { *t + 1 } else { *t - 1 };
                let refill = self.phase == Phase::Opening && pile.is_empty();
                let refilled = refill && self.stock.pop().map(|c| pile.push(c)).is_some();
                Undo::Build(p, f, refilled)
            }
            Step::Deal => {
                let before = self.phase;
                self.phase = Phase::Dealing;
                self.marks = 0;
                self.hand = self.stock.pop();
                Undo::Deal(before)
            }
            Step::Place(p) => {
                let before = self.marks;
                if let Some(c) = self.hand.take() {
                    self.piles[usize::from(p)].push(c);
                }
                let marks = before | (1 << p);
                let ended = marks == self.all_piles() || self.stock.is_empty();
                if ended {
                    self.phase = Phase::Play;
                    self.marks = 0;
                } else {
                    self.marks = marks;
                    self.hand = self.stock.pop();
                }
                Undo::Place(p, before, ended)
            }
        }
    }

    /// Take back the step that returned `undo`.
    pub fn undo(&mut self, undo: Undo) {
        match undo {
            Undo::Build(p, f, refilled) => {
                let pile = &mut self.piles[usize::from(p)];
                if refilled && let Some(c) = pile.pop() {
                    self.stock.push(c);
                }
                let (s, up) = self.kinds[usize::from(f)];
                let t = &mut self.tops[usize::from(f)];
                let r = *t;
                *t = if up { r - 1 } else { r + 1 };
                pile.push(s * 13 + r - 1);
            }
            Undo::Deal(before) => {
                if let Some(c) = self.hand.take() {
                    self.stock.push(c);
                }
                self.phase = before;
                self.marks = 0;
            }
            Undo::Place(p, before, ended) => {
                if !ended && let Some(c) = self.hand.take() {
                    self.stock.push(c);
                }
                self.hand = self.piles[usize::from(p)].pop();
                self.phase = Phase::Dealing;
                self.marks = before;
            }
        }
    }

    /// A 128-bit key of the position, the reserve piles taken as a multiset (all piles are
    /// alike to the rules, so swapping two maps wins to wins); a pile's mark during a deal is
    /// part of its hash.
    pub fn key(&self) -> u128 {
        let mut piles: Vec<u64> = self
            .piles
            .iter()
            .enumerate()
            .map(|(p, pile)| {
                let mut h = fnv(
                    0xcbf2_9ce4_8422_2325,
                    &[u8::from(self.marks & (1 << p) != 0)],
                );
                h = fnv(h, pile);
                h
            })
            .collect();
        piles.sort_unstable();
        let mut a = fnv(0x1234_5678_9abc_def1, &self.tops);
        a = fnv(a, &[self.phase as u8, self.stock.len() as u8]);
        a = fnv(a, &[self.hand.unwrap_or(255)]);
        let mut b = a ^ 0x9e37_79b9_7f4a_7c15;
        for h in piles {
            a = fnv(a, &h.to_le_bytes());
            b = fnv(b.rotate_left(17), &h.to_le_bytes());
        }
        (u128::from(a) << 64) | u128::from(b)
    }
}

/// FNV-1a over `bytes`, from `h`.
fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &x in bytes {
        h ^= u64::from(x);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}
