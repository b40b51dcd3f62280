//! Writing a scenario file in the format [`crate::scenario`] reads: one scenario a block, one
//! step a line, a position start as a raw string holding its text unchanged. Reading what is
//! written gives the same file back.
//!
//! ```
//! use solitaire_conformance::{Scenario, ScenarioFile, Start, Step};
//! let file = ScenarioFile {
//!     game: "bristol".into(),
//!     scenarios: vec![Scenario {
//!         name: "9S packs on TH".into(),
//!         readings: Default::default(),
//!         start: Start::Position("t1: TH\nt2: 9S".into()),
//!         steps: vec![Step::Play("t2>t1".into())],
//!     }],
//! };
//! let text = file.to_ron(&["The public scenarios."]);
//! assert!(text.starts_with("// The public scenarios.\n(game: \"bristol\""));
//! assert_eq!(ScenarioFile::parse("bristol.ron", &text).unwrap(), file);
//! ```

use std::fmt::Write as _;

use crate::scenario::{Scenario, ScenarioFile, Start};

impl ScenarioFile {
    /// The file as RON text, after `comment`'s lines as `//` comments.
    pub fn to_ron(&self, comment: &[&str]) -> String {
        let mut out = String::new();
        for line in comment {
            let _ = writeln!(out, "// {line}");
        }
        let _ = writeln!(out, "(game: {:?}, scenarios: [", self.game);
        for scenario in &self.scenarios {
            write_scenario(&mut out, scenario);
        }
        out.push_str("])\n");
        out
    }
}

fn write_scenario(out: &mut String, scenario: &Scenario) {
    let _ = writeln!(out, "    (\n        name: {:?},", scenario.name);
    if !scenario.readings.is_empty() {
        let pairs: Vec<String> = scenario
            .readings
            .iter()
            .map(|(name, value)| format!("{name:?}: {value:?}"))
            .collect();
        let _ = writeln!(out, "        readings: {{{}}},", pairs.join(", "));
    }
    let start = match &scenario.start {
        Start::Seed(seed) => format!("Seed({seed})"),
        Start::Position(text) => format!("Position({})", raw_string(text)),
    };
    let _ = writeln!(out, "        start: {start},\n        steps: [");
    for step in &scenario.steps {
        let _ = writeln!(out, "            {},", step.describe());
    }
    out.push_str("        ],\n    ),\n");
}

/// `text` as a RON raw string, with as many `#` as it needs.
fn raw_string(text: &str) -> String {
    let hashes = (0..)
        .map(|n| "#".repeat(n))
        .find(|h| !text.contains(&format!("\"{h}")))
        .unwrap_or_default();
    format!("r{hashes}\"{text}\"{hashes}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_games_scenario_file_reads_back_as_written() {
        // The collection's files; in a course's starter, the examples' and the public ones.
        let mut files =
            crate::load_dir(&crate::conformance_dir()).unwrap_or_else(|e| panic!("{e}"));
        if crate::public_dir().is_dir() {
            files.extend(crate::load_dir(&crate::public_dir()).unwrap_or_else(|e| panic!("{e}")));
        }
        for file in files {
            let text = file.to_ron(&["a comment"]);
            let back = ScenarioFile::parse("back.ron", &text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(back, file, "{}", file.game);
        }
    }

    #[test]
    fn a_position_with_quotes_gets_enough_hashes() {
        assert_eq!(raw_string("t1: 9S"), "r\"t1: 9S\"");
        assert_eq!(raw_string("say \"hi\""), "r#\"say \"hi\"\"#");
        assert_eq!(raw_string("\"#"), "r##\"\"#\"##");
    }
}
