//! A game as the registry lists it: what its crate registers with the engine (its rules
//! plugin and layouts) and, where it has them, its own search and its tables of winnable
//! deals. A game crate exports one value, `GAME`; the registry turns each into this with
//! `.into()`, so a game without a search (whose crate needs only the engine) and one with a
//! search are listed alike.

use solitaire_core::Registration;

use crate::plugin::{SearchPlugin, WinnableTable};

/// One game of the collection, with everything the solver and the app take from its crate.
#[derive(Clone, Copy)]
pub struct Registered {
    /// Its rules plugin and layouts.
    pub rules: Registration,
    /// Its own search and guide, if it has them (their `name` is the plugin's).
    pub search: Option<SearchPlugin>,
    /// Its tables of deals proved winnable.
    pub winnable: &'static [WinnableTable],
}

impl From<Registration> for Registered {
    fn from(rules: Registration) -> Registered {
        Registered {
            rules,
            search: None,
            winnable: &[],
        }
    }
}
