//! What a game crate registers with the collection: its rules plugin and its layouts, one
//! value (`pub const GAME: Registration`) that the registry lists once. A game with a search
//! of its own registers through the search toolkit's `Registered`, which holds one of these.

use crate::{EmbeddedLayout, Plugin};

/// A game crate's rules plugin and the layouts that name it.
#[derive(Clone, Copy)]
pub struct Registration {
    /// The rules plugin.
    pub plugin: Plugin,
    /// Its layouts, in menu order.
    pub layouts: &'static [EmbeddedLayout],
}
