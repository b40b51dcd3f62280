//! The registry: every rules plugin and every layout of the collection, in menu order, and
//! the searches the games bring of their own.
//!
//! To register a game, add its crate to this crate's `Cargo.toml` and its `PLUGIN` and
//! `LAYOUTS` to the first two lists below (`sol new-game` does both); a game that brings a
//! search of its own adds its `SEARCH` to the third.

use solitaire_core::{Catalog, EmbeddedLayout, LayoutError, Plugin};
use solitaire_search::{SearchPlugin, WinnableTable};

/// Weisser's Spider family G(r, s, m, c, d), made into layout text by Spider's crate.
pub use game_spider::Family;

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
        game_klondike::PLUGIN,
        // `sol new-game` adds plugins above this line.
    ]
}

/// Every layout, in menu order.
pub fn layouts() -> Vec<EmbeddedLayout> {
    // Typed, so that a course's starter, which may keep no game, still builds.
    <[&[EmbeddedLayout]]>::concat(&[
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
        game_klondike::LAYOUTS,
        // `sol new-game` adds layouts above this line.
    ])
}

/// Makes a layout family's member, as its layout's id and text, from a spec.
type MakeMember = fn(&str) -> Result<(String, String), String>;

/// The member of Weisser's Spider family G(r, s, m, c, d) that `spec` names (`4,2,2,3,3`), as
/// its layout's id and text, made by Spider's crate (`sol solve spider --family SPEC`).
///
/// # Errors
/// `spec` is not a member of the family, or the collection has no Spider.
pub fn spider_family(spec: &str) -> Result<(String, String), String> {
    let makers: &[MakeMember] = &[
        game_spider::family::family_layout,
        // A course's starter without Spider has none.
    ];
    match makers.first() {
        Some(make) => make(spec),
        None => Err("this collection has no Spider, so no Spider family".into()),
    }
}

/// Every search a game brings of its own (the solver asks it first for that game's rules).
pub fn searches() -> Vec<SearchPlugin> {
    vec![
        game_penguin::SEARCH,
        game_bristol::SEARCH,
        game_strategy::SEARCH,
        game_interregnum::SEARCH,
        game_sixes_and_sevens::SEARCH,
        game_sly_fox::SEARCH,
        game_aces_up::SEARCH,
        game_german_patience::SEARCH,
        game_spider::SEARCH,
        game_klondike::SEARCH,
    ]
}

/// The tables of deals proved winnable that the games ship (`games/<rules>/winnable/<id>.ron`).
pub fn winnable_tables() -> Vec<WinnableTable> {
    <[&[WinnableTable]]>::concat(&[
        game_german_patience::WINNABLE,
        game_sly_fox::WINNABLE,
        game_interregnum::WINNABLE,
        game_sixes_and_sevens::WINNABLE,
        game_aces_up::WINNABLE,
    ])
}

/// The shipped table of winnable deals of layout `id`, if its game has one.
pub fn winnable_table(id: &str) -> Option<&'static str> {
    winnable_tables()
        .into_iter()
        .find(|t| t.game == id)
        .map(|t| t.source)
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

    #[test]
    fn every_search_serves_one_registered_plugin() {
        let plugins = super::plugins();
        let searches = super::searches();
        for (i, search) in searches.iter().enumerate() {
            assert!(
                plugins.iter().any(|p| p.name == search.name),
                "no plugin {}",
                search.name
            );
            assert!(
                searches[..i].iter().all(|s| s.name != search.name),
                "two searches for {}",
                search.name
            );
        }
    }
}
