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
    let s = *app.world().resource::<Settings>();
    assert_eq!(
        (s.speed, s.auto_moves, s.four_colour),
        (Speed::Fast, AutoMoves::Safe, true)
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
