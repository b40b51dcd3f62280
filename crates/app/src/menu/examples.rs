//! Worked examples (`X` or the button in the menu; their game's row says so): the position files each
//! `assets/positions/*/index.ron` lists (Don Woods' Spider examples among them), by title.
//! Up/Down and Enter (or a click) play one; face-down cards the example leaves unknown (`--`)
//! are filled with the cards it does not show, shuffled by a fresh seed, and the table says
//! so. Escape returns to the menu.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use solitaire_core::Session;
use solitaire_files::{IndexedPosition, PositionIndex};

use super::open::play_session;
use crate::assets::Games;
use crate::save::{DataProblems, unknown_note};
use crate::screen::Screen;
use crate::ui;

/// One example: its index entry and the directory of its index.
#[derive(Clone, Debug)]
pub struct Example {
    pub entry: IndexedPosition,
    pub dir: PathBuf,
}

/// Every example shipped, in the indexes' order, and the one selected on the screen.
#[derive(Resource, Clone, Debug, Default)]
pub struct Examples {
    pub list: Vec<Example>,
    pub selected: usize,
}

impl Examples {
    /// How many examples belong to the game `id`.
    pub fn count_for(&self, id: &str) -> usize {
        self.list.iter().filter(|e| e.entry.game == id).count()
    }
}

/// A row of the screen: an example's index in [`Examples::list`].
#[derive(Component, Clone, Copy, Debug)]
pub struct ExampleRow(pub usize);

/// The menu's button for the examples.
#[derive(Component)]
pub struct ExamplesButton;

/// The message line of the screen.
#[derive(Component)]
pub struct ExamplesMessage;

/// Read every `DIR/index.ron` below `root` (one directory deep), directories in name order.
///
/// # Errors
/// Each index that does not read, with file, line and column; the others still count.
pub fn read_examples(root: &Path) -> (Vec<Example>, Vec<String>) {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    dirs.sort();
    let (mut list, mut errors) = (Vec::new(), Vec::new());
    for dir in dirs {
        let index = dir.join("index.ron");
        if !index.is_file() {
            continue;
        }
        match PositionIndex::read_file(&index) {
            Ok(i) => list.extend(i.positions.into_iter().map(|entry| Example {
                entry,
                dir: dir.clone(),
            })),
            Err(e) => errors.push(e.to_string()),
        }
    }
    (list, errors)
}

/// The game of an example, its cards unknown filled by `fill_seed`, and the table's note.
///
/// # Errors
/// The game is not in this build, or the file does not read as its position.
pub fn example_session(
    example: &Example,
    games: &Games,
    fill_seed: u64,
) -> Result<(Session, String), String> {
    let e = &example.entry;
    let game = games
        .get(&e.game)
        .ok_or_else(|| format!("{}: the game {:?} is not in this build", e.file, e.game))?;
    let path = e.path(&example.dir);
    let text = solitaire_files::read_text_capped(&path, solitaire_files::MAX_INPUT_BYTES)
        .map_err(|err| err.to_string())?;
    let filled = game
        .parse_position_filled(&text, fill_seed)
        .map_err(|err| format!("{}: {err}", path.display()))?;
    let note = unknown_note(filled.unknown, filled.seed, "example");
    Ok((Session::from_position(game, None, filled.position), note))
}

fn load_examples(mut commands: Commands, mut problems: ResMut<DataProblems>) {
    let root = Path::new(&crate::assets::asset_dir()).join("positions");
    let (list, errors) = read_examples(&root);
    problems.0.extend(errors);
    commands.insert_resource(Examples { list, selected: 0 });
}

/// The heading of an example's row: its number in its source, and its title.
fn row_label(e: &IndexedPosition) -> String {
    format!("{}. {}", e.example, e.title)
}

fn spawn_screen(mut commands: Commands, examples: Res<Examples>, games: Res<Games>) {
    commands
        .spawn((
            DespawnOnExit(Screen::Examples),
            ui::screen_column(28.0, 8.0),
        ))
        .with_children(|root| {
            root.spawn(ui::text("Worked examples", 36.0, ui::TEXT));
            let mut heading = None;
            for (i, ex) in examples.list.iter().enumerate() {
                let e = &ex.entry;
                let this = (e.game.clone(), e.source.clone(), e.section.clone());
                if heading.as_ref() != Some(&this) {
                    let name = games
                        .get(&e.game)
                        .map_or(e.game.clone(), |g| g.name().into());
                    root.spawn(ui::text(
                        format!("{name}: {}, section {}", e.source, e.section),
                        20.0,
                        ui::SELECTED,
                    ));
                    heading = Some(this);
                }
                root.spawn(ui::list_row(ExampleRow(i), 5.0))
                    .with_child(ui::text(row_label(e), 18.0, ui::TEXT));
            }
            if examples.list.is_empty() {
                root.spawn(ui::text("No worked example is shipped.", 18.0, ui::DIM));
            }
            root.spawn((
                ExamplesMessage,
                ui::text("", 17.0, Color::srgb(1.0, 0.7, 0.5)),
            ));
            root.spawn(ui::text(
                "Up/Down: choose   Enter or click: play (face-down cards the example does not \
                 show are filled at random)   Esc: back",
                15.0,
                ui::DIM,
            ));
        });
}

fn use_input(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    rows: Query<(&Interaction, &ExampleRow), Changed<Interaction>>,
    mut examples: ResMut<Examples>,
    games: Res<Games>,
    mut next: ResMut<NextState<Screen>>,
    mut message: Query<&mut Text, With<ExamplesMessage>>,
) {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Menu);
        return;
    }
    let n = examples.list.len();
    if n == 0 {
        return;
    }
    if keys.just_pressed(KeyCode::ArrowDown) {
        examples.selected = (examples.selected + 1) % n;
    }
    if keys.just_pressed(KeyCode::ArrowUp) {
        examples.selected = (examples.selected + n - 1) % n;
    }
    let mut chosen = rows
        .iter()
        .find(|(i, _)| **i == Interaction::Pressed)
        .map(|(_, r)| r.0);
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) {
        chosen = Some(examples.selected);
    }
    let Some(example) = chosen.and_then(|i| examples.list.get(i)) else {
        return;
    };
    match example_session(example, &games, crate::play::random_seed()) {
        Ok((session, note)) => {
            let notice = format!("Example {}: {}", example.entry.example, example.entry.title);
            play_session(&mut commands, &mut next, session, notice, note);
        }
        Err(e) => {
            if let Ok(mut t) = message.single_mut() {
                t.0 = e;
            }
        }
    }
}

fn show_selection(examples: Res<Examples>, mut rows: Query<(&ExampleRow, &mut BorderColor)>) {
    for (row, mut border) in &mut rows {
        *border = ui::selection_border(row.0 == examples.selected);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Examples>();
    app.add_systems(Startup, load_examples.after(crate::save::LoadData));
    app.add_systems(OnEnter(Screen::Examples), spawn_screen);
    app.add_systems(
        Update,
        (use_input, show_selection)
            .chain()
            .run_if(in_state(Screen::Examples)),
    );
}
