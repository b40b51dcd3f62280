//! After a game ends: whether the deal was winnable (the full-knowledge solver from the
//! deal, in the background), and the solver's solution played out, animated, from the start
//! (`A`) or, after a loss, from the position where the game went wrong (`G`): the last
//! position of the game the solver found winnable.
//!
//! Where it went wrong is found by bisection over the game's positions: once a position is
//! lost every later one is (a move cannot make a lost position winnable), so the positions
//! found winnable come first. A position whose search runs out of budget counts as not
//! winnable there, so the answer is the last position *proved* winnable among those tried.
//! Positions the "still winnable?" check already settled are used as they are.

use std::time::Duration;

use bevy::prelude::*;
use solitaire_core::{Game, Move, Position, Status};
use solitaire_solver::{Budget, Stop, solve_until};

use super::watch::Watch;
use super::{Job, Verdict};
use crate::input_focus::InputFocus;
use crate::play::{Play, PlaySet, Request, Script};
use crate::screen::Screen;
use crate::settings::Settings;
use crate::table::{OutcomePanel, TableSet};
use crate::ui;

/// What the search of the deal may spend.
pub const DEAL_BUDGET: Budget = Budget {
    nodes: 20_000_000,
    time: Duration::from_secs(5),
    states: 2_000_000,
};

/// What each search of a position of the game may spend while bisecting.
pub const STEP_BUDGET: Budget = Budget {
    nodes: 3_000_000,
    time: Duration::from_secs(1),
    states: 1_000_000,
};

/// The solver's review of a finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed {
    /// What the solver says of the deal (the game's start).
    pub deal: Verdict,
    /// After a loss from a winnable deal: the number of moves at the last position found
    /// winnable, and the solver's win from there.
    pub went_wrong: Option<(usize, Vec<Move>)>,
}

/// A game: its start and its moves.
type GameKey = (Position, Vec<Move>);

/// The review of the game on the table, or its search.
#[derive(Resource, Default)]
pub struct Review {
    job: Option<Job<GameKey, Reviewed>>,
    pub done: Option<(GameKey, Reviewed)>,
}

/// The review's part of the end-of-game panel (`true` once the review is done).
#[derive(Component)]
pub struct ReviewPanel(pub bool);

/// The panel's buttons: the solution from the start, or from where the game went wrong.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShowSolution {
    FromStart,
    FromWrong,
}

/// The positions of a game, from its start through each move.
fn positions(game: &Game, start: &Position, moves: &[Move]) -> Vec<Position> {
    let mut pos = start.clone();
    let mut all = vec![pos.clone()];
    for &mv in moves {
        if game.play(&mut pos, mv).is_err() {
            break;
        }
        all.push(pos.clone());
    }
    all
}

/// Review a game: `known` holds what the "still winnable?" check settled, per position.
pub fn review_game(
    game: &Game,
    history: &[Position],
    known: &[Option<Verdict>],
    lost: bool,
    stop: &Stop,
) -> Reviewed {
    let solve = |pos: &Position, k: usize, budget: Budget| match known.get(k).cloned().flatten() {
        Some(v @ (Verdict::Winnable(_) | Verdict::Lost)) => v,
        _ => Verdict::from_outcome(solve_until(game, pos, budget, stop).outcome),
    };
    let deal = solve(&history[0], 0, DEAL_BUDGET);
    let Verdict::Winnable(line) = &deal else {
        return Reviewed {
            deal,
            went_wrong: None,
        };
    };
    if !lost {
        return Reviewed {
            deal: deal.clone(),
            went_wrong: None,
        };
    }
    // The last position known winnable bounds the search from below.
    let (mut lo, mut best) = (0, line.clone());
    for (k, v) in known.iter().enumerate() {
        if let Some(Verdict::Winnable(l)) = v {
            (lo, best) = (k, l.clone());
        }
    }
    let mut hi = history.len() - 1;
    while hi > lo + 1 && !stop.is_stopped() {
        let mid = (lo + hi) / 2;
        match solve(&history[mid], mid, STEP_BUDGET) {
            Verdict::Winnable(l) => (lo, best) = (mid, l),
            _ => hi = mid,
        }
    }
    Reviewed {
        deal,
        went_wrong: Some((lo, best)),
    }
}

/// Start the review once a game ends; collect it.
fn start_review(play: Res<Play>, watch: Option<Res<Watch>>, mut review: ResMut<Review>) {
    let s = &play.session;
    let status = s.status();
    if status == Status::Playing {
        review.job = None;
        return;
    }
    let key: GameKey = (s.start().clone(), s.moves());
    if let Some(job) = review.job.as_mut()
        && let Some(done) = job.poll()
    {
        let k = job.key.clone();
        review.job = None;
        review.done = Some((k, done));
    }
    if review.done.as_ref().is_some_and(|(k, _)| k == &key)
        || review.job.as_ref().is_some_and(|j| j.key == key)
    {
        return;
    }
    let game = s.game().clone();
    let history = positions(&game, &key.0, &key.1);
    let known: Vec<Option<Verdict>> = history
        .iter()
        .map(|p| watch.as_ref().and_then(|w| w.verdict(p).cloned()))
        .collect();
    let lost = status == Status::Lost;
    review.job = Some(Job::spawn(key, move |stop| {
        review_game(&game, &history, &known, lost, stop)
    }));
}

/// The panel's sentences about the deal.
pub fn sentence(r: &Reviewed) -> String {
    let deal = match &r.deal {
        Verdict::Winnable(line) => format!(
            "The deal was winnable: the solver (seeing every card) wins it in {} moves.",
            line.len()
        ),
        Verdict::Lost => "The solver proved this deal cannot be won, whatever the play.".into(),
        Verdict::Unknown => format!(
            "The solver could not settle this deal within {} s.",
            DEAL_BUDGET.time.as_secs()
        ),
    };
    match &r.went_wrong {
        Some((0, _)) => format!("{deal}\nThe first move already lost it."),
        Some((k, _)) => format!("{deal}\nAfter move {k} it could still be won."),
        None => deal,
    }
}

/// The review joins the table's end-of-game panel ([`OutcomePanel`]): a line while the solver
/// works, then its sentences and buttons.
fn show_panel(
    mut commands: Commands,
    play: Res<Play>,
    review: Res<Review>,
    outcome: Query<&Children, With<OutcomePanel>>,
    panel: Query<(Entity, &ReviewPanel)>,
) {
    let s = &play.session;
    // Back in play, the end-of-game panel goes (and this part with it).
    if s.status() == Status::Playing {
        return;
    }
    let Some(frame) = outcome.iter().next().and_then(|c| c.first().copied()) else {
        return;
    };
    let current = review
        .done
        .as_ref()
        .filter(|((start, moves), _)| start == s.start() && *moves == s.moves())
        .map(|(_, r)| r);
    let shown = panel.iter().next();
    if shown.is_some_and(|(_, p)| p.0 == current.is_some()) {
        return;
    }
    if let Some((e, _)) = shown {
        commands.entity(e).try_despawn();
    }
    let node = commands
        .spawn((
            ReviewPanel(current.is_some()),
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: Val::Px(6.0),
                margin: UiRect::top(Val::Px(4.0)),
                ..default()
            },
        ))
        .with_children(|b| match current {
            None => {
                b.spawn(ui::text(
                    "Asking the solver whether the deal was winnable\u{2026}",
                    16.0,
                    ui::DIM,
                ));
            }
            Some(r) => {
                b.spawn(ui::text(sentence(r), 16.0, ui::TEXT));
                b.spawn(Node::default()).with_children(|row| {
                    if r.deal.is_winnable() {
                        row.spawn(ui::button(
                            "Solution from the start  A",
                            ShowSolution::FromStart,
                        ));
                    }
                    if let Some((k, _)) = &r.went_wrong {
                        row.spawn(ui::button(
                            &format!("Solution from move {k}  G"),
                            ShowSolution::FromWrong,
                        ));
                    }
                });
            }
        })
        .id();
    commands.entity(frame).add_child(node);
}

/// `A`/`G` or the panel's buttons: go back, then the solver's moves play one by one.
fn play_solution(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Query<(&Interaction, &ShowSolution), Changed<Interaction>>,
    input: Res<InputFocus>,
    play: Res<Play>,
    review: Res<Review>,
    settings: Option<Res<Settings>>,
    time: Res<Time>,
    mut script: ResMut<Script>,
    mut requests: MessageWriter<Request>,
) {
    let s = &play.session;
    if s.status() == Status::Playing {
        return;
    }
    let mut asked = buttons
        .iter()
        .find(|(i, _)| **i == Interaction::Pressed)
        .map(|(_, &b)| b);
    if asked.is_none() && input.screen_has_keys() {
        if keys.just_pressed(KeyCode::KeyA) {
            asked = Some(ShowSolution::FromStart);
        } else if keys.just_pressed(KeyCode::KeyG) {
            asked = Some(ShowSolution::FromWrong);
        }
    }
    let Some(asked) = asked else { return };
    let Some(((start, moves), r)) = review.done.as_ref() else {
        return;
    };
    if start != s.start() || *moves != s.moves() {
        return;
    }
    let (back_to, line) = match (asked, &r.deal, &r.went_wrong) {
        (ShowSolution::FromStart, Verdict::Winnable(line), _) => (0, line.clone()),
        (ShowSolution::FromWrong, _, Some((k, line))) => (*k, line.clone()),
        _ => return,
    };
    if back_to == 0 {
        requests.write(Request::Restart);
    } else {
        for _ in back_to..s.move_count() {
            requests.write(Request::Undo);
        }
    }
    let gap = 0.35 * settings.map_or(1.0, |s| s.anim());
    *script = Script {
        moves: line.into(),
        next_at: time.elapsed_secs() + 0.8,
        gap: gap.max(0.05),
    };
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Review>();
    app.add_systems(
        Update,
        (
            play_solution.in_set(TableSet::Input).before(PlaySet),
            (start_review, show_panel).chain().in_set(TableSet::Animate),
        )
            .run_if(resource_exists::<Play>),
    );
    app.add_systems(OnExit(Screen::Playing), |mut r: ResMut<Review>| {
        r.job = None;
    });
}
