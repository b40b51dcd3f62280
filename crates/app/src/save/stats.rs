//! Per-game statistics: games played and won, streaks, best time and score, and the results
//! of the last games (for the statistics screen's chart).

use std::collections::BTreeMap;

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

/// How many recent results are kept per game.
pub const RECENT: usize = 20;

/// One game's record. Fields added later read as their defaults from older files.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameStats {
    pub played: u32,
    pub won: u32,
    pub best: Option<i32>,
    /// Wins in a row up to the last finished game.
    pub streak: u32,
    pub best_streak: u32,
    /// The fastest win, in seconds.
    pub best_time: Option<u32>,
    /// The last finished games, oldest first: won or lost.
    pub recent: Vec<bool>,
}

impl GameStats {
    /// Games won out of games played, in percent.
    pub fn win_rate(&self) -> Option<f32> {
        (self.played > 0).then(|| 100.0 * self.won as f32 / self.played as f32)
    }
}

/// Every game's record, by game id.
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats(pub BTreeMap<String, GameStats>);

impl Stats {
    /// Count a game as played (on its first move).
    pub fn start(&mut self, game: &str) {
        self.0.entry(game.to_string()).or_default().played += 1;
    }

    /// Record how a game ended, after `seconds` of play.
    pub fn finish(&mut self, game: &str, won: bool, score: i32, seconds: u32) {
        let s = self.0.entry(game.to_string()).or_default();
        if won {
            s.won += 1;
            s.streak += 1;
            s.best_streak = s.best_streak.max(s.streak);
            s.best_time = Some(s.best_time.map_or(seconds, |b| b.min(seconds)));
        } else {
            s.streak = 0;
        }
        s.best = Some(s.best.map_or(score, |b| b.max(score)));
        s.recent.push(won);
        if s.recent.len() > RECENT {
            s.recent.remove(0);
        }
    }

    pub fn get(&self, game: &str) -> GameStats {
        self.0.get(game).cloned().unwrap_or_default()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streaks_best_time_and_recent_results_are_kept() {
        let mut s = Stats::default();
        for (won, secs) in [(true, 300), (true, 200), (false, 50), (true, 400)] {
            s.start("spider");
            s.finish("spider", won, 10, secs);
        }
        let g = s.get("spider");
        assert_eq!((g.played, g.won, g.streak, g.best_streak), (4, 3, 1, 2));
        assert_eq!(g.best_time, Some(200), "a loss is never the best time");
        assert_eq!(g.recent, [true, true, false, true]);
        assert_eq!(g.win_rate(), Some(75.0));
        for _ in 0..30 {
            s.finish("spider", false, 0, 1);
        }
        assert_eq!(s.get("spider").recent.len(), RECENT);
    }

    #[test]
    fn an_older_statistics_file_still_reads() {
        let old = "({\"spider\": (played: 3, won: 1, best: Some(120))})";
        let s = Stats::from_ron(old).expect("reads");
        assert_eq!(s.get("spider").played, 3);
        assert_eq!(s.get("spider").streak, 0);
        assert_eq!(Stats::from_ron(&s.to_ron()), Ok(s));
    }
}
