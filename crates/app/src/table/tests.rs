//! The table fits the window: every pile, and every card of a deal, inside it.

use bevy::prelude::*;
use solitaire_core::Move;

use super::steps::delays;
use crate::fit::{BOTTOM_BAR, Fit, TOP_BAR, card_corner};

#[test]
fn every_pile_stays_inside_the_window() {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    for (w, h) in [
        (1280.0, 720.0),
        (1920.0, 1080.0),
        (1024.0, 768.0),
        (2560.0, 1080.0),
        (3840.0, 2160.0),
        (720.0, 1280.0),
    ] {
        for game in catalog.games() {
            let layout = game.layout();
            let fit = Fit::new(layout, Vec2::new(w, h));
            let pos = game.deal(1);
            let size = Vec2::new(1.0, 1.4) * layout.card_scale;
            for p in 0..layout.piles.len() {
                for i in 0..pos.pile(p).len().max(1) {
                    let c = card_corner(layout, &pos, p, i);
                    for corner in [c, c + size] {
                        let wpt = fit.world(corner);
                        let inside = wpt.x >= -w / 2.0 - 0.01
                            && wpt.x <= w / 2.0 + 0.01
                            && wpt.y <= h / 2.0 - TOP_BAR + 0.01
                            && wpt.y >= -h / 2.0 + BOTTOM_BAR - 0.01;
                        assert!(inside, "{} {w}x{h}: pile {p} card {i} at {wpt}", game.id());
                    }
                }
            }
            assert!(
                fit.scale > 20.0,
                "{} cards are readable at {w}x{h}",
                game.id()
            );
        }
    }
}

#[test]
fn a_deal_lands_one_card_after_another() {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let game = catalog.get("spider").expect("spider");
    let mut s = solitaire_core::Session::deal(game, 5);
    let before = s.position().clone();
    s.play(Move::Deal).expect("the first deal is legal");
    let timing = delays(&before, s.last_steps(), false);
    assert_eq!(timing.len(), 10);
    assert!(timing.windows(2).all(|w| w[0].1 < w[1].1), "{timing:?}");
    let back = delays(s.position(), s.last_steps(), true);
    assert_eq!(back.len(), 10, "undo flies the same cards back");
}

#[test]
fn empty_pile_markers_show_what_the_engine_accepts_first() {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let mut seen = Vec::new();
    for game in catalog.games() {
        let pos = game.deal(1);
        let t = std::time::Instant::now();
        let signs: Vec<&str> = game
            .layout()
            .piles_of(solitaire_core::PileKind::Foundation)
            .into_iter()
            .map(|p| super::accepts::marker_sign(game, &pos, p))
            .collect();
        println!("{}: {:?} in {:?}", game.id(), signs, t.elapsed());
        seen.push((game.id().to_string(), signs));
    }
    let signs = |id: &str| {
        seen.iter()
            .find(|(g, _)| g == id)
            .map(|(_, s)| s.clone())
            .unwrap_or_default()
    };
    let sixes = signs("sixes-and-sevens");
    assert_eq!(&sixes[..8], &["A"; 8], "the top half starts with Aces");
    assert_eq!(&sixes[8..], &["K"; 8], "the bottom half with Kings");
    assert!(
        signs("spider").iter().all(|s| s.is_empty()),
        "whole suits: no rank"
    );
    assert!(signs("labyrinth").iter().all(|&s| s == "A"));
    let stock = |id: &str| {
        let game = catalog.get(id).expect("registered");
        let p = game.layout().pile_index("stock").expect("a stock");
        super::accepts::marker_sign(&game, &game.deal(1), p)
    };
    assert_eq!(stock("bristol"), "", "no redeal: no turn-over arrow");
    assert_eq!(stock("rosamund"), "\u{21BB}");
}

#[test]
fn the_left_handed_table_is_mirrored_and_maps_back() {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let game = catalog.get("spider").expect("spider");
    let layout = game.layout();
    let pos = game.deal(1);
    let window = Vec2::new(1280.0, 720.0);
    let (plain, mirrored) = (
        Fit::new(layout, window),
        Fit::new(layout, window).mirror(true, layout),
    );
    let t1 = layout.pile_index("t1").expect("t1");
    let t10 = layout.pile_index("t10").expect("t10");
    let x = |fit: &Fit, p: usize| super::follow::rest(layout, fit, &pos, p, 0).x;
    assert!(x(&plain, t1) < x(&plain, t10));
    assert!(x(&mirrored, t1) > x(&mirrored, t10), "t1 is on the right");
    assert!(
        (x(&mirrored, t1) + x(&plain, t1)).abs() < 1.0,
        "mirrored about the middle"
    );
    let p = Vec2::new(2.5, 1.25);
    assert!((mirrored.table_point(mirrored.world(p)) - p).length() < 1e-4);
}

#[test]
fn a_layout_with_a_sideways_fan_keeps_its_sides_for_a_left_handed_player() {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    for game in catalog.games() {
        assert!(
            crate::fit::mirrorable(game.layout()),
            "{}: every shipped layout fans down and mirrors",
            game.id()
        );
    }
    let mut layout = catalog.get("spider").expect("spider").layout().clone();
    layout.piles[1].fan = solitaire_core::Fan::Right;
    let window = Vec2::new(1280.0, 720.0);
    assert!(!Fit::new(&layout, window).mirror(true, &layout).mirrored);
    assert!(!Fit::new(&layout, window).mirror(false, &layout).mirrored);
}
