//! Sixes and Sevens' compact board: a byte per card (suit and rank: the two copies of a card
//! are one), the 48 frame cells in the deal's reading order, the stock and reserve as fixed
//! sequences with a count of cards used, the reserve waste as a stack, and the foundations as
//! how many cards of each suit and rank are built (the two foundations of a suit in a half
//! are alike, so their heights follow from these counts). The same rules as this crate's
//! (`rules.rs`) under `release: while-open`, with either reading of `deal` and `reserve`.

/// A card: `suit * 13 + rank`, rank 0 the Ace and 12 the King.
pub(crate) type Card = u8;

/// An empty frame cell.
pub(crate) const EMPTY: Card = u8::MAX;

/// The frame cells (20 inner, 28 outer).
pub(crate) const CELLS: usize = 48;

/// The source of a play that means the reserve waste.
pub(crate) const WASTE: u8 = CELLS as u8;

/// The suit of `card`.
pub(crate) fn suit(card: Card) -> usize {
    usize::from(card / 13)
}

/// The rank of `card` (0 the Ace).
pub(crate) fn rank(card: Card) -> usize {
    usize::from(card % 13)
}

/// The rank a foundation wants before `rank` (`None` for a base: an Ace or a King). The Aces'
/// half builds up to the Six (ranks 0..=5), the Kings' half down to the Seven (12..=6).
pub(crate) fn before(rank: usize) -> Option<usize> {
    match rank {
        0 | 12 => None,
        r if r <= 5 => Some(r - 1),
        r => Some(r + 1),
    }
}

/// One move of the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Step {
    /// Build `card` from cell `from` (or the waste, [`WASTE`]).
    Play { from: u8, card: Card },
    /// Deal from the stock into the cells of the mask (the gaps, in reading order).
    Fill(u64),
    /// Turn the reserve's next card onto the waste.
    Turn,
}

/// A position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    /// The frame cells in reading order (the deal's order).
    pub cells: [Card; CELLS],
    /// Whether each cell is in the inner frame.
    pub inner: [bool; CELLS],
    /// For each inner cell, the outer cells sharing an edge with it.
    pub beside: Vec<Vec<u8>>,
    /// The stock in dealing order and how many are dealt.
    pub stock: Vec<Card>,
    pub dealt: usize,
    /// The reserve in turning order and how many are turned.
    pub reserve: Vec<Card>,
    pub turned: usize,
    /// The reserve waste, bottom first.
    pub waste: Vec<Card>,
    /// How many of each card are built (`[suit][rank]`).
    pub built: [[u8; 13]; 4],
    /// Whether a deal waits until no frame card can be built (`deal: when-stuck`).
    pub deal_when_stuck: bool,
    /// Whether a turn waits until no frame card can be built (`reserve: when-stuck`).
    pub turn_when_stuck: bool,
}

impl Board {
    /// Whether `card` may be built now: a base while its half has one of its two copies to
    /// take, another card while fewer of it than of the rank before are built.
    pub fn fits(&self, card: Card) -> bool {
        let row = &self.built[suit(card)];
        let n = row[rank(card)];
        match before(rank(card)) {
            None => n < 2,
            Some(b) => n < row[b],
        }
    }

    /// Whether cell `c` holds an available card.
    pub fn available(&self, c: usize) -> bool {
        self.cells[c] != EMPTY
            && (!self.inner[c]
                || self.beside[c]
                    .iter()
                    .any(|&o| self.cells[usize::from(o)] == EMPTY))
    }

    /// The stock cards not dealt yet.
    pub fn stock_left(&self) -> usize {
        self.stock.len() - self.dealt
    }

    /// Every legal move, the plays first (cells in order, then the waste); under a
    /// `when-stuck` reading the deal or the turn only when no frame card can be built.
    pub fn moves(&self, out: &mut Vec<Step>) {
        let before = out.len();
        for c in 0..CELLS {
            if self.available(c) && self.fits(self.cells[c]) {
                out.push(Step::Play {
                    from: c as u8,
                    card: self.cells[c],
                });
            }
        }
        let frame_builds = out.len() > before;
        if let Some(&card) = self.waste.last()
            && self.fits(card)
        {
            out.push(Step::Play { from: WASTE, card });
        }
        if self.stock_left() > 0 {
            if self.deal_when_stuck && frame_builds {
                return;
            }
            let mut mask = 0u64;
            let mut left = self.stock_left();
            for c in 0..CELLS {
                if left > 0 && self.cells[c] == EMPTY {
                    mask |= 1 << c;
                    left -= 1;
                }
            }
            if mask != 0 {
                out.push(Step::Fill(mask));
            }
        } else if self.turned < self.reserve.len() && !(self.turn_when_stuck && frame_builds) {
            out.push(Step::Turn);
        }
    }

    pub fn apply(&mut self, step: Step) {
        match step {
            Step::Play { from, card } => {
                if from == WASTE {
                    self.waste.pop();
                } else {
                    self.cells[usize::from(from)] = EMPTY;
                }
                self.built[suit(card)][rank(card)] += 1;
            }
            Step::Fill(mask) => {
                for c in 0..CELLS {
                    if mask & (1 << c) != 0 {
                        self.cells[c] = self.stock[self.dealt];
                        self.dealt += 1;
                    }
                }
            }
            Step::Turn => {
                self.waste.push(self.reserve[self.turned]);
                self.turned += 1;
            }
        }
    }

    pub fn undo(&mut self, step: Step) {
        match step {
            Step::Play { from, card } => {
                if from == WASTE {
                    self.waste.push(card);
                } else {
                    self.cells[usize::from(from)] = card;
                }
                self.built[suit(card)][rank(card)] -= 1;
            }
            Step::Fill(mask) => {
                for c in (0..CELLS).rev() {
                    if mask & (1 << c) != 0 {
                        self.cells[c] = EMPTY;
                        self.dealt -= 1;
                    }
                }
            }
            Step::Turn => {
                self.waste.pop();
                self.turned -= 1;
            }
        }
    }

    /// Won when every card is built (104: two packs).
    pub fn is_won(&self) -> bool {
        self.built.iter().flatten().all(|&n| n == 2)
    }

    /// A 128-bit key of the position (two independent hashes of everything that matters).
    pub fn key(&self) -> u128 {
        let mut key = Key::new();
        for chunk in self.cells.chunks(8) {
            key.mix(chunk.iter().fold(0u64, |w, &c| (w << 8) | u64::from(c)));
        }
        key.counts_and_waste(&self.built, (self.dealt, self.turned), &self.waste)
    }
}

/// Two independent 64-bit hashes mixed word by word into a 128-bit key.
pub(crate) struct Key(u64, u64);

impl Key {
    pub fn new() -> Key {
        Key(0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F)
    }

    pub fn mix(&mut self, x: u64) {
        self.0 = (self.0 ^ x)
            .wrapping_mul(0xFF51_AFD7_ED55_8CCD)
            .rotate_left(29);
        self.1 = (self.1.rotate_left(17) ^ x).wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    }

    /// Mix the counts built, a pair of counters and the waste, and give the key.
    pub fn counts_and_waste(
        mut self,
        built: &[[u8; 13]; 4],
        (used, turned): (usize, usize),
        waste: &[Card],
    ) -> u128 {
        for row in built {
            self.mix(row.iter().fold(0u64, |w, &n| (w << 2) | u64::from(n)));
        }
        self.mix(((used as u64) << 32) | turned as u64);
        for chunk in waste.chunks(8) {
            self.mix(chunk.iter().fold(1u64, |w, &c| (w << 8) | u64::from(c)));
        }
        self.mix(waste.len() as u64);
        let (a, b) = (self.0, self.1);
        (u128::from(a ^ (b >> 7)) << 64) | u128::from(b ^ a.rotate_left(11))
    }
}
