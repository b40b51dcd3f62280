//! The student's own scenarios (`games/<id>/conformance/<id>.ron` of the submission), run against
//! the reference as the course configures it: which of them the reference agrees with, which
//! rule sentences they quote, and, where the course gives the part points
//! (`student_scenarios: N`), how many of those points they earn.
//!
//! Points: `N x agreed / run x min(1, covered / bar)`. `run` counts the student's scenarios
//! that hold for the reference's readings; `agreed`, those the reference passes; `covered`,
//! the distinct rule sentences quoted (between quotes, in a scenario's name, as the public
//! scenarios do) by agreed scenarios that are not copies of a public one; `bar`, the distinct
//! sentences the public scenarios quote. A scenario the reference disagrees with costs its
//! share, so a wrong test is worth less than none.

use std::collections::BTreeSet;
use std::sync::Arc;

use solitaire_conformance::{Scenario, ScenarioFile, Start, run_scenario};
use solitaire_core::Game;

use crate::conformance::start_text;
use crate::context::cap;
use crate::report::{Finding, Part, round1};

/// The part's id in reports and the gradebook.
pub const ID: &str = "student-scenarios";
/// The most scenarios of a student's file that are run.
const MAX_SCENARIOS: usize = 200;
/// The most steps of one scenario that are run; a longer one counts as disagreed.
const MAX_STEPS: usize = 1000;
/// The shortest quote that counts as a rule sentence.
const MIN_QUOTE: usize = 8;

/// What the reference said of one student scenario.
enum Verdict {
    Agreed,
    /// A public scenario's start and steps, under another name.
    Copy(usize),
    Disagreed(String),
}

/// The student's scenario file as the judge read it: `None` when the submission has none.
pub type Own = Option<Result<ScenarioFile, String>>;

/// The part for the student's own scenarios: `own` as read from the submission, `public` the
/// reference's public scenarios, `points` the course's.
pub(crate) fn part(reference: &Arc<Game>, own: &Own, public: &[Scenario], points: u32) -> Part {
    let unread = match own {
        Some(Err(e)) => Some(Finding {
            title: "Your scenario file does not read".into(),
            detail: crate::capped(e, crate::MAX_CANDIDATE_TEXT),
            reproduce: Vec::new(),
            hidden: false,
        }),
        _ => None,
    };
    let own = own.as_ref().and_then(|r| r.as_ref().ok());
    let scenarios: Vec<&Scenario> = own
        .map(|f| f.scenarios.iter().collect())
        .unwrap_or_default();
    let run: Vec<(usize, &Scenario)> = scenarios
        .iter()
        .enumerate()
        .filter(|(_, s)| s.holds_for(reference))
        .take(MAX_SCENARIOS)
        .map(|(i, s)| (i + 1, *s))
        .collect();
    let public: Vec<&Scenario> = public.iter().filter(|s| s.holds_for(reference)).collect();
    let bar: BTreeSet<String> = public.iter().flat_map(|s| quotes(&s.name)).collect();
    let rules = normal(&reference.layout().rules_text);
    let mut agreed = Vec::new();
    let mut covered = BTreeSet::new();
    let mut findings: Vec<Finding> = unread.into_iter().collect();
    for (number, scenario) in &run {
        match verdict(reference, scenario, &public) {
            Verdict::Agreed => {
                agreed.push(*number);
                for quote in quotes(&scenario.name) {
                    if is_rule(&quote, &bar, &rules) {
                        covered.insert(quote);
                    } else {
                        findings.push(unknown_quote(*number, scenario, &quote));
                    }
                }
            }
            Verdict::Copy(of) => {
                agreed.push(*number);
                findings.push(Finding {
                    title: format!("Your scenario {number}: {}", scenario.name),
                    detail: format!(
                        "The same start and steps as public scenario {of}: it covers no rule \
                         of its own."
                    ),
                    reproduce: Vec::new(),
                    hidden: false,
                });
            }
            Verdict::Disagreed(detail) => findings.push(Finding {
                title: format!("Your scenario {number}: {}", scenario.name),
                detail: format!("The reference disagrees: {detail}"),
                reproduce: Vec::new(),
                hidden: false,
            }),
        }
    }
    let covered_bar = covered
        .iter()
        .filter(|q| bar.iter().any(|b| same_rule(q, b)))
        .count();
    let coverage = if bar.is_empty() {
        1.0
    } else {
        (covered.len() as f64 / bar.len() as f64).min(1.0)
    };
    let earned = if run.is_empty() {
        0.0
    } else {
        f64::from(points) * agreed.len() as f64 / run.len() as f64 * coverage
    };
    let left_out = scenarios.len() - run.len();
    Part {
        id: ID,
        title: "5. Your own scenarios",
        points: round1(earned),
        max: f64::from(points),
        checks: run.len(),
        passed: agreed.len(),
        findings: cap(findings, 10),
        scoring: scoring(
            own.is_some(),
            points,
            &agreed,
            &covered,
            covered_bar,
            &bar,
            left_out,
        ),
        hidden: None,
    }
}

/// Whether the reference passes `scenario`, and whether it is a public one renamed.
fn verdict(reference: &Arc<Game>, scenario: &Scenario, public: &[&Scenario]) -> Verdict {
    if scenario.steps.len() > MAX_STEPS {
        return Verdict::Disagreed(format!("it has more than {MAX_STEPS} steps"));
    }
    let mut scenario = scenario.clone();
    if let Start::Position(text) = &scenario.start {
        scenario.start = Start::Position(start_text(reference, text));
    }
    let game = reference.clone();
    let owned = scenario.clone();
    let limit = std::time::Duration::from_secs(10);
    match crate::guard::guarded(limit, move || run_scenario(&game, &owned)) {
        Ok(Ok(())) => match public
            .iter()
            .position(|p| same_start(&p.start, &scenario.start) && p.steps == scenario.steps)
        {
            Some(i) => Verdict::Copy(i + 1),
            None => Verdict::Agreed,
        },
        Ok(Err(f)) => Verdict::Disagreed(format!(
            "step {}: expected {}, found: {}",
            f.step,
            f.expected,
            crate::capped(&f.found, crate::MAX_CANDIDATE_TEXT)
        )),
        Err(fault) => Verdict::Disagreed(format!("running it on the reference: {fault}")),
    }
}

/// Two starts are the same deal, or the same position up to layout (spaces, blank lines).
fn same_start(a: &Start, b: &Start) -> bool {
    match (a, b) {
        (Start::Seed(x), Start::Seed(y)) => x == y,
        (Start::Position(x), Start::Position(y)) => {
            let lines = |t: &str| -> Vec<String> {
                t.lines()
                    .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                    .filter(|l| !l.is_empty() && !l.starts_with("game:"))
                    .collect()
            };
            lines(x) == lines(y)
        }
        _ => false,
    }
}

/// The texts a scenario's name quotes ('...', "..." or curly quotes), normalised.
fn quotes(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut open: Option<(char, usize)> = None;
    for (i, c) in name.char_indices() {
        match open {
            None if matches!(c, '\'' | '"' | '\u{2018}' | '\u{201c}') => {
                // An apostrophe inside a word opens nothing.
                let before = name[..i].chars().next_back();
                if !before.is_some_and(char::is_alphanumeric) {
                    open = Some((closing(c), i + c.len_utf8()));
                }
            }
            Some((close, start)) if c == close => {
                let after = name[i + c.len_utf8()..].chars().next();
                if !after.is_some_and(char::is_alphanumeric) {
                    let quote = normal(&name[start..i]);
                    if quote.len() >= MIN_QUOTE {
                        out.push(quote);
                    }
                    open = None;
                }
            }
            _ => {}
        }
    }
    out
}

fn closing(open: char) -> char {
    match open {
        '\u{2018}' => '\u{2019}',
        '\u{201c}' => '\u{201d}',
        c => c,
    }
}

/// Lower case, letters and digits only, single spaces.
fn normal(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                ' '
            }
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Two quotes name the same rule: one holds the other.
fn same_rule(a: &str, b: &str) -> bool {
    a.contains(b) || b.contains(a)
}

/// A quote is a rule sentence: a public scenario quotes it, or the rules text holds it.
fn is_rule(quote: &str, bar: &BTreeSet<String>, rules: &str) -> bool {
    bar.iter().any(|b| same_rule(quote, b)) || rules.contains(quote)
}

fn unknown_quote(number: usize, scenario: &Scenario, quote: &str) -> Finding {
    Finding {
        title: format!("Your scenario {number}: {}", scenario.name),
        detail: format!(
            "It quotes \"{}\", which is neither in the game's rules text nor quoted by a \
             public scenario: it counts as agreed, but covers no rule sentence.",
            crate::capped(quote, 200)
        ),
        reproduce: Vec::new(),
        hidden: false,
    }
}

fn scoring(
    has_file: bool,
    points: u32,
    agreed: &[usize],
    covered: &BTreeSet<String>,
    covered_bar: usize,
    bar: &BTreeSet<String>,
    left_out: usize,
) -> String {
    if !has_file {
        return format!(
            "{points} points for your own scenarios (games/<your game>/conformance/<your game>.ron): the \
             submission has none."
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
    let sentences: Vec<String> = covered
        .iter()
        .take(30)
        .map(|q| format!("\"{}\"", crate::capped(q, 120)))
        .collect();
    let left = match left_out {
        0 => String::new(),
        n => format!(
            " {n} scenarios were not run: written for other readings, or beyond the first \
             {MAX_SCENARIOS}."
        ),
    };
    format!(
        "Your scenarios run against the reference as the course configures it. The reference \
         agrees with: {}. They quote {} rule sentences ({} of the {} the public scenarios \
         quote): {}. {points} points x agreed / run x min(1, sentences / {}); a copy of a \
         public scenario covers nothing.{left}",
        list(agreed),
        covered.len(),
        covered_bar,
        bar.len(),
        if sentences.is_empty() {
            "none".to_string()
        } else {
            sentences.join("; ")
        },
        bar.len().max(1),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_the_texts_between_quotes_not_apostrophes() {
        assert_eq!(
            quotes("'Found the Aces as they become available': an Ace's place"),
            vec!["found the aces as they become available".to_string()]
        );
        assert_eq!(
            quotes("\u{2018}Pack down by one rank\u{2019} and \"never onto a waste\""),
            vec![
                "pack down by one rank".to_string(),
                "never onto a waste".to_string()
            ]
        );
        assert!(quotes("the King's place, 'short'").is_empty());
    }

    #[test]
    fn the_same_position_laid_out_differently_is_the_same_start() {
        let a = Start::Position("\n    game: x\n    t1: KS   TH\n".into());
        let b = Start::Position("t1: KS TH".into());
        assert!(same_start(&a, &b));
        assert!(!same_start(&a, &Start::Position("t1: KS".into())));
    }
}
