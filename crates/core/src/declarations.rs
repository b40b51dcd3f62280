//! What a layout tells the searches about its game: piles the rules never tell apart, and
//! whether a card that nothing could ever be built on goes home at once.
//!
//! A layout declares them in its `search:` section ([`crate::layout`] shows the schema); the
//! solver's searches, the hint and "still winnable?" use them for any game, with no code of
//! the game's own. Each is a claim about the rules that the searches trust; the argument for
//! each is below, and `solitaire_search::testkit::check_declarations` tests a game's claims
//! against the search without them.
//!
//! - **Interchangeable piles** (`interchangeable: [["f1..f4"], ["t1..t7"]]`): a group of piles
//!   of one kind that the rules treat alike (no rule names one of them). Two positions that
//!   differ only by the order of a group's piles then play alike, move for move with the
//!   piles renamed, so a search keys them alike; and of several moves that differ only in
//!   which empty pile of a group they fill, one is enough.
//! - **Safe moves home** (`safe_home: true`): a card is *safe* when no card off the
//!   foundations could be built on it, nor on a card that could be built on it, and so on.
//!   Sending a safe card home first loses nothing: the only cards a win could still put on it
//!   are cards already home, and they could only ever hold other cards already home. With
//!   `safe_home`, the searches play a safe card home as the only move of its position. A
//!   game declares it when what may be built on a card depends on the two cards alone.
//! - **Turns that commute** (`turns_commute: true`): turning the stock (`deal`, `redeal`)
//!   moves cards only between the stock and waste piles, and a move that leaves those piles
//!   alone neither reads them nor changes whether a turn is legal. Such a move and a turn then
//!   give the same position in either order, so any win can be played with every such move
//!   made before the turns that precede it: turns are only ever needed just before a play
//!   from the stock or waste. The depth-first search then tries, from each position, the
//!   other moves at once and the plays from the stock and waste after each number of turns
//!   (up to a full round), and never stops between two turns.

use serde::Deserialize;

/// The `search:` section as written.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DeclarationsFile {
    #[serde(default)]
    pub(crate) interchangeable: Vec<Vec<String>>,
    #[serde(default)]
    pub(crate) safe_home: bool,
    #[serde(default)]
    pub(crate) turns_commute: bool,
}

/// What a layout declares to the searches (checked: every group names at least two piles of
/// one kind, and no pile is in two groups).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Declarations {
    /// Groups of piles the rules treat alike, by index.
    pub interchangeable: Vec<Vec<usize>>,
    /// Safe cards go home first.
    pub safe_home: bool,
    /// Turning the stock commutes with every move that leaves the stock and waste alone.
    pub turns_commute: bool,
}

impl Declarations {
    /// Whether the layout declares nothing.
    pub fn is_empty(&self) -> bool {
        self.interchangeable.is_empty() && !self.safe_home && !self.turns_commute
    }

    /// The group pile `pile` belongs to, if any.
    pub fn group_of(&self, pile: usize) -> Option<&[usize]> {
        self.interchangeable
            .iter()
            .find(|g| g.contains(&pile))
            .map(Vec::as_slice)
    }
}
