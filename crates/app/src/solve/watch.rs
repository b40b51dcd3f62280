//! "Is this still winnable?": with the setting on, every position the player reaches is
//! searched in the background with full knowledge of the cards, and a label on the table
//! says searching, winnable, lost or unknown (not settled within the budget). Once a
//! position is not winnable, the label names the last position of the game that was, and
//! its button (or `W`) undoes to it in one go.
//!
//! The answers are remembered per position (so undo shows them at once), and a win found
//! also settles every position along its line. The same search gives the Finish button its
//! line ([`super::finish`]) once no card is hidden, whatever the setting.

use std::collections::HashMap;
use std::time::Duration;

use bevy::prelude::*;
use solitaire_core::{Game, Position, Status};
use solitaire_solver::{Budget, solve_until};

use super::{Job, Verdict};
use crate::fit::BOTTOM_BAR;
use crate::input_focus::InputFocus;
use crate::play::{Play, PlaySet, Request};
use crate::screen::Screen;
use crate::settings::Settings;
use crate::table::TableSet;
use crate::ui;

/// What one background check of a position may spend.
pub const CHECK_BUDGET: Budget = Budget {
    nodes: 3_000_000,
    time: Duration::from_secs(3),
    states: 1_000_000,
};

/// Positions remembered at most (the memory is cleared beyond).
const REMEMBERED: usize = 50_000;

/// Moves of a winning line whose positions are remembered as winnable too.
const LINE_REMEMBERED: usize = 400;

/// What the label says of the position on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Shown {
    /// Neither the setting nor the Finish button asks.
    #[default]
    Off,
    Searching,
    Winnable,
    Lost,
    Unknown,
}

/// The verdicts known, the search under way, and what the table shows.
#[derive(Resource, Default)]
pub struct Watch {
    known: HashMap<Position, Verdict>,
    job: Option<Job<Position, Verdict>>,
    pub shown: Shown,
    /// With the position not winnable: the number of moves of the game at its last position
    /// known to be winnable.
    pub last_winnable: Option<usize>,
    /// The position `shown` and `last_winnable` are about.
    about: Option<Position>,
}

impl Watch {
    /// The verdict known for `pos`, if any.
    pub fn verdict(&self, pos: &Position) -> Option<&Verdict> {
        self.known.get(pos)
    }

    /// Remember `verdict` for `pos`, and every position along a winning line as winnable.
    pub fn learn(&mut self, game: &Game, pos: &Position, verdict: Verdict) {
        if self.known.len() >= REMEMBERED {
            self.known.clear();
        }
        if let Verdict::Winnable(line) = &verdict {
            let mut p = pos.clone();
            for (i, &mv) in line.iter().enumerate().take(LINE_REMEMBERED) {
                if game.play(&mut p, mv).is_err() {
                    break;
                }
                self.known
                    .entry(p.clone())
                    .or_insert_with(|| Verdict::Winnable(line[i + 1..].to_vec()));
            }
        }
        self.known.insert(pos.clone(), verdict);
    }
}

/// The button that undoes to the last winnable position (after that many moves).
#[derive(Component)]
pub struct BackToWinnable(pub usize);

/// The label's text.
#[derive(Component)]
pub struct WatchText;

/// The label's panel.
#[derive(Component)]
pub struct WatchPanel;

/// A verdict needing no search: a won position is winnable, a dead end lost.
fn settled(game: &Game, pos: &Position) -> Option<Verdict> {
    match game.status(pos) {
        Status::Won => Some(Verdict::Winnable(Vec::new())),
        Status::Lost => Some(Verdict::Lost),
        Status::Playing => None,
    }
}

/// Whether the position on the table is to be searched: the setting is on, or no card is
/// hidden (the Finish button's question).
fn wanted(settings: Option<&Settings>, play: &Play) -> bool {
    settings.is_some_and(|s| s.winnable_check)
        || super::finish::nothing_hidden(play.session.position())
}

/// Collect a finished search, start one for the position on the table if needed, and work
/// out what the label shows.
pub fn watch(play: Res<Play>, settings: Option<Res<Settings>>, mut watch: ResMut<Watch>) {
    let game = play.game().clone();
    let mut learned = false;
    if let Some(job) = watch.job.as_mut()
        && let Some(verdict) = job.poll()
        && let Some(job) = watch.job.take()
    {
        watch.learn(&game, &job.key, verdict);
        learned = true;
    }
    let pos = play.session.position();
    if !wanted(settings.as_deref(), &play) {
        watch.job = None;
        watch.shown = Shown::Off;
        watch.about = None;
        return;
    }
    if watch.verdict(pos).is_none()
        && let Some(v) = settled(&game, pos)
    {
        watch.learn(&game, pos, v);
    }
    let shown = match watch.verdict(pos) {
        Some(Verdict::Winnable(_)) => Shown::Winnable,
        Some(Verdict::Lost) => Shown::Lost,
        Some(Verdict::Unknown) => Shown::Unknown,
        None => {
            // A new position: the stale search (if any) is stopped as its job is dropped.
            if watch.job.as_ref().is_none_or(|j| &j.key != pos) {
                let (key, start, g) = (pos.clone(), pos.clone(), game.clone());
                watch.job = Some(Job::spawn(key, move |stop| {
                    Verdict::from_outcome(solve_until(&g, &start, CHECK_BUDGET, stop).outcome)
                }));
            }
            Shown::Searching
        }
    };
    if watch.shown != shown || watch.about.as_ref() != Some(pos) || learned {
        watch.shown = shown;
        watch.about = Some(pos.clone());
        watch.last_winnable = match shown {
            Shown::Lost | Shown::Unknown => last_winnable(&watch, &play),
            _ => None,
        };
        // No earlier position known winnable (the check was turned on late): search the
        // game's positions backwards, one at a time, until one is.
        if watch.last_winnable.is_none()
            && watch.job.is_none()
            && matches!(shown, Shown::Lost | Shown::Unknown)
            && let Some(earlier) = unsettled_before(&watch, &play)
        {
            let (key, g) = (earlier.clone(), game.clone());
            watch.job = Some(Job::spawn(key, move |stop| {
                Verdict::from_outcome(solve_until(&g, &earlier, CHECK_BUDGET, stop).outcome)
            }));
        }
    }
}

/// The game's positions before the one on the table, oldest first.
fn history(play: &Play) -> Vec<Position> {
    let s = &play.session;
    let mut pos = s.start().clone();
    let mut all = Vec::new();
    for &mv in &s.moves() {
        all.push(pos.clone());
        if s.game().play(&mut pos, mv).is_err() {
            break;
        }
    }
    all
}

/// The latest position of the game before the one on the table with no verdict yet.
fn unsettled_before(watch: &Watch, play: &Play) -> Option<Position> {
    history(play)
        .into_iter()
        .rev()
        .find(|p| watch.verdict(p).is_none())
}

/// The number of moves at the last position of the game known to be winnable, before the
/// position on the table.
pub fn last_winnable(watch: &Watch, play: &Play) -> Option<usize> {
    history(play)
        .iter()
        .rposition(|p| watch.verdict(p).is_some_and(Verdict::is_winnable))
}

/// Undo to the last winnable position (the button or `W`).
fn back_to_winnable(
    keys: Res<ButtonInput<KeyCode>>,
    button: Query<&Interaction, (Changed<Interaction>, With<BackToWinnable>)>,
    input: Res<InputFocus>,
    play: Res<Play>,
    watch: Res<Watch>,
    mut requests: MessageWriter<Request>,
) {
    let pressed = button.iter().any(|i| *i == Interaction::Pressed)
        || (keys.just_pressed(KeyCode::KeyW) && input.screen_has_keys());
    if !pressed {
        return;
    }
    if let Some(k) = watch.last_winnable {
        for _ in k..play.session.move_count() {
            requests.write(Request::Undo);
        }
    }
}

/// The label's words for what is shown.
pub fn label(watch: &Watch) -> String {
    let back = |k: usize| {
        if k == 0 {
            "the deal was".to_string()
        } else {
            format!("the position after move {k} was")
        }
    };
    match (watch.shown, watch.last_winnable) {
        (Shown::Off, _) => String::new(),
        (Shown::Searching, _) => "Winnable? searching\u{2026}".into(),
        (Shown::Winnable, _) => "\u{2714} Still winnable".into(),
        (Shown::Lost, Some(k)) => format!("\u{2718} Lost: {} the last winnable position", back(k)),
        (Shown::Lost, None) => "\u{2718} Lost: no winnable position in this game".into(),
        (Shown::Unknown, Some(k)) => format!(
            "? Not settled in {} s; {} the last known winnable",
            CHECK_BUDGET.time.as_secs(),
            back(k)
        ),
        (Shown::Unknown, None) => format!("? Not settled in {} s", CHECK_BUDGET.time.as_secs()),
    }
}

/// The label and its button, shown with the setting on.
fn show_label(
    mut commands: Commands,
    watch: Res<Watch>,
    settings: Option<Res<Settings>>,
    panel: Query<Entity, With<WatchPanel>>,
    mut text: Query<&mut Text, With<WatchText>>,
    button: Query<(Entity, &BackToWinnable)>,
) {
    let on = settings.is_some_and(|s| s.winnable_check) && watch.shown != Shown::Off;
    match (on, panel.iter().next()) {
        (false, Some(e)) => {
            commands.entity(e).despawn();
            return;
        }
        (true, None) => {
            commands
                .spawn((
                    DespawnOnExit(Screen::Playing),
                    WatchPanel,
                    Node {
                        position_type: PositionType::Absolute,
                        left: Val::Px(12.0),
                        bottom: Val::Px(BOTTOM_BAR + 8.0),
                        align_items: AlignItems::Center,
                        column_gap: Val::Px(10.0),
                        padding: UiRect::axes(Val::Px(10.0), Val::Px(4.0)),
                        border_radius: BorderRadius::all(Val::Px(8.0)),
                        ..default()
                    },
                    BackgroundColor(ui::PANEL),
                ))
                .with_child((WatchText, ui::text(label(&watch), 17.0, ui::TEXT)));
            return;
        }
        (false, None) => return,
        (true, Some(_)) => {}
    }
    let words = label(&watch);
    for mut t in &mut text {
        if t.0 != words {
            t.0.clone_from(&words);
        }
    }
    let shown = button.iter().next();
    if shown.map(|(_, b)| b.0) == watch.last_winnable {
        return;
    }
    if let Some((b, _)) = shown {
        commands.entity(b).despawn();
    }
    if let (Some(k), Some(p)) = (watch.last_winnable, panel.iter().next()) {
        let b = commands
            .spawn(ui::button(
                &format!("Back to move {k}  W"),
                BackToWinnable(k),
            ))
            .id();
        commands.entity(p).add_child(b);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Watch>();
    app.add_systems(
        Update,
        (
            back_to_winnable.in_set(TableSet::Input).before(PlaySet),
            (watch, show_label)
                .chain()
                .in_set(TableSet::Animate)
                .before(super::finish::look_for_a_finish),
        )
            .run_if(resource_exists::<Play>),
    );
    app.add_systems(OnExit(Screen::Playing), |mut w: ResMut<Watch>| {
        w.job = None;
        w.shown = Shown::Off;
        w.about = None;
    });
}
