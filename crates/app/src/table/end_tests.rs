//! Headless tests of the end of a game and of the keys: the win is celebrated and its panel's
//! buttons deal again or open the menu; the loss panel's buttons undo, deal again or open
//! the menu; each key does what the top bar says.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use solitaire_core::{Card, Move, Pile, Position, Rank, Session, Status, Suit};

use super::bar::Action;
use super::celebrate::{Bounce, Celebration};
use super::drag_tests::spawn_cards;
use super::outcome::OutcomePanel;
use crate::play::{Play, Request};
use crate::screen::Screen;

/// The table's input, end-of-game and celebration systems on `session`, on the table screen.
pub fn app_for(session: Session) -> App {
    app_with(session, |_| {})
}

/// [`app_for`] with `more` (another feature's plugins) added before the first frame.
pub fn app_with(session: Session, more: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.init_state::<Screen>();
    app.init_resource::<ButtonInput<KeyCode>>();
    crate::play::plugin(&mut app);
    super::sets(&mut app);
    app.add_plugins((
        super::bar::plugin,
        super::keys::plugin,
        super::focus::plugin,
        super::ask::plugin,
        super::info_ui::plugin,
        super::auto::plugin,
        super::replay::plugin,
        super::outcome::plugin,
        super::celebrate::plugin,
    ));
    more(&mut app);
    app.insert_resource(Play::resume(session));
    spawn_cards(&mut app);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
    app
}

fn play(app: &App) -> &Play {
    app.world().resource::<Play>()
}

fn suit(suit: Suit, ranks: std::ops::RangeInclusive<u8>) -> Vec<Card> {
    ranks
        .filter_map(Rank::from_value)
        .map(|r| Card::new(r, suit))
        .collect()
}

/// Labyrinth with the foundations holding `f` and the first two columns `t1`, `t2`.
fn labyrinth(f: [Vec<Card>; 4], t1: Vec<Card>, t2: Vec<Card>) -> Session {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let game = catalog.get("labyrinth").expect("labyrinth");
    let deal = game.deal(1);
    let mut piles = vec![Pile::default()];
    piles.extend(f.into_iter().map(|c| Pile::new(c, 0)));
    piles.push(Pile::new(t1, 0));
    piles.push(Pile::new(t2, 0));
    piles.resize(deal.piles().len(), Pile::default());
    Session::from_position(game, None, Position::new(piles, deal.vars()))
}

/// One move (t1>f4, the King of Clubs) from a win.
fn nearly_won() -> Session {
    labyrinth(
        [
            suit(Suit::Spades, 1..=13),
            suit(Suit::Hearts, 1..=13),
            suit(Suit::Diamonds, 1..=13),
            suit(Suit::Clubs, 1..=12),
        ],
        vec![Card::new(Rank::King, Suit::Clubs)],
        vec![],
    )
}

/// One move (t2>f2, the Two of Hearts) from a dead end: the Five of Spades cannot move.
fn nearly_lost() -> Session {
    labyrinth(
        [
            suit(Suit::Spades, 1..=1),
            suit(Suit::Hearts, 1..=1),
            suit(Suit::Diamonds, 1..=1),
            suit(Suit::Clubs, 1..=1),
        ],
        vec![Card::new(Rank::Five, Suit::Spades)],
        vec![Card::new(Rank::Two, Suit::Hearts)],
    )
}

fn request(app: &mut App, r: Request) {
    app.world_mut().write_message(r);
    app.update();
}

/// The panel's button that asks for `action` (not the top bar's).
fn panel_button(app: &mut App, action: Action) -> Option<Entity> {
    let world = app.world_mut();
    let mut buttons = world.query::<(Entity, &Action, &ChildOf)>();
    let mut parents = world.query::<&ChildOf>();
    let mut panels = world.query::<&OutcomePanel>();
    let found: Vec<(Entity, Entity)> = buttons
        .iter(world)
        .filter(|&(_, &a, _)| a == action)
        .map(|(e, _, parent)| (e, parent.parent()))
        .collect();
    found.into_iter().find_map(|(button, mut up)| {
        loop {
            if panels.get(world, up).is_ok() {
                return Some(button);
            }
            up = parents.get(world, up).ok()?.parent();
        }
    })
}

fn panel(app: &mut App) -> Option<Status> {
    let world = app.world_mut();
    let mut q = world.query::<&OutcomePanel>();
    q.iter(world).next().map(|p| p.0)
}

fn click(app: &mut App, button: Entity) {
    app.world_mut()
        .entity_mut(button)
        .insert(Interaction::Pressed);
    app.update();
    app.update(); // the state change, then the new screen
}

pub fn press(app: &mut App, keys: &[KeyCode]) {
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    for &k in keys {
        input.press(k);
    }
    app.update();
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    input.release_all();
    input.clear();
}

/// Win, and let the celebration begin now.
fn win(app: &mut App) {
    request(app, Request::Play(Move::transfer(5, 4, 1)));
    assert_eq!(play(app).session.status(), Status::Won);
    let now = app.world().resource::<Time>().elapsed_secs();
    app.world_mut().resource_mut::<Celebration>().start = now - 0.3;
    app.update();
}

#[test]
fn a_win_is_celebrated_then_new_deal_deals_again() {
    let mut app = app_for(nearly_won());
    win(&mut app);
    let world = app.world_mut();
    let flying = world.query::<&Bounce>().iter(world).count();
    assert!(flying > 0, "cards leave the foundations");
    assert_eq!(panel(&mut app), None, "the panel waits for the celebration");
    // A key cuts the celebration short and does nothing else (N would deal again).
    press(&mut app, &[KeyCode::KeyN]);
    app.update();
    assert!(app.world().get_resource::<Celebration>().is_none());
    assert_eq!(play(&app).session.move_count(), 1);
    assert_eq!(panel(&mut app), Some(Status::Won));
    assert!(panel_button(&mut app, Action::Undo).is_none());
    let new = panel_button(&mut app, Action::NewDeal).expect("a New deal button");
    click(&mut app, new);
    assert_eq!(play(&app).session.move_count(), 0);
    assert_eq!(play(&app).session.status(), Status::Playing);
    assert!(play(&app).session.seed().is_some(), "a fresh numbered deal");
    assert_eq!(panel(&mut app), None);
}

#[test]
fn the_celebration_ends_by_itself_and_menu_opens_the_menu() {
    let mut app = app_for(nearly_won());
    win(&mut app);
    app.world_mut().resource_mut::<Celebration>().start = -100.0;
    app.update();
    app.update();
    assert!(app.world().get_resource::<Celebration>().is_none());
    let menu = panel_button(&mut app, Action::Menu).expect("a Menu button");
    click(&mut app, menu);
    assert_eq!(*app.world().resource::<State<Screen>>(), Screen::Menu);
}

#[test]
fn a_loss_says_so_and_its_buttons_undo_deal_again_and_open_the_menu() {
    let mut app = app_for(nearly_lost());
    let start = play(&app).session.position().clone();
    request(&mut app, Request::Play(Move::transfer(6, 2, 1)));
    assert_eq!(play(&app).session.status(), Status::Lost);
    app.update();
    assert_eq!(panel(&mut app), Some(Status::Lost));
    let undo = panel_button(&mut app, Action::Undo).expect("an Undo button");
    click(&mut app, undo);
    assert_eq!(play(&app).session.position(), &start);
    assert_eq!(panel(&mut app), None);

    request(&mut app, Request::Play(Move::transfer(6, 2, 1)));
    app.update();
    let new = panel_button(&mut app, Action::NewDeal).expect("a New deal button");
    click(&mut app, new);
    assert_eq!(play(&app).session.move_count(), 0);
    assert_ne!(play(&app).session.position(), &start);

    let mut app = app_for(nearly_lost());
    request(&mut app, Request::Play(Move::transfer(6, 2, 1)));
    app.update();
    let menu = panel_button(&mut app, Action::Menu).expect("a Menu button");
    click(&mut app, menu);
    assert_eq!(*app.world().resource::<State<Screen>>(), Screen::Menu);
}

fn spider(seed: u64) -> (App, Move) {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let game = catalog.get("spider").expect("spider");
    let session = Session::deal(game, seed);
    let mv = session
        .game()
        .legal_moves(session.position())
        .into_iter()
        .find(|m| matches!(m, Move::Transfer { .. }))
        .expect("a legal transfer");
    (app_for(session), mv)
}

#[test]
fn undo_and_redo_keys() {
    let (mut app, mv) = spider(7);
    request(&mut app, Request::Play(mv));
    request(&mut app, Request::Play(Move::Deal));
    assert_eq!(play(&app).session.moves(), vec![mv, Move::Deal]);
    press(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(play(&app).session.moves(), vec![mv]);
    press(&mut app, &[KeyCode::KeyU]);
    assert!(play(&app).session.moves().is_empty());
    press(&mut app, &[KeyCode::ControlRight, KeyCode::KeyY]);
    assert_eq!(play(&app).session.moves(), vec![mv]);
    press(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyY]);
    assert_eq!(play(&app).session.moves(), vec![mv, Move::Deal]);
}

#[test]
fn restart_and_new_deal_keys() {
    let (mut app, mv) = spider(7);
    let start = play(&app).session.start().clone();
    request(&mut app, Request::Play(mv));
    request(&mut app, Request::Play(Move::Deal));
    press(&mut app, &[KeyCode::KeyR]);
    assert_eq!(play(&app).session.position(), &start);
    assert_eq!(play(&app).session.move_count(), 0);
    request(&mut app, Request::Play(mv));
    press(&mut app, &[KeyCode::KeyN]);
    app.update();
    assert_eq!(play(&app).session.move_count(), 0);
    assert_ne!(play(&app).session.seed(), Some(7), "another deal");
    assert_eq!(*app.world().resource::<State<Screen>>(), Screen::Playing);
}

#[test]
fn escape_opens_the_menu() {
    let (mut app, _) = spider(7);
    press(&mut app, &[KeyCode::Escape]);
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>(), Screen::Menu);
}
