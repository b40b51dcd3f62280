//! Number cards and Aces: the pips in their traditional places (those below the middle
//! turned upside down, as on a printed card), and the Ace's one large pip.

use solitaire_core::{Rank, Suit};
use tiny_skia::{Paint, Pixmap};

use super::suits::draw_suit;

/// The part of a face between its two corner indices, in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    pub left: f32,
    pub top: f32,
    pub right: f32,
    pub bottom: f32,
}

impl Area {
    pub fn width(&self) -> f32 {
        self.right - self.left
    }

    pub fn height(&self) -> f32 {
        self.bottom - self.top
    }

    pub fn centre(&self) -> (f32, f32) {
        (
            (self.left + self.right) / 2.0,
            (self.top + self.bottom) / 2.0,
        )
    }
}

/// Where each pip of a number card lies: its column (-1 left, 0 middle, 1 right) and its
/// row, from 0 at the top of the pip area to 1 at its bottom. Empty for an Ace or a court
/// card.
pub fn places(rank: Rank) -> &'static [(i8, f32)] {
    const T: f32 = 1.0 / 3.0;
    const S: f32 = 1.0 / 6.0;
    match rank {
        Rank::Two => &[(0, 0.0), (0, 1.0)],
        Rank::Three => &[(0, 0.0), (0, 0.5), (0, 1.0)],
        Rank::Four => &[(-1, 0.0), (1, 0.0), (-1, 1.0), (1, 1.0)],
        Rank::Five => &[(-1, 0.0), (1, 0.0), (0, 0.5), (-1, 1.0), (1, 1.0)],
        Rank::Six => &[
            (-1, 0.0),
            (1, 0.0),
            (-1, 0.5),
            (1, 0.5),
            (-1, 1.0),
            (1, 1.0),
        ],
        Rank::Seven => &[
            (-1, 0.0),
            (1, 0.0),
            (0, 0.25),
            (-1, 0.5),
            (1, 0.5),
            (-1, 1.0),
            (1, 1.0),
        ],
        Rank::Eight => &[
            (-1, 0.0),
            (1, 0.0),
            (0, 0.25),
            (-1, 0.5),
            (1, 0.5),
            (0, 0.75),
            (-1, 1.0),
            (1, 1.0),
        ],
        Rank::Nine => &[
            (-1, 0.0),
            (1, 0.0),
            (-1, T),
            (1, T),
            (0, 0.5),
            (-1, 2.0 * T),
            (1, 2.0 * T),
            (-1, 1.0),
            (1, 1.0),
        ],
        Rank::Ten => &[
            (-1, 0.0),
            (1, 0.0),
            (0, S),
            (-1, T),
            (1, T),
            (-1, 2.0 * T),
            (1, 2.0 * T),
            (0, 5.0 * S),
            (-1, 1.0),
            (1, 1.0),
        ],
        Rank::Ace | Rank::Jack | Rank::Queen | Rank::King => &[],
    }
}

/// The pips of a number card in `area`.
pub fn draw_pips(pixmap: &mut Pixmap, rank: Rank, suit: Suit, area: Area, ink: &Paint) {
    // Four rows (the 9 and 10) leave a gap of a fifth of a pip between rows.
    let size = (area.height() / 4.6).min(area.width() * 0.36).max(1.0);
    let span = area.height() - size;
    let column = area.width() / 2.0 - size / 2.0;
    let (cx, _) = area.centre();
    for &(col, row) in places(rank) {
        let centre = (
            cx + f32::from(col) * column,
            area.top + size / 2.0 + row * span,
        );
        draw_suit(pixmap, suit, centre, size, row > 0.5, ink);
    }
}

/// An Ace's pip: one large pip in the middle of `area`.
pub fn draw_ace(pixmap: &mut Pixmap, suit: Suit, area: Area, ink: &Paint) {
    let size = (area.height() * 0.55).min(area.width() * 0.8);
    draw_suit(pixmap, suit, area.centre(), size, false, ink);
}
