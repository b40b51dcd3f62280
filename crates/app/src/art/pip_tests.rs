//! Every face of a pack, drawn on the CPU: a number card shows as many pips as its rank, an
//! Ace one, in every style and at the sizes the table draws cards; pips below the middle
//! are turned upside down; a very small card shows its rank over one pip.

use solitaire_core::{Rank, Suit};
use tiny_skia::Pixmap;

use super::draw::{self, SIMPLE_BELOW, Style};

const FONT: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSans.ttf");

const SUITS: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

fn font() -> ttf_parser::Face<'static> {
    ttf_parser::Face::parse(FONT, 0).expect("the shipped font parses")
}

/// Whether a pixel is (nearly) the suit's ink: opaque and within a small distance of it.
fn is_ink(p: &Pixmap, x: u32, y: u32, ink: [u8; 3]) -> bool {
    let c = p.pixel(x, y).expect("inside").demultiply();
    let d = [c.red(), c.green(), c.blue()]
        .iter()
        .zip(ink)
        .map(|(&a, b)| i32::from(a).abs_diff(i32::from(b)))
        .max()
        .unwrap_or(u32::MAX);
    c.alpha() > 200 && d < 60
}

/// Connected (4-neighbour) blobs of ink of at least 3 pixels in the face's middle: the rows
/// between the corner indices (the top index ends above 23% of the height even in large
/// print; the bottom one is the same turned round).
fn pips(p: &Pixmap, ink: [u8; 3]) -> usize {
    let (w, h) = (p.width(), p.height());
    let (y0, y1) = ((h as f32 * 0.235) as u32, (h as f32 * 0.765) as u32);
    let mut seen = vec![false; (w * h) as usize];
    let mut blobs = 0;
    for y in y0..y1 {
        for x in 0..w {
            if seen[(y * w + x) as usize] || !is_ink(p, x, y, ink) {
                continue;
            }
            let mut stack = vec![(x, y)];
            seen[(y * w + x) as usize] = true;
            let mut size = 0;
            while let Some((x, y)) = stack.pop() {
                size += 1;
                let around = [
                    (x.wrapping_sub(1), y),
                    (x + 1, y),
                    (x, y.wrapping_sub(1)),
                    (x, y + 1),
                ];
                for (nx, ny) in around {
                    if nx < w && (y0..y1).contains(&ny) {
                        let i = (ny * w + nx) as usize;
                        if !seen[i] && is_ink(p, nx, ny, ink) {
                            seen[i] = true;
                            stack.push((nx, ny));
                        }
                    }
                }
            }
            if size >= 3 {
                blobs += 1;
            }
        }
    }
    blobs
}

fn ink_of(suit: Suit, style: Style) -> [u8; 3] {
    let c = draw::ink(suit, style).to_color_u8();
    [c.red(), c.green(), c.blue()]
}

fn styles() -> [Style; 3] {
    [
        Style::default(),
        Style {
            four_colour: true,
            ..Style::default()
        },
        Style {
            large_print: true,
            ..Style::default()
        },
    ]
}

#[test]
fn every_number_card_has_as_many_pips_as_its_rank() {
    let font = font();
    // A roomy card, Spider's at 1280 x 720, Sixes and Sevens' at 1280 x 720, the smallest
    // full face.
    for w in [140, 79, 49, SIMPLE_BELOW] {
        let h = (w as f32 * 1.4).round() as u32;
        for style in styles() {
            for suit in SUITS {
                for rank in &Rank::ALL[..10] {
                    let p = draw::face_styled(&font, *rank, suit, w, h, style).expect("drawn");
                    let n = pips(&p, ink_of(suit, style));
                    assert_eq!(
                        n, *rank as usize,
                        "{rank:?} of {suit:?} at {w} px wide, {style:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_card_narrower_than_the_full_face_needs_shows_its_rank_over_one_pip() {
    let font = font();
    let w = SIMPLE_BELOW - 1;
    let h = (w as f32 * 1.4).round() as u32;
    // The rank's glyphs and one pip: "7" is one blob, "10" two.
    for (rank, blobs) in [(Rank::Seven, 2), (Rank::Ten, 3), (Rank::King, 2)] {
        for suit in SUITS {
            let p = draw::face(&font, rank, suit, w, h).expect("drawn");
            assert_eq!(
                pips(&p, ink_of(suit, Style::default())),
                blobs,
                "{rank:?} of {suit:?}"
            );
        }
    }
}

/// How far a face is from itself turned half a turn: the mean difference per channel.
fn asymmetry(p: &Pixmap) -> f64 {
    let data = p.data();
    let n = data.len();
    let total: u64 = (0..n / 4)
        .flat_map(|i| (0..4).map(move |k| (i, k)))
        .map(|(i, k)| u64::from(data[i * 4 + k].abs_diff(data[n - 4 - i * 4 + k])))
        .sum();
    total as f64 / n as f64
}

#[test]
fn pips_below_the_middle_are_upside_down() {
    let font = font();
    // Layouts with no pip on or near the middle row look the same turned round; a heart
    // standing the right way up in the lower half would not.
    for rank in [Rank::Two, Rank::Four, Rank::Ten] {
        let p = draw::face(&font, rank, Suit::Hearts, 100, 140).expect("drawn");
        assert!(asymmetry(&p) < 1.0, "{rank:?}: {}", asymmetry(&p));
    }
    // The Nine's middle pip stands upright, as on a printed card.
    let nine = draw::face(&font, Rank::Nine, Suit::Hearts, 100, 140).expect("drawn");
    assert!(asymmetry(&nine) > 1.0, "{}", asymmetry(&nine));
}
