//! The scenarios a grade runs ([`Suite`]): the public ones and the instructor's hidden ones
//! that hold under the readings played ([`Played`]), each with the number and the file a report
//! cites it by, and those left out, counted and named.

use solitaire_conformance::{Scenario, ScenarioFile};

use crate::Options;
use crate::judge::holds::{Holds, Played};

/// Whose public scenarios a grade runs, which decides how a report cites them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Whose {
    /// The reference's conformance file (a grade against the reference).
    Reference,
    /// The assignment's public scenarios as a starter has them, `tests/public/<id>.ron` (a
    /// self-check).
    Assignment,
    /// The candidate's own file (a variant graded alone).
    Own,
}

/// The scenarios a grade runs.
pub(crate) struct Suite {
    /// The readings played.
    pub played: Played,
    /// Where the public scenarios come from, as the report names them.
    pub source: String,
    /// The scenarios that hold under the readings played.
    pub entries: Vec<Entry>,
    /// How many public scenarios were left out, written for other readings.
    pub other: usize,
    /// The public scenarios left out for naming an option whose value the grade does not know:
    /// their names and the option.
    pub unknown: Vec<(String, String)>,
}

pub(crate) struct Entry {
    pub scenario: Scenario,
    /// One of the instructor's hidden scenarios.
    pub hidden: bool,
    /// Its number as the report cites it, from 1.
    pub number: usize,
}

impl Suite {
    /// The scenarios of `public` (`whose` they are) and `hidden` that hold under `played`.
    pub fn new(
        played: Played,
        public: ScenarioFile,
        whose: Whose,
        hidden: Vec<Scenario>,
        options: &Options,
    ) -> Suite {
        let source = source(&public.game, whose, options);
        // In a starter, the reference's scenarios are numbered as `tests/public` holds them:
        // only those that hold for the reference as the course configures it.
        let among_held = whose == Whose::Reference && !options.checkout.has_reference();
        let mut suite = Suite {
            played,
            source,
            entries: Vec::new(),
            other: 0,
            unknown: Vec::new(),
        };
        let public = public.scenarios.into_iter().map(|s| (s, false));
        let hidden = hidden.into_iter().map(|s| (s, true));
        let (mut public_n, mut held_n, mut hidden_n) = (0, 0, 0);
        for (scenario, hidden) in public.chain(hidden) {
            let in_file = if hidden { &mut hidden_n } else { &mut public_n };
            *in_file += 1;
            let number = *in_file;
            match suite.played.holds(&scenario) {
                Holds::Runs => {
                    let number = if hidden || !among_held {
                        number
                    } else {
                        held_n += 1;
                        held_n
                    };
                    suite.entries.push(Entry {
                        scenario,
                        hidden,
                        number,
                    });
                }
                // Only the public ones are counted where a student sees it.
                _ if hidden => {}
                Holds::Other => suite.other += 1,
                Holds::Unknown(option) => suite.unknown.push((scenario.name, option)),
            }
        }
        suite
    }

    /// Every scenario run, public and hidden.
    pub fn scenarios(&self) -> Vec<&Scenario> {
        self.entries.iter().map(|e| &e.scenario).collect()
    }

    /// The public scenarios run, with their numbers.
    pub fn public(&self) -> Vec<(usize, &Scenario)> {
        self.entries
            .iter()
            .filter(|e| !e.hidden)
            .map(|e| (e.number, &e.scenario))
            .collect()
    }

    /// How many of the instructor's hidden scenarios run.
    pub fn hidden(&self) -> usize {
        self.entries.iter().filter(|e| e.hidden).count()
    }

    /// What the report says of the public scenarios left out, if any.
    pub fn left_out(&self) -> String {
        let mut out = String::new();
        if self.other > 0 {
            out.push_str(&format!(
                " {} scenarios written for other readings were not run.",
                self.other
            ));
        }
        if !self.unknown.is_empty() {
            let named: Vec<String> = self
                .unknown
                .iter()
                .map(|(name, option)| {
                    format!(
                        "\"{}\" (reading {option:?})",
                        crate::judge::inert::candidate_text(name)
                    )
                })
                .collect();
            out.push_str(&format!(
                " Left out, for naming a reading the course does not choose and the game does \
                 not declare: {}.",
                named.join(", ")
            ));
        }
        out
    }
}

/// How a report cites the public scenarios of game `id`, `whose` they are.
fn source(id: &str, whose: Whose, options: &Options) -> String {
    let starter = !options.checkout.has_reference();
    match (whose, starter) {
        (Whose::Assignment, _) | (Whose::Reference, true) => format!("tests/public/{id}.ron"),
        (Whose::Own, true) => format!("games/{id}/conformance/{id}.ron"),
        _ => collection_source(id, options),
    }
}

/// A file of the collection's checkout, relative to it; another game's (a variant graded
/// alone, whose scenarios are its own) by its id; a file of another directory by its path.
fn collection_source(id: &str, options: &Options) -> String {
    let built_in = solitaire_conformance::conformance_dir();
    if options.conformance_dir != built_in {
        return solitaire_conformance::scenario_path(&options.conformance_dir, id)
            .display()
            .to_string();
    }
    let path = solitaire_conformance::scenario_path(&built_in, id);
    let checkout = built_in.parent().unwrap_or(&built_in);
    match path.strip_prefix(checkout) {
        Ok(rel) if path.exists() => rel.display().to_string(),
        _ => format!("{id}.ron"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::commands::Checkout;

    #[test]
    fn in_a_starter_the_references_scenarios_are_numbered_among_those_that_hold() {
        let Some(rosamund) = crate::testing::registered("rosamund") else {
            return;
        };
        // Discarding unplayable cards only: the scenario for the other reading comes before
        // those for this one.
        let chosen = [("discard".to_string(), "unplayable-only".to_string())];
        let rosamund = rosamund
            .with_readings(&chosen.into_iter().collect())
            .unwrap_or_else(|e| panic!("{e}"));
        let file =
            solitaire_conformance::load(&solitaire_conformance::conformance_dir(), "rosamund")
                .unwrap_or_else(|e| panic!("{e}"))
                .unwrap_or_else(|| panic!("no file"));
        let all = file.scenarios.len();
        let collection = Suite::new(
            Played::by(&rosamund),
            file.clone(),
            Whose::Reference,
            Vec::new(),
            &Options::default(),
        );
        assert_eq!(collection.source, "games/rosamund/conformance/rosamund.ron");
        let numbers: Vec<usize> = collection.public().iter().map(|(n, _)| *n).collect();
        assert_eq!(numbers.len() + collection.other, all);
        assert!(
            collection.other > 0,
            "rosamund has scenarios for other readings"
        );
        assert!(numbers.windows(2).any(|w| w[1] > w[0] + 1), "{numbers:?}");
        let starter = Options {
            checkout: Checkout::Starter {
                course: "course.ron".into(),
            },
            ..Options::default()
        };
        let class = Suite::new(
            Played::by(&rosamund),
            file,
            Whose::Reference,
            Vec::new(),
            &starter,
        );
        assert_eq!(class.source, "tests/public/rosamund.ron");
        let numbers: Vec<usize> = class.public().iter().map(|(n, _)| *n).collect();
        assert_eq!(numbers, (1..=numbers.len()).collect::<Vec<_>>());
    }
}
