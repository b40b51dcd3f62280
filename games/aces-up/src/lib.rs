//! Aces Up: a new game, not playable yet.
//!
//! # Rules
//! Write the rules here in words, one bullet per rule, as a player reads them: the deal, what
//! may move where, what happens by itself, when the game is won and when it is lost. Each
//! bullet becomes one branch of `check` in `rules.rs` and one test in `tests.rs`. Until then
//! `check` refuses every move and the layout says `work_in_progress: true`.

use solitaire_core::{EmbeddedLayout, Layout, LayoutError, PileKind, Plugin, Rules};

mod rules;
#[cfg(test)]
mod tests;

/// The plugin that `rules: "aces-up"` names.
pub const PLUGIN: Plugin = Plugin {
    name: "aces-up",
    build,
};

/// The layouts this crate ships.
pub const LAYOUTS: &[EmbeddedLayout] = &[EmbeddedLayout {
    file: "assets/layouts/aces-up.ron",
    source: include_str!("../../../assets/layouts/aces-up.ron"),
}];

/// What each pile of the layout is to Aces Up.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    Tableau,
    Foundation,
    Stock,
}

/// Aces Up's rules for one layout.
pub struct AcesUp {
    /// Each pile's role, in layout order.
    roles: Vec<Role>,
    /// How many cards the deck has.
    cards: usize,
}

/// Read the layout: give each pile its role, refuse piles this game has no use for.
fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    let mut roles = Vec::with_capacity(layout.piles.len());
    for spec in &layout.piles {
        roles.push(match spec.kind {
            PileKind::Tableau => Role::Tableau,
            PileKind::Foundation => Role::Foundation,
            PileKind::Stock => Role::Stock,
            other => {
                return Err(layout.error(
                    &format!("\"{}\"", spec.id),
                    format!("this game has no {} piles", other.name()),
                ));
            }
        });
    }
    Ok(Box::new(AcesUp {
        roles,
        cards: layout.deck.len(),
    }))
}
