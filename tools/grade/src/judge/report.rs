//! The grade report: points per part, what failed and how to reproduce it, as JSON for the
//! gradebook or Markdown for the student.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use crate::judge::inert::{code_span, fenced, markdown_line};

/// The whole report for one candidate.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The candidate's game id.
    pub candidate: String,
    /// The reference game id.
    pub reference: String,
    /// The readings the reference was played with (option name -> value): the defaults, or
    /// a course's choices.
    pub readings: BTreeMap<String, String>,
    /// How many seeds the deal and differential parts used.
    pub seeds: u64,
    /// The total, out of [`Report::max`], rounded to one decimal.
    pub total: f64,
    /// The most the grade gives: the sum of its parts' points, as the course weighs them.
    pub max: f64,
    /// The parts, in order.
    pub parts: Vec<Part>,
    /// How the grade was made, where it matters (graded without a sandbox, what a self-check
    /// checked): the grader's own words, in Markdown, each quoted whole in the Markdown report.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// One graded part.
#[derive(Clone, Debug, Serialize)]
pub struct Part {
    /// `layout`, `conformance`, `differential` or `robustness`.
    pub id: &'static str,
    /// The part's title.
    pub title: &'static str,
    /// Points earned, rounded to one decimal.
    pub points: f64,
    /// Points available.
    pub max: f64,
    /// How many checks ran.
    pub checks: usize,
    /// How many passed.
    pub passed: usize,
    /// What failed, first failures first (at most a few per kind).
    pub findings: Vec<Finding>,
    /// How the points were counted.
    pub scoring: String,
    /// Of these points and checks, the share of the checks on the instructor's hidden data
    /// (hidden scenarios, and the faults found in them), published only with the grades;
    /// `None` when the part ran no such check. Its points may be negative with a max of 0:
    /// robustness loses there the points of a kind of fault found only in hidden checks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hidden: Option<Share>,
}

/// A share of a part's points and checks.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Share {
    /// Points earned.
    pub points: f64,
    /// Points available.
    pub max: f64,
    /// Checks run.
    pub checks: usize,
    /// Checks passed.
    pub passed: usize,
}

/// One failure, explained.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Finding {
    /// One line: what failed.
    pub title: String,
    /// Details: expected and found, positions in text form.
    pub detail: String,
    /// Shell commands that show it with the `sol` tool.
    pub reproduce: Vec<String>,
    /// Found by a check on the instructor's hidden data: it goes with the part's hidden
    /// [`Share`], shown to the student only once the grades are published.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

/// `text` with its first letter in upper case.
pub(crate) fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |c| {
        c.to_uppercase().chain(chars).collect::<String>()
    })
}

/// Give each part named in `weights` (part id -> points) that many points, its points earned
/// (and its hidden share) scaled alike.
pub(crate) fn weigh(parts: &mut [Part], weights: &std::collections::BTreeMap<String, u32>) {
    for part in parts {
        let Some(&weight) = weights.get(part.id) else {
            continue;
        };
        let (weight, max) = (f64::from(weight), part.max);
        let scale = |x: f64| {
            if max > 0.0 {
                round1(x / max * weight)
            } else {
                0.0
            }
        };
        part.points = scale(part.points);
        if let Some(h) = part.hidden.as_mut() {
            (h.points, h.max) = (scale(h.points), scale(h.max));
        }
        if part.max != weight {
            part.scoring.push_str(&format!(
                " The course gives this part {weight} points (of {}), scaled alike.",
                part.max
            ));
        }
        part.max = weight;
    }
}

/// What a part (or share) that lists no finding says: that nothing failed only when it lost
/// no point, so that a text never contradicts its score.
pub fn without_findings(points: f64, max: f64) -> &'static str {
    if points >= max {
        "Nothing failed."
    } else {
        "No check of these failed with a finding of its own, yet points were lost: see how the \
         part was scored above."
    }
}

impl Part {
    /// The points and maximum of the part's public checks: the part's without its hidden
    /// share.
    pub fn public_points(&self) -> (f64, f64) {
        match self.hidden {
            Some(h) => (round1(self.points - h.points), round1(self.max - h.max)),
            None => (self.points, self.max),
        }
    }
}

/// Round to one decimal; never -0 (the sum of no parts is -0.0, which prints as "-0").
pub(crate) fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0 + 0.0
}

impl Report {
    /// The points of part `id`, if there is such a part.
    pub fn part(&self, id: &str) -> Option<&Part> {
        self.parts.iter().find(|p| p.id == id)
    }

    /// The report as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The report in Markdown, for the student.
    pub fn to_markdown(&self) -> String {
        let mut out = String::new();
        let against = if self.reference.is_empty() {
            "without a reference".to_string()
        } else {
            format!("against {}", code_span(&self.reference))
        };
        let _ = writeln!(
            out,
            "# Grade: {} {against}\n\n**Total: {} / {}**\n",
            code_span(&self.candidate),
            self.total,
            self.max
        );
        for note in &self.notes {
            // A note of several lines is quoted whole.
            for line in note.lines() {
                let _ = writeln!(out, "> {line}");
            }
            out.push('\n');
        }
        if !self.readings.is_empty() {
            let chosen: Vec<String> = self
                .readings
                .iter()
                .map(|(name, value)| format!("{} = {}", code_span(name), code_span(value)))
                .collect();
            let _ = writeln!(
                out,
                "The {} was played with the readings {}.\n",
                if self.reference.is_empty() {
                    "game"
                } else {
                    "reference"
                },
                chosen.join(", ")
            );
        }
        out.push_str("| Part | Points | Checks passed |\n| --- | ---: | ---: |\n");
        for p in &self.parts {
            let _ = writeln!(
                out,
                "| {} | {} / {} | {} / {} |",
                p.title, p.points, p.max, p.passed, p.checks
            );
        }
        for p in &self.parts {
            let _ = writeln!(
                out,
                "\n## {} ({} / {})\n\n{}\n",
                p.title, p.points, p.max, p.scoring
            );
            if p.findings.iter().all(|f| f.hidden) {
                let (points, max) = p.public_points();
                let said = without_findings(points, max);
                match p.hidden {
                    // The points above include the hidden checks', listed below.
                    Some(_) if points >= max => {
                        out.push_str(
                            "Nothing failed in the public checks; the instructor's hidden \
                             checks are below.\n",
                        );
                    }
                    _ => {
                        let _ = writeln!(out, "{said}");
                    }
                }
            }
            for f in p.findings.iter().filter(|f| !f.hidden) {
                push_finding(&mut out, "###", f);
            }
        }
        push_hidden(&mut out, &self.parts);
        out
    }
}

/// The section of the checks on the instructor's hidden data, part by part: their points and
/// findings, for the instructor to show once the grades are published.
fn push_hidden(out: &mut String, parts: &[Part]) {
    let with_hidden: Vec<&Part> = parts
        .iter()
        .filter(|p| p.hidden.is_some() || p.findings.iter().any(|f| f.hidden))
        .collect();
    if with_hidden.is_empty() {
        return;
    }
    out.push_str(
        "\n## The instructor's hidden checks\n\nPublished with the grades: the points above \
         include them.\n",
    );
    for p in with_hidden {
        let share = p.hidden.unwrap_or(Share {
            points: 0.0,
            max: 0.0,
            checks: 0,
            passed: 0,
        });
        let _ = writeln!(
            out,
            "\n### {} ({} / {}, {} of {} checks passed)\n",
            p.title, share.points, share.max, share.passed, share.checks
        );
        let hidden: Vec<&Finding> = p.findings.iter().filter(|f| f.hidden).collect();
        if hidden.is_empty() {
            let _ = writeln!(out, "{}", without_findings(share.points, share.max));
        }
        for f in hidden {
            push_finding(out, "####", f);
        }
    }
}

/// One finding in Markdown, under a heading of `level`.
fn push_finding(out: &mut String, level: &str, f: &Finding) {
    let _ = writeln!(out, "{level} {}\n", markdown_line(&f.title));
    if !f.detail.is_empty() {
        let _ = writeln!(out, "{}", fenced(&f.detail, "text"));
    }
    if !f.reproduce.is_empty() {
        let _ = writeln!(
            out,
            "Reproduce:\n\n{}",
            fenced(&f.reproduce.join("\n"), "sh")
        );
    }
}
