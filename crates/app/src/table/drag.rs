//! Pointer observers on cards and piles: drag a card with the cards above it (if the engine
//! lets them move), drop them anywhere, click for the obvious move, click the stock to deal.
//!
//! Clicks are made here from presses and releases, not taken from Bevy's `Click`: that event
//! needs the card hovered in the frame before the release, so a quick click whose press and
//! release fall in one frame (a slow frame, or a pointer that just arrived) was lost, and it
//! fires at the end of every drag too. A press that does not travel farther than
//! [`CLICK_SLOP`] pixels before its release is a click, whatever the frame rate.

use bevy::picking::pointer::{PointerAction, PointerInput};
use bevy::prelude::*;
use solitaire_core::Card;

use super::TableSet;
use super::anim::Flight;
use super::{CardEntities, CardView, PileMarker};
use crate::fit::Fit;
use crate::play::{Changed, Clicked, Dropped, Notice, Pick, Play, capitalise, pick};

/// How far (pixels) a press may travel and still be a click rather than a drag.
pub const CLICK_SLOP: f32 = 6.0;

/// The cards being dragged (see [`Group`]), head first. Observers change it
/// directly (not through commands), so a drag that starts and moves in one frame is seen.
#[derive(Resource, Clone, Debug, Default)]
pub struct Dragging(pub Option<Group>);

/// A group of cards picked up together: what the rules let the press pick, and its cards.
#[derive(Clone, Debug)]
pub struct Group {
    pub pick: Pick,
    pub entities: Vec<Entity>,
}

/// What the primary button went down on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pressed {
    Card(Card),
    /// An empty pile's outline.
    Pile(usize),
}

/// The press that may become a click when the button comes up: what it went down on, whether
/// it was the second press of a double click, and whether it has travelled too far to be one.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct Press {
    pub on: Option<Pressed>,
    pub double: bool,
    pub travelled: bool,
}

/// The pile and index of a card in the current position.
pub fn locate(play: &Play, card: Card) -> Option<(usize, usize)> {
    let pos = play.session.position();
    pos.piles()
        .iter()
        .enumerate()
        .find_map(|(p, pile)| pile.cards().iter().position(|&c| c == card).map(|i| (p, i)))
}

pub fn on_card_press(
    press: On<Pointer<bevy::picking::events::Press>>,
    views: Query<&CardView>,
    mut state: ResMut<Press>,
) {
    if press.button != PointerButton::Primary {
        return;
    }
    if let Ok(view) = views.get(press.entity) {
        *state = Press {
            on: Some(Pressed::Card(view.card)),
            double: press.count >= 2,
            travelled: false,
        };
    }
}

pub fn on_marker_press(
    press: On<Pointer<bevy::picking::events::Press>>,
    markers: Query<&PileMarker>,
    mut state: ResMut<Press>,
) {
    if press.button != PointerButton::Primary {
        return;
    }
    if let Ok(m) = markers.get(press.entity) {
        *state = Press {
            on: Some(Pressed::Pile(m.0)),
            double: press.count >= 2,
            travelled: false,
        };
    }
}

pub fn on_drag_start(
    drag: On<Pointer<DragStart>>,
    mut commands: Commands,
    play: Res<Play>,
    views: Query<&CardView>,
    entities: Res<CardEntities>,
    mut notice: ResMut<Notice>,
    mut dragging: ResMut<Dragging>,
) {
    dragging.0 = None;
    if drag.button != PointerButton::Primary {
        return;
    }
    debug!("drag start on {}", drag.entity);
    let Ok(view) = views.get(drag.entity) else {
        return;
    };
    let Some((pile, index)) = locate(&play, view.card) else {
        return;
    };
    let cards = play.session.position().pile(pile).cards();
    let picked = match pick(play.game(), play.session.position(), pile, index) {
        Ok(p) => p,
        Err(e) => {
            notice.0 = capitalise(e.reason);
            return;
        }
    };
    let group: Vec<Entity> = cards[picked.indices(cards.len())]
        .iter()
        .filter_map(|c| entities.0.get(c).copied())
        .collect();
    // A card still landing is taken out of its flight and follows the pointer from here.
    for &e in &group {
        commands.entity(e).remove::<Flight>();
    }
    dragging.0 = Some(Group {
        pick: picked,
        entities: group,
    });
}

pub fn on_drag(
    drag: On<Pointer<Drag>>,
    dragging: Res<Dragging>,
    mut press: ResMut<Press>,
    mut transforms: Query<&mut Transform>,
) {
    if drag.distance.length() > CLICK_SLOP {
        press.travelled = true;
    }
    let Some(dragging) = &dragging.0 else { return };
    for (k, &e) in dragging.entities.iter().enumerate() {
        if let Ok(mut t) = transforms.get_mut(e) {
            t.translation.x += drag.delta.x;
            t.translation.y -= drag.delta.y;
            t.translation.z = 400.0 + k as f32 * 0.01;
        }
    }
}

pub fn on_drag_end(
    drag: On<Pointer<DragEnd>>,
    mut dragging: ResMut<Dragging>,
    mut press: ResMut<Press>,
    play: Res<Play>,
    fit: Res<Fit>,
    transforms: Query<&Transform>,
    mut dropped: MessageWriter<Dropped>,
    mut changed: MessageWriter<Changed>,
) {
    let Some(dragging) = dragging.0.take() else {
        debug!("drag end without a group");
        return;
    };
    if drag.distance.length() <= CLICK_SLOP && !press.travelled {
        // A press that hardly moved is a click (made on release): the cards go back.
        changed.write(Changed {
            before: play.session.position().clone(),
            steps: Vec::new(),
            backwards: false,
        });
        return;
    }
    press.on = None;
    let Some(head) = dragging
        .entities
        .first()
        .and_then(|&e| transforms.get(e).ok())
    else {
        return;
    };
    debug!(
        "drop of {} cards from pile {} at {}",
        dragging.pick.count, dragging.pick.from, head.translation
    );
    // The head card's centre on the table, less half a card: its corner (mirrored or not).
    let size = Vec2::new(1.0, 1.4) * play.game().layout().card_scale;
    dropped.write(Dropped {
        from: dragging.pick.from,
        count: dragging.pick.count,
        bottom: dragging.pick.bottom,
        corner: fit.table_point(head.translation.truncate()) - size / 2.0,
    });
}

/// When the primary button comes up, a press that did not travel is a click on what it went
/// down on (read from the pointer input stream, so press and release may share a frame).
pub fn release_clicks(
    mut input: MessageReader<PointerInput>,
    mut press: ResMut<Press>,
    play: Res<Play>,
    mut clicked: MessageWriter<Clicked>,
) {
    for event in input.read() {
        if !matches!(event.action, PointerAction::Release(PointerButton::Primary)) {
            continue;
        }
        let state = std::mem::take(&mut *press);
        if state.travelled {
            continue;
        }
        let target = match state.on {
            Some(Pressed::Card(card)) => locate(&play, card),
            Some(Pressed::Pile(p)) => Some((p, play.session.position().pile(p).len())),
            None => None,
        };
        if let Some((pile, index)) = target {
            clicked.write(Clicked {
                pile,
                index,
                double: state.double,
            });
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PointerInput>();
    app.init_resource::<Press>();
    app.init_resource::<Dragging>();
    app.add_systems(
        Update,
        release_clicks
            .in_set(TableSet::Input)
            .run_if(bevy::ecs::schedule::common_conditions::resource_exists::<Play>),
    );
}
