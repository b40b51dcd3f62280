//! The player's settings, saved in the data directory beside the statistics
//! (`settings.ron`): animation speed, automatic moves to the foundations, the confirmations,
//! the four-colour deck, large-print cards, the card back, the table colour, the
//! left-handed layout and the "still winnable?" check. A file without some of these fields
//! (written before they existed) reads them as their defaults.

mod screen;
#[cfg(test)]
mod tests;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::art::Style;
pub use crate::art::{CardBack, TableColour};
use crate::save::{DataDir, DataProblems, Untouchable, read_or_set_aside, write_guarded};

pub use screen::{ROWS, SettingRow, SettingsScreen};

pub const SETTINGS_FILE: &str = "settings.ron";

/// How fast cards fly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Speed {
    /// No animation: cards jump to their places.
    Off,
    Fast,
    #[default]
    Normal,
    Slow,
}

impl Speed {
    /// Durations and delays are multiplied by this.
    pub fn factor(self) -> f32 {
        match self {
            Speed::Off => 0.0,
            Speed::Fast => 0.5,
            Speed::Normal => 1.0,
            Speed::Slow => 2.0,
        }
    }
}

/// Which cards go to the foundations by themselves after the player's move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AutoMoves {
    #[default]
    Off,
    /// Only cards no card still in play could be built on.
    Safe,
    /// Every card a foundation takes.
    All,
}

/// Everything the settings screen sets.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub speed: Speed,
    pub auto_moves: AutoMoves,
    /// Ask before a deal from the stock (a double click deals without asking).
    pub confirm_deal: bool,
    /// Ask before undoing a move that revealed a card (a turned card, a deal).
    pub confirm_undo: bool,
    /// Spades black, hearts red, diamonds blue, clubs green.
    pub four_colour: bool,
    /// Larger rank and suit in the cards' corners.
    pub large_print: bool,
    /// The design on the cards' backs.
    pub card_back: CardBack,
    /// The colour of the table's felt.
    pub table_colour: TableColour,
    /// The table mirrored left to right.
    pub left_handed: bool,
    /// The table says whether the position can still be won (the solver, seeing every card,
    /// in the background).
    pub winnable_check: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            speed: Speed::Normal,
            auto_moves: AutoMoves::Off,
            confirm_deal: false,
            confirm_undo: false,
            four_colour: false,
            large_print: false,
            card_back: CardBack::BlueLattice,
            table_colour: TableColour::Green,
            left_handed: false,
            winnable_check: false,
        }
    }
}

impl Settings {
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).unwrap_or_default()
    }

    /// # Errors
    /// Where the text is not a settings file.
    pub fn from_ron(text: &str) -> Result<Settings, String> {
        ron::from_str(text).map_err(|e| e.to_string())
    }

    /// The animation speed factor.
    pub fn anim(&self) -> f32 {
        self.speed.factor()
    }

    /// The card style these settings ask for.
    pub fn art_style(&self) -> Style {
        Style {
            four_colour: self.four_colour,
            large_print: self.large_print,
            back: self.card_back,
        }
    }
}

fn felt(colour: TableColour) -> Color {
    let [r, g, b] = colour.rgb();
    Color::srgb_u8(r, g, b)
}

/// Every screen shows the table's felt, in the colour the settings choose.
fn clear_to_the_table_colour(settings: Res<Settings>, mut clear: ResMut<ClearColor>) {
    clear.0 = felt(settings.table_colour);
}

/// Read the settings at start-up (after the data directory is known).
fn load_settings(
    mut commands: Commands,
    dir: Res<DataDir>,
    mut problems: ResMut<DataProblems>,
    mut untouchable: ResMut<Untouchable>,
) {
    let settings = read_or_set_aside(
        &dir.file(SETTINGS_FILE),
        Settings::from_ron,
        &mut problems.0,
        &mut untouchable,
    )
    .unwrap_or_default();
    commands.insert_resource(settings);
}

/// Write the settings whenever they change.
fn save_settings(
    settings: Res<Settings>,
    dir: Option<Res<DataDir>>,
    untouchable: Res<Untouchable>,
    mut problems: ResMut<DataProblems>,
) {
    if !settings.is_changed() || settings.is_added() {
        return;
    }
    if let Some(dir) = dir
        && let Err(e) = write_guarded(&dir.file(SETTINGS_FILE), &settings.to_ron(), &untouchable)
    {
        problems.0.push(e);
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Settings>();
    app.insert_resource(ClearColor(felt(TableColour::default())));
    app.add_systems(
        Update,
        clear_to_the_table_colour.run_if(resource_changed::<Settings>),
    );
    app.add_systems(
        Startup,
        load_settings
            .after(crate::save::LoadData)
            .run_if(resource_exists::<DataDir>),
    );
    app.add_systems(Update, save_settings);
    screen::plugin(app);
}
