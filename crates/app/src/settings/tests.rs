//! The settings screen by keys, and the settings file.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use super::*;
use crate::save::{DataDir, DataProblems, Untouchable};
use crate::screen::Screen;

fn app(dir: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.init_state::<Screen>();
    app.init_resource::<ButtonInput<KeyCode>>();
    app.init_resource::<DataProblems>();
    app.init_resource::<Untouchable>();
    app.insert_resource(DataDir(dir.to_path_buf()));
    plugin(&mut app);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Settings);
    app.update();
    app.update();
    app
}

fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    input.release_all();
    input.clear();
    app.update();
}

#[test]
fn settings_read_back_and_default_when_fields_are_missing() {
    let s = Settings {
        speed: Speed::Off,
        confirm_deal: true,
        four_colour: true,
        ..Settings::default()
    };
    assert_eq!(Settings::from_ron(&s.to_ron()), Ok(s));
    let partial = Settings::from_ron("(large_print: true)").expect("fields default");
    assert!(partial.large_print && !partial.confirm_deal && partial.speed == Speed::Normal);
    assert!(Settings::from_ron("(speed: Warp)").is_err());
}

#[test]
fn the_card_back_and_table_colour_are_saved_and_an_older_file_reads_the_defaults() {
    let s = Settings {
        card_back: CardBack::GreenTartan,
        table_colour: TableColour::Burgundy,
        ..Settings::default()
    };
    let text = s.to_ron();
    assert!(
        text.contains("GreenTartan") && text.contains("Burgundy"),
        "{text}"
    );
    assert_eq!(Settings::from_ron(&text), Ok(s));
    // A settings file written before the back and the table could be chosen.
    let older = "(speed: Fast, auto_moves: Safe, confirm_deal: true, confirm_undo: false, \
                 four_colour: true, large_print: false, left_handed: true, \
                 winnable_check: false)";
    let read = Settings::from_ron(older).expect("an older file reads");
    assert_eq!(
        (read.card_back, read.table_colour),
        (CardBack::BlueLattice, TableColour::Green)
    );
    assert!(read.four_colour && read.left_handed && read.speed == Speed::Fast);
    // Every choice is offered, in order, and comes back round.
    let mut t = Settings::default();
    let mut backs = vec![t.card_back];
    let mut tables = vec![t.table_colour];
    for _ in 1..CardBack::ALL.len() {
        SettingRow::CardBack.step(&mut t, true);
        backs.push(t.card_back);
    }
    for _ in 1..TableColour::ALL.len() {
        SettingRow::TableColour.step(&mut t, true);
        tables.push(t.table_colour);
    }
    assert_eq!(
        (backs.as_slice(), tables.as_slice()),
        (&CardBack::ALL[..], &TableColour::ALL[..])
    );
    SettingRow::CardBack.step(&mut t, true);
    SettingRow::TableColour.step(&mut t, true);
    assert_eq!(t, Settings::default());
}

#[test]
fn every_row_changes_its_setting_and_comes_back_round() {
    for row in ROWS {
        let mut s = Settings::default();
        let before = row.label(&s);
        row.step(&mut s, true);
        assert_ne!(row.label(&s), before, "{row:?}");
        row.step(&mut s, false);
        assert_eq!(s, Settings::default(), "{row:?}: back is the inverse");
    }
    assert_eq!(Speed::Off.factor(), 0.0);
}

#[test]
fn the_screen_is_played_by_keys_and_saves_each_change() {
    let dir = std::env::temp_dir().join(format!("solitaire-settings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app(&dir);
    let rows = {
        let world = app.world_mut();
        let mut q = world.query::<&SettingRow>();
        q.iter(world).count()
    };
    assert_eq!(rows, ROWS.len(), "one row per setting");
    // Speed: Left goes from normal to fast; Down, Right: automatic moves to safe cards.
    press(&mut app, KeyCode::ArrowLeft);
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::ArrowRight);
    // Down to the four-colour deck, Enter turns it on.
    for _ in 0..3 {
        press(&mut app, KeyCode::ArrowDown);
    }
    press(&mut app, KeyCode::Enter);
    // Two rows further down, the card back: Left goes round to the last design; Down, Right:
    // the next table colour.
    for _ in 0..2 {
        press(&mut app, KeyCode::ArrowDown);
    }
    press(&mut app, KeyCode::ArrowLeft);
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::ArrowRight);
    let s = *app.world().resource::<Settings>();
    assert_eq!(
        (s.speed, s.auto_moves, s.four_colour),
        (Speed::Fast, AutoMoves::Safe, true)
    );
    assert_eq!(
        (s.card_back, s.table_colour),
        (CardBack::GreenTartan, TableColour::Blue)
    );
    let saved = std::fs::read_to_string(dir.join(SETTINGS_FILE)).expect("saved");
    assert_eq!(Settings::from_ron(&saved), Ok(s));
    press(&mut app, KeyCode::Escape);
    assert_eq!(
        app.world().resource::<State<Screen>>().get(),
        &Screen::Menu,
        "Escape goes back"
    );
    let _ = std::fs::remove_dir_all(dir);
}
