//! The ghost game of an Aces Up position without a space: a bound on what the real game can
//! discard until a column first empties, with the deals burying the columns as they really
//! do. Why it bounds the real game is argued in [`super::search`] ("The ghost game").
//!
//! Its columns and deals are the real ones, and no card ever moves into a space. What it
//! relaxes: a card discarded from a column leaves a *ghost* there, which from then on beats
//! any lower card of its suit on top of another column, as the card would have done had it
//! stayed on top. The game discards all that can go, deals, and again, to the end of the
//! stock.

use super::board::{ACE, Code, strength, suit};

/// The most columns, and cards (so cards in one column), the ghost game holds; a larger
/// position is never told dead.
const MAX_COLUMNS: usize = 16;
const MAX_HEIGHT: usize = 64;

/// How the ghost game of `cols` (each bottom first, none empty) with `stock` (the next card
/// first, dealt a card a column from the first) goes: which columns are ever empty, after
/// discarding all that can go, before or after some deal; and whether a card other than an
/// Ace is left at the end. `None` for a position too large for it.
pub(crate) fn ghost_game(cols: &[Vec<Code>], stock: &[Code]) -> Option<GhostEnd> {
    let width = cols.len();
    let cards = cols.iter().map(Vec::len).sum::<usize>() + stock.len();
    if width == 0 || width > MAX_COLUMNS || cards > MAX_HEIGHT {
        return None;
    }
    let mut stacks = [[0 as Code; MAX_HEIGHT]; MAX_COLUMNS];
    let mut heights = [0usize; MAX_COLUMNS];
    // Per column, the highest strength per suit of its ghosts.
    let mut ghosts = [[0u8; 4]; MAX_COLUMNS];
    for (c, col) in cols.iter().enumerate() {
        stacks[c][..col.len()].copy_from_slice(col);
        heights[c] = col.len();
    }
    let mut empties = 0u32;
    let mut deals = stock.chunks(width);
    loop {
        // Discard all that can go.
        let mut progress = true;
        while progress {
            progress = false;
            for c in 0..width {
                while let Some(h) = heights[c].checked_sub(1) {
                    let top = stacks[c][h];
                    let (s, v) = (suit(top), strength(top));
                    let beaten = v != ACE
                        && (0..width).any(|d| {
                            let top = heights[d].checked_sub(1).map(|t| stacks[d][t]);
                            d != c
                                && (ghosts[d][s] > v
                                    || top.is_some_and(|y| suit(y) == s && strength(y) > v))
                        });
                    if !beaten {
                        break;
                    }
                    // Discarded: it leaves its ghost on the column.
                    heights[c] = h;
                    progress = true;
                    ghosts[c][s] = ghosts[c][s].max(v);
                }
            }
        }
        for (c, &h) in heights[..width].iter().enumerate() {
            if h == 0 {
                empties |= 1 << c;
            }
        }
        let Some(deal) = deals.next() else {
            break;
        };
        for (c, &card) in deal.iter().enumerate() {
            stacks[c][heights[c]] = card;
            heights[c] += 1;
        }
    }
    let stuck = (0..width).any(|c| stacks[c][..heights[c]].iter().any(|&x| strength(x) != ACE));
    Some(GhostEnd { empties, stuck })
}

/// How a ghost game ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct GhostEnd {
    /// The columns that are empty at some point, after all that can go is discarded, before
    /// or after some deal: a bit each (column `c` is bit `c`).
    pub empties: u32,
    /// A card other than an Ace is left at the end (the stock dealt out, nothing more to
    /// discard).
    pub stuck: bool,
}
