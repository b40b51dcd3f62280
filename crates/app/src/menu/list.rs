//! The menu's layout: the game list, the rules panel, the deal number line.

use bevy::prelude::*;

use super::MenuState;
use crate::assets::Games;
use crate::save::{DataProblems, Saved, Stats};
use crate::screen::Screen;
use crate::ui;

/// A row of the game list.
#[derive(Component, Clone, Copy)]
pub struct GameRow(pub usize);

/// The resume button.
#[derive(Component)]
pub struct ResumeButton;

/// The settings button.
#[derive(Component)]
pub struct SettingsButton;

/// The button that asks for a deal the solver proved winnable.
#[derive(Component)]
pub struct WinnableDealButton;

/// The statistics button.
#[derive(Component)]
pub struct StatisticsButton;

/// The Open button (saved games, pasted positions).
#[derive(Component)]
pub struct OpenButton;

#[derive(Component)]
pub(super) struct RulesText;

#[derive(Component)]
pub(super) struct DealText;

fn cards_line(game: &solitaire_core::Game) -> String {
    let deck = &game.layout().deck;
    // Spider's one- and two-suit decks copy fewer suits more often: count whole packs.
    let packs = match deck.len() {
        52 => "1 pack".to_string(),
        n if n % 52 == 0 => format!("{} packs", n / 52),
        _ if deck.copies == 1 => "1 pack".to_string(),
        _ => format!("{} packs", deck.copies),
    };
    format!("{} cards ({packs})", deck.len())
}

pub(super) fn spawn_menu(
    mut commands: Commands,
    games: Res<Games>,
    stats: Res<Stats>,
    saved: Res<Saved>,
    problems: Res<DataProblems>,
    course: Option<Res<crate::assets::CourseInfo>>,
    examples: Res<super::Examples>,
    mut state: ResMut<MenuState>,
) {
    state.selected = state.selected.min(games.0.len().saturating_sub(1));
    let root = ui::screen_column(28.0, 10.0);
    commands
        .spawn((DespawnOnExit(Screen::Menu), root))
        .with_children(|root| {
            root.spawn(Node {
                align_items: AlignItems::Center,
                column_gap: Val::Px(24.0),
                ..default()
            })
            .with_children(|top| {
                top.spawn(ui::text(
                    "Solitaire \u{2660}\u{2665}\u{2666}\u{2663}",
                    40.0,
                    ui::TEXT,
                ));
                top.spawn(ui::button("Settings  S", SettingsButton));
                top.spawn(ui::button("Statistics  T", StatisticsButton));
                top.spawn(ui::button("Open  F", OpenButton));
                top.spawn(ui::button("Winnable deal  W", WinnableDealButton));
                if !examples.list.is_empty() {
                    top.spawn(ui::button(
                        "Worked examples  X",
                        super::examples::ExamplesButton,
                    ));
                }
            });
            if let Some(course) = &course {
                let name = if course.name.is_empty() { "a course" } else { &course.name };
                root.spawn(ui::text(
                    format!(
                        "Course: {name}. Its games ({}) are played with its readings.",
                        course.assigned.join(", ")
                    ),
                    16.0,
                    ui::SELECTED,
                ));
            }
            for p in &problems.0 {
                root.spawn(ui::text(p.clone(), 16.0, Color::srgb(1.0, 0.7, 0.5)));
            }
            if let Some(record) = &saved.0 {
                let seed = record.seed.map_or(String::new(), |s| format!(" #{s}"));
                let name = games
                    .get(&record.game)
                    .map_or(record.game.clone(), |g| g.name().to_string());
                let label = format!("Resume {name}{seed} ({} moves)   [C]", record.moves.len());
                root.spawn(ui::button(&label, ResumeButton));
            }
            root.spawn(Node {
                flex_direction: FlexDirection::Row,
                column_gap: Val::Px(24.0),
                flex_grow: 1.0,
                // The row shrinks to the room left, so the lines below stay on screen.
                flex_basis: Val::Px(0.0),
                min_height: Val::Px(0.0),
                ..default()
            })
            .with_children(|main| {
                // Two columns of compact rows, so every registered game fits one screen;
                // the selected game's summary and rules show in the panel beside them.
                main.spawn(Node {
                    flex_direction: FlexDirection::Row,
                    flex_wrap: FlexWrap::Wrap,
                    align_content: AlignContent::FlexStart,
                    row_gap: Val::Px(6.0),
                    column_gap: Val::Px(6.0),
                    width: Val::Percent(52.0),
                    ..default()
                })
                .with_children(|list| {
                    for (i, game) in games.0.iter().enumerate() {
                        let s = stats.get(game.id());
                        let best = s.best.map_or("-".to_string(), |b| b.to_string());
                        let results = format!(
                            "{}   played {} won {} best {best}",
                            cards_line(game),
                            s.played,
                            s.won
                        );
                        list.spawn((
                            Button,
                            GameRow(i),
                            BackgroundColor(ui::BUTTON),
                            Node {
                                flex_direction: FlexDirection::Column,
                                width: Val::Percent(49.0),
                                padding: UiRect::all(Val::Px(8.0)),
                                border: UiRect::all(Val::Px(2.0)),
                                border_radius: BorderRadius::all(Val::Px(8.0)),
                                ..default()
                            },
                            BorderColor::all(Color::NONE),
                        ))
                        .with_children(|row| {
                            let name = if game.layout().work_in_progress {
                                format!("{} (work in progress)", game.name())
                            } else {
                                game.name().to_string()
                            };
                            row.spawn(ui::text(name, 19.0, ui::TEXT));
                            row.spawn(ui::text(results, 13.0, ui::DIM));
                            let n = examples.count_for(game.id());
                            if n > 0 {
                                // A line, not a button: a click on the row plays the game;
                                // the examples open with X or the button at the top.
                                row.spawn(ui::text(
                                    format!("Worked examples ({n}): X"),
                                    14.0,
                                    ui::SELECTED,
                                ));
                            }
                        });
                    }
                });
                main.spawn((
                    Node {
                        flex_direction: FlexDirection::Column,
                        width: Val::Percent(44.0),
                        padding: UiRect::all(Val::Px(14.0)),
                        border_radius: BorderRadius::all(Val::Px(8.0)),
                        overflow: Overflow::clip(),
                        ..default()
                    },
                    BackgroundColor(ui::PANEL),
                ))
                .with_children(|panel| {
                    panel.spawn(ui::text("Rules", 20.0, ui::SELECTED));
                    panel.spawn((RulesText, ui::text("", 15.0, ui::TEXT)));
                });
            });
            root.spawn((DealText, ui::text("", 17.0, ui::TEXT)));
            root.spawn(ui::text(
                "Up/Down: choose   Enter or click: play   digits: deal number   S: settings   T: statistics   F: open   W: a winnable deal   X: worked examples   Esc: quit",
                15.0,
                ui::DIM,
            ));
        });
}

/// The game's readings for the rules panel: each ambiguous sentence and the reading played
/// (with its meaning, and whether it is the default or a course's or layout's choice).
pub fn readings_text(game: &solitaire_core::Game) -> String {
    let mut out = String::new();
    if game.readings().is_empty() {
        return out;
    }
    out.push_str("\n\nHow this app reads the rules:");
    for r in game.readings() {
        let whose = if r.is_default() {
            "the default"
        } else {
            "chosen by the course or layout"
        };
        out.push_str(&format!(
            "\n\u{2022} \u{201C}{}\u{201D}\n   {}: {} ({whose})",
            r.reading.sentence, r.choice.value, r.choice.meaning
        ));
    }
    out
}

/// The rules panel's type size for a text of `len` bytes.
pub fn rules_font_size(len: usize) -> f32 {
    match len {
        0..=1100 => 15.0,
        1101..=1500 => 13.0,
        _ => 11.5,
    }
}

pub(super) fn show_selection(
    state: Res<MenuState>,
    games: Res<Games>,
    mut rows: Query<(&GameRow, &mut BorderColor)>,
    mut rules: Query<(&mut Text, &mut TextFont), (With<RulesText>, Without<DealText>)>,
    mut deal: Query<&mut Text, (With<DealText>, Without<RulesText>)>,
) {
    if !state.is_changed() {
        return;
    }
    for (row, mut border) in &mut rows {
        *border = BorderColor::all(if row.0 == state.selected {
            ui::SELECTED
        } else {
            Color::NONE
        });
    }
    if let (Some(game), Ok((mut text, mut font))) =
        (games.0.get(state.selected), rules.single_mut())
    {
        let layout = game.layout();
        let wip = if layout.work_in_progress {
            "Work in progress: this game's rules are still being written.\n\n"
        } else {
            ""
        };
        text.0 = format!(
            "{wip}{}\n\n{}{}",
            layout.summary,
            layout.rules_text.trim_end(),
            readings_text(game)
        )
        .trim_end()
        .to_string();
        // Long rules (with several readings) in smaller type, so they fit the panel.
        font.font_size = rules_font_size(text.0.len()).into();
    }
    if let Ok(mut text) = deal.single_mut() {
        text.0 = if state.deal.is_empty() {
            "Deal number: random (type a number for a particular deal)".into()
        } else {
            format!("Deal number: {}_", state.deal)
        };
    }
}
