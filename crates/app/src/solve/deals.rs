//! Winnable deals only: `W` in the menu (or its button) opens a deal of the selected game that
//! the full-knowledge solver proved winnable. Games whose search is slow ship a table of such
//! deals (`games/<rules>/winnable/<id>.ron`, made by `sol deal GAME --winnable --seeds A..B
//! --table FILE`): one of them is picked at random. For the others the deals from a random
//! number on are solved in the background, one after another, until one is won (its win
//! replayed through the engine), the menu saying which deal is being tried.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use solitaire_core::Game;
use solitaire_solver::winnable::{read_table, winnable_deal};
use solitaire_solver::{Budget, Stop, with_stop};

use super::Job;
use crate::assets::Games;
use crate::menu::{MenuState, WinnableDealButton, start_game};
use crate::play::Notice;
use crate::play::random_seed;
use crate::screen::Screen;
use crate::ui;

/// What each deal tried on demand may spend.
pub const DEAL_BUDGET: Budget = Budget {
    nodes: 5_000_000,
    time: Duration::from_secs(2),
    states: 1_000_000,
};

/// Deals tried on demand at most before giving up.
pub const TRIES: u64 = 200;

/// How a winnable deal was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// Picked from the game's shipped table.
    Table(u64),
    /// Solved just now.
    Solved(u64),
    /// None of the deals tried was won.
    NoneWon,
}

/// The search for a winnable deal: its game id, the deal being tried.
#[derive(Resource, Default)]
pub struct DealSearch {
    pub job: Option<Job<String, Found>>,
    pub trying: Arc<AtomicU64>,
    /// What the last search came to, when it found nothing.
    pub message: String,
}

/// The menu's line about the search.
#[derive(Component)]
pub struct DealSearchText;

/// A winnable deal of `game`: from its table if one is shipped (`pick` chooses the entry),
/// else the first deal from `first` on that the solver wins.
pub fn find(game: &Game, pick: u64, first: u64, trying: &AtomicU64, stop: &Stop) -> Found {
    if let Some(text) = solitaire_games::winnable_table(game.id())
        && let Some(seeds) = read_table(text)
        && !seeds.is_empty()
    {
        return Found::Table(seeds[(pick % seeds.len() as u64) as usize]);
    }
    for seed in (first..).take(TRIES as usize) {
        if stop.is_stopped() {
            break;
        }
        trying.store(seed, Ordering::Relaxed);
        if let Ok(Some(win)) = with_stop(stop, || winnable_deal(game, seed, DEAL_BUDGET)) {
            return Found::Solved(win.seed);
        }
    }
    Found::NoneWon
}

fn ask(
    keys: Res<ButtonInput<KeyCode>>,
    button: Query<&Interaction, (Changed<Interaction>, With<WinnableDealButton>)>,
    state: Option<Res<MenuState>>,
    games: Option<Res<Games>>,
    mut search: ResMut<DealSearch>,
) {
    let pressed =
        button.iter().any(|i| *i == Interaction::Pressed) || keys.just_pressed(KeyCode::KeyW);
    let selected = state.map_or(0, |s| s.selected);
    let Some(game) = games.and_then(|g| g.0.get(selected).cloned()) else {
        return;
    };
    if !pressed || search.job.as_ref().is_some_and(|j| j.key == game.id()) {
        return;
    }
    let trying = Arc::new(AtomicU64::new(0));
    search.message.clear();
    search.trying = trying.clone();
    let seed = random_seed();
    search.job = Some(Job::spawn(game.id().to_string(), move |stop| {
        find(&game, seed, seed, &trying, stop)
    }));
}

fn collect(
    mut commands: Commands,
    mut search: ResMut<DealSearch>,
    games: Option<Res<Games>>,
    mut next: ResMut<NextState<Screen>>,
    mut text: Query<&mut Text, With<DealSearchText>>,
) {
    if let Some(found) = search.job.as_mut().and_then(Job::poll)
        && let Some(job) = search.job.take()
        && let Some(game) = games.as_ref().and_then(|g| g.get(&job.key))
    {
        let how = match found {
            Found::Table(seed) => Some((seed, "from the solver's table of proved-winnable deals")),
            Found::Solved(seed) => Some((seed, "the solver just won it")),
            Found::NoneWon => None,
        };
        if let Some((seed, how)) = how {
            start_game(&mut commands, &mut next, game, seed);
            commands.insert_resource(Notice(format!("Deal {seed} is winnable ({how}).")));
        } else {
            search.message = format!(
                "No winnable deal found among {TRIES} deals of {}: try again.",
                game.name()
            );
        }
    }
    let words = match &search.job {
        Some(job) => {
            let name = games
                .as_ref()
                .and_then(|g| g.get(&job.key))
                .map_or(job.key.clone(), |g| g.name().to_string());
            match search.trying.load(Ordering::Relaxed) {
                0 => format!("Looking for a winnable deal of {name}\u{2026}"),
                n => format!("Looking for a winnable deal of {name}: solving deal {n}\u{2026}"),
            }
        }
        None => search.message.clone(),
    };
    for mut t in &mut text {
        if t.0 != words {
            t.0.clone_from(&words);
        }
    }
}

/// The line about the search, top right of the menu.
fn spawn_line(mut commands: Commands) {
    commands.spawn((
        DespawnOnExit(Screen::Menu),
        DealSearchText,
        ui::text("", 16.0, ui::SELECTED),
        Node {
            position_type: PositionType::Absolute,
            right: Val::Px(28.0),
            bottom: Val::Px(60.0),
            ..default()
        },
    ));
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DealSearch>();
    app.add_systems(OnEnter(Screen::Menu), spawn_line);
    app.add_systems(
        Update,
        (ask, collect).chain().run_if(in_state(Screen::Menu)),
    );
    app.add_systems(OnExit(Screen::Menu), |mut s: ResMut<DealSearch>| {
        s.job = None;
    });
}
