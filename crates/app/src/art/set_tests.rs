//! The card art is drawn in the background and lands behind handles that never change.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use solitaire_core::{Rank, Suit};

use super::{CardArt, CardBack, draw::Style};

const FONT: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSans.ttf");

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default()));
    app.init_asset::<Image>();
    super::plugin(&mut app);
    app
}

fn request(app: &mut App, width: u32, style: Style) -> bool {
    let font = Font::from_bytes(FONT.to_vec());
    app.world_mut()
        .resource_scope(|world, mut art: Mut<CardArt>| {
            art.request(world.resource::<Assets<Image>>(), &font, width, style)
        })
}

/// Run frames until no drawing is under way (at most 20 s).
fn until_drawn(app: &mut App) {
    let start = Instant::now();
    while app.world().resource::<CardArt>().drawing() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the art never landed"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn size_of(app: &App, handle: &Handle<Image>) -> Option<UVec2> {
    let images = app.world().resource::<Assets<Image>>();
    images.get(handle).map(Image::size)
}

#[test]
fn a_request_is_drawn_in_the_background_behind_the_same_handles() {
    let mut app = app();
    assert!(
        request(&mut app, 60, Style::default()),
        "a first drawing starts"
    );
    assert!(
        !request(&mut app, 60, Style::default()),
        "the same is not drawn twice"
    );
    let art = app.world().resource::<CardArt>();
    let (ace, back) = (art.face(Rank::Ace, Suit::Spades), art.back());
    assert_eq!(size_of(&app, &ace), None, "nothing until the drawing lands");
    until_drawn(&mut app);
    assert_eq!(size_of(&app, &ace), Some(UVec2::new(60, 84)));
    assert_eq!(size_of(&app, &back), Some(UVec2::new(60, 84)));
    // A new size lands behind the same handles.
    assert!(request(&mut app, 70, Style::default()));
    until_drawn(&mut app);
    let art = app.world().resource::<CardArt>();
    assert_eq!(art.face(Rank::Ace, Suit::Spades), ace);
    assert_eq!(size_of(&app, &ace), Some(UVec2::new(70, 98)));
}

#[test]
fn a_new_back_redraws_the_back_and_not_the_faces() {
    let mut app = app();
    request(&mut app, 60, Style::default());
    until_drawn(&mut app);
    let art = app.world().resource::<CardArt>();
    let (king, back) = (art.face(Rank::King, Suit::Hearts), art.back());
    let pixels = |app: &App, h: &Handle<Image>| {
        let images = app.world().resource::<Assets<Image>>();
        images.get(h).and_then(|i| i.data.clone())
    };
    let (king_before, back_before) = (pixels(&app, &king), pixels(&app, &back));
    let red = Style {
        back: CardBack::RedQuilt,
        ..Style::default()
    };
    assert!(request(&mut app, 60, red));
    assert_eq!(
        app.world().resource::<CardArt>().pending.len(),
        1,
        "one drawing: the back and the outlines"
    );
    until_drawn(&mut app);
    assert_ne!(pixels(&app, &back), back_before, "the back is red now");
    assert_eq!(pixels(&app, &king), king_before);
}
