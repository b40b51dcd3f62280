//! Replay: the game goes back to its start, then the player's moves are played again one at
//! a time (as redos, so stopping keeps the rest redoable), at a chosen pace: `+` and `-`
//! change it while it runs; any other key or a click stops it where it is.

use bevy::prelude::*;

use crate::input_focus::{self, KeyOwner};
use crate::play::{Notice, Play, Request};
use crate::screen::Screen;

/// Seconds between moves at the start, and the paces `+`/`-` step through.
pub const PACES: [f32; 6] = [2.0, 1.5, 1.0, 0.6, 0.3, 0.1];
const FIRST_PACE: usize = 2;

/// A replay under way: moves still to redo, when the next is due, the pace.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Replaying {
    pub left: usize,
    pub total: usize,
    pub next_at: f32,
    pub pace: usize,
}

/// Start a replay of the game so far (nothing to replay at the start).
pub fn start_replay(
    commands: &mut Commands,
    play: &Play,
    now: f32,
    requests: &mut MessageWriter<Request>,
    notice: &mut Notice,
) {
    let total = play.session.move_count();
    if total == 0 {
        notice.0 = "Nothing to replay yet.".into();
        return;
    }
    requests.write(Request::Restart);
    commands.insert_resource(Replaying {
        left: total,
        total,
        next_at: now + 1.0,
        pace: FIRST_PACE,
    });
    input_focus::set_with_commands(commands, KeyOwner::Replay, true);
}

/// End the replay: the keys go back to the table.
fn stop(commands: &mut Commands) {
    commands.remove_resource::<Replaying>();
    input_focus::set_with_commands(commands, KeyOwner::Replay, false);
}

fn replay(
    mut commands: Commands,
    replaying: Option<ResMut<Replaying>>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    time: Res<Time>,
    mut notice: ResMut<Notice>,
    mut requests: MessageWriter<Request>,
) {
    let Some(mut r) = replaying else { return };
    let faster = keys.any_just_pressed([KeyCode::Equal, KeyCode::NumpadAdd]);
    let slower = keys.any_just_pressed([KeyCode::Minus, KeyCode::NumpadSubtract]);
    let any_key = keys.get_just_pressed().next().is_some();
    // While replaying, keys belong to the replay: the table does not act on them.
    let pressed: Vec<KeyCode> = keys.get_just_pressed().copied().collect();
    for k in pressed {
        keys.clear_just_pressed(k);
    }
    if faster {
        r.pace = (r.pace + 1).min(PACES.len() - 1);
    } else if slower {
        r.pace = r.pace.saturating_sub(1);
    } else if any_key || mouse.is_some_and(|m| m.get_just_pressed().next().is_some()) {
        notice.0 = format!(
            "Replay stopped after move {} of {}: Redo (Ctrl+Y) goes on.",
            r.total - r.left,
            r.total
        );
        stop(&mut commands);
        return;
    }
    let now = time.elapsed_secs();
    if now >= r.next_at {
        if r.left == 0 {
            notice.0 = "Replay done.".into();
            stop(&mut commands);
            return;
        }
        requests.write(Request::Redo);
        r.left -= 1;
        r.next_at = now + PACES[r.pace];
    }
    notice.0 = format!(
        "Replaying: move {} of {}, {:.1} s a move (+ faster, - slower, any other key stops)",
        r.total - r.left,
        r.total,
        PACES[r.pace]
    );
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        replay
            .in_set(super::KeysFirst)
            .before(super::info_ui::info_keys),
    );
    app.add_systems(OnExit(Screen::Playing), |mut c: Commands| stop(&mut c));
}
