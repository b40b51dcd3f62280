//! The question panel: a move the settings ask to confirm waits here for Yes (Y, Enter or
//! the button) or No (N, Escape or the button). While it is open it owns the keys
//! ([`InputFocus`]): other keys do nothing.

use bevy::prelude::*;

use super::TableSet;
use crate::input_focus::{InputFocus, KeyOwner};
use crate::play::{Asking, Request};
use crate::screen::Screen;
use crate::ui;

/// The open panel, for the question it shows.
#[derive(Component, Clone, Debug)]
pub struct QuestionPanel(pub String);

/// A panel button: yes or no.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer(pub bool);

/// Answer by key or button. The question owns the keys while it is asked (whoever asks
/// takes them at once; this system, first of the table's key systems, keeps the focus in step
/// with the question and gives the keys back once it is answered).
pub fn answer(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    buttons: Query<(&Interaction, &Answer), Changed<Interaction>>,
    mut asking: ResMut<Asking>,
    mut input: ResMut<InputFocus>,
    mut requests: MessageWriter<Request>,
) {
    input.set(KeyOwner::Question, asking.0.is_some());
    if asking.0.is_none() {
        return;
    }
    let mut said = buttons
        .iter()
        .find(|(i, _)| **i == Interaction::Pressed)
        .map(|(_, a)| a.0);
    // The answering key is used up here, so the table does not also act on it.
    let yes = [
        KeyCode::KeyY,
        KeyCode::Enter,
        KeyCode::NumpadEnter,
        KeyCode::Space,
    ];
    let no = [KeyCode::KeyN, KeyCode::Escape];
    if yes.into_iter().any(|k| keys.clear_just_pressed(k)) {
        said = Some(true);
    } else if no.into_iter().any(|k| keys.clear_just_pressed(k)) {
        said = Some(false);
    }
    if let Some(yes) = said
        && let Some(q) = asking.0.take()
        && yes
    {
        requests.write(q.request);
    }
    input.set(KeyOwner::Question, asking.0.is_some());
}

/// Open the panel for a new question; close it when answered.
fn show_question(
    mut commands: Commands,
    asking: Res<Asking>,
    panels: Query<(Entity, &QuestionPanel)>,
) {
    let wanted = asking.0.as_ref().map(|q| q.text.clone());
    for (e, p) in &panels {
        if wanted.as_ref() != Some(&p.0) {
            commands.entity(e).despawn();
        }
    }
    let Some(text) = wanted else { return };
    if panels.iter().any(|(_, p)| p.0 == text) {
        return;
    }
    commands
        .spawn((
            DespawnOnExit(Screen::Playing),
            QuestionPanel(text.clone()),
            Node {
                position_type: PositionType::Absolute,
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|root| {
            root.spawn(ui::panel_box(
                12.0,
                UiRect::axes(Val::Px(32.0), Val::Px(20.0)),
                12.0,
            ))
            .with_children(|b| {
                b.spawn(ui::text(text, 26.0, ui::TEXT));
                b.spawn(Node::default()).with_children(|row| {
                    row.spawn(ui::button("Yes  Y / Enter", Answer(true)));
                    row.spawn(ui::button("No  N / Esc", Answer(false)));
                });
            });
        });
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, answer.in_set(super::KeysFirst));
    app.add_systems(Update, show_question.in_set(TableSet::Animate));
    app.add_systems(
        OnExit(Screen::Playing),
        |mut a: ResMut<Asking>, mut input: ResMut<InputFocus>| {
            a.0 = None;
            input.set(KeyOwner::Question, false);
        },
    );
}
