//! Loading: the font, through a `bevy_asset_loader` loading state; then the games are built
//! from the registry's layouts and rules plugins (each game's `games/<rules>/layouts/*.ron`,
//! built in: the same games as `sol`'s).

mod catalog;

use bevy::prelude::*;
use bevy_asset_loader::prelude::*;

pub use catalog::{CourseInfo, Games, LoadErrors, apply_course, build_games};

use crate::screen::Screen;

/// The handles the loading state waits for.
#[derive(AssetCollection, Resource)]
pub struct GameAssets {
    #[asset(path = "fonts/DejaVuSans.ttf")]
    pub font: Handle<Font>,
}

/// Where the assets are: `./assets` if the working directory has one, else beside the
/// executable, else the workspace's `assets/` this binary was built from.
pub fn asset_dir() -> String {
    // Bevy reads a relative path from the executable's directory: hand it absolute ones.
    if let Ok(here) = std::env::current_dir().map(|d| d.join("assets"))
        && here.join("fonts").is_dir()
    {
        return here.to_string_lossy().into_owned();
    }
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(|d| d.join("assets")))
        && dir.join("fonts").is_dir()
    {
        return dir.to_string_lossy().into_owned();
    }
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets").into()
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LoadErrors>();
    app.add_loading_state(
        LoadingState::new(Screen::Loading)
            .continue_to_state(Screen::Menu)
            .on_failure_continue_to_state(Screen::Error)
            .load_collection::<GameAssets>(),
    );
    app.add_systems(
        Update,
        catalog::record_failures.run_if(in_state(Screen::Loading)),
    );
    app.add_systems(OnExit(Screen::Loading), catalog::build_catalog);
}
