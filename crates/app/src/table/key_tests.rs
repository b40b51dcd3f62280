//! Keyboard play, headless: a whole short game played by keys alone, the focus always framed.

use bevy::prelude::*;
use solitaire_core::{Session, Status};

use super::end_tests::{app_for, press};
use super::focus::{FocusFrame, KeyFocus, neighbour};
use crate::play::{Notice, Play};

/// Spider with seven suits home and the hearts in four columns: three moves from a win.
pub fn spider_three_moves_from_a_win() -> Session {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let game = catalog.get("spider").expect("spider");
    let suit = |s: char| {
        [
            "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2", "A",
        ]
        .iter()
        .map(|r| format!("{r}{s}"))
        .collect::<Vec<_>>()
        .join(" ")
    };
    let mut text = String::from("game: spider\n");
    for (f, s) in ["S", "S", "D", "D", "C", "C", "H"].iter().enumerate() {
        text += &format!("f{}: {}\n", f + 1, suit(s.chars().next().unwrap_or('S')));
    }
    text += "t1: KH QH JH TH 9H 8H\nt2: 7H 6H 5H\nt3: 4H 3H 2H\nt4: AH\n";
    let start = game.parse_position(&text).expect("a Spider position");
    Session::from_position(game, None, start)
}

/// The moves played so far, in the notation.
fn move_texts(app: &App) -> Vec<String> {
    let play = app.world().resource::<Play>();
    play.session
        .moves()
        .iter()
        .map(|&m| play.game().move_text(m).to_string())
        .collect()
}

fn focus(app: &App) -> KeyFocus {
    *app.world().resource::<KeyFocus>()
}

fn pile(app: &App, id: &str) -> usize {
    let play = app.world().resource::<Play>();
    play.game().layout().pile_index(id).expect("a pile")
}

/// The visible frames (focus, held).
fn frames(app: &mut App) -> Vec<(FocusFrame, Visibility)> {
    let world = app.world_mut();
    let mut q = world.query::<(&FocusFrame, &Visibility)>();
    q.iter(world).map(|(f, v)| (*f, *v)).collect()
}

#[test]
fn a_short_game_is_won_by_keys_alone() {
    let mut app = app_for(spider_three_moves_from_a_win());
    app.update();
    // t2's run onto t1 by pile numbers.
    press(&mut app, &[KeyCode::Digit2]);
    assert_eq!((focus(&app).pile, focus(&app).index), (pile(&app, "t2"), 0));
    press(&mut app, &[KeyCode::Enter]);
    assert!(focus(&app).held.is_some(), "Enter picks the run up");
    assert!(
        frames(&mut app)
            .iter()
            .any(|(f, v)| f.held && *v == Visibility::Visible),
        "the held cards are framed"
    );
    press(&mut app, &[KeyCode::Digit1]);
    press(&mut app, &[KeyCode::Space]);
    assert_eq!(app.world().resource::<Play>().session.move_count(), 1);
    // t3's run by arrows: from t1, right twice.
    press(&mut app, &[KeyCode::ArrowRight]);
    press(&mut app, &[KeyCode::ArrowRight]);
    assert_eq!(focus(&app).pile, pile(&app, "t3"));
    press(&mut app, &[KeyCode::Enter]);
    for _ in 0..2 {
        press(&mut app, &[KeyCode::ArrowLeft]);
    }
    press(&mut app, &[KeyCode::NumpadEnter]);
    assert_eq!(app.world().resource::<Play>().session.move_count(), 2);
    // The Ace: on its own pile, Enter twice plays the obvious move (onto the Two).
    press(&mut app, &[KeyCode::Digit4]);
    press(&mut app, &[KeyCode::Enter]);
    press(&mut app, &[KeyCode::Enter]);
    app.update();
    let play = app.world().resource::<Play>();
    assert_eq!(
        play.session.status(),
        Status::Won,
        "{:?}",
        play.session.moves()
    );
    let first = play.game().move_text(play.session.moves()[0]).to_string();
    assert!(first.starts_with("t2>t1"), "{first}");
}

#[test]
fn the_focus_is_always_framed_and_escape_puts_cards_back() {
    let mut app = app_for(spider_three_moves_from_a_win());
    app.update();
    app.update();
    let shown = frames(&mut app);
    assert!(
        shown
            .iter()
            .any(|(f, v)| !f.held && *v == Visibility::Visible),
        "{shown:?}"
    );
    press(&mut app, &[KeyCode::Digit3]);
    press(&mut app, &[KeyCode::ArrowDown]);
    assert_eq!(
        focus(&app).index,
        1,
        "Down goes to the next card of the column"
    );
    press(&mut app, &[KeyCode::Enter]);
    assert_eq!(focus(&app).held.map(|h| h.count), Some(2));
    press(&mut app, &[KeyCode::Escape]);
    assert_eq!(focus(&app).held, None);
    assert_eq!(app.world().resource::<Notice>().0, "Put back.");
    assert_eq!(
        app.world().resource::<State<crate::screen::Screen>>().get(),
        &crate::screen::Screen::Playing,
        "Escape with cards held does not leave the table"
    );
}

#[test]
fn a_refused_put_down_says_why_and_changes_nothing() {
    let mut app = app_for(spider_three_moves_from_a_win());
    press(&mut app, &[KeyCode::Digit4]);
    press(&mut app, &[KeyCode::Enter]);
    press(&mut app, &[KeyCode::Digit2]);
    press(&mut app, &[KeyCode::Enter]);
    assert_eq!(app.world().resource::<Play>().session.move_count(), 0);
    assert!(!app.world().resource::<Notice>().0.is_empty());
}

#[test]
fn arrows_reach_every_pile_of_every_game() {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    for game in catalog.games() {
        let layout = game.layout();
        // From the first pile, walking the arrows breadth-first reaches all piles.
        let mut seen = vec![false; layout.piles.len()];
        let mut todo = vec![0];
        while let Some(p) = todo.pop() {
            if std::mem::replace(&mut seen[p], true) {
                continue;
            }
            for dir in [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y] {
                todo.extend(neighbour(layout, p, dir));
            }
        }
        let missed: Vec<&str> = (0..seen.len())
            .filter(|&p| !seen[p])
            .map(|p| layout.piles[p].id.as_str())
            .collect();
        assert!(missed.is_empty(), "{}: {missed:?}", game.id());
    }
}

#[test]
fn locate_by_keys_lights_the_card_and_expand_shows_a_pile_as_text() {
    let mut app = app_for(spider_three_moves_from_a_win());
    press(&mut app, &[KeyCode::KeyL]);
    for k in [KeyCode::KeyA, KeyCode::KeyH] {
        press(&mut app, &[k]);
    }
    assert_eq!(
        app.world()
            .resource::<super::info_ui::Typing>()
            .0
            .as_ref()
            .map(|(_, t)| t.as_str()),
        Some("AH"),
        "letters type into the entry (H is not the hint here)"
    );
    press(&mut app, &[KeyCode::Enter]);
    let said = app.world().resource::<Notice>().0.clone();
    assert!(said.contains("t4"), "{said}");
    let ace = {
        let play = app.world().resource::<Play>();
        play.session.position().pile(pile(&app, "t4")).cards()[0]
    };
    let entity = app.world().resource::<super::CardEntities>().0[&ace];
    assert!(
        app.world().get::<super::bar::Lit>(entity).is_some(),
        "the Ace lights up"
    );
    assert_eq!(app.world().resource::<Play>().session.move_count(), 0);
    press(&mut app, &[KeyCode::Digit2]);
    press(&mut app, &[KeyCode::KeyE]);
    assert_eq!(
        app.world().resource::<super::info_ui::Expanded>().0,
        Some(pile(&app, "t2"))
    );
    let world = app.world_mut();
    let mut q = world.query_filtered::<&Children, With<super::info_ui::InfoPanel>>();
    let children: Vec<Entity> = q.iter(world).flat_map(|c| c.iter()).collect();
    let text: Vec<String> = children
        .into_iter()
        .filter_map(|c| world.get::<Text>(c).map(|t| t.0.clone()))
        .collect();
    assert!(
        text.iter()
            .any(|t| t.contains("t2: [7\u{2665} 6\u{2665} 5\u{2665}]")),
        "{text:?}"
    );
}

#[test]
fn enter_on_a_foundation_says_which_suits_could_be_completed() {
    let mut app = app_for(spider_three_moves_from_a_win());
    // Up from t1 reaches the top row; walk right to the first foundation.
    press(&mut app, &[KeyCode::Digit1]);
    press(&mut app, &[KeyCode::ArrowUp]);
    let on_foundation = |app: &App| {
        let play = app.world().resource::<Play>();
        play.game().layout().piles[focus(app).pile].kind == solitaire_core::PileKind::Foundation
    };
    for _ in 0..12 {
        if on_foundation(&app) {
            break;
        }
        press(&mut app, &[KeyCode::ArrowRight]);
    }
    assert!(on_foundation(&app), "the arrows reach the foundations");
    press(&mut app, &[KeyCode::Enter]);
    let said = app.world().resource::<Notice>().0.clone();
    assert!(said.contains('\u{2665}'), "{said}");
}

#[test]
fn replay_goes_back_and_plays_the_moves_again_and_a_key_stops_it() {
    let mut app = app_for(spider_three_moves_from_a_win());
    for text in ["t2>t1:3", "t3>t1:3"] {
        let mv = {
            let play = app.world().resource::<Play>();
            play.game().parse_move(text).expect("a move")
        };
        app.world_mut()
            .write_message(crate::play::Request::Play(mv));
        app.update();
    }
    let played = app.world().resource::<Play>().session.position().clone();
    assert_eq!(app.world().resource::<Play>().session.move_count(), 2);
    press(&mut app, &[KeyCode::KeyP]);
    assert_eq!(
        app.world().resource::<Play>().session.move_count(),
        0,
        "back to the start"
    );
    // Fastest pace, then let it run: each move is redone in turn.
    for _ in 0..6 {
        press(&mut app, &[KeyCode::Equal]);
    }
    // Each next move is made due at once (no waiting in a test).
    for _ in 0..10 {
        match app
            .world_mut()
            .get_resource_mut::<super::replay::Replaying>()
        {
            Some(mut r) => r.next_at = 0.0,
            None => break,
        }
        app.update();
    }
    assert_eq!(app.world().resource::<Play>().session.position(), &played);
    // Again, stopped by a key after the start: the rest stays redoable.
    press(&mut app, &[KeyCode::KeyP]);
    press(&mut app, &[KeyCode::KeyX]);
    assert!(
        app.world()
            .get_resource::<super::replay::Replaying>()
            .is_none()
    );
    let s = &app.world().resource::<Play>().session;
    assert!(s.move_count() < 2);
    let mut redo = s.clone();
    while redo.redo().is_some() {}
    assert_eq!(
        redo.position(),
        &played,
        "the moves not replayed can be redone"
    );
}

#[test]
fn keys_typed_within_one_frame_keep_their_order() {
    let mut app = app_for(spider_three_moves_from_a_win());
    // "2 Enter 1 Enter" all before the next frame, as a fast typist on a slow machine does.
    let keys = [
        KeyCode::Digit2,
        KeyCode::Enter,
        KeyCode::Digit1,
        KeyCode::Enter,
    ];
    crate::typed_keys::type_in_one_frame(&mut app, &keys);
    assert_eq!(
        move_texts(&app),
        ["t2>t1:3"],
        "picked up on t2, put down on t1"
    );
}

#[test]
fn where_only_top_cards_move_a_pile_is_entered_at_its_top_and_auto_moves_follow() {
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let game = catalog.get("bristol").expect("bristol");
    let text = "f1: AS\nf2: AH\nf3: AD\nf4: AC\nt1: 3S\nt2: 2S 5D\nt3: 6C\nt4: 9H\n";
    let start = game.parse_position(text).expect("a Bristol position");
    let mut app = app_for(Session::from_position(game, None, start));
    app.insert_resource(crate::settings::Settings {
        auto_moves: crate::settings::AutoMoves::All,
        speed: crate::settings::Speed::Off,
        ..Default::default()
    });
    press(&mut app, &[KeyCode::Digit2]);
    assert_eq!(
        focus(&app).index,
        1,
        "Bristol moves one card: the Five, not the Two"
    );
    for k in [KeyCode::Enter, KeyCode::Digit3, KeyCode::Enter] {
        press(&mut app, &[k]);
    }
    for _ in 0..10 {
        app.update();
    }
    let texts = move_texts(&app);
    let play = app.world().resource::<Play>();
    let f1 = play.game().layout().pile_index("f1").expect("f1");
    assert_eq!(
        play.session.position().pile(f1).len(),
        3,
        "the Two and Three of Spades went home by themselves: {texts:?}"
    );
    assert_eq!(texts.len(), 3, "{texts:?}");
}

#[test]
fn on_the_left_handed_table_the_arrows_follow_the_screen() {
    let mut app = app_for(spider_three_moves_from_a_win());
    let layout = app.world().resource::<Play>().game().layout().clone();
    let fit = crate::fit::Fit::new(&layout, Vec2::new(1280.0, 720.0)).mirror(true, &layout);
    assert!(fit.mirrored, "Spider's columns fan down: its table mirrors");
    app.insert_resource(fit);
    press(&mut app, &[KeyCode::Digit2]);
    assert_eq!(focus(&app).pile, pile(&app, "t2"));
    press(&mut app, &[KeyCode::ArrowLeft]);
    assert_eq!(
        focus(&app).pile,
        pile(&app, "t3"),
        "t3 is left of t2 on the screen"
    );
    press(&mut app, &[KeyCode::ArrowRight]);
    press(&mut app, &[KeyCode::ArrowRight]);
    assert_eq!(focus(&app).pile, pile(&app, "t1"));
}

#[test]
fn automatic_moves_follow_the_setting_off_safe_or_all() {
    use crate::settings::AutoMoves;
    let catalog = solitaire_games::catalog().expect("the registry builds");
    let game = catalog.get("bristol").expect("bristol");
    // After 5D onto 6C the Two of Spades is free (every Ace is home, so it is safe); then
    // the Three is free too, but the Twos still out could be built on it: not safe.
    let text = "f1: AS\nf2: AH\nf3: AD\nf4: AC\nt1: 3S\nt2: 2S 5D\nt3: 6C\nt4: 9H\n";
    for (mode, moves) in [
        (AutoMoves::Off, 1),
        (AutoMoves::Safe, 2),
        (AutoMoves::All, 3),
    ] {
        let start = game.parse_position(text).expect("a Bristol position");
        let mut app = app_for(Session::from_position(game.clone(), None, start));
        app.insert_resource(crate::settings::Settings {
            auto_moves: mode,
            speed: crate::settings::Speed::Off,
            ..Default::default()
        });
        for k in [
            KeyCode::Digit2,
            KeyCode::Enter,
            KeyCode::Digit3,
            KeyCode::Enter,
        ] {
            press(&mut app, &[k]);
        }
        for _ in 0..10 {
            app.update();
        }
        let texts = move_texts(&app);
        assert_eq!(texts.len(), moves, "{mode:?}: {texts:?}");
        assert!(texts[0].starts_with("t2>t3"), "{mode:?}: {texts:?}");
    }
}

#[test]
fn with_animation_off_a_moved_card_lands_at_once() {
    use crate::settings::{Settings, Speed};
    for (speed, instant) in [
        (Speed::Off, true),
        (Speed::Normal, false),
        (Speed::Slow, false),
    ] {
        let mut app = app_for(spider_three_moves_from_a_win());
        app.add_plugins(super::follow::plugin);
        app.insert_resource(Settings {
            speed,
            ..Default::default()
        });
        for k in [
            KeyCode::Digit2,
            KeyCode::Enter,
            KeyCode::Digit1,
            KeyCode::Enter,
        ] {
            press(&mut app, &[k]);
        }
        assert_eq!(move_texts(&app).len(), 1, "{speed:?}");
        let world = app.world_mut();
        let flights: Vec<f32> = world
            .query::<&super::anim::Flight>()
            .iter(world)
            .map(|f| f.duration)
            .collect();
        assert_eq!(flights.len(), 3, "{speed:?}: the three Hearts move");
        assert_eq!(
            flights.iter().all(|&d| d == 0.0),
            instant,
            "{speed:?}: {flights:?}"
        );
    }
}
