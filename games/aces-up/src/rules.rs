//! Aces Up's moves: checking, applying and generating them.

use solitaire_core::{Illegal, Move, Position, Rules, Tx};

use crate::{AcesUp, Role};

/// The answer to every move until the rules are written: the game is registered and listed,
/// but nothing can be played yet.
const NOT_WRITTEN: Illegal =
    Illegal::unsupported("this game is not playable yet: its rules are not written");

impl Rules for AcesUp {
    /// Whether `mv` is legal in `pos`. Write one branch per rule of the crate documentation,
    /// each refusal naming its rule in words (`Illegal::target("a space takes any card")`).
    fn check(&self, _pos: &Position, _mv: Move) -> Result<(), Illegal> {
        Err(NOT_WRITTEN)
    }

    /// Play a move that `check` accepted, with whatever follows from it automatically. Change
    /// the position only through `tx`: undo, replay and saves then come from the engine.
    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        if let Move::Transfer { from, to, count } = mv {
            tx.move_cards(usize::from(from), usize::from(to), usize::from(count));
        }
    }

    /// Won when the foundation piles hold every card.
    fn is_won(&self, pos: &Position) -> bool {
        let held: usize = pos
            .piles()
            .iter()
            .zip(&self.roles)
            .filter(|&(_, &role)| role == Role::Foundation)
            .map(|(pile, _)| pile.len())
            .sum();
        held == self.cards
    }
}
