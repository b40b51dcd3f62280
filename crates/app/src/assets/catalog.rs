//! Games built from the registry's layouts (each game's `games/<rules>/layouts/*.ron`, built
//! in) with the registry's plugins; failures collected.

use std::sync::Arc;

use bevy::prelude::*;
use solitaire_core::{Game, Layout};

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

/// The course the app plays (`--course FILE`): its name and the games it assigns.
#[derive(Resource, Clone, Debug, Default)]
pub struct CourseInfo {
    pub name: String,
    pub assigned: Vec<String>,
}

/// The games as the course file at `path` configures them (its readings for the games it
/// assigns), through the engine's `Course::configure`.
///
/// # Errors
/// A message naming the file: unreadable, not a course, or a game or reading it names that
/// this build does not have.
pub fn apply_course(
    path: &std::path::Path,
    games: Vec<Arc<Game>>,
) -> Result<(Vec<Arc<Game>>, CourseInfo), String> {
    let file = path.display().to_string();
    let course = solitaire_files::Course::read_file(path).map_err(|e| e.to_string())?;
    let configured = course
        .configure(&file, &solitaire_core::Catalog::from_games(games))
        .map_err(|e| e.to_string())?;
    let info = CourseInfo {
        name: course.name.clone(),
        assigned: course.games.keys().cloned().collect(),
    };
    Ok((configured.games().to_vec(), info))
}

/// The registry's layouts, each checked.
/// The registry's layouts, each checked.
fn built_in() -> Vec<Result<Layout, String>> {
    solitaire_games::layouts()
        .iter()
        .map(|l| Layout::parse(l.file, l.source).map_err(|e| e.to_string()))
        .collect()
}

pub(super) fn build_catalog(
    mut commands: Commands,
    options: Option<Res<crate::cli::Options>>,
    mut errors: ResMut<LoadErrors>,
) {
    let (mut games, failed) = build_games(built_in());
    if games.is_empty() && failed.is_empty() {
        errors.0.push("no layouts in this build".into());
    }
    errors.0.extend(failed);
    if let Some(path) = options.as_ref().and_then(|o| o.course.as_ref()) {
        match apply_course(path, games.clone()) {
            Ok((configured, info)) => {
                games = configured;
                commands.insert_resource(info);
            }
            Err(e) => errors.0.push(format!("--course: {e}")),
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn games() -> Vec<Arc<Game>> {
        let catalog = solitaire_games::catalog().expect("the registry builds");
        catalog.games().to_vec()
    }

    fn course_file(name: &str, text: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!(
            "solitaire-course-{name}-{}.ron",
            std::process::id()
        ));
        std::fs::write(&path, text).expect("written");
        path
    }

    #[test]
    fn a_bad_course_is_refused_with_its_file_named() {
        for (name, text) in [
            ("unknown", "(games: { \"no-such-game\": () })"),
            ("syntax", "(games: "),
            (
                "reading",
                "(games: { \"spider\": (readings: { \"nope\": \"x\" }) })",
            ),
        ] {
            let path = course_file(name, text);
            let Err(e) = apply_course(&path, games()) else {
                panic!("{name}: the course was accepted");
            };
            assert!(e.contains(&path.display().to_string()), "{name}: {e}");
            let _ = std::fs::remove_file(path);
        }
        let missing = std::path::Path::new("/no/such/course.ron");
        assert!(apply_course(missing, games()).is_err());
    }
}
