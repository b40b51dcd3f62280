//! Games built from the loaded layouts with the registry's plugins; load failures collected.

use std::sync::Arc;

use bevy::prelude::*;
use solitaire_core::{Game, Layout};

use super::{GameAssets, LayoutAsset};

/// Every playable game, in menu order (the registry's order, then any other layout by id).
#[derive(Resource, Default, Clone)]
pub struct Games(pub Vec<Arc<Game>>);

impl Games {
    /// The game with this id.
    pub fn get(&self, id: &str) -> Option<Arc<Game>> {
        self.0.iter().find(|g| g.id() == id).cloned()
    }
}

/// Files that failed to load or build, each with its problem.
#[derive(Resource, Default, Debug, Clone)]
pub struct LoadErrors(pub Vec<String>);

/// Build games from checked layouts; each failure is a message naming the file.
pub fn build_games(layouts: Vec<Result<Layout, String>>) -> (Vec<Arc<Game>>, Vec<String>) {
    let plugins = solitaire_games::plugins();
    let order: Vec<String> = solitaire_games::layouts()
        .iter()
        .map(|l| {
            l.file
                .rsplit('/')
                .next()
                .unwrap_or(l.file)
                .trim_end_matches(".ron")
                .to_string()
        })
        .collect();
    let (mut games, mut errors) = (Vec::new(), Vec::new());
    for layout in layouts {
        let layout = match layout {
            Ok(layout) => layout,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let Some(plugin) = plugins.iter().find(|p| p.name == layout.rules) else {
            errors.push(
                layout
                    .error(
                        "rules",
                        format!("no rules plugin is called {:?} in this build", layout.rules),
                    )
                    .to_string(),
            );
            continue;
        };
        match Game::new(layout, plugin) {
            Ok(game) => games.push(Arc::new(game)),
            Err(e) => errors.push(e.to_string()),
        }
    }
    games.sort_by_key(|g| {
        (
            order
                .iter()
                .position(|id| id == g.id())
                .unwrap_or(usize::MAX),
            g.id().to_string(),
        )
    });
    (games, errors)
}

pub(super) fn build_catalog(
    mut commands: Commands,
    assets: Option<Res<GameAssets>>,
    layouts: Res<Assets<LayoutAsset>>,
    mut errors: ResMut<LoadErrors>,
) {
    let Some(assets) = assets else {
        return;
    };
    let loaded = assets
        .layouts
        .iter()
        .filter_map(|h| layouts.get(h))
        .map(|a| a.layout.clone())
        .collect();
    let (games, failed) = build_games(loaded);
    if games.is_empty() && failed.is_empty() {
        errors
            .0
            .push("assets/layouts: no layout files found".into());
    }
    errors.0.extend(failed);
    commands.insert_resource(Games(games));
}

pub(super) fn record_failures(
    mut failed: MessageReader<bevy::asset::UntypedAssetLoadFailedEvent>,
    mut errors: ResMut<LoadErrors>,
) {
    for e in failed.read() {
        errors.0.push(format!("assets/{}: {}", e.path, e.error));
    }
}
