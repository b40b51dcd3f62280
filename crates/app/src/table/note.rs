//! The table's note about the position being played, shown above the status line for as long
//! as it is played (a new deal puts it away): how many face-down cards a worked example or a
//! pasted position left unknown, and the seed that filled them.

use bevy::prelude::*;

use super::TableSet;
use crate::fit::{BOTTOM_BAR, NOTE_LINE};
use crate::play::Play;
use crate::screen::Screen;
use crate::ui;

/// The note; empty for none.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct TableNote(pub String);

/// The note's line on the table.
#[derive(Component)]
pub struct NoteText;

fn spawn_note(mut commands: Commands) {
    commands.spawn((
        DespawnOnExit(Screen::Playing),
        NoteText,
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(0.0),
            bottom: Val::Px(BOTTOM_BAR),
            padding: UiRect::axes(Val::Px(12.0), Val::Px(4.0)),
            ..default()
        },
        BackgroundColor(ui::PANEL),
        Pickable::IGNORE,
        Visibility::Hidden,
        ui::text("", 17.0, ui::SELECTED),
    ));
}

/// The note to show: while the position it is about is played (a deal with a seed is not).
pub fn shown_note<'a>(note: Option<&'a TableNote>, play: Option<&Play>) -> Option<&'a str> {
    let dealt = play.is_none_or(|p| p.session.seed().is_some());
    note.map(|n| n.0.as_str())
        .filter(|n| !n.is_empty() && !dealt)
}

/// The room the table leaves above the status bar for the note.
pub fn note_room(note: Option<&TableNote>, play: Option<&Play>) -> f32 {
    if shown_note(note, play).is_some() {
        NOTE_LINE
    } else {
        0.0
    }
}

fn show_note(
    note: Option<Res<TableNote>>,
    play: Option<Res<Play>>,
    mut line: Query<(&mut Text, &mut Visibility), With<NoteText>>,
) {
    let wanted = shown_note(note.as_deref(), play.as_deref()).map(str::to_string);
    for (mut text, mut visibility) in &mut line {
        let shown = if wanted.is_some() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        visibility.set_if_neq(shown);
        if let Some(w) = &wanted
            && text.0 != *w
        {
            text.0.clone_from(w);
        }
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), spawn_note);
    app.add_systems(Update, show_note.in_set(TableSet::Animate));
}
