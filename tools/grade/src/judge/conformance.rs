//! Part 2: the reference game's conformance scenarios, and the instructor's hidden ones, run
//! against the candidate: those that hold for the reference as configured (its readings).
//! A hidden scenario is reported by its name (the rule sentence it covers) only.

use solitaire_conformance::{Scenario, ScenarioFile, Start, run_scenario};
use solitaire_core::Game;

use crate::Options;
use crate::judge::commands::{Origin, sol, write_file};
use crate::judge::context::{Context, Secrecy, cap};
use crate::judge::report::{Finding, Part, Share, round1};

const POINTS: f64 = 35.0;

/// The scenarios a grade runs.
pub(crate) struct Suite {
    /// Where the public scenarios come from, as the report names it.
    source: String,
    /// The scenarios that hold for the reference as configured.
    entries: Vec<Entry>,
    /// How many scenarios were left out: written for other readings.
    skipped: usize,
}

struct Entry {
    scenario: Scenario,
    /// One of the instructor's hidden scenarios.
    hidden: bool,
    /// Its number in its file, from 1.
    number: usize,
}

impl Suite {
    pub fn new(
        reference: &Game,
        public: ScenarioFile,
        hidden: Vec<Scenario>,
        options: &Options,
    ) -> Suite {
        let built_in = solitaire_conformance::conformance_dir();
        let source = if options.conformance_dir == built_in {
            // A game of the collection's is named by its file; another (a variant graded
            // alone, whose scenarios are its own) by its id.
            let path = solitaire_conformance::scenario_path(&built_in, &public.game);
            let checkout = built_in.parent().unwrap_or(&built_in);
            match path.strip_prefix(checkout) {
                Ok(rel) if path.exists() => rel.display().to_string(),
                _ => format!("{}.ron", public.game),
            }
        } else if options.conformance_dir == solitaire_conformance::public_dir() {
            format!("tests/public/{}.ron", public.game)
        } else {
            solitaire_conformance::scenario_path(&options.conformance_dir, &public.game)
                .display()
                .to_string()
        };
        let all = public
            .scenarios
            .into_iter()
            .enumerate()
            .map(|(i, s)| (s, false, i + 1))
            .chain(
                hidden
                    .into_iter()
                    .enumerate()
                    .map(|(i, s)| (s, true, i + 1)),
            );
        let mut entries = Vec::new();
        let mut skipped = 0;
        for (scenario, hidden, number) in all {
            if scenario.holds_for(reference) {
                entries.push(Entry {
                    scenario,
                    hidden,
                    number,
                });
            } else {
                skipped += 1;
            }
        }
        Suite {
            source,
            entries,
            skipped,
        }
    }

    /// Every scenario run, public and hidden.
    pub fn scenarios(&self) -> Vec<&Scenario> {
        self.entries.iter().map(|e| &e.scenario).collect()
    }

    /// How many of the instructor's hidden scenarios run.
    pub fn hidden(&self) -> usize {
        self.entries.iter().filter(|e| e.hidden).count()
    }
}

/// The commands that replay a public scenario's `moves` on the candidate: its start
/// position is written first in the candidate's text form (its game id); a note replaces the
/// command when the candidate cannot read it (another deck).
fn reproduce(candidate: &Game, scenario: &Scenario, moves: &[String]) -> Vec<String> {
    match &scenario.start {
        Start::Seed(seed) => vec![sol(
            "play",
            candidate.id(),
            &Origin::Seed(*seed),
            None,
            moves,
        )],
        Start::Position(text) => {
            let text = start_text(candidate, text);
            // The engine reads it with the candidate's layout: no candidate code runs here.
            let play = match solitaire_core::text::parse_position(candidate.layout(), &text) {
                Ok(_) => sol(
                    "play",
                    candidate.id(),
                    &Origin::File("start.txt"),
                    None,
                    moves,
                ),
                Err(e) => format!("# the candidate cannot read start.txt: {e}"),
            };
            vec![write_file("start.txt", &text), play]
        }
    }
}

/// A scenario's start position as the candidate reads it: without the indentation it has in
/// the RON file, with the candidate's own `game:` line, and without the piles the candidate
/// lacks (a comment names them).
pub(crate) fn start_text(candidate: &Game, text: &str) -> String {
    const HEADERS: [&str; 5] = ["phase", "redeals", "marks", "status", "score"];
    let mut out = format!("game: {}\n", candidate.id());
    let mut left_out = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let key = line
            .split(':')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        if key == "game" {
            continue;
        }
        if HEADERS.contains(&key.as_str())
            || key.starts_with('#')
            || candidate.layout().pile_index(&key).is_some()
        {
            out.push_str(line);
            out.push('\n');
        } else {
            left_out.push(line);
        }
    }
    if !left_out.is_empty() {
        out.push_str(&format!(
            "# left out, the candidate has no such piles: {}\n",
            left_out.join("; ")
        ));
    }
    out
}

/// What one run of scenarios found.
#[derive(Default)]
pub(crate) struct Outcome {
    passed: usize,
    findings: Vec<Finding>,
}

/// Run the public scenarios (`hidden` false) or the instructor's hidden ones against the
/// candidate. A hidden scenario's finding names its rule only: no position, no move, and
/// nothing the candidate wrote (its panic message or refusal reason).
pub(crate) fn run(cx: &mut Context, suite: &Suite, hidden: bool) -> Outcome {
    let mut out = Outcome::default();
    let cand = cx.candidate.clone();
    for entry in suite.entries.iter().filter(|e| e.hidden == hidden) {
        let (scenario, n) = (&entry.scenario, entry.number);
        let game = cand.clone();
        let owned = scenario.clone();
        // A variant's scenarios are the student's own: their names are a candidate's text.
        let name = super::inert::candidate_text(&scenario.name);
        let (what, title) = if hidden {
            let title = format!("Hidden scenario: {name}");
            (format!("hidden scenario {name:?}"), title)
        } else {
            let title = format!("Scenario {n}: {name} ({})", suite.source);
            (format!("scenario {n} {name:?}"), title)
        };
        let start = if hidden {
            Vec::new()
        } else {
            reproduce(&cand, scenario, &[])
        };
        let secrecy = if hidden {
            Secrecy::Secret
        } else {
            Secrecy::Public
        };
        let outcome = cx.guard_in(secrecy, &what, &start, move || run_scenario(&game, &owned));
        let finding = match outcome {
            Ok(Ok(())) => {
                out.passed += 1;
                continue;
            }
            Err(_) if hidden => Finding {
                title,
                detail: "The candidate failed on the instructor's scenario on this rule (see \
                         Robustness)."
                    .into(),
                reproduce: Vec::new(),
                hidden: true,
            },
            Ok(Err(_)) if hidden => Finding {
                title,
                detail: "The instructor's scenario on this rule failed.".into(),
                reproduce: Vec::new(),
                hidden: true,
            },
            Ok(Err(f)) => Finding {
                title,
                detail: format!(
                    "step {}: expected {}\nfound: {}\nafter the moves: {}\nposition:\n{}",
                    f.step,
                    f.expected,
                    f.found,
                    if f.moves.is_empty() {
                        "(none)".to_string()
                    } else {
                        f.moves.join(" ")
                    },
                    f.position
                ),
                reproduce: reproduce(&cand, scenario, &f.moves),
                hidden: false,
            },
            Err(message) => Finding {
                title,
                detail: message,
                reproduce: start,
                hidden: false,
            },
        };
        cx.failed.insert(scenario.name.clone());
        out.findings.push(finding);
    }
    out
}

/// The conformance part from the runs of the public and the hidden scenarios.
pub(crate) fn part(suite: &Suite, public: Outcome, hidden: Outcome) -> Part {
    let passed = public.passed + hidden.passed;
    let hidden_checks = suite.hidden();
    let hidden_share = (hidden_checks > 0).then(|| {
        let total = suite.entries.len() as f64;
        Share {
            points: round1(POINTS * hidden.passed as f64 / total),
            max: round1(POINTS * hidden_checks as f64 / total),
            checks: hidden_checks,
            passed: hidden.passed,
        }
    });
    // Capped apart: a count of findings left out must not tell of hidden ones.
    let mut findings = cap(public.findings, 10, "scenarios that failed");
    findings.extend(cap(hidden.findings, 10, "hidden scenarios that failed"));
    let total = suite.entries.len();
    let points = if total == 0 {
        0.0
    } else {
        POINTS * passed as f64 / total as f64
    };
    let skipped = match suite.skipped {
        0 => String::new(),
        n => format!(" {n} scenarios written for other readings were not run."),
    };
    Part {
        id: "conformance",
        title: "2. Conformance scenarios",
        points: round1(points),
        max: POINTS,
        checks: total,
        passed,
        findings,
        scoring: format!(
            "{POINTS} points shared among the {total} scenarios that hold for the reference as \
             configured: those of {} and {} hidden scenarios of the instructor's. Each names \
             the rule sentence it checks; a hidden one is shown by its name only.{skipped}",
            suite.source,
            suite.hidden()
        ),
        hidden: hidden_share,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_position_takes_the_candidate_game_id() {
        let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
        let game = catalog.get("bristol").unwrap_or_else(|| panic!("bristol"));
        let text = start_text(&game, "\n    game: other\n    t1: KS TH\n    stock: 5C |\n");
        assert_eq!(text, "game: bristol\nt1: KS TH\nstock: 5C |\n");
        assert!(game.parse_position(&text).is_ok());
        let text = start_text(&game, "redeals: 0\nt1: KS\nx9: TH\n");
        assert_eq!(
            text,
            "game: bristol\nredeals: 0\nt1: KS\n# left out, the candidate has no such piles: x9: TH\n"
        );
        assert!(game.parse_position(&text).is_ok());
    }
}
