//! A student's game in the judge's own process: a reference game under readings of its own,
//! declaring none (a game that implements one reading, hard-wired), under the student's id.
//! What a class run grades through an oracle, the tests can replay commands on.

use std::sync::Arc;

use solitaire_core::{
    Card, Game, Illegal, Layout, LayoutError, Move, Plugin, Position, Rules, Status, Structure,
    StructureError, Tx,
};

/// A game's rules that declare no reading: they play whatever the game they wrap plays.
pub struct Plain(pub Arc<Game>);

impl Rules for Plain {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        self.0.rules().check(pos, mv)
    }
    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        self.0.rules().apply(tx, mv);
    }
    fn is_won(&self, pos: &Position) -> bool {
        self.0.rules().is_won(pos)
    }
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        self.0.rules().legal_moves(pos, out);
    }
    fn takes_from_bottom(&self) -> bool {
        self.0.rules().takes_from_bottom()
    }
    fn status(&self, pos: &Position) -> Status {
        self.0.rules().status(pos)
    }
    fn score(&self, pos: &Position) -> i32 {
        self.0.rules().score(pos)
    }
    fn structure(&self, layout: &Layout) -> Structure {
        self.0.rules().structure(layout)
    }
    fn check_structure(&self, pos: &Position) -> Result<(), StructureError> {
        self.0.rules().check_structure(pos)
    }
    fn deal(&self, layout: &Layout, deck: Vec<Card>) -> Result<Position, LayoutError> {
        self.0.rules().deal(layout, deck)
    }
}

/// The registered game `reference` under `readings`, as rules that declare none.
pub fn plain(reference: &str, readings: &[(&str, &str)]) -> Result<Box<dyn Rules>, LayoutError> {
    let game = super::mutant::reference(reference);
    let values = readings
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    Ok(Box::new(Plain(Arc::new(game.with_readings(&values)?))))
}

/// The game `id` with `reference`'s layout and the rules `build` makes (see [`plain`]).
pub fn game(
    reference: &str,
    id: &str,
    build: fn(&Layout) -> Result<Box<dyn Rules>, LayoutError>,
) -> Arc<Game> {
    let mut layout = super::mutant::reference(reference).layout().clone();
    layout.id = id.into();
    let plugin = Plugin {
        name: "student",
        build,
    };
    Arc::new(Game::new(layout, &plugin).unwrap_or_else(|e| panic!("{e}")))
}
