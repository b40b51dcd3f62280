//! The Open screen (`F` in the menu): the games saved under a name, newest first, to resume
//! with their moves (Up/Down and Enter, or a click); and `V` to play a position pasted from
//! the clipboard in the text form (`sol show` prints it; a `game:` line names the game, else
//! the game selected in the menu plays it).

use bevy::prelude::*;

use super::MenuState;
use crate::assets::Games;
use crate::play::{Notice, Play};
use crate::save::{DataDir, list_saves, load_save, session_from_text};
use crate::screen::Screen;
use crate::table::TableNote;
use crate::ui;

/// A saved game's row.
#[derive(Component, Clone, Debug)]
pub struct SaveRow(pub usize);

/// The rows' files, the selected one, and what went wrong last.
#[derive(Resource, Clone, Debug, Default)]
pub struct OpenList {
    pub files: Vec<(String, std::path::PathBuf)>,
    pub selected: usize,
}

/// The message line of the Open screen.
#[derive(Component)]
pub struct OpenMessage;

/// The clipboard's text, asked of the desktop's clipboard tools (Wayland's `wl-paste`, X's
/// `xclip` or `xsel`), whichever is installed.
///
/// # Errors
/// When none answers with text.
pub fn clipboard_text() -> Result<String, String> {
    let tools: [(&str, &[&str]); 3] = [
        ("wl-paste", &["--no-newline"]),
        ("xclip", &["-selection", "clipboard", "-o"]),
        ("xsel", &["--clipboard", "--output"]),
    ];
    for (tool, args) in tools {
        if let Ok(out) = std::process::Command::new(tool).args(args).output()
            && out.status.success()
            && let Ok(text) = String::from_utf8(out.stdout)
            && !text.trim().is_empty()
        {
            return Ok(text);
        }
    }
    Err("the clipboard holds no text (pasting needs wl-paste, xclip or xsel)".into())
}

/// Where `V` reads the clipboard: the desktop's tools ([`clipboard_text`]) unless something
/// else is put in (a headless test puts in a fixed text).
#[derive(Resource, Clone)]
pub struct Clipboard(pub std::sync::Arc<dyn Fn() -> Result<String, String> + Send + Sync>);

impl Default for Clipboard {
    fn default() -> Self {
        Self(std::sync::Arc::new(clipboard_text))
    }
}

fn spawn_screen(mut commands: Commands, dir: Option<Res<DataDir>>) {
    let files = dir.map(|d| list_saves(&d)).unwrap_or_default();
    commands
        .spawn((DespawnOnExit(Screen::Open), ui::screen_column(28.0, 8.0)))
        .with_children(|root| {
            root.spawn(ui::text("Open a saved game", 36.0, ui::TEXT));
            if files.is_empty() {
                root.spawn(ui::text(
                    "No game saved under a name yet (S on the table saves one).",
                    18.0,
                    ui::DIM,
                ));
            }
            for (i, (name, _)) in files.iter().enumerate() {
                root.spawn(ui::list_row(SaveRow(i), 6.0))
                    .with_child(ui::text(name.clone(), 19.0, ui::TEXT));
            }
            root.spawn((OpenMessage, ui::text("", 17.0, Color::srgb(1.0, 0.7, 0.5))));
            root.spawn(ui::text(
                "Up/Down: choose   Enter or click: resume   V: play the position on the \
                 clipboard   Esc: back",
                15.0,
                ui::DIM,
            ));
        });
    commands.insert_resource(OpenList { files, selected: 0 });
}

/// Start playing `session` (a resumed save, a pasted position, a worked example), saying
/// `notice` on the status line and `note` for as long as it is played (the table's
/// [`TableNote`]).
pub fn play_session(
    commands: &mut Commands,
    next: &mut NextState<Screen>,
    session: solitaire_core::Session,
    notice: String,
    note: String,
) {
    commands.insert_resource(Play::resume(session));
    commands.insert_resource(Notice(notice));
    commands.insert_resource(TableNote(note));
    next.set(Screen::Playing);
}

fn use_input(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    rows: Query<(&Interaction, &SaveRow), Changed<Interaction>>,
    mut list: ResMut<OpenList>,
    games: Res<Games>,
    menu: Res<MenuState>,
    mut next: ResMut<NextState<Screen>>,
    mut message: Query<&mut Text, With<OpenMessage>>,
    clipboard: Option<Res<Clipboard>>,
) {
    let n = list.files.len();
    let mut chosen = rows
        .iter()
        .find(|(i, _)| **i == Interaction::Pressed)
        .map(|(_, r)| r.0);
    if n > 0 && keys.just_pressed(KeyCode::ArrowDown) {
        list.selected = (list.selected + 1) % n;
    }
    if n > 0 && keys.just_pressed(KeyCode::ArrowUp) {
        list.selected = (list.selected + n - 1) % n;
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) && n > 0 {
        chosen = Some(list.selected);
    }
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Menu);
        return;
    }
    let mut said = None;
    if let Some((name, path)) = chosen.and_then(|i| list.files.get(i)) {
        match load_save(path, &games.0) {
            Ok(s) => {
                let notice = format!("Resumed {name}.");
                return play_session(&mut commands, &mut next, s, notice, String::new());
            }
            Err(e) => said = Some(e),
        }
    }
    if keys.just_pressed(KeyCode::KeyV) {
        let fallback = games.0.get(menu.selected);
        let seed = crate::play::random_seed();
        let text = clipboard.map_or_else(clipboard_text, |c| (c.0)());
        match text.and_then(|t| session_from_text(&t, &games.0, fallback, seed)) {
            Ok((s, note)) => {
                let notice = "Playing the pasted position.".to_string();
                return play_session(&mut commands, &mut next, s, notice, note);
            }
            Err(e) => said = Some(e),
        }
    }
    if let (Some(e), Ok(mut t)) = (said, message.single_mut()) {
        t.0 = e;
    }
}

fn show_selection(list: Res<OpenList>, mut rows: Query<(&SaveRow, &mut BorderColor)>) {
    for (row, mut border) in &mut rows {
        *border = ui::selection_border(row.0 == list.selected);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OpenList>();
    app.init_resource::<Clipboard>();
    app.add_systems(OnEnter(Screen::Open), spawn_screen);
    app.add_systems(
        Update,
        (use_input, show_selection)
            .chain()
            .run_if(in_state(Screen::Open)),
    );
}
