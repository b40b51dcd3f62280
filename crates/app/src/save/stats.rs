//! Per-game statistics: games played and won, best score.

use std::collections::BTreeMap;

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

/// One game's record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameStats {
    pub played: u32,
    pub won: u32,
    pub best: Option<i32>,
}

/// Every game's record, by game id.
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats(pub BTreeMap<String, GameStats>);

impl Stats {
    /// Count a game as played (on its first move).
    pub fn start(&mut self, game: &str) {
        self.0.entry(game.to_string()).or_default().played += 1;
    }

    /// Record how a game ended.
    pub fn finish(&mut self, game: &str, won: bool, score: i32) {
        let s = self.0.entry(game.to_string()).or_default();
        if won {
            s.won += 1;
        }
        s.best = Some(s.best.map_or(score, |b| b.max(score)));
    }

    pub fn get(&self, game: &str) -> GameStats {
        self.0.get(game).copied().unwrap_or_default()
    }

    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).unwrap_or_default()
    }

    /// # Errors
    /// Where the text is not a statistics file.
    pub fn from_ron(text: &str) -> Result<Stats, String> {
        ron::from_str(solitaire_core::strip_bom(text)).map_err(|e| e.to_string())
    }
}
