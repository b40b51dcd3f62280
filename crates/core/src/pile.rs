//! Piles: a kind from the layout and a stack of cards, the first few of them face down.

use serde::{Deserialize, Serialize};
use strum::{EnumIter, EnumString, IntoStaticStr};

use crate::card::Card;

/// What a pile is for. The lowercase names are the words the layouts and the JSON output use.
///
/// | kind | meaning |
/// |---|---|
/// | `tableau` | a column or fan where cards are packed (Spider's ten columns, Bristol's fans) |
/// | `foundation` | where cards are built to win (also Spider's slots for removed suits) |
/// | `stock` | the face-down cards still to be dealt or turned |
/// | `waste` | where turned stock cards wait, top card available |
/// | `reserve` | cards available from the top but never packed on (Sly Fox's 20 piles) |
/// | `cell` | holds one card (Penguin's flipper) |
/// | `hand` | the one card just turned, which must be placed before the next is turned |
/// | `indicator` | a card that only marks something (Interregnum's rank indicators) |
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    EnumIter,
    EnumString,
    IntoStaticStr,
    Serialize,
    Deserialize,
)]
#[strum(serialize_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum PileKind {
    /// A column or fan where cards are packed.
    Tableau,
    /// Where cards are built to win.
    Foundation,
    /// The face-down cards still to be dealt or turned.
    Stock,
    /// Where turned stock cards wait, top card available.
    Waste,
    /// Cards available from the top but never packed on.
    Reserve,
    /// Holds one card.
    Cell,
    /// The card just turned, to be placed before the next is turned.
    Hand,
    /// A card that only marks something.
    Indicator,
}

impl PileKind {
    /// The lowercase name used in layouts and JSON (`tableau`, `foundation`, ...).
    #[inline]
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// The cards of one pile, bottom (buried) first, top (last played) last.
///
/// The first `face_down` cards are face down, the rest face up: a pile never has a face-up card
/// under a face-down one. Piles change only through [`crate::Tx`], so every change is undoable.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Pile {
    pub(crate) cards: Vec<Card>,
    pub(crate) face_down: usize,
}

impl Pile {
    /// A pile of these cards with the first `face_down` of them face down.
    ///
    /// `face_down` larger than the pile means all of them.
    #[inline]
    pub fn new(cards: Vec<Card>, face_down: usize) -> Pile {
        let face_down = face_down.min(cards.len());
        Pile { cards, face_down }
    }

    /// All cards, bottom first.
    #[inline]
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// How many cards lie face down at the bottom.
    #[inline]
    pub fn face_down(&self) -> usize {
        self.face_down
    }

    /// The face-up cards, bottom first.
    #[inline]
    pub fn face_up(&self) -> &[Card] {
        &self.cards[self.face_down..]
    }

    /// Number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the pile holds no card (a space).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The top card, face up or not.
    #[inline]
    pub fn top(&self) -> Option<Card> {
        self.cards.last().copied()
    }

    /// The top card if it is face up.
    #[inline]
    pub fn top_face_up(&self) -> Option<Card> {
        if self.cards.len() > self.face_down {
            self.cards.last().copied()
        } else {
            None
        }
    }

    /// The bottom (first dealt, most buried) card, face up or not.
    #[inline]
    pub fn bottom(&self) -> Option<Card> {
        self.cards.first().copied()
    }

    /// Whether the card at `index` (0 = bottom) is face up.
    #[inline]
    pub fn is_face_up(&self, index: usize) -> bool {
        index >= self.face_down && index < self.cards.len()
    }

    /// The top `count` cards, bottom first; `None` if the pile is shorter.
    #[inline]
    pub fn top_n(&self, count: usize) -> Option<&[Card]> {
        self.cards
            .len()
            .checked_sub(count)
            .map(|s| &self.cards[s..])
    }
}
