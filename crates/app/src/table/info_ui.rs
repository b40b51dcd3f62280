//! The table's text panels: `E` (or a right click on a pile) expands the focused pile
//! as text; `L` asks for a card to locate (type `7h`, `10s`, `T` ...; Enter finds it and the
//! cards light up; Escape cancels). While the player types, the table's other keys wait.

use bevy::prelude::*;

use super::bar::Lit;
use super::focus::KeyFocus;
use super::{CardEntities, CardView, PileMarker, TableSet};
use crate::fit::BOTTOM_BAR;
use crate::input_focus::{InputFocus, KeyOwner};
use crate::play::{Notice, Play, expand_text, locate, located_sentence, parse_wanted};
use crate::screen::Screen;
use crate::ui;

/// The pile shown as text, if any.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Expanded(pub Option<usize>);

/// What an entry line is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// A card or rank to locate.
    Locate,
    /// The name to save the game under.
    SaveAs,
}

/// What the player is typing, and for what, while an entry line is open.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Typing(pub Option<(Purpose, String)>);

/// The panel above the status line (expanded pile, or the Locate entry).
#[derive(Component)]
pub struct InfoPanel;

/// Seconds located cards stay lit.
const LIT_FOR: f32 = 4.0;

/// The character a key types into the Locate entry.
fn typed(key: KeyCode) -> Option<char> {
    let letters = [
        (KeyCode::KeyA, 'A'),
        (KeyCode::KeyB, 'B'),
        (KeyCode::KeyC, 'C'),
        (KeyCode::KeyD, 'D'),
        (KeyCode::KeyE, 'E'),
        (KeyCode::KeyF, 'F'),
        (KeyCode::KeyG, 'G'),
        (KeyCode::KeyH, 'H'),
        (KeyCode::KeyI, 'I'),
        (KeyCode::KeyJ, 'J'),
        (KeyCode::KeyK, 'K'),
        (KeyCode::KeyL, 'L'),
        (KeyCode::KeyM, 'M'),
        (KeyCode::KeyN, 'N'),
        (KeyCode::KeyO, 'O'),
        (KeyCode::KeyP, 'P'),
        (KeyCode::KeyQ, 'Q'),
        (KeyCode::KeyR, 'R'),
        (KeyCode::KeyS, 'S'),
        (KeyCode::KeyT, 'T'),
        (KeyCode::KeyU, 'U'),
        (KeyCode::KeyV, 'V'),
        (KeyCode::KeyW, 'W'),
        (KeyCode::KeyX, 'X'),
        (KeyCode::KeyY, 'Y'),
        (KeyCode::KeyZ, 'Z'),
        (KeyCode::Minus, '-'),
        (KeyCode::Digit0, '0'),
        (KeyCode::Digit1, '1'),
        (KeyCode::Digit2, '2'),
        (KeyCode::Digit3, '3'),
        (KeyCode::Digit4, '4'),
        (KeyCode::Digit5, '5'),
        (KeyCode::Digit6, '6'),
        (KeyCode::Digit7, '7'),
        (KeyCode::Digit8, '8'),
        (KeyCode::Digit9, '9'),
        (KeyCode::Numpad0, '0'),
        (KeyCode::Numpad1, '1'),
        (KeyCode::Numpad2, '2'),
        (KeyCode::Numpad3, '3'),
        (KeyCode::Numpad4, '4'),
        (KeyCode::Numpad5, '5'),
        (KeyCode::Numpad6, '6'),
        (KeyCode::Numpad7, '7'),
        (KeyCode::Numpad8, '8'),
        (KeyCode::Numpad9, '9'),
    ];
    letters.iter().find(|(k, _)| *k == key).map(|&(_, c)| c)
}

/// `L` opens the Locate entry, `S` the Save-as entry; letters and digits type; Backspace
/// deletes; Enter locates or saves; Escape closes. `E` expands the focused pile (again:
/// closes).
pub fn info_keys(
    mut commands: Commands,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut input: ResMut<InputFocus>,
    play: Res<Play>,
    focus: Option<Res<KeyFocus>>,
    entities: Res<CardEntities>,
    time: Res<Time>,
    mut typing: ResMut<Typing>,
    mut expanded: ResMut<Expanded>,
    mut notice: ResMut<Notice>,
    dir: Option<Res<crate::save::DataDir>>,
) {
    let owner = input.owner();
    if !matches!(owner, KeyOwner::Screen | KeyOwner::TextEntry)
        || keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight])
    {
        return;
    }
    let Some((purpose, mut text)) = typing.0.take() else {
        if keys.clear_just_pressed(KeyCode::KeyL) {
            typing.0 = Some((Purpose::Locate, String::new()));
            input.set(KeyOwner::TextEntry, true);
        } else if keys.clear_just_pressed(KeyCode::KeyS) {
            typing.0 = Some((Purpose::SaveAs, String::new()));
            input.set(KeyOwner::TextEntry, true);
        } else if keys.clear_just_pressed(KeyCode::KeyE) {
            let pile = focus.map_or(0, |f| f.pile);
            expanded.0 = if expanded.0 == Some(pile) {
                None
            } else {
                Some(pile)
            };
        }
        return;
    };
    // The entry takes every key pressed this frame, so the table does not act on them.
    let pressed: Vec<KeyCode> = keys.get_just_pressed().copied().collect();
    for k in pressed {
        keys.clear_just_pressed(k);
        match k {
            KeyCode::Escape => {
                input.set(KeyOwner::TextEntry, false);
                return;
            }
            KeyCode::Backspace => {
                text.pop();
            }
            KeyCode::Enter | KeyCode::NumpadEnter => {
                notice.0 = match purpose {
                    Purpose::SaveAs => match &dir {
                        Some(dir) => match crate::save::save_as(dir, &text, &play.session) {
                            Ok(path) => format!("Saved as {}.", path.display()),
                            Err(e) => e,
                        },
                        None => "There is no data directory to save in.".into(),
                    },
                    Purpose::Locate => {
                        let layout = play.game().layout();
                        match parse_wanted(&text) {
                            Ok(wanted) => {
                                let found = locate(layout, play.session.position(), wanted);
                                for &(_, card) in &found {
                                    if let Some(&e) = entities.0.get(&card) {
                                        commands.entity(e).insert(Lit {
                                            until: time.elapsed_secs() + LIT_FOR,
                                        });
                                    }
                                }
                                located_sentence(layout, &found, wanted)
                            }
                            Err(e) => e,
                        }
                    }
                };
                input.set(KeyOwner::TextEntry, false);
                return;
            }
            k => {
                let room = if purpose == Purpose::Locate { 4 } else { 40 };
                if let Some(c) = typed(k)
                    && text.len() < room
                {
                    text.push(if purpose == Purpose::SaveAs {
                        c.to_ascii_lowercase()
                    } else {
                        c
                    });
                }
            }
        }
    }
    typing.0 = Some((purpose, text));
}

/// A right click on a card or an empty pile's outline expands that pile.
pub fn on_right_press(
    press: On<Pointer<bevy::picking::events::Press>>,
    play: Res<Play>,
    views: Query<&CardView>,
    markers: Query<&PileMarker>,
    mut expanded: ResMut<Expanded>,
) {
    if press.button != PointerButton::Secondary {
        return;
    }
    let pile = views
        .get(press.entity)
        .ok()
        .and_then(|v| super::drag::locate(&play, v.card).map(|(p, _)| p))
        .or_else(|| markers.get(press.entity).ok().map(|m| m.0));
    if let Some(p) = pile {
        expanded.0 = if expanded.0 == Some(p) { None } else { Some(p) };
    }
}

/// The panel shows the entry while typing, else the expanded pile; nothing otherwise.
fn show_panel(
    mut commands: Commands,
    play: Res<Play>,
    typing: Res<Typing>,
    expanded: Res<Expanded>,
    mut panel: Query<(Entity, &Children), With<InfoPanel>>,
    mut texts: Query<&mut Text>,
) {
    let line = match (&typing.0, expanded.0) {
        (Some((Purpose::Locate, t)), _) => Some(format!(
            "Locate: {t}_      (a rank and suit like 7H, 10S or TS; a rank alone finds its free \
             cards; Enter: find, Esc: cancel)"
        )),
        (Some((Purpose::SaveAs, t)), _) => Some(format!(
            "Save as: {t}_      (letters, digits and -; Enter: save, Esc: cancel; the menu's \
             Open (F) resumes it)"
        )),
        (None, Some(p)) if p < play.session.position().piles().len() => Some(format!(
            "{}      (E: close)",
            expand_text(play.game().layout(), play.session.position(), p)
        )),
        _ => None,
    };
    match (line, panel.single_mut()) {
        (None, Ok((e, _))) => commands.entity(e).despawn(),
        (Some(line), Ok((_, children))) => {
            for &c in children {
                if let Ok(mut t) = texts.get_mut(c)
                    && t.0 != line
                {
                    t.0.clone_from(&line);
                }
            }
        }
        (Some(line), Err(_)) => {
            commands.spawn((
                DespawnOnExit(Screen::Playing),
                InfoPanel,
                Node {
                    position_type: PositionType::Absolute,
                    left: Val::Px(0.0),
                    right: Val::Px(0.0),
                    bottom: Val::Px(BOTTOM_BAR),
                    padding: UiRect::axes(Val::Px(12.0), Val::Px(6.0)),
                    ..default()
                },
                BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.75)),
                Pickable::IGNORE,
                children![ui::text(line, 20.0, ui::TEXT)],
            ));
        }
        (None, Err(_)) => {}
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Expanded>();
    app.init_resource::<Typing>();
    app.add_systems(
        Update,
        info_keys.in_set(super::KeysFirst).after(super::ask::answer),
    );
    app.add_systems(Update, show_panel.in_set(TableSet::Animate));
    app.add_systems(
        OnExit(Screen::Playing),
        |mut t: ResMut<Typing>, mut e: ResMut<Expanded>, mut input: ResMut<InputFocus>| {
            t.0 = None;
            e.0 = None;
            input.set(KeyOwner::TextEntry, false);
        },
    );
}
