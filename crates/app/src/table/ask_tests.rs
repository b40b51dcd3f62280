//! Confirmations, headless: a deal and an undo that hides cards wait for the player's yes.

use bevy::prelude::*;
use solitaire_core::{Move, Session};

use super::end_tests::{app_for, press};
use crate::play::{Asking, Clicked, Play, undo_hides_a_card};
use crate::settings::Settings;

fn spider(seed: u64) -> Session {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    Session::deal(catalog.get("spider").expect("spider"), seed)
}

fn asking(app: &App) -> bool {
    app.world().resource::<Asking>().0.is_some()
}

fn moves(app: &App) -> Vec<Move> {
    app.world().resource::<Play>().session.moves()
}

fn click_stock(app: &mut App, double: bool) {
    let stock = {
        let play = app.world().resource::<Play>();
        play.game().layout().pile_index("stock").expect("a stock")
    };
    app.world_mut().write_message(Clicked {
        pile: stock,
        index: 0,
        double,
    });
    app.update();
}

fn with_settings(session: Session, settings: Settings) -> App {
    let mut app = app_for(session);
    app.insert_resource(settings);
    app
}

#[test]
fn a_deal_waits_for_yes_and_a_double_click_deals_at_once() {
    let settings = Settings {
        confirm_deal: true,
        ..Settings::default()
    };
    let mut app = with_settings(spider(2), settings);
    click_stock(&mut app, false);
    assert!(asking(&app), "the click asks");
    assert!(moves(&app).is_empty());
    press(&mut app, &[KeyCode::KeyN]);
    assert!(!asking(&app) && moves(&app).is_empty(), "No deals nothing");
    click_stock(&mut app, false);
    press(&mut app, &[KeyCode::Enter]);
    assert_eq!(moves(&app), vec![Move::Deal], "Yes deals");
    assert_eq!(
        app.world().resource::<super::focus::KeyFocus>().held,
        None,
        "the answering Enter does nothing else"
    );
    click_stock(&mut app, false);
    click_stock(&mut app, true);
    app.update();
    assert!(!asking(&app));
    assert_eq!(
        moves(&app),
        vec![Move::Deal, Move::Deal],
        "a double click deals"
    );
}

#[test]
fn without_the_setting_a_click_deals() {
    let mut app = with_settings(spider(2), Settings::default());
    click_stock(&mut app, false);
    assert_eq!(moves(&app), vec![Move::Deal]);
}

#[test]
fn undoing_a_move_that_showed_cards_asks_and_other_undos_do_not() {
    let mut session = spider(4);
    session.play(Move::Deal).expect("a deal");
    assert!(
        undo_hides_a_card(&session),
        "undoing a deal hides its cards"
    );
    let settings = Settings {
        confirm_undo: true,
        ..Settings::default()
    };
    let mut app = with_settings(session, settings);
    press(&mut app, &[KeyCode::KeyU]);
    assert!(asking(&app));
    assert_eq!(moves(&app).len(), 1, "not undone yet");
    press(&mut app, &[KeyCode::KeyY]);
    assert!(moves(&app).is_empty(), "Yes undoes");
    // A move between face-up cards that turns nothing hides nothing when undone.
    let mut quiet = super::key_tests::spider_three_moves_from_a_win();
    let m = quiet.game().parse_move("t2>t1:3").expect("a move");
    quiet.play(m).expect("legal");
    assert!(!undo_hides_a_card(&quiet));
    let mut app = with_settings(quiet, settings);
    press(&mut app, &[KeyCode::KeyU]);
    assert!(!asking(&app));
    assert!(moves(&app).is_empty(), "undone without a question");
}
