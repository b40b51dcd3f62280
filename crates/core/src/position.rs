//! A position: every pile's cards plus the game's phase variables.

use serde::{Deserialize, Serialize};
use strum::{EnumIter, EnumString, IntoStaticStr};

use crate::card::Card;
use crate::pile::Pile;

/// Where a game stands beyond its cards. Part of the position, so undo, save files, the
/// solver and the grader all see it.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Debug,
    Default,
    EnumIter,
    EnumString,
    IntoStaticStr,
    Serialize,
    Deserialize,
)]
#[strum(serialize_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Ordinary play.
    #[default]
    Play,
    /// Before the first deal or turn: spaces are refilled at once from the stock
    /// (German Patience, Sly Fox, Labyrinth).
    Opening,
    /// A deal is being placed card by card and nothing else may move (Sly Fox).
    Dealing,
}

impl Phase {
    /// The lowercase name used in the text and JSON forms.
    #[inline]
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// The game's variables besides the piles. Each game documents what it uses.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Vars {
    /// The phase of play.
    pub phase: Phase,
    /// How many redeals have been used.
    pub redeals: u8,
    /// A set of piles, by index (bit `i` = pile `i`): Sly Fox marks the piles that have
    /// received their card in the deal in progress.
    pub marks: u64,
}

impl Vars {
    /// These variables with one more redeal counted (staying at 255: a game with unlimited
    /// redeals counts them only for the player).
    #[must_use]
    pub fn redealt(self) -> Vars {
        Vars {
            redeals: self.redeals.saturating_add(1),
            ..self
        }
    }

    /// Whether pile `index` is marked.
    #[inline]
    pub fn is_marked(&self, index: usize) -> bool {
        index < 64 && self.marks & (1 << index) != 0
    }
}

/// Every pile (in layout order) and the game variables. Compare, hash and clone freely.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Position {
    pub(crate) piles: Vec<Pile>,
    pub(crate) vars: Vars,
}

impl Position {
    /// A position from piles (in layout order) and variables. It is trusted as it is: use
    /// [`crate::Game::parse_position`] to check one that came from outside.
    #[inline]
    pub fn new(piles: Vec<Pile>, vars: Vars) -> Position {
        Position { piles, vars }
    }

    /// All piles, in layout order.
    #[inline]
    pub fn piles(&self) -> &[Pile] {
        &self.piles
    }

    /// Pile `index` (layout order).
    ///
    /// # Panics
    /// If `index` is not a pile of this position; rules only pass indices from their layout.
    #[inline]
    pub fn pile(&self, index: usize) -> &Pile {
        &self.piles[index]
    }

    /// The game variables.
    #[inline]
    pub fn vars(&self) -> Vars {
        self.vars
    }

    /// Every card of the position, pile by pile.
    #[inline]
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.piles.iter().flat_map(|p| p.cards.iter().copied())
    }

    /// The cards sorted: the multiset a position holds, for conservation checks.
    #[inline]
    pub fn sorted_cards(&self) -> Vec<Card> {
        let mut cards: Vec<Card> = self.cards().collect();
        cards.sort();
        cards
    }
}
