//! Penguin's position in a byte per card, its moves made and unmade in place, and its key.
//!
//! The same rules as this crate's (`rules.rs`): a column's top card or a flipper
//! card builds on the foundation of its suit (one rank up, King to Ace; an empty foundation
//! takes only the bases' rank); any sequence at the top of a column (down in suit, Ace to King)
//! moves as a unit onto a column top one rank above its head in suit, or into a space when
//! its head is one rank below the bases; a column's top card goes into an empty flipper cell;
//! a flipper card packs back or fills a space likewise. The tests check the moves against the
//! engine's on random games.
//!
//! **Reductions** ([`Reductions`], each checked by the tests against the board without it):
//! cells alike, columns alike, and safe builds. The argument that each is sound is in
//! `games/penguin/SEARCH.md`.

use solitaire_search::key::{mix128, random};

/// A card: suit times 16 plus rank (1 for an Ace).
pub(crate) type Code = u8;

fn rank(c: Code) -> u8 {
    c & 15
}

fn suit(c: Code) -> u8 {
    c >> 4
}

/// The rank above `r`, King to Ace.
fn up(r: u8) -> u8 {
    r % 13 + 1
}

/// One move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Step {
    /// Build the top card of pile `from` (a column, or a cell: `cells` + index) on
    /// foundation `to`.
    Build(u8, u8),
    /// Move the top `count` cards of column or cell `from` to column `to`: from, to, count.
    Shift(u8, u8, u8),
    /// Put column `from`'s top card into cell `to`.
    Park(u8, u8),
}

/// What the board may use beyond the rules (all on in the real search).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reductions {
    pub cells_alike: bool,
    pub columns_alike: bool,
    pub safe_builds: bool,
}

impl Reductions {
    pub const ALL: Reductions = Reductions {
        cells_alike: true,
        columns_alike: true,
        safe_builds: true,
    };
    #[cfg(test)]
    pub const NONE: Reductions = Reductions {
        cells_alike: false,
        columns_alike: false,
        safe_builds: false,
    };
}

const COLUMN_SALT: u64 = 1 << 40;
const CELL_SALT: u64 = 2 << 40;
const FOUNDATION_SALT: u64 = 3 << 40;

/// A position. Piles are numbered columns first, then cells.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    columns: Vec<Vec<Code>>,
    hashes: Vec<u128>,
    cells: Vec<Option<Code>>,
    /// Each foundation's top card, if any, and height.
    foundations: Vec<(Option<Code>, u8)>,
    base: u8,
    pub reductions: Reductions,
}

fn card_hash(height: usize, c: Code) -> u128 {
    random((height as u64) * 64 + u64::from(c))
}

impl Board {
    /// A board from its columns (bottom first), cells and foundations (top card, height),
    /// whose bases have rank `base`.
    pub fn new(
        columns: Vec<Vec<Code>>,
        cells: Vec<Option<Code>>,
        foundations: Vec<(Option<Code>, u8)>,
        base: u8,
        reductions: Reductions,
    ) -> Board {
        let hashes = columns
            .iter()
            .map(|c| {
                c.iter()
                    .enumerate()
                    .fold(0, |h, (i, &x)| h ^ card_hash(i, x))
            })
            .collect();
        Board {
            columns,
            hashes,
            cells,
            foundations,
            base,
            reductions,
        }
    }

    fn push(&mut self, col: usize, c: Code) {
        self.hashes[col] ^= card_hash(self.columns[col].len(), c);
        self.columns[col].push(c);
    }

    fn pop(&mut self, col: usize) -> Code {
        let c = self.columns[col].pop().unwrap_or_default();
        self.hashes[col] ^= card_hash(self.columns[col].len(), c);
        c
    }

    /// The card on top of pile `p` (a column, or a cell past the columns).
    fn top(&self, p: usize) -> Option<Code> {
        match self.columns.get(p) {
            Some(col) => col.last().copied(),
            None => self.cells[p - self.columns.len()],
        }
    }

    /// The foundation `c` builds on, if any.
    fn foundation_for(&self, c: Code) -> Option<usize> {
        self.foundations.iter().position(|&(top, _)| match top {
            None => rank(c) == self.base,
            Some(t) => suit(t) == suit(c) && up(rank(t)) == rank(c),
        })
    }

    /// How many cards at the top of column `col` form a sequence down in suit.
    fn run(&self, col: usize) -> usize {
        let cards = &self.columns[col];
        let mut len = usize::from(!cards.is_empty());
        while len < cards.len() {
            let (below, above) = (cards[cards.len() - len - 1], cards[cards.len() - len]);
            if suit(below) != suit(above) || up(rank(above)) != rank(below) {
                break;
            }
            len += 1;
        }
        len
    }

    /// How many of the top `run` cards of pile `from` move onto column `to` (0: none).
    fn joins(&self, from: usize, run: usize, to: usize) -> usize {
        let src: &[Code] = match self.columns.get(from) {
            Some(col) => col,
            None => return usize::from(self.fits(to, self.top(from))),
        };
        (1..=run)
            .find(|&k| self.fits(to, Some(src[src.len() - k])))
            .unwrap_or(0)
    }

    /// Whether `head` may go on column `to`.
    fn fits(&self, to: usize, head: Option<Code>) -> bool {
        let Some(head) = head else { return false };
        match self.columns[to].last() {
            None => up(rank(head)) == self.base,
            Some(&t) => suit(t) == suit(head) && up(rank(head)) == rank(t),
        }
    }

    /// Every legal move (one empty cell and one space tried when those are alike).
    pub fn moves(&self, out: &mut Vec<Step>) {
        let r = self.reductions;
        let ncols = self.columns.len();
        let first_space = self.columns.iter().position(Vec::is_empty);
        let first_cell = self.cells.iter().position(Option::is_none);
        for from in 0..ncols + self.cells.len() {
            let Some(top) = self.top(from) else { continue };
            for (f, &(t, _)) in self.foundations.iter().enumerate() {
                let fits = match t {
                    None => rank(top) == self.base,
                    Some(t) => suit(t) == suit(top) && up(rank(t)) == rank(top),
                };
                if fits {
                    out.push(Step::Build(from as u8, f as u8));
                }
            }
            let run = if from < ncols { self.run(from) } else { 1 };
            for to in 0..ncols {
                let space = self.columns[to].is_empty();
                if to == from || (space && r.columns_alike && Some(to) != first_space) {
                    continue;
                }
                let k = self.joins(from, run, to);
                if k > 0 {
                    out.push(Step::Shift(from as u8, to as u8, k as u8));
                }
            }
            if from < ncols {
                for (cell, held) in self.cells.iter().enumerate() {
                    if held.is_none() && (!r.cells_alike || Some(cell) == first_cell) {
                        out.push(Step::Park(from as u8, cell as u8));
                    }
                }
            }
        }
    }

    /// A safe build (argued in `games/penguin/SEARCH.md`), if there is one and the reduction is on.
    fn safe_build(&self) -> Option<Step> {
        if !self.reductions.safe_builds {
            return None;
        }
        (0..self.columns.len() + self.cells.len()).find_map(|p| {
            let top = self.top(p)?;
            if rank(top) == self.base {
                return None;
            }
            Some(Step::Build(p as u8, self.foundation_for(top)? as u8))
        })
    }

    fn take(&mut self, p: usize) -> Code {
        if p < self.columns.len() {
            self.pop(p)
        } else {
            self.cells[p - self.columns.len()]
                .take()
                .unwrap_or_default()
        }
    }

    fn put(&mut self, p: usize, c: Code) {
        if p < self.columns.len() {
            self.push(p, c);
        } else {
            self.cells[p - self.columns.len()] = Some(c);
        }
    }

    /// Move `count` cards from pile `from` to pile `to`, keeping their order.
    fn shift(&mut self, from: usize, to: usize, count: usize) {
        let mut moved = [0u8; 13];
        for slot in moved.iter_mut().take(count) {
            *slot = self.take(from);
        }
        for &c in moved[..count].iter().rev() {
            self.put(to, c);
        }
    }
}

impl solitaire_search::exact::Board for Board {
    type Step = Step;

    fn is_won(&self) -> bool {
        self.foundations.iter().all(|&(_, h)| h == 13)
    }

    fn key(&self) -> u128 {
        let r = self.reductions;
        let mut key = 0u128;
        for (i, &h) in self.hashes.iter().enumerate() {
            let salt = if r.columns_alike {
                0
            } else {
                random(COLUMN_SALT + i as u64)
            };
            key = key.wrapping_add(mix128(h ^ salt));
        }
        for (i, &c) in self.cells.iter().enumerate() {
            let at = if r.cells_alike { 0 } else { i as u64 * 64 };
            if let Some(c) = c {
                key = key.wrapping_add(random(CELL_SALT + at + u64::from(c)));
            }
        }
        for (f, &(_, h)) in self.foundations.iter().enumerate() {
            key = key.wrapping_add(random(FOUNDATION_SALT + f as u64 * 16 + u64::from(h)));
        }
        key
    }

    fn expand(&self, out: &mut Vec<Step>) {
        out.clear();
        match self.safe_build() {
            Some(step) => out.push(step),
            None => self.moves(out),
        }
    }

    fn apply(&mut self, step: Step) {
        match step {
            Step::Build(from, f) => {
                let c = self.take(usize::from(from));
                let found = &mut self.foundations[usize::from(f)];
                *found = (Some(c), found.1 + 1);
            }
            Step::Shift(from, to, n) => {
                self.shift(usize::from(from), usize::from(to), usize::from(n))
            }
            Step::Park(from, cell) => {
                let c = self.pop(usize::from(from));
                self.cells[usize::from(cell)] = Some(c);
            }
        }
    }

    fn undo(&mut self, step: Step) {
        match step {
            Step::Build(from, f) => {
                let (top, h) = self.foundations[usize::from(f)];
                let c = top.unwrap_or_default();
                let below = if h == 1 {
                    None
                } else {
                    // The card under it: one rank down in suit, Ace to King.
                    Some((c & 0xF0) | if rank(c) == 1 { 13 } else { rank(c) - 1 })
                };
                self.foundations[usize::from(f)] = (below, h - 1);
                self.put(usize::from(from), c);
            }
            Step::Shift(from, to, n) => {
                self.shift(usize::from(to), usize::from(from), usize::from(n))
            }
            Step::Park(from, cell) => {
                let c = self.cells[usize::from(cell)].take().unwrap_or_default();
                self.push(usize::from(from), c);
            }
        }
    }
}

#[cfg(test)]
impl solitaire_search::testkit::Checked for Board {
    type Snapshot = (Vec<Vec<Code>>, Vec<Option<Code>>, Vec<(Option<Code>, u8)>);
    fn snapshot(&self) -> Self::Snapshot {
        (
            self.columns.clone(),
            self.cells.clone(),
            self.foundations.clone(),
        )
    }
    fn legal(&self, out: &mut Vec<Step>) {
        self.moves(out);
    }
}
