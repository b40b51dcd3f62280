//! The screens of the app, as one state, and the camera every screen shares.

use bevy::prelude::*;

/// Which screen shows.
#[derive(States, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Screen {
    /// Layouts and fonts are loading.
    #[default]
    Loading,
    /// A file could not be loaded: the error screen names it.
    Error,
    /// The list of games.
    Menu,
    /// A game on the table.
    Playing,
    /// The player's settings.
    Settings,
    /// The player's statistics.
    Statistics,
    /// Games saved under a name, and pasting a position.
    Open,
    /// Worked examples: positions shipped in `assets/positions`.
    Examples,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.add_systems(Startup, (spawn_camera, install_embedded_font));
}

/// The shipped font, compiled in so that even the error screen for a missing font can speak.
const EMBEDDED_FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");

/// Make DejaVu Sans the default font of every text (Bevy's own lacks the suit symbols).
fn install_embedded_font(mut fonts: ResMut<Assets<Font>>) {
    if let Err(e) = fonts.insert(AssetId::default(), Font::from_bytes(EMBEDDED_FONT.to_vec())) {
        warn!("cannot install the font: {e}");
    }
}

/// The camera, without multisampling: everything drawn is an upright rectangle (card images
/// antialiased when drawn, UI corners antialiased by their shader), and four samples a pixel
/// would quadruple a software renderer's work for every pixel.
fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Camera"), Camera2d, Msaa::Off));
}
