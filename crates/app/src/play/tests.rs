//! Headless tests (no window, no renderer): input becomes exactly the engine's moves.

use bevy::prelude::*;
use solitaire_core::{Move, Session};

use super::*;
use crate::fit::card_corner;

fn app(seed: u64) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    plugin(&mut app);
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let game = catalog.get("spider").expect("spider is registered");
    app.insert_resource(Play::new(game, seed));
    app
}

fn session(app: &App) -> &Session {
    &app.world().resource::<Play>().session
}

/// A legal transfer of the deal, and a corner on its target pile where a drop would land.
fn legal_transfer(app: &App) -> (Move, Vec2) {
    let s = session(app);
    let mv = s
        .game()
        .legal_moves(s.position())
        .into_iter()
        .find(|m| matches!(m, Move::Transfer { .. }))
        .expect("a legal transfer");
    let Move::Transfer { to, .. } = mv else {
        unreachable!()
    };
    let len = s.position().pile(to.into()).len();
    (
        mv,
        card_corner(s.game().layout(), s.position(), to.into(), len),
    )
}

#[test]
fn a_drop_on_a_pile_plays_exactly_that_transfer() {
    let mut app = app(7);
    let (mv, corner) = legal_transfer(&app);
    let Move::Transfer { from, count, .. } = mv else {
        unreachable!()
    };
    app.world_mut().write_message(Dropped {
        from: from.into(),
        count: count.into(),
        bottom: false,
        corner: corner + Vec2::new(0.1, 0.2),
    });
    app.update();
    assert_eq!(session(&app).moves(), vec![mv]);
}

#[test]
fn an_illegal_drop_changes_nothing_and_says_why() {
    let mut app = app(7);
    let before = session(&app).position().clone();
    let s = session(&app);
    let game = s.game().clone();
    let layout = game.layout();
    // Find a column-to-column drop the engine refuses.
    let (from, to) = (9..19)
        .flat_map(|f| (9..19).map(move |t| (f, t)))
        .find(|&(f, t)| f != t && game.check(&before, Move::transfer(f, t, 1)).is_err())
        .expect("some drop is illegal");
    let corner = card_corner(layout, &before, to, before.pile(to).len());
    app.world_mut().write_message(Dropped {
        from,
        count: 1,
        bottom: false,
        corner,
    });
    app.update();
    assert_eq!(session(&app).position(), &before);
    assert!(session(&app).moves().is_empty());
    assert!(
        !app.world().resource::<Notice>().0.is_empty(),
        "the engine's reason is shown"
    );
}

#[test]
fn undo_and_redo_mirror_the_engine_history() {
    let mut app = app(11);
    let (mv, _) = legal_transfer(&app);
    let mut engine = session(&app).clone();
    engine.play(mv).expect("legal");
    engine.play(Move::Deal).ok();
    for c in [Request::Play(mv), Request::Play(Move::Deal)] {
        app.world_mut().write_message(c);
    }
    app.update();
    assert_eq!(session(&app).position(), engine.position());
    app.world_mut().write_message(Request::Undo);
    app.update();
    engine.undo();
    assert_eq!(session(&app).position(), engine.position());
    assert_eq!(session(&app).moves(), engine.moves());
    app.world_mut().write_message(Request::Redo);
    app.update();
    engine.redo();
    assert_eq!(session(&app).position(), engine.position());
    app.world_mut().write_message(Request::Restart);
    app.update();
    assert_eq!(session(&app).position(), session(&app).start());
}

#[test]
fn a_click_on_the_stock_deals() {
    let mut app = app(3);
    let stock = session(&app)
        .game()
        .layout()
        .pile_index("stock")
        .expect("a stock");
    app.world_mut().write_message(Clicked {
        pile: stock,
        index: 0,
        double: false,
    });
    app.update();
    assert_eq!(session(&app).moves(), vec![Move::Deal]);
}

#[test]
fn a_click_on_an_empty_foundation_says_which_suits_could_be_completed() {
    let mut app = app(1);
    let f1 = session(&app)
        .game()
        .layout()
        .pile_index("f1")
        .expect("a foundation");
    app.world_mut().write_message(Clicked {
        pile: f1,
        index: 0,
        double: false,
    });
    app.update();
    assert!(session(&app).moves().is_empty(), "nothing moves");
    let said = app.world().resource::<Notice>().0.clone();
    assert!(said.to_lowercase().contains("suit"), "{said}");
}
