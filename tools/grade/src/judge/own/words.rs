//! What the own scenarios' part says: how it was scored, the rules reached and missed, and why
//! none ran.

use super::{Coverage, MAX_NEW_RULES, MAX_SCENARIOS, On};
use crate::judge::report::{Finding, capitalized};

/// What the scoring text counts.
pub(super) struct Counts<'a> {
    pub points: u32,
    pub agreed: &'a [usize],
    pub left_out: usize,
}

/// The finding of a part that ran no scenario of the student's.
pub(super) fn none_ran(has_file: bool, written: usize) -> Finding {
    let title = if !has_file {
        "You have no scenarios of your own (games/<your game>/conformance/<your game>.ron)"
            .to_string()
    } else if written == 0 {
        "Your scenario file has no scenarios".to_string()
    } else {
        format!("None of your {written} scenarios ran: each is written for other readings")
    };
    Finding {
        title,
        ..Finding::default()
    }
}

/// The finding that lists the rules of the bar no scenario of the student's reached.
pub(super) fn missed(coverage: &Coverage) -> Option<Finding> {
    let missed: Vec<String> = coverage
        .bar
        .difference(&coverage.covered)
        .map(|r| format!("- {}", r.describe()))
        .collect();
    (!missed.is_empty()).then(|| Finding {
        title: format!(
            "{} of the {} rules the public scenarios reach, your scenarios do not",
            missed.len(),
            coverage.bar.len()
        ),
        detail: missed.join("\n"),
        ..Finding::default()
    })
}

/// How the part was scored, in words: `judge` is the game the scenarios ran on.
pub(super) fn scoring(
    has_file: bool,
    counts: &Counts<'_>,
    coverage: &Coverage,
    judge: &str,
    on: On,
) -> String {
    let points = counts.points;
    if !has_file {
        return format!(
            "{points} points for your own scenarios (games/<your game>/conformance/<your game>.ron): \
             there are none."
        );
    }
    let list = |v: &[usize]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    let in_bar = coverage.covered.intersection(&coverage.bar).count();
    let reached: Vec<String> = coverage
        .covered
        .iter()
        .map(|r| {
            let mark = if coverage.bar.contains(r) {
                ""
            } else {
                " (not reached by a public scenario)"
            };
            format!("- {}{mark}", r.describe())
        })
        .collect();
    let left = match counts.left_out {
        0 => String::new(),
        n => format!(
            " {n} scenarios were not run: written for other readings, or beyond the first \
             {MAX_SCENARIOS}."
        ),
    };
    let runs_on = match on {
        On::Reference => "Your scenarios run against the reference as the course configures it.",
        On::OwnGame => {
            "The reference is not in your checkout, so your scenarios run here on your own game, \
             under the course's readings, and the rules are what your game says: the \
             instructor's grade runs them, and the public scenarios that make the bar, on the \
             reference, where a scenario your game passes may disagree and the rules reached may \
             differ."
        }
    };
    format!(
        "{runs_on} {} agrees with: {}. A rule is what {judge} says when a scenario's moves are \
         played on it: the reason it refuses a move (Illegal steps), or what a move it accepts \
         does (Play and Legal steps); a scenario's name counts for nothing, and each scenario \
         covers at most {MAX_NEW_RULES} rules no scenario before it covered. Your scenarios reach \
         {}, {in_bar} of the {} the public scenarios reach. {points} points x agreed / run x \
         min(1, rules / {}); a copy of a public scenario covers nothing.{left}\n\nThe rules \
         your scenarios reach:\n\n{}",
        capitalized(judge),
        list(counts.agreed),
        match coverage.covered.len() {
            1 => "1 rule".to_string(),
            n => format!("{n} rules"),
        },
        coverage.bar.len(),
        coverage.bar.len().max(1),
        if reached.is_empty() {
            "- none".to_string()
        } else {
            reached.join("\n")
        },
    )
}
