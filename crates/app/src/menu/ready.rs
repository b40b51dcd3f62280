//! The card art for the game selected in the menu is drawn (in the background) while the
//! player chooses, at the card size that game's table will have in this window: the table
//! then shows its cards from its first frame.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::MenuState;
use crate::art::CardArt;
use crate::assets::{GameAssets, Games};
use crate::fit::Fit;
use crate::screen::Screen;
use crate::settings::Settings;

fn draw_for_selected_game(
    state: Res<MenuState>,
    settings: Res<Settings>,
    games: Res<Games>,
    window: Single<&Window, With<PrimaryWindow>>,
    assets: Res<GameAssets>,
    fonts: Res<Assets<Font>>,
    images: Res<Assets<Image>>,
    mut art: ResMut<CardArt>,
) {
    let Some(game) = games.0.get(state.selected) else {
        return;
    };
    let Some(font) = fonts.get(&assets.font) else {
        return;
    };
    let layout = game.layout();
    let size = Vec2::new(window.width(), window.height());
    let card = Fit::new(layout, size).card_size(layout);
    art.request(&images, font, card.x.round() as u32, settings.art_style());
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw_for_selected_game
            .run_if(in_state(Screen::Menu))
            .run_if(resource_exists::<GameAssets>)
            .run_if(resource_exists::<Games>),
    );
}
