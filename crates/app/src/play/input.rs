//! Pointer input turned into engine moves: drops onto piles, clicks and double clicks.

use bevy::prelude::*;
use solitaire_core::{End, Game, Illegal, Layout, Move, PileKind, Position};
use solitaire_solver::obvious::{foundation_move, obvious_move};

use super::{Asking, Changed, Notice, Play, Question, Request, capitalise};
use crate::fit::card_corner;
use crate::input_focus::{InputFocus, KeyOwner};
use crate::settings::Settings;

/// Cards dropped: the top `count` cards of pile `from` (or, when `bottom`, its bottom card),
/// their head card's top-left corner now at `corner` (table units).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct Dropped {
    pub from: usize,
    pub count: usize,
    pub bottom: bool,
    pub corner: Vec2,
}

/// What pressing a card picks up: the top `count` cards of pile `from`, or its bottom card
/// alone when `bottom` (Labyrinth's columns are open at both ends).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pick {
    pub from: usize,
    pub count: usize,
    pub bottom: bool,
}

impl Pick {
    /// The engine move that drops this pick onto pile `to`.
    pub fn onto(self, to: usize) -> Move {
        if self.bottom {
            Move::transfer_bottom(self.from, to)
        } else {
            Move::transfer(self.from, to, self.count)
        }
    }

    /// The indices, in pile `from`, of the picked cards (head first).
    pub fn indices(self, len: usize) -> std::ops::Range<usize> {
        if self.bottom {
            0..1.min(len)
        } else {
            len.saturating_sub(self.count)..len
        }
    }
}

/// What pressing card `index` of `pile` picks up. The first card of a pile of several is its
/// bottom end: where the rules take cards from there, that card alone is picked; otherwise the
/// card and everything above it.
///
/// # Errors
/// The engine's reason when no destination would take those cards from there.
pub fn pick(game: &Game, pos: &Position, pile: usize, index: usize) -> Result<Pick, Illegal> {
    let len = pos.pile(pile).len();
    let top = Pick {
        from: pile,
        count: len.saturating_sub(index),
        bottom: false,
    };
    if index == 0 && len > 1 && game.rules().takes_from_bottom() {
        let bottom = Pick {
            count: 1,
            bottom: true,
            ..top
        };
        if check_pick(game, pos, bottom).is_ok() {
            return Ok(bottom);
        }
        if check_pick(game, pos, top).is_ok() {
            return Ok(top);
        }
        return check_pick(game, pos, bottom).map(|()| bottom);
    }
    check_pick(game, pos, top).map(|()| top)
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
    check_pick(
        game,
        pos,
        Pick {
            from: pile,
            count,
            bottom: false,
        },
    )
}

fn check_pick(game: &Game, pos: &Position, pick: Pick) -> Result<(), Illegal> {
    let mut first = None;
    for to in (0..pos.piles().len()).filter(|&t| t != pick.from) {
        match game.check(pos, pick.onto(to)) {
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
                let pick = Pick {
                    from: d.from,
                    count: d.count,
                    bottom: d.bottom,
                };
                commands.write(Request::Play(pick.onto(to)));
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
    settings: Option<Res<Settings>>,
    mut asking: ResMut<Asking>,
    mut input: ResMut<InputFocus>,
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
            let mv = if redeal { Move::Redeal } else { Move::Deal };
            // A legal deal is confirmed first if the settings ask; a double click deals.
            let ask = settings.as_ref().is_some_and(|s| s.confirm_deal)
                && !c.double
                && game.check(pos, mv).is_ok();
            if ask {
                asking.0 = Some(Question {
                    text: "Deal from the stock?".into(),
                    request: Request::Play(mv),
                });
                input.set(KeyOwner::Question, true);
            } else {
                // The second click of a double click answers the first one's question.
                asking.0 = None;
                input.set(KeyOwner::Question, false);
                commands.write(Request::Play(mv));
            }
            continue;
        }
        // The foundations answer which suits could be completed, unless a card moves.
        let foundation = spec.kind == PileKind::Foundation;
        let suits = || super::info::suits_sentence(game.layout(), pos);
        if c.index >= pile.len() {
            if foundation {
                notice.0 = suits();
            }
            continue;
        }
        let count = pile.len() - c.index;
        if c.index == 0 && pile.len() > 1 && game.rules().takes_from_bottom() {
            // The bottom end of an open column: its card alone, to a foundation first.
            let end = game
                .legal_moves(pos)
                .into_iter()
                .filter_map(|m| match m {
                    Move::Transfer {
                        end: End::Bottom,
                        from,
                        to,
                        ..
                    } if usize::from(from) == c.pile => Some((m, usize::from(to))),
                    _ => None,
                })
                .min_by_key(|&(_, to)| (game.layout().piles[to].kind != PileKind::Foundation, to))
                .map(|(m, _)| m);
            if let Some(mv) = end {
                commands.write(Request::Play(mv));
                continue;
            }
        }
        let found = if c.double {
            foundation_move(game, pos, c.pile).or_else(|| obvious_move(game, pos, c.pile, count))
        } else {
            obvious_move(game, pos, c.pile, count)
        };
        match found {
            Some(mv) => {
                commands.write(Request::Play(mv));
            }
            None if foundation => notice.0 = suits(),
            None => {
                notice.0 = match pick_check(game, pos, c.pile, count) {
                    Err(e) => capitalise(e.reason),
                    Ok(()) => "Those cards have nowhere to go.".into(),
                };
            }
        }
    }
}
