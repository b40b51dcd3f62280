//! Which scenarios a grade runs: those whose readings are the ones played. A scenario may name
//! the readings it holds for (`readings: {"discard": "unplayable-only"}`): it runs where each
//! is the value played, is left out as written for other readings where one is not, and is left
//! out by name where the grade does not know what the option plays (in a self-check, an option
//! the course does not choose and the student's game does not declare).

use std::collections::BTreeMap;

use solitaire_conformance::Scenario;
use solitaire_core::{Game, ReadingValues};

/// The readings a grade plays, option by option.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Played(BTreeMap<String, String>);

/// Whether a scenario runs under the readings played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holds {
    /// Every reading it names is played.
    Runs,
    /// It names another value of an option played.
    Other,
    /// It names an option whose value the grade does not know: this one.
    Unknown(String),
}

impl Played {
    /// The readings `game` plays: every option it declares, at its value (a reference as the
    /// course configures it). Under them a scenario runs exactly when
    /// [`Scenario::holds_for`] the game.
    pub fn by(game: &Game) -> Played {
        Played(
            game.readings()
                .iter()
                .map(|r| (r.reading.name.to_string(), r.choice.value.to_string()))
                .collect(),
        )
    }

    /// A self-check's readings: those the student's `game` declares, at the values it plays
    /// (the course's, where it chooses them), and for every other option the course's choice
    /// in `chosen`: a game that simply implements the course's reading declares none, and
    /// plays it.
    pub fn self_check(game: &Game, chosen: &ReadingValues) -> Played {
        let mut played = chosen.clone();
        played.extend(Played::by(game).0);
        Played(played)
    }

    /// Whether `scenario` runs under these readings.
    pub fn holds(&self, scenario: &Scenario) -> Holds {
        for (name, value) in &scenario.readings {
            match self.0.get(name) {
                None => return Holds::Unknown(name.clone()),
                Some(played) if played != value => return Holds::Other,
                Some(_) => {}
            }
        }
        Holds::Runs
    }

    /// Whether `scenario` runs under these readings ([`Holds::Runs`]).
    pub fn runs(&self, scenario: &Scenario) -> bool {
        self.holds(scenario) == Holds::Runs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(readings: &[(&str, &str)]) -> Scenario {
        Scenario {
            name: "s".into(),
            readings: readings
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            start: solitaire_conformance::Start::Seed(0),
            steps: Vec::new(),
        }
    }

    #[test]
    fn a_game_without_options_plays_the_courses_choices_in_a_self_check() {
        let (Some(bristol), Some(rosamund)) = (
            crate::testing::registered("bristol"),
            crate::testing::registered("rosamund"),
        ) else {
            return;
        };
        let chosen: ReadingValues = [("discard".to_string(), "unplayable-only".to_string())]
            .into_iter()
            .collect();
        let played = Played::self_check(&bristol, &chosen);
        assert_eq!(played.holds(&scenario(&[])), Holds::Runs);
        assert_eq!(
            played.holds(&scenario(&[("discard", "unplayable-only")])),
            Holds::Runs
        );
        assert_eq!(
            played.holds(&scenario(&[("discard", "any-card")])),
            Holds::Other
        );
        assert_eq!(
            played.holds(&scenario(&[("guards", "optional")])),
            Holds::Unknown("guards".into())
        );
        // A reference plays every option it declares; a scenario naming another is unknown.
        let by = Played::by(&rosamund);
        for s in [scenario(&[("guards", "optional")]), scenario(&[("x", "y")])] {
            assert_eq!(by.runs(&s), s.holds_for(&rosamund), "{s:?}");
        }
    }
}
