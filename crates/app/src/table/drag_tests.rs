//! Headless drags through the card observers: a pointer drag of a card (no window, no
//! renderer) issues exactly the engine move it shows.

use bevy::camera::NormalizedRenderTarget;
use bevy::picking::backend::HitData;
use bevy::picking::pointer::{Location, PointerId};
use bevy::prelude::*;
use solitaire_core::{Move, Session};

use super::drag::{DragEndedAt, Dragging, on_drag, on_drag_end, on_drag_start};
use super::fit::Fit;
use super::follow::rest;
use super::{CardEntities, CardView};
use crate::play::{self, Play};

const WINDOW: Vec2 = Vec2::new(1280.0, 720.0);

/// An app with the play systems and one entity per card, at rest where the table puts it.
fn app_with(session: Session) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    play::plugin(&mut app);
    app.insert_resource(Play::resume(session));
    spawn_cards(&mut app);
    app
}

/// One entity per card of the game in `Play`, at rest where the table puts it, taking drags.
pub(super) fn spawn_cards(app: &mut App) {
    app.init_resource::<DragEndedAt>();
    app.init_resource::<Dragging>();
    let (layout, pos) = {
        let play = app.world().resource::<Play>();
        (
            play.game().layout().clone(),
            play.session.position().clone(),
        )
    };
    let fit = Fit::new(&layout, WINDOW);
    app.insert_resource(fit);
    let mut entities = CardEntities::default();
    for (p, pile) in pos.piles().iter().enumerate() {
        for (i, &card) in pile.cards().iter().enumerate() {
            let e = app
                .world_mut()
                .spawn((
                    CardView {
                        card,
                        up: pile.is_face_up(i),
                    },
                    Transform::from_translation(rest(&layout, &fit, &pos, p, i)),
                    Sprite::default(),
                ))
                .observe(on_drag_start)
                .observe(on_drag)
                .observe(on_drag_end)
                .id();
            entities.0.insert(card, e);
        }
    }
    app.insert_resource(entities);
}

fn location() -> Location {
    Location {
        target: NormalizedRenderTarget::None {
            width: WINDOW.x as u32,
            height: WINDOW.y as u32,
        },
        position: Vec2::ZERO,
    }
}

/// Press card `index` of pile `from`, drag it onto the next free spot of pile `to`, release.
fn drag(app: &mut App, from: usize, index: usize, to: usize) {
    let (card, start, goal) = {
        let play = app.world().resource::<Play>();
        let fit = *app.world().resource::<Fit>();
        let pos = play.session.position();
        let layout = play.game().layout();
        (
            pos.pile(from).cards()[index],
            rest(layout, &fit, pos, from, index),
            rest(layout, &fit, pos, to, pos.pile(to).len()),
        )
    };
    let entity = app.world().resource::<CardEntities>().0[&card];
    // Screen pixels run down; the world runs up.
    let delta = Vec2::new(goal.x - start.x, start.y - goal.y);
    let button = PointerButton::Primary;
    let hit = HitData::new(Entity::PLACEHOLDER, 0.0, None, None);
    let world = app.world_mut();
    world.trigger(Pointer::new(
        PointerId::Mouse,
        location(),
        DragStart { button, hit },
        entity,
    ));
    world.trigger(Pointer::new(
        PointerId::Mouse,
        location(),
        Drag {
            button,
            distance: delta,
            delta,
        },
        entity,
    ));
    world.trigger(Pointer::new(
        PointerId::Mouse,
        location(),
        DragEnd {
            button,
            distance: delta,
        },
        entity,
    ));
    app.update();
}

/// A Labyrinth deal, dealt on until some column's bottom card (under others) may move.
fn labyrinth_with_a_bottom_move() -> (Session, Move) {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let game = catalog.get("labyrinth").expect("labyrinth is registered");
    for seed in 1..200 {
        let mut s = Session::deal(game.clone(), seed);
        for _ in 0..6 {
            let found = s.game().legal_moves(s.position()).into_iter().find(|m| {
                matches!(*m, Move::TransferBottom { from, .. }
                    if s.position().pile(from.into()).len() > 1)
            });
            if let Some(mv) = found {
                return (s, mv);
            }
            if s.play(Move::Deal).is_err() {
                break;
            }
        }
    }
    panic!("no Labyrinth deal among 200 offers a bottom move");
}

#[test]
fn dragging_a_bottom_card_plays_the_engine_bottom_move() {
    let (session, mv) = labyrinth_with_a_bottom_move();
    let before = session.moves();
    let Move::TransferBottom { from, to } = mv else {
        unreachable!()
    };
    let mut app = app_with(session);
    drag(&mut app, from.into(), 0, usize::from(to));
    let moves = app.world().resource::<Play>().session.moves();
    assert_eq!(moves.len(), before.len() + 1, "one move was played");
    assert_eq!(moves.last(), Some(&mv));
    assert!(mv.takes_bottom());
}

#[test]
fn dragging_a_spider_run_plays_the_engine_transfer() {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let game = catalog.get("spider").expect("spider");
    let session = Session::deal(game, 7);
    let mv = session
        .game()
        .legal_moves(session.position())
        .into_iter()
        .find(|m| matches!(m, Move::Transfer { .. }))
        .expect("a legal transfer");
    let Move::Transfer { from, to, count } = mv else {
        unreachable!()
    };
    let len = session.position().pile(from.into()).len();
    let mut app = app_with(session);
    drag(&mut app, from.into(), len - usize::from(count), to.into());
    assert_eq!(app.world().resource::<Play>().session.moves(), vec![mv]);
}

#[test]
fn a_bottom_move_animates_its_card_both_ways() {
    let (mut session, mv) = labyrinth_with_a_bottom_move();
    let Move::TransferBottom { from, .. } = mv else {
        unreachable!()
    };
    let card = session.position().pile(from.into()).cards()[0];
    let before = session.position().clone();
    session.play(mv).expect("legal");
    let forward = super::steps::delays(&before, session.last_steps(), false);
    assert!(forward.iter().any(|&(c, _)| c == card), "{forward:?}");
    let back = super::steps::delays(session.position(), session.last_steps(), true);
    assert!(back.iter().any(|&(c, _)| c == card), "{back:?}");
}

#[test]
fn the_face_up_hint_copes_with_bottom_moves() {
    let (session, _) = labyrinth_with_a_bottom_move();
    let hint = solitaire_core::obvious::hint(session.game(), session.position());
    assert!(hint.is_some());
}
