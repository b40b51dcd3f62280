//! Headless tests of the background solver through the app's input systems: the searches
//! run on the async compute pool, and each test updates the app until the answer arrives (a
//! bounded number of updates).

use std::sync::Arc;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use solitaire_core::{Game, Move, Session, Status};
use solitaire_solver::{Budget, Outcome, solve};

use super::Verdict;
use super::hint::SEARCHING;
use super::review::{Review, ReviewPanel, ShowSolution};
use super::watch::{Shown, Watch};
use crate::play::{Notice, Play, Request};
use crate::screen::Screen;
use crate::settings::Settings;
use crate::table::{app_with, press};

/// The table's headless app on `session`, with the solver's systems.
pub(super) fn app_for(session: Session) -> App {
    app_with(session, super::plugin)
}

/// Update `app` until `done` holds, at most 2000 times, 5 ms apart (the searches run on
/// other threads); panics if it never does.
pub(super) fn settle(app: &mut App, done: impl Fn(&App) -> bool) {
    for _ in 0..2000 {
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the background search never answered");
}

fn game(id: &str) -> Arc<Game> {
    solitaire_games::catalog()
        .expect("the registry builds")
        .get(id)
        .expect("registered")
}

/// A Labyrinth deal the solver wins and a first move of it that the solver proves loses it
/// (Labyrinth deals are settled in milliseconds).
fn won_deal_and_losing_move() -> (Session, Move) {
    let game = game("labyrinth");
    let budget = Budget::nodes(2_000_000);
    for seed in 1..400 {
        let start = game.deal(seed);
        if !matches!(solve(&game, &start, budget).outcome, Outcome::Solved(_)) {
            continue;
        }
        for mv in game.legal_moves(&start) {
            let mut after = start.clone();
            game.play(&mut after, mv).expect("legal");
            if solve(&game, &after, budget).outcome == Outcome::Unsolvable {
                return (Session::deal(game.clone(), seed), mv);
            }
        }
    }
    panic!("no winnable Labyrinth deal with a losing first move among 400");
}

fn shown(app: &App) -> Shown {
    app.world().resource::<Watch>().shown
}

fn play(app: &App) -> &Play {
    app.world().resource::<Play>()
}

fn with_check(app: &mut App) {
    app.insert_resource(Settings {
        winnable_check: true,
        ..Settings::default()
    });
}

#[test]
fn the_check_is_off_by_default_and_says_nothing() {
    let (session, _) = won_deal_and_losing_move();
    let mut app = app_for(session);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(shown(&app), Shown::Off);
    let world = app.world_mut();
    assert_eq!(
        world
            .query::<&super::watch::WatchPanel>()
            .iter(world)
            .count(),
        0
    );
}

#[test]
fn a_losing_move_shows_the_last_winnable_position_and_w_undoes_to_it() {
    let (session, losing) = won_deal_and_losing_move();
    let mut app = app_for(session);
    with_check(&mut app);
    app.update();
    assert_eq!(shown(&app), Shown::Searching, "a new position is searched");
    settle(&mut app, |a| shown(a) != Shown::Searching);
    assert_eq!(shown(&app), Shown::Winnable);
    let start = play(&app).session.position().clone();
    app.world_mut().write_message(Request::Play(losing));
    settle(&mut app, |a| shown(a) != Shown::Searching);
    assert_eq!(shown(&app), Shown::Lost);
    assert_eq!(app.world().resource::<Watch>().last_winnable, Some(0));
    let label = super::watch::label(app.world().resource::<Watch>());
    assert!(label.contains("the deal was the last winnable"), "{label}");
    let world = app.world_mut();
    let buttons: Vec<usize> = world
        .query::<&super::watch::BackToWinnable>()
        .iter(world)
        .map(|b| b.0)
        .collect();
    assert_eq!(buttons, vec![0], "one button back to the start");
    press(&mut app, &[KeyCode::KeyW]);
    assert_eq!(play(&app).session.position(), &start);
    app.update();
    assert_eq!(shown(&app), Shown::Winnable, "known at once, no new search");
}

#[test]
fn the_button_undoes_to_the_last_winnable_position_too() {
    let (session, losing) = won_deal_and_losing_move();
    let mut app = app_for(session);
    with_check(&mut app);
    let start = play(&app).session.position().clone();
    app.world_mut().write_message(Request::Play(losing));
    settle(&mut app, |a| {
        a.world().resource::<Watch>().last_winnable.is_some()
    });
    settle(&mut app, |a| {
        any::<super::watch::BackToWinnable>(a, |_| true)
    });
    let world = app.world_mut();
    let button = world
        .query_filtered::<Entity, With<super::watch::BackToWinnable>>()
        .single(world)
        .expect("the button");
    world.entity_mut(button).insert(Interaction::Pressed);
    app.update();
    assert_eq!(play(&app).session.position(), &start);
}

#[test]
fn a_stale_search_is_dropped_when_the_player_moves_on() {
    let (session, losing) = won_deal_and_losing_move();
    let mut app = app_for(session);
    with_check(&mut app);
    app.update();
    // Move before the first answer: the first search is stopped, the new one answers.
    app.world_mut().write_message(Request::Play(losing));
    app.update();
    let pos = play(&app).session.position().clone();
    settle(&mut app, |a| shown(a) != Shown::Searching);
    let watch = app.world().resource::<Watch>();
    assert_eq!(watch.verdict(&pos), Some(&Verdict::Lost));
    assert_eq!(shown(&app), Shown::Lost);
}

#[test]
fn the_hint_never_blocks_and_a_stale_hint_is_not_shown() {
    let (session, losing) = won_deal_and_losing_move();
    let mut app = app_for(session);
    press(&mut app, &[KeyCode::KeyH]);
    assert_eq!(app.world().resource::<Notice>().0, SEARCHING);
    // The player moves before the answer is collected: the hint was for another position.
    app.world_mut().write_message(Request::Play(losing));
    settle(&mut app, |a| {
        a.world().resource::<super::hint::HintSearch>().0.is_none()
    });
    let notice = app.world().resource::<Notice>().0.clone();
    assert!(!notice.starts_with("Hint:"), "{notice}");
    // Asked again, it answers for the position on the table.
    press(&mut app, &[KeyCode::KeyH]);
    settle(&mut app, |a| a.world().resource::<Notice>().0 != SEARCHING);
    let notice = app.world().resource::<Notice>().0.clone();
    let s = &play(&app).session;
    if let Some(text) = notice.strip_prefix("Hint: ") {
        let mv = s.game().parse_move(text).expect("a move");
        assert!(s.game().check(s.position(), mv).is_ok(), "{text} is legal");
    } else {
        assert_eq!(notice, "No move helps here.");
    }
}

/// A winnable Labyrinth deal lost: its losing first move, then the first legal move until
/// the game ends (animations off).
fn lost_game() -> App {
    let (session, losing) = won_deal_and_losing_move();
    let mut app = app_for(session);
    app.insert_resource(Settings {
        speed: crate::settings::Speed::Off,
        ..Settings::default()
    });
    app.world_mut().write_message(Request::Play(losing));
    app.update();
    for _ in 0..500 {
        let s = &play(&app).session;
        if s.status() != Status::Playing {
            assert_eq!(s.status(), Status::Lost, "a lost position stays lost");
            return app;
        }
        let mv = s.game().legal_moves(s.position())[0];
        app.world_mut().write_message(Request::Play(mv));
        app.update();
    }
    panic!("the game never ended");
}

/// Whether some entity has a `C` satisfying `pick`.
fn any<C: Component>(app: &App, pick: impl Fn(&C) -> bool) -> bool {
    let mut q = app.world().try_query::<&C>();
    q.as_mut().is_some_and(|q| q.iter(app.world()).any(&pick))
}

#[test]
fn after_a_loss_the_review_says_the_deal_was_winnable_and_plays_the_solution() {
    let mut app = lost_game();
    settle(&mut app, |a| any::<ReviewPanel>(a, |p| p.0));
    let review = app.world().resource::<Review>();
    let (_, reviewed) = review.done.clone().expect("reviewed");
    assert!(reviewed.deal.is_winnable(), "{reviewed:?}");
    let (k, line) = reviewed.went_wrong.clone().expect("where it went wrong");
    assert_eq!(k, 0, "the first move lost it");
    let text = super::review::sentence(&reviewed);
    assert!(text.starts_with("The deal was winnable"), "{text}");
    let world = app.world_mut();
    let mut buttons: Vec<ShowSolution> = world
        .query::<&ShowSolution>()
        .iter(world)
        .copied()
        .collect();
    buttons.sort_by_key(|b| *b as u8);
    assert_eq!(
        buttons,
        vec![ShowSolution::FromStart, ShowSolution::FromWrong]
    );
    // G: back to move k, then the solver's moves one by one, animated.
    press(&mut app, &[KeyCode::KeyG]);
    assert_eq!(play(&app).session.move_count(), k);
    settle(&mut app, |a| play(a).session.status() != Status::Playing);
    assert_eq!(play(&app).session.status(), Status::Won);
    assert_eq!(play(&app).session.moves(), line);
}

#[test]
fn the_solution_from_the_start_plays_by_button() {
    let mut app = lost_game();
    settle(&mut app, |a| {
        any::<ShowSolution>(a, |b| *b == ShowSolution::FromStart)
    });
    let world = app.world_mut();
    let button = world
        .query::<(Entity, &ShowSolution)>()
        .iter(world)
        .find(|(_, b)| **b == ShowSolution::FromStart)
        .map(|(e, _)| e)
        .expect("the button");
    world.entity_mut(button).insert(Interaction::Pressed);
    app.update();
    assert_eq!(play(&app).session.move_count(), 0, "back to the deal");
    settle(&mut app, |a| play(a).session.status() != Status::Playing);
    assert_eq!(play(&app).session.status(), Status::Won);
}

/// The menu with the winnable-deal systems, `id` selected.
fn menu_app(id: &str) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.init_state::<Screen>();
    app.init_resource::<ButtonInput<KeyCode>>();
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let games: Vec<Arc<Game>> = catalog.games().to_vec();
    let selected = games.iter().position(|g| g.id() == id).expect("registered");
    app.insert_resource(crate::assets::Games(games));
    app.insert_resource(crate::menu::MenuState {
        selected,
        deal: String::new(),
    });
    super::deals::plugin(&mut app);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    app
}

fn playing(app: &App) -> bool {
    *app.world().resource::<State<Screen>>() == Screen::Playing
}

#[test]
fn w_in_the_menu_solves_deals_until_one_is_won_where_no_table_is_shipped() {
    assert!(solitaire_games::winnable_table("labyrinth").is_none());
    let mut app = menu_app("labyrinth");
    press(&mut app, &[KeyCode::KeyW]);
    settle(&mut app, playing);
    let seed = play(&app).session.seed().expect("a numbered deal");
    let game = game("labyrinth");
    let win =
        solitaire_solver::winnable_deal(&game, seed, Budget::nodes(2_000_000)).expect("replays");
    assert!(win.is_some(), "deal {seed} is winnable");
    let notice = app.world().resource::<Notice>().0.clone();
    assert!(notice.contains("the solver just won it"), "{notice}");
}

#[test]
fn w_in_the_menu_picks_from_the_shipped_table() {
    let text = solitaire_games::winnable_table("german-patience").expect("a table is shipped");
    let seeds = solitaire_solver::winnable::read_table(text).expect("a list of seeds");
    let mut app = menu_app("german-patience");
    press(&mut app, &[KeyCode::KeyW]);
    settle(&mut app, playing);
    let seed = play(&app).session.seed().expect("a numbered deal");
    assert!(seeds.contains(&seed), "{seed} is in the table");
    let notice = app.world().resource::<Notice>().0.clone();
    assert!(
        notice.contains("table of proved-winnable deals"),
        "{notice}"
    );
}

#[test]
fn the_label_names_each_state_and_the_last_winnable_position() {
    let mut watch = Watch::default();
    let mut says = |shown, last| {
        watch.shown = shown;
        watch.last_winnable = last;
        super::watch::label(&watch)
    };
    assert_eq!(says(Shown::Off, None), "");
    assert!(says(Shown::Searching, None).contains("searching"));
    assert!(says(Shown::Winnable, None).contains("Still winnable"));
    assert!(says(Shown::Lost, None).contains("no winnable position"));
    let lost = says(Shown::Lost, Some(12));
    assert!(
        lost.contains("after move 12 was the last winnable"),
        "{lost}"
    );
    let open = says(Shown::Unknown, Some(0));
    assert!(open.contains("Not settled in 3 s"), "{open}");
    assert!(
        open.contains("the deal was the last known winnable"),
        "{open}"
    );
}

#[test]
fn every_shipped_table_is_a_registered_game_s_list_of_deals_with_its_making() {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let tables = solitaire_games::winnable_tables();
    for table in &tables {
        let (id, text) = (table.game, table.source);
        let game = catalog.get(id).expect("a registered game");
        assert!(
            text.contains(&format!("sol deal {id} --winnable --seeds")),
            "{text}"
        );
        let seeds = solitaire_solver::winnable::read_table(text).expect("a list of seeds");
        assert!(!seeds.is_empty(), "{id}: no deal");
        assert!(
            seeds.windows(2).all(|w| w[0] < w[1]),
            "{id}: in order, once each"
        );
        // The table ships with its game: `games/<rules>/winnable/<id>.ron`.
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../games")
            .join(&game.layout().rules)
            .join(format!("winnable/{id}.ron"));
        assert_eq!(std::fs::read_to_string(&file).ok().as_deref(), Some(text));
    }
    assert!(tables.len() >= 5);
}
