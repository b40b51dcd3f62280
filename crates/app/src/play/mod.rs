//! The game in progress: the engine's `Session` and the commands that change it. Everything
//! the player does arrives here as a [`Request`]; the engine decides; a [`Changed`] message
//! tells the view what to animate, and [`Notice`] what to say.

mod autosave;
mod confirm;
mod info;
mod input;
mod script;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use bevy::prelude::*;
use solitaire_core::{Game, Move, Position, Session, Status, Step};

pub use confirm::{Asking, Question, undo_hides_a_card};
pub use info::{expand_text, locate, located_sentence, parse_wanted};
pub use input::{Clicked, Dropped, Pick, drop_target, pick, pick_check};
pub use script::Script;

/// The game being played and when it started.
#[derive(Resource, Clone)]
pub struct Play {
    pub session: Session,
    /// Seconds of play so far (paused outside the table).
    pub seconds: f32,
    /// Whether the end of this game (won or lost) has been recorded.
    pub ended: bool,
    /// Whether this game has been counted as played.
    pub counted: bool,
}

impl Play {
    pub fn new(game: Arc<Game>, seed: u64) -> Play {
        Play::resume(Session::deal(game, seed))
    }

    /// A game already under way (restored from a save).
    pub fn resume(session: Session) -> Play {
        let counted = session.move_count() > 0;
        Play {
            session,
            seconds: 0.0,
            ended: false,
            counted,
        }
    }

    pub fn game(&self) -> &Arc<Game> {
        self.session.game()
    }
}

/// What the player asks for.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum Request {
    Play(Move),
    Undo,
    Redo,
    Restart,
}

/// How the position changed, for the view: the position before and the steps that led from
/// it to the current one (`backwards` for undo: the steps are then walked in reverse).
#[derive(Message, Clone, Debug)]
pub struct Changed {
    pub before: Position,
    pub steps: Vec<Step>,
    pub backwards: bool,
}

/// The systems that turn input into engine moves and apply them (the table orders its own
/// input before and its animations after).
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PlaySet;

/// The status line: the engine's reason for a refused move, or what just happened.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Notice(pub String);

pub fn plugin(app: &mut App) {
    app.add_message::<Request>();
    app.add_message::<Changed>();
    app.add_message::<Clicked>();
    app.add_message::<Dropped>();
    app.init_resource::<Notice>();
    app.init_resource::<Script>();
    app.init_resource::<Asking>();
    app.init_resource::<crate::input_focus::InputFocus>();
    app.add_systems(
        Update,
        (
            input::resolve_drops,
            input::resolve_clicks,
            script::play_script,
            apply_commands,
            count_time,
        )
            .chain()
            .in_set(PlaySet)
            .run_if(resource_exists::<Play>),
    );
    // Where the save feature has read the data directory (its resources then all exist).
    app.add_systems(
        Update,
        autosave::save_progress
            .after(PlaySet)
            .run_if(resource_exists::<Play>)
            .run_if(resource_exists::<crate::save::DataDir>)
            .run_if(resource_exists::<crate::save::Saved>),
    );
}

/// Hand each command to the engine and report what changed.
pub fn apply_commands(
    mut commands: MessageReader<Request>,
    mut play: ResMut<Play>,
    mut changed: MessageWriter<Changed>,
    mut notice: ResMut<Notice>,
) {
    for &command in commands.read() {
        let before = play.session.position().clone();
        let s = &mut play.session;
        let change = match command {
            Request::Play(mv) => match s.play(mv) {
                Ok(()) => Some((s.last_steps().to_vec(), false)),
                Err(illegal) => {
                    notice.0 = capitalise(illegal.reason);
                    changed.write(Changed {
                        before: before.clone(),
                        steps: Vec::new(),
                        backwards: false,
                    });
                    None
                }
            },
            Request::Undo => {
                let steps = s.last_steps().to_vec();
                s.undo().map(|_| (steps, true))
            }
            Request::Redo => s.redo().map(|_| (s.last_steps().to_vec(), false)),
            Request::Restart => {
                let mut all = Vec::new();
                while s.move_count() > 0 {
                    let mut steps = s.last_steps().to_vec();
                    if s.undo().is_none() {
                        break;
                    }
                    steps.extend(all);
                    all = steps;
                }
                Some((all, true))
            }
        };
        if let Some((steps, backwards)) = change {
            notice.0 = match (command, s.status()) {
                (_, Status::Won) => "You won! Press N for a new deal.".into(),
                (_, Status::Lost) => {
                    "No legal move is left: undo (Ctrl+Z) or deal again (N).".into()
                }
                (Request::Undo, _) => "Undone.".into(),
                (Request::Redo, _) => "Redone.".into(),
                (Request::Restart, _) => "Back to the start of this deal.".into(),
                _ => String::new(),
            };
            changed.write(Changed {
                before,
                steps,
                backwards,
            });
        }
    }
}

/// A deal number from the clock, below a billion so it is easy to write down.
pub fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // Mix the bits so consecutive starts give unrelated numbers.
    let x = (nanos as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (x >> 20) % 1_000_000_000
}

pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().chain(chars).collect::<String>() + "."
    })
}

fn count_time(time: Res<Time>, mut play: ResMut<Play>) {
    if play.session.status() == Status::Playing && play.session.move_count() > 0 {
        play.seconds += time.delta_secs();
    }
}
