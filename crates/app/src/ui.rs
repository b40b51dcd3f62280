//! Small UI helpers shared by the screens: text, buttons and their colours.

use bevy::prelude::*;

pub const TEXT: Color = Color::srgb(0.95, 0.95, 0.92);
pub const DIM: Color = Color::srgb(0.72, 0.78, 0.74);
pub const PANEL: Color = Color::srgba(0.0, 0.0, 0.0, 0.45);
pub const BUTTON: Color = Color::srgb(0.16, 0.36, 0.24);
pub const BUTTON_HOVER: Color = Color::srgb(0.24, 0.48, 0.32);
pub const SELECTED: Color = Color::srgb(0.85, 0.7, 0.2);

/// A text bundle at `size` logical pixels.
pub fn text(value: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (
        Text::new(value),
        TextFont::from_font_size(size),
        TextColor(color),
    )
}

/// A button with a label; `action` identifies it to the screen's click handler.
pub fn button<A: Component>(label: &str, action: A) -> impl Bundle {
    (
        Button,
        action,
        Node {
            padding: UiRect::axes(Val::Px(12.0), Val::Px(6.0)),
            margin: UiRect::right(Val::Px(6.0)),
            border_radius: BorderRadius::all(Val::Px(6.0)),
            ..default()
        },
        BackgroundColor(BUTTON),
        children![text(label, 18.0, TEXT)],
    )
}

/// The root of a full-window screen: a column of rows `gap` apart, `padding` from the edges.
pub fn screen_column(padding: f32, gap: f32) -> Node {
    Node {
        width: Val::Percent(100.0),
        height: Val::Percent(100.0),
        flex_direction: FlexDirection::Column,
        padding: UiRect::all(Val::Px(padding)),
        row_gap: Val::Px(gap),
        ..default()
    }
}

/// A boxed panel over the table (a question, the end of a game): a centred column of rows
/// `gap` apart, on dark green with a gold border.
pub fn panel_box(gap: f32, padding: UiRect, radius: f32) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: Val::Px(gap),
            padding,
            border: UiRect::all(Val::Px(2.0)),
            border_radius: BorderRadius::all(Val::Px(radius)),
            ..default()
        },
        BackgroundColor(Color::srgb(0.05, 0.15, 0.09)),
        BorderColor::all(SELECTED),
    )
}

/// A row of a list screen (saved games, worked examples, settings): a button whose border
/// shows the selection (see [`selection_border`]); `row` identifies it.
pub fn list_row<R: Component>(row: R, padding_y: f32) -> impl Bundle {
    (
        Button,
        row,
        BackgroundColor(BUTTON),
        BorderColor::all(Color::NONE),
        Node {
            padding: UiRect::axes(Val::Px(14.0), Val::Px(padding_y)),
            border: UiRect::all(Val::Px(3.0)),
            border_radius: BorderRadius::all(Val::Px(8.0)),
            ..default()
        },
    )
}

/// The border of a list row: gold when selected.
pub fn selection_border(selected: bool) -> BorderColor {
    BorderColor::all(if selected { SELECTED } else { Color::NONE })
}

/// Lighten buttons under the pointer.
fn light_hovered_buttons(
    mut buttons: Query<(&Interaction, &mut BackgroundColor), (Changed<Interaction>, With<Button>)>,
) {
    for (interaction, mut bg) in &mut buttons {
        bg.0 = match interaction {
            Interaction::Hovered | Interaction::Pressed => BUTTON_HOVER,
            Interaction::None => BUTTON,
        };
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, light_hovered_buttons);
}
