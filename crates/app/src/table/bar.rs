//! The bars: buttons on top (menu, undo, redo, restart, new deal, hint) and the actions they
//! and the keys ask for; hinted cards light up.

use bevy::prelude::*;

use super::status::StatusText;
use super::{CardView, TableSet};
use crate::fit::{BOTTOM_BAR, TOP_BAR};
use crate::input_focus::{InputFocus, KeyOwner};
use crate::play::{Asking, Notice, Play, Question, Request, undo_hides_a_card};
use crate::screen::Screen;
use crate::settings::Settings;
use crate::ui;

/// What a button or key asks for.
#[derive(Message, Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Menu,
    Undo,
    Redo,
    Restart,
    NewDeal,
    Hint,
    Replay,
    Settings,
}

/// The player asked for a hint (the solver searches it in the background).
#[derive(Message, Clone, Copy, Debug)]
pub struct HintAsked;

/// A card lit up by a hint until `until` (seconds).
#[derive(Component)]
pub struct Lit {
    pub until: f32,
}

fn spawn_bars(mut commands: Commands, play: Res<Play>) {
    let title = match play.session.seed() {
        Some(seed) => format!("{}  #{seed}", play.game().name()),
        None => play.game().name().to_string(),
    };
    let bar = |top: bool, height: f32| Node {
        position_type: PositionType::Absolute,
        left: Val::Px(0.0),
        right: Val::Px(0.0),
        top: if top { Val::Px(0.0) } else { Val::Auto },
        bottom: if top { Val::Auto } else { Val::Px(0.0) },
        height: Val::Px(height),
        align_items: AlignItems::Center,
        padding: UiRect::horizontal(Val::Px(10.0)),
        ..default()
    };
    commands
        .spawn((
            DespawnOnExit(Screen::Playing),
            bar(true, TOP_BAR),
            BackgroundColor(ui::PANEL),
        ))
        .with_children(|b| {
            for (label, action) in [
                ("Menu  Esc", Action::Menu),
                ("Undo  U", Action::Undo),
                ("Redo  Ctrl+Y", Action::Redo),
                ("Restart  R", Action::Restart),
                ("New deal  N", Action::NewDeal),
                ("Hint  H", Action::Hint),
                ("Replay  P", Action::Replay),
                ("Settings  O", Action::Settings),
            ] {
                b.spawn(ui::button(label, action));
            }
            b.spawn((
                ui::text(title, 20.0, ui::TEXT),
                Node {
                    margin: UiRect::left(Val::Px(16.0)),
                    ..default()
                },
            ));
        });
    commands
        .spawn((
            DespawnOnExit(Screen::Playing),
            bar(false, BOTTOM_BAR),
            BackgroundColor(ui::PANEL),
        ))
        .with_child((StatusText, ui::text("", 17.0, ui::TEXT)));
}

fn press_buttons(
    buttons: Query<(&Interaction, &Action), Changed<Interaction>>,
    mut actions: MessageWriter<Action>,
) {
    for (i, &a) in &buttons {
        if *i == Interaction::Pressed {
            actions.write(a);
        }
    }
}

pub(super) fn do_actions(
    mut commands: Commands,
    mut actions: MessageReader<Action>,
    mut play: ResMut<Play>,
    mut next: ResMut<NextState<Screen>>,
    mut moves: MessageWriter<Request>,
    mut notice: ResMut<Notice>,
    time: Res<Time>,
    settings: Option<Res<Settings>>,
    mut asking: ResMut<Asking>,
    mut input: ResMut<InputFocus>,
    mut hints: MessageWriter<HintAsked>,
) {
    for action in actions.read() {
        match action {
            Action::Menu => next.set(Screen::Menu),
            Action::Replay => {
                let now = time.elapsed_secs();
                super::replay::start_replay(&mut commands, &play, now, &mut moves, &mut notice);
            }
            Action::Settings => {
                commands.insert_resource(crate::settings::SettingsScreen {
                    selected: 0,
                    back_to: Screen::Playing,
                });
                next.set(Screen::Settings);
            }
            Action::Undo => {
                if settings.as_ref().is_some_and(|s| s.confirm_undo)
                    && undo_hides_a_card(&play.session)
                {
                    asking.0 = Some(Question {
                        text: "Undo a move that showed you cards?".into(),
                        request: Request::Undo,
                    });
                    input.set(KeyOwner::Question, true);
                } else {
                    moves.write(Request::Undo);
                }
            }
            Action::Redo => {
                moves.write(Request::Redo);
            }
            Action::Restart => {
                moves.write(Request::Restart);
            }
            Action::NewDeal => {
                *play = Play::new(play.game().clone(), crate::play::random_seed());
                notice.0.clear();
                next.set(Screen::Playing);
            }
            Action::Hint => {
                hints.write(HintAsked);
            }
        }
    }
}

fn light_hinted_cards(
    mut commands: Commands,
    time: Res<Time>,
    mut cards: Query<(Entity, &Lit, &mut Sprite), With<CardView>>,
) {
    let now = time.elapsed_secs();
    for (e, lit, mut sprite) in &mut cards {
        if now >= lit.until {
            sprite.color = Color::WHITE;
            commands.entity(e).remove::<Lit>();
        } else {
            let pulse = 0.5 + 0.5 * (now * 8.0).sin();
            // A clear gold that pulses: visible at a glance, on any face.
            sprite.color = Color::srgb(1.0, 0.88, 0.2 + 0.4 * pulse);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Action>();
    app.add_message::<HintAsked>();
    app.init_resource::<Asking>();
    app.add_systems(OnEnter(Screen::Playing), spawn_bars);
    app.add_systems(
        Update,
        (press_buttons, do_actions).chain().in_set(TableSet::Input),
    );
    app.add_systems(Update, light_hinted_cards.in_set(TableSet::Animate));
}
