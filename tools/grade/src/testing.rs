//! What the grader's unit tests share.

use std::sync::Arc;

use solitaire_core::Game;

/// The registered game `id`, or `None` with the reason printed: a course's starter leaves the
/// assigned games out, and the grader's tests still pass there.
pub(crate) fn registered(id: &str) -> Option<Arc<Game>> {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let game = catalog.get(id);
    if game.is_none() {
        eprintln!("skipped: {id} is not in this checkout (a course's starter leaves it out)");
    }
    game
}
