//! The menu by keys, headless: a deal number typed within one frame keeps its digits' order,
//! Enter starts that deal, and every button's key opens its screen.

use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use super::MenuState;
use super::examples::{ExampleRow, Examples, example_session};
use crate::assets::Games;
use crate::play::Play;
use crate::save::{DataProblems, Saved};
use crate::screen::Screen;

fn menu_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.init_state::<Screen>();
    app.init_resource::<ButtonInput<KeyCode>>();
    app.add_message::<KeyboardInput>();
    app.init_resource::<Saved>();
    app.init_resource::<DataProblems>();
    app.init_resource::<MenuState>();
    let catalog = solitaire_games::catalog().expect("the registry builds");
    app.insert_resource(Games(catalog.games().to_vec()));
    app.add_systems(
        Update,
        super::nav::navigate_with_keys.run_if(in_state(Screen::Menu)),
    );
    super::examples::plugin(&mut app);
    crate::table::note_plugin(&mut app);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    app
}

/// Type `keys` all before the next frame; the input state is then cleared, as Bevy's input
/// system does, and the screen chosen changes on the next frame.
fn type_in_one_frame(app: &mut App, keys: &[KeyCode]) {
    crate::typed_keys::type_in_one_frame(app, keys);
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    input.release_all();
    input.clear();
    app.update();
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn a_deal_number_typed_within_one_frame_keeps_its_order_and_enter_deals_it() {
    let mut app = menu_app();
    type_in_one_frame(
        &mut app,
        &[
            KeyCode::Digit3,
            KeyCode::Digit1,
            KeyCode::Digit2,
            KeyCode::Backspace,
            KeyCode::Digit7,
        ],
    );
    assert_eq!(app.world().resource::<MenuState>().deal, "317");
    type_in_one_frame(
        &mut app,
        &[KeyCode::ArrowDown, KeyCode::Enter, KeyCode::Digit9],
    );
    assert_eq!(screen(&app), Screen::Playing);
    let play = app.world().resource::<Play>();
    let second = app.world().resource::<Games>().0[1].id().to_string();
    assert_eq!(play.game().id(), second, "Down chose the second game");
    assert_eq!(
        play.session.seed(),
        Some(317),
        "the 9 after Enter is not part of it"
    );
}

#[test]
fn every_menu_button_has_its_key() {
    for (key, wanted) in [
        (KeyCode::KeyS, Screen::Settings),
        (KeyCode::KeyT, Screen::Statistics),
        (KeyCode::KeyF, Screen::Open),
    ] {
        let mut app = menu_app();
        type_in_one_frame(&mut app, &[key]);
        assert_eq!(screen(&app), wanted, "{key:?}");
    }
}

#[test]
fn worked_examples_are_listed_and_one_plays_with_its_unknown_cards_filled_and_said() {
    let mut app = menu_app();
    let examples = app.world().resource::<Examples>().clone();
    assert!(
        examples.count_for("spider") >= 8,
        "Woods' examples are shipped under Spider"
    );
    type_in_one_frame(&mut app, &[KeyCode::KeyX]);
    assert_eq!(screen(&app), Screen::Examples);
    let world = app.world_mut();
    let rows = world.query::<&ExampleRow>().iter(world).count();
    assert_eq!(rows, examples.list.len(), "one row per example");
    // The second example leaves face-down cards unknown.
    type_in_one_frame(&mut app, &[KeyCode::ArrowDown]);
    type_in_one_frame(&mut app, &[KeyCode::Enter]);
    assert_eq!(screen(&app), Screen::Playing);
    app.update();
    let play = app.world().resource::<Play>();
    assert_eq!(play.game().id(), "spider");
    assert_eq!(play.session.seed(), None);
    let note = app.world().resource::<crate::table::TableNote>().0.clone();
    assert!(
        note.contains("face-down cards unknown in the example: filled at random, seed"),
        "{note}"
    );
    let world = app.world_mut();
    let shown: Vec<(String, Visibility)> = world
        .query_filtered::<(&Text, &Visibility), With<crate::table::NoteText>>()
        .iter(world)
        .map(|(t, v)| (t.0.clone(), *v))
        .collect();
    assert_eq!(
        shown,
        [(note.clone(), Visibility::Inherited)],
        "the table says so"
    );
    // The same seed fills the same cards; the note names the seed.
    let seed: u64 = note
        .rsplit(' ')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("the note ends with the seed");
    let games = app.world().resource::<Games>().clone();
    let second = &examples.list[1];
    let (a, _) = example_session(second, &games, seed).expect("reads");
    let played = app.world().resource::<Play>().session.position().clone();
    assert_eq!(
        a.position(),
        &played,
        "reproducible from the seed on screen"
    );
    let (b, _) = example_session(second, &games, seed.wrapping_add(1)).expect("reads");
    assert_ne!(b.position(), &played, "another seed fills other cards");
}

#[test]
fn a_game_saved_by_name_with_s_resumes_from_the_open_screen_by_keys() {
    use crate::save::DataDir;
    let dir = DataDir(std::env::temp_dir().join(format!("solitaire-open-{}", std::process::id())));
    let _ = std::fs::remove_dir_all(&dir.0);
    // On the table: a move, then S, a name, Enter.
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let mut session = solitaire_core::Session::deal(catalog.get("spider").expect("spider"), 1);
    session
        .play(solitaire_core::Move::Deal)
        .expect("a deal is legal");
    let mut table = crate::table::app_for(session.clone());
    table.insert_resource(dir.clone());
    for k in [
        KeyCode::KeyS,
        KeyCode::KeyM,
        KeyCode::KeyY,
        KeyCode::Minus,
        KeyCode::Digit1,
        KeyCode::Enter,
    ] {
        type_in_one_frame(&mut table, &[k]);
    }
    assert!(dir.file("saves/MY-1.ron").is_file() || dir.file("saves/my-1.ron").is_file());
    // In the menu: F, then Enter on the only save.
    let mut app = menu_app();
    app.insert_resource(dir.clone());
    super::open::plugin(&mut app);
    type_in_one_frame(&mut app, &[KeyCode::KeyF]);
    assert_eq!(screen(&app), Screen::Open);
    app.update();
    type_in_one_frame(&mut app, &[KeyCode::Enter]);
    assert_eq!(screen(&app), Screen::Playing);
    let play = app.world().resource::<Play>();
    assert_eq!(
        play.session.moves(),
        session.moves(),
        "its moves resume too"
    );
    assert_eq!(play.session.position(), session.position());
    let _ = std::fs::remove_dir_all(&dir.0);
}

#[test]
fn v_on_the_open_screen_plays_the_position_on_the_clipboard() {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let bristol = catalog.get("bristol").expect("bristol");
    let mut dealt = solitaire_core::Session::deal(bristol.clone(), 7);
    let first = bristol.legal_moves(dealt.position())[0];
    dealt.play(first).expect("a legal move plays");
    let mut text = bristol.position_text(dealt.position());
    if !text.starts_with("game:") {
        text = format!("game: bristol\n{text}");
    }
    let mut app = menu_app();
    super::open::plugin(&mut app);
    let pasted = text.clone();
    app.insert_resource(super::open::Clipboard(std::sync::Arc::new(move || {
        Ok(pasted.clone())
    })));
    type_in_one_frame(&mut app, &[KeyCode::KeyF]);
    assert_eq!(screen(&app), Screen::Open);
    app.update();
    type_in_one_frame(&mut app, &[KeyCode::KeyV]);
    assert_eq!(screen(&app), Screen::Playing);
    let play = app.world().resource::<Play>();
    assert_eq!(
        play.session.game().id(),
        "bristol",
        "the text's game: line chooses the game"
    );
    assert_eq!(
        play.session.position(),
        dealt.position(),
        "the pasted position is played"
    );
}

#[test]
fn v_with_text_that_is_no_position_stays_on_the_open_screen_and_says_why() {
    let mut app = menu_app();
    super::open::plugin(&mut app);
    app.insert_resource(super::open::Clipboard(std::sync::Arc::new(|| {
        Ok("game: bristol\nt1: ZZ\n".to_string())
    })));
    type_in_one_frame(&mut app, &[KeyCode::KeyF]);
    app.update();
    type_in_one_frame(&mut app, &[KeyCode::KeyV]);
    assert_eq!(screen(&app), Screen::Open, "nothing is played");
    let world = app.world_mut();
    let said: Vec<String> = world
        .query_filtered::<&Text, With<super::open::OpenMessage>>()
        .iter(world)
        .map(|t| t.0.clone())
        .collect();
    assert!(
        said.iter().any(|t| !t.is_empty()),
        "the Open screen says what is wrong: {said:?}"
    );
}
