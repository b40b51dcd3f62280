//! Golden tests of the card art, drawn on the CPU.

use solitaire_core::{Rank, Suit};
use tiny_skia::Pixmap;

use super::{CardBack, TableColour, backs, draw};

const FONT: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSans.ttf");

fn font() -> ttf_parser::Face<'static> {
    ttf_parser::Face::parse(FONT, 0).expect("the shipped font parses")
}

/// FNV-1a over the pixels: a golden value that changes when the drawing does.
fn hash(p: &Pixmap) -> u64 {
    p.data().iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

fn rgba(p: &Pixmap, x: u32, y: u32) -> [u8; 4] {
    let c = p.pixel(x, y).expect("inside").demultiply();
    [c.red(), c.green(), c.blue(), c.alpha()]
}

fn is_red(c: [u8; 4]) -> bool {
    c[0] > 150 && c[1] < 80 && c[2] < 80
}

fn is_dark(c: [u8; 4]) -> bool {
    c[3] > 200 && c[0] < 80 && c[1] < 80 && c[2] < 80
}

#[test]
fn a_red_face_has_a_red_centre_and_index_and_white_paper() {
    let p = draw::face(&font(), Rank::Ace, Suit::Hearts, 100, 140).expect("drawn");
    assert_eq!(rgba(&p, 0, 0)[3], 0, "rounded corners are transparent");
    assert!(is_red(rgba(&p, 50, 74)), "the big heart fills the centre");
    let paper = rgba(&p, 50, 20);
    assert!(
        paper[0] > 240 && paper[1] > 240,
        "paper is white: {paper:?}"
    );
    let index_red = (5..30).any(|x| (5..25).any(|y| is_red(rgba(&p, x, y))));
    assert!(index_red, "the top-left index is red");
}

#[test]
fn a_black_face_is_black() {
    let p = draw::face(&font(), Rank::Seven, Suit::Spades, 100, 140).expect("drawn");
    assert!(count(&p, is_dark) > 500, "seven black pips and the indices");
    assert_eq!(count(&p, is_red), 0, "no red on a spade");
}

#[test]
fn every_image_is_drawn_and_faces_differ() {
    let font = font();
    let mut seen = std::collections::HashSet::new();
    for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
        for rank in Rank::ALL {
            let p = draw::face(&font, rank, suit, 90, 126).expect("drawn");
            assert!(
                seen.insert(hash(&p)),
                "{rank:?} of {suit:?} looks like another card"
            );
        }
    }
    for design in CardBack::ALL {
        let back = backs::back(design, 90, 126).expect("drawn");
        assert!(seen.insert(hash(&back)), "{design:?} looks like another");
    }
    for sign in super::MARKER_SIGNS {
        let m = draw::marker(&font, sign, 90, 126).expect("drawn");
        assert!(
            seen.insert(hash(&m)),
            "the {sign:?} outline looks like another"
        );
    }
    let colours: std::collections::HashSet<[u8; 3]> =
        TableColour::ALL.iter().map(|c| c.rgb()).collect();
    assert_eq!(
        colours.len(),
        TableColour::ALL.len(),
        "table colours differ"
    );
}

#[test]
fn golden_hashes() {
    let font = font();
    let king = draw::face(&font, Rank::King, Suit::Diamonds, 100, 140).expect("drawn");
    let back = backs::back(CardBack::BlueLattice, 100, 140).expect("drawn");
    // Update these when the art changes on purpose (and look at the result).
    assert_eq!(
        hash(&king),
        GOLDEN_KING,
        "king of diamonds: {:#x}",
        hash(&king)
    );
    assert_eq!(hash(&back), GOLDEN_BACK, "back: {:#x}", hash(&back));
}

const GOLDEN_KING: u64 = 0xe7d3_816f_535e_aea3;
const GOLDEN_BACK: u64 = 0x714c_6be1_1ad9_2c0c;

/// How many pixels of a colour (by a test) a face has.
fn count(p: &Pixmap, test: impl Fn([u8; 4]) -> bool) -> usize {
    (0..p.height())
        .flat_map(|y| (0..p.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| test(rgba(p, x, y)))
        .count()
}

#[test]
fn the_four_colour_deck_inks_diamonds_blue_and_clubs_green() {
    let four = draw::Style {
        four_colour: true,
        ..draw::Style::default()
    };
    let blue = |c: [u8; 4]| c[2] > 150 && c[0] < 60;
    let green = |c: [u8; 4]| c[1] > 100 && c[0] < 60 && c[2] < 90;
    let diamond = draw::face_styled(&font(), Rank::Five, Suit::Diamonds, 100, 140, four);
    let club = draw::face_styled(&font(), Rank::Five, Suit::Clubs, 100, 140, four);
    let (diamond, club) = (diamond.expect("drawn"), club.expect("drawn"));
    assert!(count(&diamond, blue) > 200 && count(&diamond, is_red) == 0);
    assert!(count(&club, green) > 200 && count(&club, is_dark) < 50);
    let plain = draw::face(&font(), Rank::Five, Suit::Diamonds, 100, 140).expect("drawn");
    assert!(count(&plain, blue) == 0 && count(&plain, is_red) > 200);
}

#[test]
fn large_print_puts_more_ink_in_the_corner_a_covered_card_shows() {
    let large = draw::Style {
        large_print: true,
        ..draw::Style::default()
    };
    let strip = |p: &Pixmap| {
        (0..30)
            .flat_map(|y| (0..p.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| is_dark(rgba(p, x, y)))
            .count()
    };
    let normal = draw::face(&font(), Rank::Ten, Suit::Spades, 100, 140).expect("drawn");
    let big = draw::face_styled(&font(), Rank::Ten, Suit::Spades, 100, 140, large).expect("drawn");
    assert!(
        strip(&big) > strip(&normal) * 5 / 4,
        "{} vs {}",
        strip(&big),
        strip(&normal)
    );
}
