//! Moves given on the command line (`--play "M1 M2"`), played one by one so each animates.

use std::collections::VecDeque;

use bevy::prelude::*;
use solitaire_core::Move;

use super::Request;

/// Moves still to play, and when the next one is due (seconds of app time).
#[derive(Resource, Default, Clone, Debug)]
pub struct Script {
    pub moves: VecDeque<Move>,
    pub next_at: f32,
    /// Seconds between moves.
    pub gap: f32,
}

pub(super) fn play_script(
    time: Res<Time>,
    mut script: ResMut<Script>,
    mut commands: MessageWriter<Request>,
) {
    if script.moves.is_empty() || time.elapsed_secs() < script.next_at {
        return;
    }
    if let Some(mv) = script.moves.pop_front() {
        commands.write(Request::Play(mv));
        script.next_at = time.elapsed_secs() + script.gap;
    }
}
