//! The solver's keys on the table, headless: the hint lights a legal move, and with nothing
//! hidden Finish plays the win out.

use bevy::prelude::*;
use solitaire_core::Status;

use super::finish::{Finish, FinishButton, winning_line};
use super::hint::SEARCHING;
use super::tests::{app_for, settle};
use super::watch::Watch;
use crate::play::{Notice, Play};
use crate::table::{Lit, press, spider_three_moves_from_a_win};

fn spider(seed: u64) -> App {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let game = catalog.get("spider").expect("spider");
    app_for(solitaire_core::Session::deal(game, seed))
}

fn play(app: &App) -> &Play {
    app.world().resource::<Play>()
}

#[test]
fn hint_key_lights_a_legal_move() {
    let mut app = spider(7);
    press(&mut app, &[KeyCode::KeyH]);
    // The search runs in the background: the frame goes on until it answers.
    settle(&mut app, |a| a.world().resource::<Notice>().0 != SEARCHING);
    let notice = app.world().resource::<Notice>().0.clone();
    let text = notice.strip_prefix("Hint: ").expect("a hint is given");
    let s = &play(&app).session;
    let mv = s.game().parse_move(text).expect("the hint is a move");
    assert!(s.game().check(s.position(), mv).is_ok(), "{text} is legal");
    let world = app.world_mut();
    let lit = world.query::<&Lit>().iter(world).count();
    assert!(lit >= 1, "the hinted cards light up");
}

#[test]
fn with_nothing_hidden_finish_plays_the_win_out() {
    let mut app = app_for(spider_three_moves_from_a_win());
    app.insert_resource(crate::settings::Settings {
        speed: crate::settings::Speed::Off,
        ..Default::default()
    });
    settle(&mut app, |app| {
        app.world().resource::<Finish>().line.is_some()
    });
    let line = app.world().resource::<Finish>().line.clone();
    assert!(line.is_some(), "the win is certain");
    let world = app.world_mut();
    let buttons = world.query::<&FinishButton>().iter(world).count();
    assert_eq!(buttons, 1, "the Finish button shows");
    press(&mut app, &[KeyCode::KeyF]);
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Play>().session.status(),
        Status::Won,
        "{:?}",
        app.world().resource::<Play>().session.moves()
    );
    assert!(
        winning_line(
            app.world().resource::<Play>().game(),
            &solitaire_games::catalog()
                .expect("builds")
                .get("spider")
                .expect("spider")
                .deal(1),
            &Watch::default()
        ) == Some(None),
        "a deal with hidden cards is never finished for the player"
    );
}
