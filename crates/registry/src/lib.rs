//! The registry: every game of the collection, in menu order, each listed once with
//! everything its crate registers (its rules plugin, its layouts, its own search and its
//! tables of winnable deals, where it has them).
//!
//! To register a game, add its crate to this crate's `Cargo.toml` and its `GAME` to the list
//! below (`sol new-game` does both).

use solitaire_core::{Catalog, EmbeddedLayout, LayoutError, Plugin};
use solitaire_search::{Registered, SearchPlugin, WinnableTable};

/// Weisser's Spider family G(r, s, m, c, d), made into layout text by Spider's crate.
pub use game_spider::Family;

/// Every game, in menu order.
// Every line alike: a game with a search of its own exports a `Registered` already, one
// without (whose crate needs only the engine) a `Registration` that converts.
#[allow(clippy::useless_conversion)]
pub fn games() -> Vec<Registered> {
    vec![
        game_spider::GAME.into(),
        game_german_patience::GAME.into(),
        game_bristol::GAME.into(),
        game_sly_fox::GAME.into(),
        game_interregnum::GAME.into(),
        game_labyrinth::GAME.into(),
        game_sixes_and_sevens::GAME.into(),
        game_rosamund::GAME.into(),
        game_penguin::GAME.into(),
        game_strategy::GAME.into(),
        game_aces_up::GAME.into(),
        game_klondike::GAME.into(),
        // `sol new-game` adds games above this line.
    ]
}

/// Every rules plugin.
pub fn plugins() -> Vec<Plugin> {
    games().iter().map(|g| g.rules.plugin).collect()
}

/// Every layout, in menu order.
pub fn layouts() -> Vec<EmbeddedLayout> {
    games()
        .iter()
        .flat_map(|g| g.rules.layouts.iter().copied())
        .collect()
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
    games().iter().filter_map(|g| g.search).collect()
}

/// The tables of deals proved winnable that the games ship (`games/<rules>/winnable/<id>.ron`).
pub fn winnable_tables() -> Vec<WinnableTable> {
    games()
        .iter()
        .flat_map(|g| g.winnable.iter().copied())
        .collect()
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
    fn each_game_is_listed_once_and_its_search_serves_its_plugin() {
        let games = super::games();
        for (i, game) in games.iter().enumerate() {
            let name = game.rules.plugin.name;
            assert!(
                games[..i].iter().all(|g| g.rules.plugin.name != name),
                "{name} is listed twice"
            );
            if let Some(search) = game.search {
                assert_eq!(search.name, name, "the search of {name}");
            }
            for layout in game.rules.layouts {
                let parsed = solitaire_core::Layout::parse(layout.file, layout.source)
                    .unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(parsed.rules, name, "{}", layout.file);
            }
            for table in game.winnable {
                assert!(
                    game.rules
                        .layouts
                        .iter()
                        .filter_map(|l| solitaire_core::Layout::parse(l.file, l.source).ok())
                        .any(|l| l.id == table.game),
                    "{name}'s winnable table for {} names a layout of another game",
                    table.game
                );
            }
        }
    }
}
