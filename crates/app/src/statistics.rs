//! The statistics screen: for every game played, games played and won, the win rate, the
//! current and best streak, the best time and score, and a small chart of the last results
//! (green won, red lost, oldest first), drawn with UI boxes. Escape or Back returns to the menu.

use bevy::prelude::*;

use crate::assets::Games;
use crate::save::{GameStats, RECENT, Stats};
use crate::screen::Screen;
use crate::ui;

/// The Back button.
#[derive(Component)]
pub struct BackButton;

/// One box of a chart: a game's result.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultBox {
    pub won: bool,
}

const WON: Color = Color::srgb(0.3, 0.8, 0.4);
const LOST: Color = Color::srgb(0.85, 0.3, 0.25);

/// A game's line of figures.
pub fn figures(s: &GameStats) -> String {
    let rate = s.win_rate().map_or("-".into(), |r| format!("{r:.0}%"));
    let time = s
        .best_time
        .map_or("-".into(), |t| format!("{}:{:02}", t / 60, t % 60));
    let best = s.best.map_or("-".into(), |b| b.to_string());
    format!(
        "played {}   won {}   win rate {rate}   streak {} (best {})   best time {time}   best score {best}",
        s.played, s.won, s.streak, s.best_streak
    )
}

fn spawn_screen(mut commands: Commands, stats: Res<Stats>, games: Option<Res<Games>>) {
    let name = |id: &str| {
        games
            .as_ref()
            .and_then(|g| g.get(id))
            .map_or(id.to_string(), |g| g.name().to_string())
    };
    commands
        .spawn((
            DespawnOnExit(Screen::Statistics),
            ui::screen_column(28.0, 8.0),
        ))
        .with_children(|root| {
            root.spawn(ui::text("Statistics", 36.0, ui::TEXT));
            let played: Vec<_> = stats.0.iter().filter(|(_, s)| s.played > 0).collect();
            if played.is_empty() {
                root.spawn(ui::text("No game played yet.", 19.0, ui::DIM));
            }
            for (id, s) in played {
                root.spawn(Node {
                    flex_direction: FlexDirection::Column,
                    padding: UiRect::all(Val::Px(8.0)),
                    border_radius: BorderRadius::all(Val::Px(8.0)),
                    ..default()
                })
                .insert(BackgroundColor(ui::PANEL))
                .with_children(|row| {
                    row.spawn(ui::text(name(id), 20.0, ui::SELECTED));
                    row.spawn(ui::text(figures(s), 16.0, ui::TEXT));
                    row.spawn(Node {
                        column_gap: Val::Px(3.0),
                        align_items: AlignItems::Center,
                        margin: UiRect::top(Val::Px(4.0)),
                        ..default()
                    })
                    .with_children(|chart| {
                        chart.spawn(ui::text(
                            format!("last {}: ", s.recent.len().min(RECENT)),
                            14.0,
                            ui::DIM,
                        ));
                        for &won in &s.recent {
                            chart.spawn((
                                ResultBox { won },
                                Node {
                                    width: Val::Px(12.0),
                                    height: Val::Px(if won { 18.0 } else { 9.0 }),
                                    ..default()
                                },
                                BackgroundColor(if won { WON } else { LOST }),
                            ));
                        }
                    });
                });
            }
            root.spawn(Node {
                margin: UiRect::top(Val::Px(8.0)),
                ..default()
            })
            .with_child(ui::button("Back  Esc", BackButton));
        });
}

fn go_back(
    keys: Res<ButtonInput<KeyCode>>,
    back: Query<&Interaction, (Changed<Interaction>, With<BackButton>)>,
    mut next: ResMut<NextState<Screen>>,
) {
    if keys.just_pressed(KeyCode::Escape) || back.iter().any(|i| *i == Interaction::Pressed) {
        next.set(Screen::Menu);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Statistics), spawn_screen);
    app.add_systems(Update, go_back.run_if(in_state(Screen::Statistics)));
}

#[cfg(test)]
mod tests {
    use bevy::state::app::StatesPlugin;

    use super::*;

    #[test]
    fn the_screen_shows_each_game_played_with_a_chart_of_its_results() {
        let mut stats = Stats::default();
        for (won, secs) in [(true, 95), (false, 10), (true, 80)] {
            stats.start("spider");
            stats.finish("spider", won, 100, secs);
        }
        let line = figures(&stats.get("spider"));
        assert!(line.contains("win rate 67%"), "{line}");
        assert!(line.contains("best time 1:20"), "{line}");
        assert!(line.contains("streak 1 (best 1)"), "{line}");
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.init_state::<Screen>();
        app.init_resource::<ButtonInput<KeyCode>>();
        app.insert_resource(stats);
        plugin(&mut app);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Statistics);
        app.update();
        app.update();
        let world = app.world_mut();
        let boxes: Vec<bool> = world
            .query::<&ResultBox>()
            .iter(world)
            .map(|b| b.won)
            .collect();
        assert_eq!(boxes, [true, false, true]);
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::Escape);
        app.update();
        app.update();
        assert_eq!(app.world().resource::<State<Screen>>().get(), &Screen::Menu);
    }
}
