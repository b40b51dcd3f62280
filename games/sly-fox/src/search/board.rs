//! Sly Fox's compact board: a byte per card (suit × 13 + rank − 1), the foundations as their
//! top ranks, the reserve piles, the stock (next card last), and the phase with the piles
//! already served by a deal in progress. Moves are applied in place. The same rules as this
//! crate's (`rules.rs`) under the default readings.

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

    /// Whether every card is on the foundations (the tests compare it with the engine's).
    #[cfg(test)]
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
    pub fn apply(&mut self, step: Step) {
        match step {
            Step::Build(p, f) => {
                let pile = &mut self.piles[usize::from(p)];
                pile.pop();
                let (_, up) = self.kinds[usize::from(f)];
                let t = &mut self.tops[usize::from(f)];
                *t = if up { *t + 1 } else { *t - 1 };
                let refill = self.phase == Phase::Opening && pile.is_empty();
                if refill && let Some(c) = self.stock.pop() {
                    pile.push(c);
                }
            }
            Step::Deal => {
                self.phase = Phase::Dealing;
                self.marks = 0;
                self.hand = self.stock.pop();
            }
            Step::Place(p) => {
                if let Some(c) = self.hand.take() {
                    self.piles[usize::from(p)].push(c);
                }
                let marks = self.marks | (1 << p);
                if marks == self.all_piles() || self.stock.is_empty() {
                    self.phase = Phase::Play;
                    self.marks = 0;
                } else {
                    self.marks = marks;
                    self.hand = self.stock.pop();
                }
            }
        }
    }
}
