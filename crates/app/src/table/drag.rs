//! Pointer observers on cards and piles: drag a card with the cards above it (if the engine
//! lets them move), drop them anywhere, click for the obvious move, click the stock to deal.

use bevy::prelude::*;

use super::anim::Flight;
use super::fit::Fit;
use super::{CardEntities, CardView, PileMarker};
use crate::play::{Clicked, Dropped, Notice, Pick, Play, capitalise, pick};

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

/// When the last drag ended, so the click that ends a drag is not also a click.
#[derive(Resource, Default)]
pub struct DragEndedAt(pub f32);

/// The pile and index of a card in the current position.
fn locate(play: &Play, card: solitaire_core::Card) -> Option<(usize, usize)> {
    let pos = play.session.position();
    pos.piles()
        .iter()
        .enumerate()
        .find_map(|(p, pile)| pile.cards().iter().position(|&c| c == card).map(|i| (p, i)))
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
    mut transforms: Query<&mut Transform>,
) {
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
    _drag: On<Pointer<DragEnd>>,
    mut dragging: ResMut<Dragging>,
    play: Res<Play>,
    fit: Res<Fit>,
    time: Res<Time>,
    mut ended: ResMut<DragEndedAt>,
    transforms: Query<&Transform>,
    mut dropped: MessageWriter<Dropped>,
) {
    // Set at once (not through commands): the click that ends this drag is handled next.
    ended.0 = time.elapsed_secs();
    let Some(dragging) = dragging.0.take() else {
        debug!("drag end without a group");
        return;
    };
    let Some(head) = dragging
        .entities
        .first()
        .and_then(|&e| transforms.get(e).ok())
    else {
        return;
    };
    let card = fit.card_size(play.game().layout());
    debug!(
        "drop of {} cards from pile {} at {}",
        dragging.pick.count, dragging.pick.from, head.translation
    );
    let top_left = head.translation.truncate() + Vec2::new(-card.x, card.y) / 2.0;
    dropped.write(Dropped {
        from: dragging.pick.from,
        count: dragging.pick.count,
        bottom: dragging.pick.bottom,
        corner: fit.table_point(top_left),
    });
}

pub fn on_card_click(
    click: On<Pointer<Click>>,
    play: Res<Play>,
    time: Res<Time>,
    ended: Res<DragEndedAt>,
    views: Query<&CardView>,
    mut clicked: MessageWriter<Clicked>,
) {
    if time.elapsed_secs() - ended.0 < 0.05 || click.button != PointerButton::Primary {
        return;
    }
    let Ok(view) = views.get(click.entity) else {
        return;
    };
    if let Some((pile, index)) = locate(&play, view.card) {
        clicked.write(Clicked {
            pile,
            index,
            double: click.count >= 2,
        });
    }
}

pub fn on_marker_click(
    click: On<Pointer<Click>>,
    markers: Query<&PileMarker>,
    play: Res<Play>,
    mut clicked: MessageWriter<Clicked>,
) {
    if let Ok(m) = markers.get(click.entity) {
        let len = play.session.position().pile(m.0).len();
        clicked.write(Clicked {
            pile: m.0,
            index: len,
            double: false,
        });
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DragEndedAt>();
    app.init_resource::<Dragging>();
}
