//! The hint (`H` or the Hint button), searched in the background with what the player sees
//! only (the solver's fair mode: hidden cards sampled), the face-up ranking when that finds
//! nothing. The frame never waits: the notice says the search is on, and the answer is shown
//! only if the position is still the one it was asked for.

use std::time::Duration;

use bevy::prelude::*;
use solitaire_core::{Card, End, Move, Position};
use solitaire_solver::{Budget, hint_until};

use super::Job;
use crate::play::{Notice, Play};
use crate::table::{CardEntities, HintAsked, Lit, TableSet};

/// What one hint search may spend.
pub const HINT_BUDGET: Budget = Budget {
    nodes: 1_000_000,
    time: Duration::from_millis(1500),
    states: 500_000,
};

/// The hint search under way.
#[derive(Resource, Default)]
pub struct HintSearch(pub Option<Job<Position, Option<Move>>>);

/// The words shown while the hint is searched.
pub const SEARCHING: &str = "Looking for a hint\u{2026}";

fn start_hint(
    mut asked: MessageReader<HintAsked>,
    play: Res<Play>,
    mut search: ResMut<HintSearch>,
    mut notice: ResMut<Notice>,
) {
    if asked.read().count() == 0 {
        return;
    }
    let pos = play.session.position().clone();
    if search.0.as_ref().is_some_and(|j| j.key == pos) {
        return;
    }
    let game = play.game().clone();
    let start = pos.clone();
    search.0 = Some(Job::spawn(pos, move |stop| {
        hint_until(&game, &start, HINT_BUDGET, stop)
            .or_else(|| solitaire_solver::obvious::hint(&game, &start))
    }));
    notice.0 = SEARCHING.into();
}

fn show_hint(
    mut commands: Commands,
    play: Res<Play>,
    mut search: ResMut<HintSearch>,
    mut notice: ResMut<Notice>,
    entities: Res<CardEntities>,
    time: Res<Time>,
) {
    let Some(answer) = search.0.as_mut().and_then(Job::poll) else {
        return;
    };
    let Some(job) = search.0.take() else { return };
    let pos = play.session.position();
    if &job.key != pos {
        // The player moved on: this hint is for another position.
        if notice.0 == SEARCHING {
            notice.0.clear();
        }
        return;
    }
    let Some(mv) = answer else {
        notice.0 = "No move helps here.".into();
        return;
    };
    notice.0 = format!("Hint: {}", play.game().move_text(mv));
    for c in hinted_cards(pos, mv) {
        if let Some(&e) = entities.0.get(&c) {
            commands.entity(e).insert(Lit {
                until: time.elapsed_secs() + 1.6,
            });
        }
    }
}

/// The cards a hint lights: the cards moved and the card they go on, or the stock for a deal.
pub fn hinted_cards(pos: &Position, mv: Move) -> Vec<Card> {
    match mv {
        Move::Transfer {
            end: End::Top,
            from,
            to,
            count,
        } => {
            let src = pos.pile(from.into()).cards();
            let mut cards = src[src.len().saturating_sub(usize::from(count))..].to_vec();
            cards.extend(pos.pile(to.into()).top());
            cards
        }
        // Labyrinth's `t3^>f1`: the pile's bottom card.
        Move::Transfer {
            end: End::Bottom,
            from,
            to,
            ..
        } => {
            let mut cards: Vec<_> = pos.pile(from.into()).bottom().into_iter().collect();
            cards.extend(pos.pile(to.into()).top());
            cards
        }
        _ => pos
            .piles()
            .iter()
            .find(|p| !p.is_empty() && p.face_down() == p.len())
            .and_then(|p| p.top())
            .into_iter()
            .collect(),
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<HintAsked>();
    app.init_resource::<HintSearch>();
    app.add_systems(
        Update,
        (start_hint, show_hint)
            .chain()
            .in_set(TableSet::Animate)
            .run_if(resource_exists::<Play>),
    );
    // Off the table the search is of no use: dropping it stops it.
    app.add_systems(
        OnExit(crate::screen::Screen::Playing),
        |mut s: ResMut<HintSearch>| s.0 = None,
    );
}
