//! The registry: every rules plugin and every layout of the collection, in menu order.
//!
//! To register a game, add its crate to this crate's `Cargo.toml` and its `PLUGIN` and
//! `LAYOUTS` to the two lists below (`sol new-game` does both).

use solitaire_core::{Catalog, EmbeddedLayout, LayoutError, Plugin};

/// Every rules plugin.
pub fn plugins() -> Vec<Plugin> {
    vec![
        game_spider::PLUGIN,
        game_german_patience::PLUGIN,
        game_bristol::PLUGIN,
        game_sly_fox::PLUGIN,
        game_interregnum::PLUGIN,
        game_labyrinth::PLUGIN,
        game_sixes_and_sevens::PLUGIN,
        game_rosamund::PLUGIN,
        game_penguin::PLUGIN,
        game_strategy::PLUGIN,
        game_aces_up::PLUGIN,
        // `sol new-game` adds plugins above this line.
    ]
}

/// Every layout, in menu order.
pub fn layouts() -> Vec<EmbeddedLayout> {
    [
        game_spider::LAYOUTS,
        game_german_patience::LAYOUTS,
        game_bristol::LAYOUTS,
        game_sly_fox::LAYOUTS,
        game_interregnum::LAYOUTS,
        game_labyrinth::LAYOUTS,
        game_sixes_and_sevens::LAYOUTS,
        game_rosamund::LAYOUTS,
        game_penguin::LAYOUTS,
        game_strategy::LAYOUTS,
        game_aces_up::LAYOUTS,
        // `sol new-game` adds layouts above this line.
    ]
    .concat()
}

/// All registered games, built from the embedded layouts.
///
/// # Errors
/// The first layout that is malformed or names an unknown plugin.
pub fn catalog() -> Result<Catalog, LayoutError> {
    Catalog::build(&plugins(), &layouts())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_embedded_layout_builds() {
        let catalog = super::catalog().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(catalog.games().len(), super::layouts().len());
    }
}
