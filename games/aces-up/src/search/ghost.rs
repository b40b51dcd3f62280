//! The ghost game of an Aces Up position without a space: a bound on what the real game can
//! discard until a column first empties, with the deals burying the columns as they really
//! do. Why it bounds the real game is argued in `games/aces-up/SEARCH.md` ("the ghost game").
//!
//! Its columns and deals are the real ones, and no card ever moves into a space. What it
//! relaxes: a card discarded from a column leaves a *ghost* there, which beats any lower card
//! of its suit on top of another column, as the card would have done had it stayed on top,
//! until a card is dealt onto the column (and again once the cards dealt since are gone). The game discards
//! all that can go, deals, and again, to the end of the stock.

use std::cell::RefCell;

use super::board::{ACE, Code, strength, suit};

/// The most columns, and cards (so cards in one column), the ghost game holds; a larger
/// position is never told dead.
const MAX_COLUMNS: usize = 16;
const MAX_HEIGHT: usize = 64;

/// How the ghost game of `cols` (each bottom first, none empty) with `stock` (the next card
/// first, dealt a card a column from the first) goes: which columns are ever empty, after
/// discarding all that can go, before or after some deal; and whether a card other than an
/// Ace is left at the end. `None` for a position too large for it.
#[cfg(test)]
pub(crate) fn ghost_game(cols: &[Vec<Code>], stock: &[Code]) -> Option<GhostEnd> {
    let mut game = Box::new(Ghost::EMPTY);
    if !game.set(cols, stock) {
        return None;
    }
    let mut empties = 0u32;
    let mut deals = stock.chunks(cols.len());
    loop {
        empties |= game.discard_all();
        let Some(deal) = deals.next() else {
            break;
        };
        game.deal(deal);
    }
    Some(GhostEnd {
        empties,
        stuck: game.stuck(),
    })
}

/// Whether the ghost game of `cols` with `stock` (as [`ghost_game`] takes them) empties no
/// column and ends with a card other than an Ace: the same as `ghost_game`'s answer, but it
/// stops at the first column that empties.
pub(crate) fn ghost_dead_end(cols: &[Vec<Code>], stock: &[Code]) -> bool {
    with_game(|game| game.set(cols, stock) && game.dead_end(cols.len(), stock))
}

/// Run `f` with this thread's ghost game, whose memory is kept from one call to the next: a
/// game then costs the cards it plays, not a fresh 5 KB.
fn with_game<R>(f: impl FnOnce(&mut Ghost) -> R) -> R {
    thread_local! {
        static GAME: RefCell<Box<Ghost>> = RefCell::new(Box::new(Ghost::EMPTY));
    }
    GAME.with_borrow_mut(|game| f(game))
}

/// Where the ghost game of `cols` with `stock` (as [`ghost_game`] takes them) first has an
/// empty column, once it can discard nothing more.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum FirstSpace {
    /// After `dealt` more stock cards; its columns are written out, and `ghosts` is, per suit,
    /// the highest strength of all the ghosts left, covered or not.
    After { dealt: usize, ghosts: [u8; 4] },
    /// No column ever empties; `stuck` when a card other than an Ace is left at the end (the
    /// position is then lost).
    Never { stuck: bool },
    /// The position is too large for the ghost game.
    TooLarge,
}

/// Play the ghost game of `cols` with `stock` up to its first empty column ([`FirstSpace`]),
/// writing its columns then into `out`.
pub(crate) fn ghost_first_space(
    cols: &[Vec<Code>],
    stock: &[Code],
    out: &mut Vec<Vec<Code>>,
) -> FirstSpace {
    with_game(|game| game.first_space(cols, stock, out))
}

impl Ghost {
    /// [`ghost_first_space`] with this memory.
    fn first_space(
        &mut self,
        cols: &[Vec<Code>],
        stock: &[Code],
        out: &mut Vec<Vec<Code>>,
    ) -> FirstSpace {
        let game = self;
        if !game.set(cols, stock) {
            return FirstSpace::TooLarge;
        }
        let width = cols.len();
        let mut deals = stock.chunks(width);
        let mut dealt = 0;
        loop {
            if game.discard_all() != 0 {
                break;
            }
            let Some(deal) = deals.next() else {
                return FirstSpace::Never {
                    stuck: game.stuck(),
                };
            };
            game.deal(deal);
            dealt += deal.len();
        }
        out.resize_with(width, Vec::new);
        for (c, col) in out.iter_mut().enumerate() {
            col.clear();
            col.extend_from_slice(&game.stacks[c][..game.heights[c]]);
        }
        FirstSpace::After {
            dealt,
            ghosts: game.all_ghosts,
        }
    }
}

impl Ghost {
    /// The rest of [`ghost_dead_end`], once set.
    fn dead_end(&mut self, width: usize, stock: &[Code]) -> bool {
        let mut deals = stock.chunks(width);
        loop {
            if self.discard_all() != 0 {
                return false;
            }
            let Some(deal) = deals.next() else {
                return self.stuck();
            };
            self.deal(deal);
        }
    }
}

/// How a ghost game ends.
#[cfg(test)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct GhostEnd {
    /// The columns that are empty at some point, after all that can go is discarded, before
    /// or after some deal: a bit each (column `c` is bit `c`).
    pub empties: u32,
    /// A card other than an Ace is left at the end (the stock dealt out, nothing more to
    /// discard).
    pub stuck: bool,
}

/// The ghost game under way.
struct Ghost {
    width: usize,
    stacks: [[Code; MAX_HEIGHT]; MAX_COLUMNS],
    heights: [usize; MAX_COLUMNS],
    /// Per column and suit, the highest strength that beats from there: its ghosts' and its
    /// top card's.
    power: [[u8; 4]; MAX_COLUMNS],
    /// Per column and card, how many deals were made when the card came there (0 for the
    /// position's own cards).
    placed: [[u8; MAX_HEIGHT]; MAX_COLUMNS],
    /// Per column and number of deals made, per suit, the highest strength of the ghosts left
    /// then.
    ghosts: [[[u8; 4]; MAX_HEIGHT + 1]; MAX_COLUMNS],
    /// How many deals were made.
    deals: usize,
    /// Per suit, the highest strength of all the ghosts, covered or not.
    all_ghosts: [u8; 4],
}

impl Ghost {
    const EMPTY: Ghost = Ghost {
        width: 0,
        stacks: [[0; MAX_HEIGHT]; MAX_COLUMNS],
        heights: [0; MAX_COLUMNS],
        power: [[0; 4]; MAX_COLUMNS],
        placed: [[0; MAX_HEIGHT]; MAX_COLUMNS],
        ghosts: [[[0; 4]; MAX_HEIGHT + 1]; MAX_COLUMNS],
        deals: 0,
        all_ghosts: [0; 4],
    };

    /// Set the game up for `cols` and `stock`; false (and nothing set) when it is too large.
    fn set(&mut self, cols: &[Vec<Code>], stock: &[Code]) -> bool {
        let width = cols.len();
        let cards = cols.iter().map(Vec::len).sum::<usize>() + stock.len();
        if width == 0 || width > MAX_COLUMNS || cards > MAX_HEIGHT {
            return false;
        }
        self.width = width;
        self.all_ghosts = [0; 4];
        self.deals = 0;
        for (c, col) in cols.iter().enumerate() {
            self.stacks[c][..col.len()].copy_from_slice(col);
            self.placed[c][..col.len()].fill(0);
            self.heights[c] = col.len();
            self.ghosts[c][..=stock.len().div_ceil(width)].fill([0; 4]);
            self.crown(c);
        }
        true
    }

    /// Column `c`'s power now: its top card's, and its uncovered ghosts' (those left since
    /// its top card came, or all when it is empty).
    fn crown(&mut self, c: usize) {
        self.power[c] = self.uncovered(c);
    }

    /// Column `c`'s power from its top card and uncovered ghosts.
    fn uncovered(&self, c: usize) -> [u8; 4] {
        let top = self.heights[c].checked_sub(1).map(|h| self.stacks[c][h]);
        let since = top.map_or(0, |_| usize::from(self.placed[c][self.heights[c] - 1]));
        let mut power = [0u8; 4];
        for ghosts in &self.ghosts[c][since..=self.deals] {
            for (p, &g) in power.iter_mut().zip(ghosts) {
                *p = (*p).max(g);
            }
        }
        if let Some(top) = top {
            let p = &mut power[suit(top)];
            *p = (*p).max(strength(top));
        }
        power
    }

    /// Discard all that can go; the columns then empty, a bit each.
    fn discard_all(&mut self) -> u32 {
        let width = self.width;
        // Per suit, the highest power, its column, and the highest of the other columns'.
        let mut best = Best::default();
        for c in 0..width {
            for s in 0..4 {
                best.raise(c, s, self.power[c][s]);
            }
        }
        let mut progress = true;
        while progress {
            progress = false;
            for c in 0..width {
                while let Some(h) = self.heights[c].checked_sub(1) {
                    let top = self.stacks[c][h];
                    let (s, v) = (suit(top), strength(top));
                    if v == ACE || best.beside(c, s) <= v {
                        break;
                    }
                    // Discarded: it leaves its ghost, uncovered until a card is dealt there.
                    self.heights[c] = h;
                    let ghost = &mut self.ghosts[c][self.deals][s];
                    *ghost = (*ghost).max(v);
                    self.all_ghosts[s] = self.all_ghosts[s].max(v);
                    let power = self.uncovered(c);
                    for (s, &p) in power.iter().enumerate() {
                        if p > self.power[c][s] {
                            self.power[c][s] = p;
                            best.raise(c, s, p);
                        }
                    }
                    progress = true;
                }
            }
        }
        (0..width)
            .filter(|&c| self.heights[c] == 0)
            .fold(0, |e, c| e | 1 << c)
    }

    /// Put `deal`'s cards on the columns in order, one each.
    fn deal(&mut self, deal: &[Code]) {
        self.deals += 1;
        for (c, &card) in deal.iter().enumerate() {
            self.stacks[c][self.heights[c]] = card;
            self.placed[c][self.heights[c]] = self.deals as u8;
            self.heights[c] += 1;
            // It covers every ghost of the column: the card alone beats from there.
            self.power[c] = [0; 4];
            self.power[c][suit(card)] = strength(card);
        }
    }

    /// Whether a card other than an Ace is left.
    fn stuck(&self) -> bool {
        (0..self.width).any(|c| {
            self.stacks[c][..self.heights[c]]
                .iter()
                .any(|&x| strength(x) != ACE)
        })
    }
}

/// Per suit, the highest power of the columns, which column has it, and the highest power of
/// the other columns: enough to tell, for any column, the highest power beside it.
#[derive(Default)]
struct Best {
    first: [u8; 4],
    column: [usize; 4],
    second: [u8; 4],
}

impl Best {
    /// Column `c`'s power in suit `s` rises to `p` (powers only rise while discarding).
    fn raise(&mut self, c: usize, s: usize, p: u8) {
        if self.column[s] == c {
            self.first[s] = self.first[s].max(p);
        } else if p > self.first[s] {
            self.second[s] = self.first[s];
            self.first[s] = p;
            self.column[s] = c;
        } else {
            self.second[s] = self.second[s].max(p);
        }
    }

    /// The highest power in suit `s` of the columns other than `c`.
    fn beside(&self, c: usize, s: usize) -> u8 {
        if self.column[s] == c {
            self.second[s]
        } else {
            self.first[s]
        }
    }
}
