//! The seam through which a game offers the solver a search and a guide of its own.

use solitaire_core::{Game, Position, Reading};

use crate::heuristic::Heuristic;
use crate::outcome::{Budget, Report};

/// Which search the solver runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Method {
    /// The game's own search where it has one for the position and its readings; otherwise a
    /// narrow beam, then a depth-first search (it may prove the deal unsolvable), then beam
    /// searches of growing width.
    #[default]
    Auto,
    /// Depth-first search with a transposition table only, no pruning.
    Dfs,
    /// Complete breadth-first search, no pruning: shortest wins, exhaustive proofs.
    Bfs,
    /// Beam searches of growing width only (or the game's own, where it has beams of its own).
    Beam,
}

/// A game's search and guide, registered beside its rules plugin under the same name.
///
/// The solver looks up the search plugin whose `name` is the layout's `rules`: its `guide`
/// steers the generic searches (depth-first, breadth-first, beams) and its `solve` answers
/// first, for a game whose readings it declares it serves (`serves`); where it does not
/// serve them, or `solve` gives `None` (a position or a method it does not serve), the
/// generic search answers. Both read the game's readings from the [`Game`], so a course's
/// readings get the game's search wherever it serves them.
///
/// # Examples
/// A game with a guide of its own and no search of its own yet:
/// ```
/// use solitaire_search::{Generic, SearchPlugin};
///
/// pub const SEARCH: SearchPlugin = SearchPlugin {
///     name: "my-game",
///     guide: |game| Some(Box::new(Generic::new(game))),
///     solve: |_game, _start, _budget, _method| None,
///     serves: &[],
///     knobs: &[],
///     small: Vec::new,
/// };
/// assert_eq!(SEARCH.name, "my-game");
/// ```
#[derive(Clone, Copy)]
pub struct SearchPlugin {
    /// The rules plugin it serves (a layout's `rules:`).
    pub name: &'static str,
    /// The readings it serves beyond their defaults: a reading not named here is served at
    /// its default value only. The solver calls `solve` only for a game whose every chosen
    /// reading is served ([`SearchPlugin::unserved`]); the generic search answers the rest.
    pub serves: &'static [Served],
    /// The tuning knobs its search reads ([`crate::tuning`]), each with what it sets.
    pub knobs: &'static [Knob],
    /// Its small deals: starts (of smaller layouts, or deals with cards already home) that
    /// the engine's plain exhaustive search decides. `crates/solver/tests/small_deals.rs`
    /// checks the search's verdict on each against it, under every reading it serves, and
    /// requires every game's search to name some.
    pub small: fn() -> Vec<Small>,
    /// The guide of the generic searches for this game, or `None` for the generic guide.
    pub guide: fn(&Game) -> Option<Box<dyn Heuristic>>,
    /// The game's own search of the position by the method within the budget, or `None`
    /// where it does not serve.
    pub solve: fn(&Game, &Position, Budget, Method) -> Option<Report>,
}

/// One small deal a search is checked on: its game (a smaller layout, or the game itself)
/// and its start.
pub struct Small {
    /// What it is, for messages (`5 ranks, 3 fans, seed 2`).
    pub label: String,
    /// The game, with its default readings.
    pub game: std::sync::Arc<Game>,
    /// The start.
    pub start: Position,
}

/// A tuning knob a search reads: its name (`--tune NAME=VALUE`) and what it sets.
#[derive(Clone, Copy, Debug)]
pub struct Knob {
    /// The knob's name.
    pub name: &'static str,
    /// What it sets, and its value's form.
    pub meaning: &'static str,
}

/// The values of one reading a search serves.
#[derive(Clone, Copy, Debug)]
pub struct Served {
    /// The reading (the game's own constant).
    pub reading: &'static Reading,
    /// The values served, among the reading's choices.
    pub values: &'static [&'static str],
}

impl SearchPlugin {
    /// The first reading `game` plays that this search does not serve, as `name: value`;
    /// `None` where it serves them all.
    pub fn unserved(&self, game: &Game) -> Option<String> {
        game.readings().iter().find_map(|chosen| {
            let name = chosen.reading.name;
            let value = chosen.choice.value;
            let served = match self.serves.iter().find(|s| s.reading.name == name) {
                Some(s) => s.values.contains(&value),
                None => chosen.is_default(),
            };
            (!served).then(|| format!("{name}: {value}"))
        })
    }
}

/// A table of deals the solver proved winnable for one layout, shipped by its game
/// (`games/<rules>/winnable/<id>.ron`, made by `sol deal <id> --winnable --table FILE`): a
/// RON list of seeds after a `//` header that says how it was made. The app's "winnable
/// deal" picks from it.
#[derive(Clone, Copy, Debug)]
pub struct WinnableTable {
    /// The layout id the seeds deal.
    pub game: &'static str,
    /// The table's text.
    pub source: &'static str,
}
