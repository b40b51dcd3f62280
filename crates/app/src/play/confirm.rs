//! Questions before a move the settings say to confirm: a deal (against stray clicks; a
//! double click deals at once) and undoing a move that revealed something (a card turned
//! up, a deal), as Woods' Spider program asks.

use bevy::prelude::*;
use solitaire_core::{Card, Session};

use super::Request;

/// A request waiting for the player's yes.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    pub text: String,
    pub request: Request,
}

/// The question being asked, if any (keys and clicks answer it first).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Asking(pub Option<Question>);

/// The face-up cards of a game's position (each card is one physical card, copies apart).
fn face_up(session: &Session) -> std::collections::HashSet<Card> {
    session
        .position()
        .piles()
        .iter()
        .flat_map(|p| p.face_up().iter().copied())
        .collect()
}

/// Whether undoing the last move would hide a card the player has seen: one it turned up, or
/// cards it dealt (they go back face down).
pub fn undo_hides_a_card(session: &Session) -> bool {
    let mut back = session.clone();
    if back.undo().is_none() {
        return false;
    }
    let then = face_up(&back);
    face_up(session).iter().any(|c| !then.contains(c))
}
