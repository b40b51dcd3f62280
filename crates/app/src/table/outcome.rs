//! The end of a game: a banner that says it was won, or that no legal move is left (with
//! the keys that undo or deal again).

use bevy::prelude::*;
use solitaire_core::Status;

use super::TableSet;
use crate::play::Play;
use crate::screen::Screen;
use crate::ui;

#[derive(Component)]
struct Banner;

fn show_outcome(mut commands: Commands, play: Res<Play>, banner: Query<Entity, With<Banner>>) {
    let status = play.session.status();
    let shown = banner.iter().next();
    match (status, shown) {
        (Status::Playing, Some(e)) => commands.entity(e).despawn(),
        (Status::Won | Status::Lost, None) => {
            let (title, hint) = if status == Status::Won {
                ("You won!", "N: a new deal    Esc: the menu")
            } else {
                ("No legal move is left", "Ctrl+Z: undo    N: a new deal")
            };
            commands
                .spawn((
                    DespawnOnExit(Screen::Playing),
                    Banner,
                    Node {
                        position_type: PositionType::Absolute,
                        top: Val::Percent(38.0),
                        left: Val::Percent(25.0),
                        width: Val::Percent(50.0),
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Center,
                        padding: UiRect::all(Val::Px(20.0)),
                        border_radius: BorderRadius::all(Val::Px(12.0)),
                        ..default()
                    },
                    BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.7)),
                ))
                .with_children(|b| {
                    b.spawn(ui::text(title, 44.0, ui::SELECTED));
                    b.spawn(ui::text(hint, 20.0, ui::TEXT));
                });
        }
        _ => {}
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, show_outcome.in_set(TableSet::Animate));
}
