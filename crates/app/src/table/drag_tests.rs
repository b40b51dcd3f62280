//! Headless drags through the card observers: a pointer drag of a card (no window, no
//! renderer) issues exactly the engine move it shows.

use bevy::camera::NormalizedRenderTarget;
use bevy::picking::backend::HitData;
use bevy::picking::events::Press as PointerPress;
use bevy::picking::pointer::{Location, PointerAction, PointerId, PointerInput};
use bevy::prelude::*;
use solitaire_core::{End, Move, Rank, Session, Suit};

use super::drag::{Dragging, Press, on_card_press, on_drag, on_drag_end, on_drag_start};
use super::follow::rest;
use super::{CardEntities, CardView};
use crate::fit::Fit;
use crate::play::{self, Notice, Play};

const WINDOW: Vec2 = Vec2::new(1280.0, 720.0);

/// An app with the play systems and one entity per card, at rest where the table puts it.
fn app_with(session: Session) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    play::plugin(&mut app);
    app.add_message::<PointerInput>();
    app.add_systems(Update, super::drag::release_clicks.before(play::PlaySet));
    app.insert_resource(Play::resume(session));
    spawn_cards(&mut app);
    app
}

/// One entity per card of the game in `Play`, at rest where the table puts it, taking drags.
pub(super) fn spawn_cards(app: &mut App) {
    app.init_resource::<Press>();
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
                .observe(on_card_press)
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

/// The entity of card `index` of pile `pile`.
fn card_entity(app: &App, pile: usize, index: usize) -> Entity {
    let card = app
        .world()
        .resource::<Play>()
        .session
        .position()
        .pile(pile)
        .cards()[index];
    app.world().resource::<CardEntities>().0[&card]
}

/// The primary button goes down on `entity` (as the picking backend reports it).
fn press(app: &mut App, entity: Entity, count: u8) {
    let hit = HitData::new(Entity::PLACEHOLDER, 0.0, None, None);
    let event = PointerPress {
        button: PointerButton::Primary,
        hit,
        count,
    };
    app.world_mut()
        .trigger(Pointer::new(PointerId::Mouse, location(), event, entity));
}

/// The primary button comes up (the raw pointer input the picking backend reads).
fn release(app: &mut App) {
    app.world_mut().write_message(PointerInput::new(
        PointerId::Mouse,
        location(),
        PointerAction::Release(PointerButton::Primary),
    ));
}

/// The pointer, pressed on `entity`, moves by `delta` screen pixels (the card follows).
fn move_by(app: &mut App, entity: Entity, delta: Vec2) {
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
}

/// The drag of `entity` ends, `distance` pixels from where it began.
fn end_drag(app: &mut App, entity: Entity, distance: Vec2) {
    let button = PointerButton::Primary;
    app.world_mut().trigger(Pointer::new(
        PointerId::Mouse,
        location(),
        DragEnd { button, distance },
        entity,
    ));
}

/// Press card `index` of pile `from`, drag it onto the next free spot of pile `to`, release:
/// every event the picking backend sends for a real drag, all within one frame.
fn drag(app: &mut App, from: usize, index: usize, to: usize) {
    let (start, goal) = {
        let play = app.world().resource::<Play>();
        let fit = *app.world().resource::<Fit>();
        let pos = play.session.position();
        let layout = play.game().layout();
        (
            rest(layout, &fit, pos, from, index),
            rest(layout, &fit, pos, to, pos.pile(to).len()),
        )
    };
    let entity = card_entity(app, from, index);
    // Screen pixels run down; the world runs up.
    let delta = Vec2::new(goal.x - start.x, start.y - goal.y);
    press(app, entity, 1);
    move_by(app, entity, delta);
    release(app);
    end_drag(app, entity, delta);
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
                matches!(*m, Move::Transfer { end: End::Bottom, from, .. }
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
    let Move::Transfer {
        end: End::Bottom,
        from,
        to,
        ..
    } = mv
    else {
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
    let Move::Transfer {
        from, to, count, ..
    } = mv
    else {
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
    let Move::Transfer {
        end: End::Bottom,
        from,
        ..
    } = mv
    else {
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
    let hint = solitaire_solver::obvious::hint(session.game(), session.position());
    assert!(hint.is_some());
}

fn spider_seed_1() -> Session {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    Session::deal(catalog.get("spider").expect("spider"), 1)
}

#[test]
fn a_click_whose_press_and_release_share_a_frame_plays_the_obvious_move() {
    let session = spider_seed_1();
    let pos = session.position().clone();
    let game = session.game().clone();
    // Spider seed 1's Eight of Hearts, the card the quick click on a real window missed.
    let (pile, index) = (0..pos.piles().len())
        .find_map(|p| {
            let cards = pos.pile(p).cards();
            cards
                .iter()
                .position(|c| c.rank == Rank::Eight && c.suit == Suit::Hearts)
                .filter(|&i| pos.pile(p).is_face_up(i))
                .map(|i| (p, i))
        })
        .expect("the Eight of Hearts is face up in deal 1");
    let count = pos.pile(pile).len() - index;
    let expected = solitaire_solver::obvious::obvious_move(&game, &pos, pile, count)
        .expect("the Eight of Hearts has a move");
    let mut app = app_with(session);
    let entity = card_entity(&app, pile, index);
    press(&mut app, entity, 1);
    release(&mut app);
    app.update();
    assert_eq!(
        app.world().resource::<Play>().session.moves(),
        vec![expected]
    );
}

#[test]
fn a_press_that_barely_moves_is_still_a_click() {
    let session = spider_seed_1();
    let pos = session.position().clone();
    let game = session.game().clone();
    let mv = solitaire_solver::obvious::hint(&game, &pos).expect("a move");
    let Move::Transfer { from, count, .. } = mv else {
        panic!("the first hint of deal 1 is a transfer, not {mv:?}")
    };
    let (from, count) = (usize::from(from), usize::from(count));
    let index = pos.pile(from).len() - count;
    let expected = solitaire_solver::obvious::obvious_move(&game, &pos, from, count);
    let mut app = app_with(session);
    let entity = card_entity(&app, from, index);
    press(&mut app, entity, 1);
    let jitter = Vec2::new(2.0, 1.0);
    move_by(&mut app, entity, jitter);
    end_drag(&mut app, entity, jitter);
    release(&mut app);
    app.update();
    let moves = app.world().resource::<Play>().session.moves();
    assert_eq!(moves, expected.into_iter().collect::<Vec<_>>());
}

#[test]
fn a_drag_plays_its_move_only_and_leaves_no_refusal() {
    let session = spider_seed_1();
    let game = session.game().clone();
    let mv = game.parse_move("t3>t1").expect("a move");
    assert!(
        game.check(session.position(), mv).is_ok(),
        "t3>t1 is legal in deal 1"
    );
    let len = session
        .position()
        .pile(game.layout().pile_index("t3").expect("t3"))
        .len();
    let (t3, t1) = (
        game.layout().pile_index("t3").expect("t3"),
        game.layout().pile_index("t1").expect("t1"),
    );
    let mut app = app_with(session);
    drag(&mut app, t3, len - 1, t1);
    app.update();
    assert_eq!(app.world().resource::<Play>().session.moves(), vec![mv]);
    assert_eq!(
        app.world().resource::<Notice>().0,
        "",
        "no refusal after a good drop"
    );
}
