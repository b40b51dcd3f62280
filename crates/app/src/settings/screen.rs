//! The settings screen: one row per setting; Up/Down choose a row, Left/Right, Enter or a
//! click change it, Escape (or the Back button) returns to where the player came from.

use bevy::prelude::*;

use super::{AutoMoves, CardBack, Settings, Speed, TableColour};
use crate::screen::Screen;
use crate::ui;

/// The rows, in order.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingRow {
    Speed,
    AutoMoves,
    ConfirmDeal,
    ConfirmUndo,
    FourColour,
    LargePrint,
    CardBack,
    TableColour,
    LeftHanded,
    WinnableCheck,
}

pub const ROWS: [SettingRow; 10] = [
    SettingRow::Speed,
    SettingRow::AutoMoves,
    SettingRow::ConfirmDeal,
    SettingRow::ConfirmUndo,
    SettingRow::FourColour,
    SettingRow::LargePrint,
    SettingRow::CardBack,
    SettingRow::TableColour,
    SettingRow::LeftHanded,
    SettingRow::WinnableCheck,
];

fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

impl SettingRow {
    /// The row's text: the setting and its value.
    pub fn label(self, s: &Settings) -> String {
        match self {
            SettingRow::Speed => format!(
                "Animation speed: {}",
                match s.speed {
                    Speed::Off => "off (no animation)",
                    Speed::Fast => "fast",
                    Speed::Normal => "normal",
                    Speed::Slow => "slow",
                }
            ),
            SettingRow::AutoMoves => format!(
                "Automatic moves to the foundations: {}",
                match s.auto_moves {
                    AutoMoves::Off => "off",
                    AutoMoves::Safe => "safe cards (none still needed to build on)",
                    AutoMoves::All => "every card a foundation takes",
                }
            ),
            SettingRow::ConfirmDeal => format!(
                "Ask before a deal (a double click deals at once): {}",
                on_off(s.confirm_deal)
            ),
            SettingRow::ConfirmUndo => format!(
                "Ask before undoing a move that turned a card or dealt: {}",
                on_off(s.confirm_undo)
            ),
            SettingRow::FourColour => format!(
                "Four-colour deck (\u{2660} black, \u{2665} red, \u{2666} blue, \u{2663} green): {}",
                on_off(s.four_colour)
            ),
            SettingRow::LargePrint => format!("Large-print cards: {}", on_off(s.large_print)),
            SettingRow::CardBack => format!("Card back: {}", s.card_back.name()),
            SettingRow::TableColour => format!("Table colour: {}", s.table_colour.name()),
            SettingRow::LeftHanded => format!(
                "Left-handed layout (the table mirrored): {}",
                on_off(s.left_handed)
            ),
            SettingRow::WinnableCheck => format!(
                "Show whether the game can still be won (the solver, seeing every card): {}",
                on_off(s.winnable_check)
            ),
        }
    }

    /// Change the setting one step (`forward`) or back.
    pub fn step(self, s: &mut Settings, forward: bool) {
        fn cycle<T: Copy + PartialEq>(all: &[T], now: T, forward: bool) -> T {
            let i = all.iter().position(|&x| x == now).unwrap_or(0);
            let n = all.len();
            all[if forward {
                (i + 1) % n
            } else {
                (i + n - 1) % n
            }]
        }
        match self {
            SettingRow::Speed => {
                s.speed = cycle(
                    &[Speed::Off, Speed::Fast, Speed::Normal, Speed::Slow],
                    s.speed,
                    forward,
                );
            }
            SettingRow::AutoMoves => {
                s.auto_moves = cycle(
                    &[AutoMoves::Off, AutoMoves::Safe, AutoMoves::All],
                    s.auto_moves,
                    forward,
                );
            }
            SettingRow::ConfirmDeal => s.confirm_deal = !s.confirm_deal,
            SettingRow::ConfirmUndo => s.confirm_undo = !s.confirm_undo,
            SettingRow::FourColour => s.four_colour = !s.four_colour,
            SettingRow::LargePrint => s.large_print = !s.large_print,
            SettingRow::CardBack => s.card_back = cycle(&CardBack::ALL, s.card_back, forward),
            SettingRow::TableColour => {
                s.table_colour = cycle(&TableColour::ALL, s.table_colour, forward);
            }
            SettingRow::LeftHanded => s.left_handed = !s.left_handed,
            SettingRow::WinnableCheck => s.winnable_check = !s.winnable_check,
        }
    }
}

/// The selected row, and the screen to return to.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SettingsScreen {
    pub selected: usize,
    pub back_to: Screen,
}

impl Default for SettingsScreen {
    fn default() -> SettingsScreen {
        SettingsScreen {
            selected: 0,
            back_to: Screen::Menu,
        }
    }
}

/// The Back button.
#[derive(Component)]
pub struct BackButton;

fn spawn_screen(mut commands: Commands, settings: Res<Settings>) {
    commands
        .spawn((
            DespawnOnExit(Screen::Settings),
            ui::screen_column(28.0, 10.0),
        ))
        .with_children(|root| {
            root.spawn(ui::text("Settings", 36.0, ui::TEXT));
            for row in ROWS {
                root.spawn(ui::list_row(row, 8.0)).with_child(ui::text(
                    row.label(&settings),
                    19.0,
                    ui::TEXT,
                ));
            }
            root.spawn(Node {
                margin: UiRect::top(Val::Px(8.0)),
                ..default()
            })
            .with_child(ui::button("Back  Esc", BackButton));
            root.spawn(ui::text(
                "Up/Down: choose   Left/Right, Enter or click: change   Esc: back. \
                 Saved at once, with the statistics.",
                15.0,
                ui::DIM,
            ));
        });
}

fn use_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut screen: ResMut<SettingsScreen>,
    mut settings: ResMut<Settings>,
    mut next: ResMut<NextState<Screen>>,
) {
    let n = ROWS.len();
    if keys.just_pressed(KeyCode::ArrowDown) || keys.just_pressed(KeyCode::Tab) {
        screen.selected = (screen.selected + 1) % n;
    }
    if keys.just_pressed(KeyCode::ArrowUp) {
        screen.selected = (screen.selected + n - 1) % n;
    }
    let row = ROWS[screen.selected.min(n - 1)];
    if keys.any_just_pressed([
        KeyCode::ArrowRight,
        KeyCode::Enter,
        KeyCode::NumpadEnter,
        KeyCode::Space,
    ]) {
        row.step(&mut settings, true);
    }
    if keys.just_pressed(KeyCode::ArrowLeft) {
        row.step(&mut settings, false);
    }
    if keys.just_pressed(KeyCode::Escape) {
        next.set(screen.back_to);
    }
}

fn use_mouse(
    rows: Query<(&Interaction, &SettingRow), Changed<Interaction>>,
    back: Query<&Interaction, (Changed<Interaction>, With<BackButton>)>,
    mut screen: ResMut<SettingsScreen>,
    mut settings: ResMut<Settings>,
    mut next: ResMut<NextState<Screen>>,
) {
    for (i, &row) in &rows {
        if *i == Interaction::Pressed {
            screen.selected = ROWS.iter().position(|&r| r == row).unwrap_or(0);
            row.step(&mut settings, true);
        }
    }
    if back.iter().any(|i| *i == Interaction::Pressed) {
        next.set(screen.back_to);
    }
}

/// Labels follow the settings; the selected row is framed.
fn show(
    settings: Res<Settings>,
    screen: Res<SettingsScreen>,
    mut rows: Query<(&SettingRow, &Children, &mut BorderColor)>,
    mut texts: Query<&mut Text>,
) {
    for (row, children, mut border) in &mut rows {
        let selected = ROWS.get(screen.selected) == Some(row);
        *border = BorderColor::all(if selected { ui::SELECTED } else { Color::NONE });
        for &c in children {
            if let Ok(mut t) = texts.get_mut(c) {
                let label = row.label(&settings);
                if t.0 != label {
                    t.0 = label;
                }
            }
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SettingsScreen>();
    app.add_systems(OnEnter(Screen::Settings), spawn_screen);
    app.add_systems(
        Update,
        (use_keys, use_mouse, show)
            .chain()
            .run_if(in_state(Screen::Settings)),
    );
}
