//! Readings: the places where a game's rules text allows more than one reading, each a named
//! option of the game with a documented default that a layout or a course may change.
//!
//! A game declares its readings as constants ([`Reading`]) and returns them from
//! [`crate::Rules::readings`]; its plugin's `build` reads the chosen value with
//! [`Layout::reading`] into a typed enum of its own. A layout chooses with a top-level map,
//! and a course file (`solitaire_files::Course`) overrides it per game:
//!
//! ```ron
//! readings: {"deal": "when-stuck"},
//! ```
//!
//! # Examples
//! ```
//! use solitaire_core::reading::{Choice, Reading};
//!
//! const DEAL: Reading = Reading {
//!     name: "deal",
//!     sentence: "When stuck, deal cards from stock to fill gaps.",
//!     choices: &[
//!         Choice { value: "any-time", meaning: "deal whenever a gap is open" },
//!         Choice { value: "when-stuck", meaning: "deal only when no card can be built" },
//!     ],
//! };
//! assert_eq!(DEAL.default_value(), "any-time");
//! assert!(DEAL.choice("when-stuck").is_some());
//! ```

use std::collections::BTreeMap;

use crate::layout::{Layout, LayoutError};
use crate::rules::Illegal;

/// One way to read an ambiguous rule: the value a layout or course writes, and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The value as written in layouts and course files (lowercase words joined by `-`).
    pub value: &'static str,
    /// What the game does under this reading, in plain words.
    pub meaning: &'static str,
}

/// A place where the rules text allows more than one reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The option's name in layouts and course files (`deal`).
    pub name: &'static str,
    /// The rule sentence that is ambiguous, quoted from the rules text.
    pub sentence: &'static str,
    /// The readings; the first one is the default.
    pub choices: &'static [Choice],
}

impl Reading {
    /// The default reading's value (the first choice).
    pub fn default_value(&self) -> &'static str {
        self.choices.first().map_or("", |c| c.value)
    }

    /// The choice with this value.
    pub fn choice(&self, value: &str) -> Option<&'static Choice> {
        self.choices.iter().find(|c| c.value == value)
    }

    /// The values, for messages: `"any-time", "when-stuck"`.
    pub fn values(&self) -> String {
        let quoted: Vec<String> = self
            .choices
            .iter()
            .map(|c| format!("{:?}", c.value))
            .collect();
        quoted.join(", ")
    }
}

/// A reading with the value a game was built with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChosenReading {
    /// The option.
    pub reading: &'static Reading,
    /// The chosen reading.
    pub choice: &'static Choice,
}

impl ChosenReading {
    /// Whether the chosen reading is the option's default.
    pub fn is_default(&self) -> bool {
        self.choice.value == self.reading.default_value()
    }
}

/// Chosen values by option name, as layouts and course files write them.
pub type ReadingValues = BTreeMap<String, String>;

impl Layout {
    /// The value chosen for `reading` (by the layout or a course), or its default, as the game's
    /// own value in the same place of `values` as the choice in `reading.choices`:
    ///
    /// ```
    /// # use solitaire_core::reading::{Choice, Reading};
    /// # use solitaire_core::Layout;
    /// const DEAL: Reading = Reading {
    ///     name: "deal",
    ///     sentence: "When stuck, deal.",
    ///     choices: &[
    ///         Choice { value: "any-time", meaning: "deal whenever stock remains" },
    ///         Choice { value: "when-stuck", meaning: "deal only when nothing can be built" },
    ///     ],
    /// };
    /// #[derive(Clone, Copy, PartialEq, Debug)]
    /// enum Deal { AnyTime, WhenStuck }
    /// # let layout = Layout::parse("x.ron", r#"(id: "x", name: "X", version: 1, rules: "x",
    /// #     readings: {"deal": "when-stuck"},
    /// #     deck: (suits: [Spades], copies: 1, ranks: 13), table: (width: 2.0, height: 2.0),
    /// #     piles: [(id: "stock", kind: stock, x: 0.1, y: 0.1)], deal: [Rest(pile: "stock")])"#)
    /// #     .unwrap();
    /// // The layout chose `readings: {"deal": "when-stuck"}`.
    /// let deal = layout.reading_of(&DEAL, &[Deal::AnyTime, Deal::WhenStuck]).unwrap();
    /// assert_eq!(deal, Deal::WhenStuck);
    /// ```
    ///
    /// # Errors
    /// A value that is not one of the reading's choices, or `values` not one for each choice.
    pub fn reading_of<T: Copy>(&self, reading: &Reading, values: &[T]) -> Result<T, LayoutError> {
        let chosen = self.reading_value(reading)?;
        let place = reading.choices.iter().position(|c| c == chosen);
        match place.and_then(|i| values.get(i)) {
            Some(&value) if values.len() == reading.choices.len() => Ok(value),
            _ => Err(self.error(
                reading.name,
                format!(
                    "the game gives {} values for the {} readings of {:?}",
                    values.len(),
                    reading.choices.len(),
                    reading.name
                ),
            )),
        }
    }

    /// The value chosen for `reading` (by the layout or a course), or its default, parsed into
    /// a type of the engine's that reads it ([`Timing`]); a game's own enum is read with
    /// [`Layout::reading_of`].
    ///
    /// # Errors
    /// A value that is not one of the reading's choices, or that `T` does not parse.
    pub fn reading<T: std::str::FromStr>(&self, reading: &Reading) -> Result<T, LayoutError> {
        let value = self.reading_value(reading)?;
        value.value.parse().map_err(|_| {
            self.error(
                reading.name,
                format!(
                    "the game cannot play the reading {:?} of {:?}",
                    value.value, reading.name
                ),
            )
        })
    }

    /// The chosen [`Choice`] of `reading`: the layout's (or course's) value, or the default.
    ///
    /// # Errors
    /// A value that is not one of the reading's choices.
    pub fn reading_value(&self, reading: &Reading) -> Result<&'static Choice, LayoutError> {
        let value = self
            .readings
            .get(reading.name)
            .map_or(reading.default_value(), String::as_str);
        reading.choice(value).ok_or_else(|| {
            self.error(
                reading.name,
                format!(
                    "{value:?} is not a reading of {:?}: write one of {}",
                    reading.name,
                    reading.values()
                ),
            )
        })
    }

    /// This layout with some readings changed (a course's choices).
    pub fn with_readings(&self, overrides: &ReadingValues) -> Layout {
        let mut layout = self.clone();
        for (name, value) in overrides {
            layout.readings.insert(name.clone(), value.clone());
        }
        layout
    }

    /// Check that every reading the layout names is one the game declares, with a valid value,
    /// and list every declared reading with the value chosen.
    ///
    /// # Errors
    /// The first unknown option or value.
    pub fn check_readings(
        &self,
        declared: &'static [Reading],
    ) -> Result<Vec<ChosenReading>, LayoutError> {
        if let Some(name) = self
            .readings
            .keys()
            .find(|name| !declared.iter().any(|r| r.name == name.as_str()))
        {
            let names: Vec<&str> = declared.iter().map(|r| r.name).collect();
            let known = if names.is_empty() {
                "this game has no readings to choose".to_string()
            } else {
                format!("its readings are: {}", names.join(", "))
            };
            return Err(self.error(
                name,
                format!("{:?} has no reading {name:?}; {known}", self.id),
            ));
        }
        declared
            .iter()
            .map(|reading| {
                let choice = self.reading_value(reading)?;
                Ok(ChosenReading { reading, choice })
            })
            .collect()
    }
}

/// When a deal (or a turn of a reserve) is allowed, for the rules texts that say "when stuck,
/// deal": whenever cards are left to deal (`any-time`), or only when no card can be built
/// (`when-stuck`). A game whose option reads "when stuck" both ways parses it into this.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, strum::EnumString)]
#[strum(serialize_all = "kebab-case")]
pub enum Timing {
    /// Whenever cards are left to deal, builds waiting or not.
    #[default]
    AnyTime,
    /// Only when no card can be built.
    WhenStuck,
}

impl Timing {
    /// The default choice of a `deal` option read this way.
    pub const ANY_TIME: Choice = Choice {
        value: "any-time",
        meaning: "deal whenever stock remains, builds waiting or not",
    };

    /// Refuse a deal with `reason` ([`crate::IllegalKind::Stock`]) when it must wait until
    /// the player is stuck and `build_waiting` says a card can still be built.
    ///
    /// # Errors
    /// `WhenStuck` while a build is waiting.
    pub fn check(
        self,
        build_waiting: impl FnOnce() -> bool,
        reason: &'static str,
    ) -> Result<(), Illegal> {
        if self == Timing::WhenStuck && build_waiting() {
            Err(Illegal::stock(reason))
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Illegal;

    use crate::testkit::{reads_catalog as catalog, reads_played as played};

    #[test]
    fn a_layout_plays_the_default_unless_it_chooses() {
        let default = catalog("").unwrap();
        assert_eq!(played(&default), "any-time");
        let game = default.get("r").unwrap();
        assert!(game.readings()[0].is_default());
        let chosen = catalog(r#"readings: {"deal": "when-stuck"}"#).unwrap();
        assert_eq!(played(&chosen), "when-stuck");
    }

    #[test]
    fn timing_reads_when_stuck_both_ways() {
        assert_eq!("any-time".parse::<Timing>(), Ok(Timing::AnyTime));
        assert_eq!("when-stuck".parse::<Timing>(), Ok(Timing::WhenStuck));
        assert!(Timing::AnyTime.check(|| true, "stuck").is_ok());
        assert!(Timing::WhenStuck.check(|| false, "stuck").is_ok());
        assert_eq!(
            Timing::WhenStuck.check(|| true, "stuck"),
            Err(Illegal::stock("stuck"))
        );
    }

    #[test]
    fn unknown_options_and_values_are_refused_with_the_choices() {
        let e = catalog(r#"readings: {"deal": "never"}"#).err().unwrap();
        assert!(e.message.contains("\"any-time\", \"when-stuck\""), "{e}");
        let e = catalog(r#"readings: {"redeal": "yes"}"#).err().unwrap();
        assert!(e.message.contains("readings are: deal"), "{e}");
    }
}
