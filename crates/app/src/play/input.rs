//! Pointer input turned into engine moves: drops onto piles, clicks and double clicks.

use bevy::prelude::*;
use solitaire_core::obvious::{foundation_move, obvious_move};
use solitaire_core::{Game, Illegal, Layout, Move, PileKind, Position};

use super::{Changed, Notice, Play, Request, capitalise};
use crate::table::fit::card_corner;

/// Cards dropped: the top `count` cards of pile `from`, their head card's top-left corner now
/// at `corner` (table units).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct Dropped {
    pub from: usize,
    pub count: usize,
    pub corner: Vec2,
}

/// A click on card `index` of `pile` (an index past the top: the empty pile itself).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct Clicked {
    pub pile: usize,
    pub index: usize,
    pub double: bool,
}

/// Whether the top `count` cards of `pile` may be picked up: some destination accepts them,
/// or refuses them only for where they would go (the drop then says why).
///
/// # Errors
/// The engine's reason when no destination would take these cards from there.
pub fn pick_check(game: &Game, pos: &Position, pile: usize, count: usize) -> Result<(), Illegal> {
    let mut first = None;
    for to in (0..pos.piles().len()).filter(|&t| t != pile) {
        match game.check(pos, Move::transfer(pile, to, count)) {
            Ok(()) => return Ok(()),
            Err(e) if e.kind != solitaire_core::IllegalKind::Source => return Ok(()),
            Err(e) => first = first.or(Some(e)),
        }
    }
    Err(first.unwrap_or(Illegal::source("there is nowhere to move cards")))
}

fn overlap(a: Rect, b: Rect) -> f32 {
    let i = a.intersect(b);
    if i.is_empty() {
        0.0
    } else {
        i.width() * i.height()
    }
}

/// The pile a dropped card overlaps most (its top card, or the spot of its next card).
pub fn drop_target(layout: &Layout, pos: &Position, from: usize, corner: Vec2) -> Option<usize> {
    let size = Vec2::new(1.0, 1.4) * layout.card_scale;
    let dragged = Rect::from_corners(corner, corner + size);
    (0..pos.piles().len())
        .filter(|&p| p != from)
        .map(|p| {
            let len = pos.pile(p).len();
            let top = card_corner(layout, pos, p, len.saturating_sub(1));
            let next = card_corner(layout, pos, p, len);
            let area =
                Rect::from_corners(top, top + size).union(Rect::from_corners(next, next + size));
            (p, overlap(dragged, area))
        })
        .filter(|&(_, a)| a > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(p, _)| p)
}

pub(super) fn resolve_drops(
    mut drops: MessageReader<Dropped>,
    play: Res<Play>,
    mut commands: MessageWriter<Request>,
    mut changed: MessageWriter<Changed>,
) {
    for d in drops.read() {
        let pos = play.session.position();
        match drop_target(play.game().layout(), pos, d.from, d.corner) {
            Some(to) => {
                commands.write(Request::Play(Move::transfer(d.from, to, d.count)));
            }
            None => {
                changed.write(Changed {
                    before: pos.clone(),
                    steps: Vec::new(),
                    backwards: false,
                });
            }
        }
    }
}

pub(super) fn resolve_clicks(
    mut clicks: MessageReader<Clicked>,
    play: Res<Play>,
    mut commands: MessageWriter<Request>,
    mut notice: ResMut<Notice>,
) {
    for c in clicks.read() {
        let game = play.game();
        let pos = play.session.position();
        let Some(spec) = game.layout().piles.get(c.pile) else {
            continue;
        };
        let pile = pos.pile(c.pile);
        if spec.kind == PileKind::Stock {
            let redeal = pile.is_empty() && game.check(pos, Move::Redeal).is_ok();
            commands.write(Request::Play(if redeal {
                Move::Redeal
            } else {
                Move::Deal
            }));
            continue;
        }
        if c.index >= pile.len() {
            continue;
        }
        let count = pile.len() - c.index;
        let found = if c.double {
            foundation_move(game, pos, c.pile).or_else(|| obvious_move(game, pos, c.pile, count))
        } else {
            obvious_move(game, pos, c.pile, count)
        };
        match found {
            Some(mv) => {
                commands.write(Request::Play(mv));
            }
            None => {
                notice.0 = match pick_check(game, pos, c.pile, count) {
                    Err(e) => capitalise(e.reason),
                    Ok(()) => "Those cards have nowhere to go.".into(),
                };
            }
        }
    }
}
