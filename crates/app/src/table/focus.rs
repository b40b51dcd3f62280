//! Keyboard play: a focused pile and card, always framed on the table. The arrow keys (or a
//! tableau pile's number, `1`..`9` and `0` for the tenth) choose a pile and a card; Enter or
//! Space picks up the focused card with the cards above it, and on another pile puts down as
//! many of them as the rules let go there (on the same pile: the obvious move, as a click);
//! Escape puts them back. Enter on the stock deals. Every move goes to the engine as the
//! mouse's do.

use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use solitaire_core::{Layout, Move, PileKind, Position};

use super::TableSet;
use super::follow::rest;
use crate::fit::Fit;
use crate::input_focus::{InputFocus, keys_in_order};
use crate::play::{Clicked, Notice, Pick, Play, Request, capitalise, pick};
use crate::screen::Screen;

/// The keyboard's place on the table, and the cards it holds.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct KeyFocus {
    pub pile: usize,
    /// The focused card's index in the pile (the pile's length when it is empty).
    pub index: usize,
    /// Cards picked up by Enter, waiting for a destination.
    pub held: Option<Pick>,
}

/// One edge (0 top, 1 bottom, 2 left, 3 right) of the outline drawn around the focused cards
/// (`held: false`) or the held ones. An outline, over the cards, shows on any pile, empty or not.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FocusFrame {
    pub held: bool,
    pub edge: u8,
}

const FOCUS_COLOUR: Color = Color::srgb(1.0, 0.85, 0.2);
const HELD_COLOUR: Color = Color::srgb(0.3, 0.75, 1.0);
/// Pixels between the cards and the outline, and the outline's width.
const FRAME: f32 = 4.0;
const LINE: f32 = 3.0;

const NUMBER_KEYS: [(KeyCode, KeyCode); 10] = [
    (KeyCode::Digit1, KeyCode::Numpad1),
    (KeyCode::Digit2, KeyCode::Numpad2),
    (KeyCode::Digit3, KeyCode::Numpad3),
    (KeyCode::Digit4, KeyCode::Numpad4),
    (KeyCode::Digit5, KeyCode::Numpad5),
    (KeyCode::Digit6, KeyCode::Numpad6),
    (KeyCode::Digit7, KeyCode::Numpad7),
    (KeyCode::Digit8, KeyCode::Numpad8),
    (KeyCode::Digit9, KeyCode::Numpad9),
    (KeyCode::Digit0, KeyCode::Numpad0),
];

/// The card a pile is entered at: the deepest face-up card the rules let move with the cards
/// above it (so Enter picks up as much as can move, as Woods' program does; where only the top
/// card moves, the top card), its top card if none can, or its empty spot. Where a pile is open
/// at both ends, the card above the bottom one is tried first.
pub fn entry_index(game: &solitaire_core::Game, pos: &Position, pile: usize) -> usize {
    let p = pos.pile(pile);
    if p.is_empty() {
        return 0;
    }
    let both_ends = game.rules().takes_from_bottom() && p.len() > 1;
    let first = p.face_down().max(usize::from(both_ends)).min(p.len() - 1);
    (first..p.len())
        .find(|&i| pick(game, pos, pile, i).is_ok())
        .unwrap_or(p.len() - 1)
}

/// The nearest pile from `from` in direction `dir` (screen axes: x right, y down), judged by
/// the piles' places in the layout; `None` at the table's edge.
pub fn neighbour(layout: &Layout, from: usize, dir: Vec2) -> Option<usize> {
    let at = |p: usize| Vec2::new(layout.piles[p].x, layout.piles[p].y);
    let here = at(from);
    (0..layout.piles.len())
        .filter(|&p| p != from)
        .filter_map(|p| {
            let d = at(p) - here;
            let along = d.dot(dir);
            // Ahead in that direction, by at least a fifth of a card.
            (along > 0.2 * layout.card_scale).then(|| {
                let across = (d - dir * along).length();
                (p, along + 3.0 * across)
            })
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(p, _)| p)
}

/// The tableau piles in layout order (`1` is the first).
fn tableau(layout: &Layout) -> Vec<usize> {
    layout.piles_of(PileKind::Tableau)
}

/// The move that puts `held` on pile `to`: as many of the held cards as the rules let go
/// there (the most first), else the whole group, for the engine to say why not.
pub fn put_down(game: &solitaire_core::Game, pos: &Position, held: Pick, to: usize) -> Move {
    if held.bottom {
        return held.onto(to);
    }
    (1..=held.count)
        .rev()
        .map(|count| Move::transfer(held.from, to, count))
        .find(|&mv| game.check(pos, mv).is_ok())
        .unwrap_or_else(|| held.onto(to))
}

/// Keep the focus on the table as the position changes.
fn settle(focus: &mut KeyFocus, pos: &Position) {
    if focus.pile >= pos.piles().len() {
        *focus = KeyFocus::default();
    }
    let len = pos.pile(focus.pile).len();
    focus.index = if len == 0 {
        0
    } else {
        focus.index.min(len - 1)
    };
    if let Some(h) = focus.held
        && (h.from >= pos.piles().len() || pos.pile(h.from).len() < h.count)
    {
        focus.held = None;
    }
}

/// Where the keys' effects go: the status line, clicks and move requests.
struct Out<'a, 'c, 'r> {
    notice: &'a mut Notice,
    clicked: &'a mut MessageWriter<'c, Clicked>,
    requests: &'a mut MessageWriter<'r, Request>,
}

/// What one key does to the focus (see the module's doc).
struct KeyPlay<'a> {
    game: &'a solitaire_core::Game,
    pos: &'a Position,
    left: Vec2,
}

impl KeyPlay<'_> {
    fn go(&self, focus: &mut KeyFocus, pile: usize) {
        focus.pile = pile;
        focus.index = entry_index(self.game, self.pos, pile);
    }

    fn key(&self, key: KeyCode, focus: &mut KeyFocus, out: &mut Out<'_, '_, '_>) {
        let (game, pos) = (self.game, self.pos);
        let layout = game.layout();
        let pile = pos.pile(focus.pile);
        let vertical = layout.piles[focus.pile].fan == solitaire_core::Fan::Down;
        let number = NUMBER_KEYS.iter().position(|&(a, b)| key == a || key == b);
        match key {
            KeyCode::ArrowLeft | KeyCode::ArrowRight => {
                let dir = if key == KeyCode::ArrowLeft {
                    self.left
                } else {
                    -self.left
                };
                if let Some(p) = neighbour(layout, focus.pile, dir) {
                    self.go(focus, p);
                }
            }
            KeyCode::ArrowUp => {
                // Up a column to the card under this one (face-up cards only), then to the
                // pile above.
                let first = pile.face_down().min(pile.len().saturating_sub(1));
                if vertical && focus.index > first {
                    focus.index -= 1;
                } else if let Some(p) = neighbour(layout, focus.pile, Vec2::NEG_Y) {
                    self.go(focus, p);
                }
            }
            KeyCode::ArrowDown => {
                if vertical && focus.index + 1 < pile.len() {
                    focus.index += 1;
                } else if let Some(p) = neighbour(layout, focus.pile, Vec2::Y) {
                    self.go(focus, p);
                }
            }
            _ if number.is_some() => {
                if let Some(p) = number.and_then(|n| tableau(layout).get(n).copied()) {
                    self.go(focus, p);
                }
            }
            KeyCode::Escape if focus.held.take().is_some() => {
                out.notice.0 = "Put back.".into();
            }
            KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space => self.enter(focus, out),
            _ => {}
        }
    }

    /// Enter or Space: pick up, put down, deal, or ask as a click would.
    fn enter(&self, focus: &mut KeyFocus, out: &mut Out<'_, '_, '_>) {
        let (game, pos) = (self.game, self.pos);
        let layout = game.layout();
        let (p, index) = (focus.pile, focus.index);
        match focus.held.take() {
            // On the pile it came from: the obvious move for those cards, as a click.
            Some(held) if held.from == p => {
                let len = pos.pile(p).len();
                let index = if held.bottom { 0 } else { len - held.count };
                out.clicked.write(Clicked {
                    pile: p,
                    index,
                    double: false,
                });
            }
            Some(held) => {
                out.requests
                    .write(Request::Play(put_down(game, pos, held, p)));
            }
            // The stock deals; an empty pile or a foundation answers as a click does.
            None if matches!(layout.piles[p].kind, PileKind::Stock | PileKind::Foundation)
                || pos.pile(p).is_empty() =>
            {
                out.clicked.write(Clicked {
                    pile: p,
                    index: pos.pile(p).len(),
                    double: false,
                });
            }
            None => match pick(game, pos, p, index) {
                Ok(picked) => {
                    focus.held = Some(picked);
                    out.notice.0 = format!(
                        "Holding {}: choose a pile and press Enter (Esc puts {} back).",
                        if picked.count == 1 {
                            "1 card".to_string()
                        } else {
                            format!("{} cards", picked.count)
                        },
                        if picked.count == 1 { "it" } else { "them" }
                    );
                }
                Err(e) => out.notice.0 = capitalise(e.reason),
            },
        }
    }
}

pub fn key_focus(
    keys: Res<ButtonInput<KeyCode>>,
    mut events: MessageReader<KeyboardInput>,
    play: Res<Play>,
    input: Res<InputFocus>,
    fit: Res<Fit>,
    mut focus: ResMut<KeyFocus>,
    mut notice: ResMut<Notice>,
    mut clicked: MessageWriter<Clicked>,
    mut requests: MessageWriter<Request>,
) {
    let order = keys_in_order(&mut events, &keys);
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl || !input.screen_has_keys() {
        return;
    }
    let pos = play.session.position();
    settle(&mut focus, pos);
    let play_keys = KeyPlay {
        game: play.game(),
        pos,
        // Left on the screen is right on a mirrored (left-handed) table.
        left: if fit.mirrored { Vec2::X } else { Vec2::NEG_X },
    };
    let mut out = Out {
        notice: &mut notice,
        clicked: &mut clicked,
        requests: &mut requests,
    };
    for key in order {
        play_keys.key(key, &mut focus, &mut out);
    }
}

/// The frames follow the focus and the held cards; they are spawned on the first frame.
fn show_focus(
    mut commands: Commands,
    play: Res<Play>,
    fit: Res<Fit>,
    mut focus: ResMut<KeyFocus>,
    mut frames: Query<(&FocusFrame, &mut Transform, &mut Sprite, &mut Visibility)>,
) {
    if frames.is_empty() {
        for held in [false, true] {
            for edge in 0..4 {
                let colour = if held { HELD_COLOUR } else { FOCUS_COLOUR };
                commands.spawn((
                    DespawnOnExit(Screen::Playing),
                    FocusFrame { held, edge },
                    Pickable::IGNORE,
                    Transform::default(),
                    Sprite::from_color(colour, Vec2::ONE),
                    Visibility::Hidden,
                ));
            }
        }
        return;
    }
    let pos = play.session.position();
    settle(&mut focus, pos);
    let layout = play.game().layout();
    let card = fit.card_size(layout);
    let span = |pile: usize, cards: std::ops::Range<usize>| -> Rect {
        let cards = if cards.is_empty() { 0..1 } else { cards };
        cards
            .map(|i| {
                let c = rest(layout, &fit, pos, pile, i).truncate();
                Rect::from_center_size(c, card)
            })
            .reduce(|a, b| a.union(b))
            .unwrap_or_default()
            .inflate(FRAME)
    };
    for (frame, mut t, mut sprite, mut visible) in &mut frames {
        let rect = if frame.held {
            focus.held.map(|h| {
                let len = pos.pile(h.from).len();
                span(h.from, h.indices(len))
            })
        } else {
            let len = pos.pile(focus.pile).len();
            Some(span(focus.pile, focus.index..len))
        };
        let Some(rect) = rect else {
            *visible = Visibility::Hidden;
            continue;
        };
        *visible = Visibility::Visible;
        let (c, size) = (rect.center(), rect.size());
        let (at, along) = match frame.edge {
            0 => (
                Vec2::new(c.x, rect.max.y - LINE / 2.0),
                Vec2::new(size.x, LINE),
            ),
            1 => (
                Vec2::new(c.x, rect.min.y + LINE / 2.0),
                Vec2::new(size.x, LINE),
            ),
            2 => (
                Vec2::new(rect.min.x + LINE / 2.0, c.y),
                Vec2::new(LINE, size.y),
            ),
            _ => (
                Vec2::new(rect.max.x - LINE / 2.0, c.y),
                Vec2::new(LINE, size.y),
            ),
        };
        // Over the cards at rest, under cards in flight (z 200 and up) or dragged.
        t.translation = at.extend(if frame.held { 151.0 } else { 150.0 });
        sprite.custom_size = Some(along);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<KeyboardInput>();
    app.init_resource::<KeyFocus>();
    app.add_systems(
        Update,
        key_focus
            .in_set(TableSet::Input)
            .after(super::keys::read_keys),
    );
    app.add_systems(Update, show_focus.in_set(TableSet::Animate));
    app.add_systems(OnExit(Screen::Playing), |mut f: ResMut<KeyFocus>| {
        *f = KeyFocus::default();
    });
}
