//! Unknown cards in the text form: `--` is a face-down card whose identity the text does not
//! give (as in published problems, where only the face-up cards are shown).
//!
//! A position with unknown cards is not playable as it is: [`parse_position_filled`] fills
//! every `--` with the cards of the deck that the text does not name (the deck minus every
//! named card, copies included), shuffled reproducibly from a fill seed with the deals'
//! shuffle ([`crate::shuffle::shuffle`]: ChaCha8), and dealt to the unknown places in reading
//! order (layout pile order, each pile bottom first). The same text and seed give the same
//! position forever. When the text has no `--` the filled reader is the plain reader.

use std::collections::HashSet;

use crate::card::Card;
use crate::layout::Layout;
use crate::pile::Pile;
use crate::position::{Position, Vars};
use crate::shuffle::shuffle;

use super::{PositionError, read_sketch};

/// The token of a face-down card left unknown.
pub const UNKNOWN_CARD: &str = "--";

/// A place in the text that holds an unknown card.
pub(super) struct Gap {
    /// The pile (layout order) and the index in it (bottom first).
    pub pile: usize,
    pub index: usize,
    /// Where the `--` is written (1-based).
    pub line: usize,
    pub col: usize,
}

/// A position as read, unknown cards left as `None`.
pub(super) struct Sketch {
    /// Each pile's cards (bottom first) and how many lie face down.
    pub piles: Vec<(Vec<Option<Card>>, usize)>,
    /// The unknown places, in reading order.
    pub unknown: Vec<Gap>,
    pub vars: Vars,
}

impl Sketch {
    /// The position, if no card is unknown.
    pub fn into_position(self) -> Result<Position, PositionError> {
        if let Some(gap) = self.unknown.first() {
            return Err(PositionError {
                line: gap.line,
                col: gap.col,
                message: format!(
                    "`{UNKNOWN_CARD}` is a face-down card left unknown: fill the position \
                     first (`sol ... --fill-seed N`, `Game::parse_position_filled`)"
                ),
            });
        }
        Ok(self.fill_with(Vec::new()))
    }

    /// The position with the unknown places taken by `cards`, in reading order.
    fn fill_with(self, cards: Vec<Card>) -> Position {
        let mut cards = cards.into_iter();
        let piles = self
            .piles
            .into_iter()
            .map(|(slots, face_down)| {
                let cards = slots
                    .into_iter()
                    .filter_map(|slot| slot.or_else(|| cards.next()))
                    .collect();
                Pile::new(cards, face_down)
            })
            .collect();
        Position::new(piles, self.vars)
    }
}

/// A position whose unknown cards were filled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilledPosition {
    /// The playable position.
    pub position: Position,
    /// How many cards were unknown (`--`) and filled.
    pub unknown: usize,
    /// The fill seed.
    pub seed: u64,
    /// The filled places: (pile in layout order, index in the pile, bottom first).
    pub places: Vec<(usize, usize)>,
}

impl FilledPosition {
    /// The text form with the filled cards written as `--` again, as the text gave them.
    pub fn text_with_unknowns(&self, layout: &Layout) -> String {
        super::write_masked(layout, &self.position, &self.places)
    }
}

/// Read a position in the text form whose face-down cards may be unknown (`--`), and fill
/// them with the deck's cards that the text does not name, shuffled with `fill_seed`.
///
/// # Errors
/// Every error of [`super::parse_position`] but the unknown cards; a `--` right of `|` (an
/// unknown card must lie face down); more `--` than cards left, naming the first one too
/// many; fewer `--` than cards left (every card of the deck must be placed once some are
/// unknown), naming the first `--`.
pub fn parse_position_filled(
    layout: &Layout,
    text: &str,
    fill_seed: u64,
) -> Result<FilledPosition, PositionError> {
    let sketch = read_sketch(layout, text)?;
    let named: HashSet<Card> = sketch
        .piles
        .iter()
        .flat_map(|(cards, _)| cards.iter().flatten().copied())
        .collect();
    let mut left: Vec<Card> = layout
        .deck
        .cards()
        .into_iter()
        .filter(|c| !named.contains(c))
        .collect();
    let unknown = sketch.unknown.len();
    if unknown > 0 && unknown != left.len() {
        let (gap, how) = if unknown > left.len() {
            (&sketch.unknown[left.len()], "this `--` is one too many")
        } else {
            (
                &sketch.unknown[0],
                "write the missing cards or more `--` (the stock's too)",
            )
        };
        return Err(PositionError {
            line: gap.line,
            col: gap.col,
            message: format!(
                "the deck holds {} cards and the text names {}, which leaves {} for {unknown} \
                 unknown cards: {how}",
                layout.deck.len(),
                named.len(),
                left.len(),
            ),
        });
    }
    let places = sketch.unknown.iter().map(|g| (g.pile, g.index)).collect();
    if unknown == 0 {
        left.clear();
    }
    shuffle(&mut left, fill_seed);
    Ok(FilledPosition {
        position: sketch.fill_with(left),
        unknown,
        seed: fill_seed,
        places,
    })
}

#[cfg(test)]
#[path = "fill_tests.rs"]
mod tests;
