//! Grades where instructors keep them: a report as Gradescope's `results.json`, and a class's
//! gradebook as import files for Canvas and Moodle, a row per student and a column per
//! assignment (each reference game graded), keyed by the roster's `login` and `sis_id`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::{Value, json};

use crate::class::gradebook::GradebookRow;
use crate::class::roster::Roster;
use crate::class::run::ClassOptions;
use crate::csv::csv_field;
use crate::intake::submission::{NO_REFERENCE, Submission};
use crate::judge::points;
use crate::judge::report::{Part, Report, without_findings};

/// A report as Gradescope's `results.json`: a test per part, each with its score, its maximum
/// and its findings as output. A part with checks on the instructor's hidden data (a hidden
/// [`crate::judge::report::Share`], findings marked `hidden`) is two tests: the public checks
/// (`visible`: their points and findings only) and the hidden ones (`after_published`: shown
/// once the grades are published). Then no top-level score is given (Gradescope adds up the
/// tests, and shows no total while some are hidden) and the top-level output states none:
/// nothing visible tells a hidden outcome.
pub fn gradescope(report: &Report) -> Value {
    let mut tests = Vec::new();
    for (n, part) in report.parts.iter().enumerate() {
        let number = format!("{}", n + 1);
        let (public, secret): (Vec<_>, Vec<_>) = part.findings.iter().partition(|f| !f.hidden);
        if part.hidden.is_none() && secret.is_empty() {
            tests.push(test(
                part.title,
                &number,
                part.points,
                part.max,
                &findings_text(part, &public, part.points, part.max),
                "visible",
            ));
            continue;
        }
        let (points, max) = part.hidden.map_or((0.0, 0.0), |h| (h.points, h.max));
        let (public_points, public_max) = part.public_points();
        // Named as without hidden checks: the visible test is the same either way.
        tests.push(test(
            part.title,
            &format!("{number}.1"),
            public_points,
            public_max,
            &findings_text(part, &public, public_points, public_max),
            "visible",
        ));
        tests.push(test(
            &format!("{} (the instructor's hidden checks)", part.title),
            &format!("{number}.2"),
            points,
            max,
            &findings_text(part, &secret, points, max),
            "after_published",
        ));
    }
    let hidden = tests.iter().any(|t| t["visibility"] == "after_published");
    let against = if report.reference.is_empty() {
        "without a reference".to_string()
    } else {
        format!("against `{}`", report.reference)
    };
    let mut output = if hidden {
        format!(
            "`{}` graded {against}. The instructor's hidden checks are shown, with the total, \
             once the grades are published.",
            report.candidate
        )
    } else {
        format!(
            "`{}` graded {against}: {} / {}.",
            report.candidate, report.total, report.max
        )
    };
    for note in &report.notes {
        output.push('\n');
        output.push_str(note);
    }
    let mut results = json!({
        "output": output,
        "output_format": "text",
        "test_output_format": "text",
        "test_name_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": tests,
    });
    if !hidden {
        results["score"] = json!(report.total);
    }
    results
}

/// The `results.json` of a submission that could not be graded: 0, and why.
pub fn gradescope_failure(row: &GradebookRow) -> Value {
    json!({
        "score": 0.0,
        "output": format!("Your submission could not be graded, so every part scores 0: {}", row.error),
        "output_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": [],
    })
}

fn test(name: &str, number: &str, score: f64, max: f64, output: &str, visibility: &str) -> Value {
    json!({
        "name": name,
        "number": number,
        "score": crate::judge::report::round1(score),
        "max_score": crate::judge::report::round1(max),
        "output": output,
        "output_format": "text",
        "name_format": "text",
        "visibility": visibility,
    })
}

/// What a test's output says: how it was scored and what failed (that nothing did only when
/// the test lost no point of its `max`).
fn findings_text(
    part: &Part,
    findings: &[&crate::judge::report::Finding],
    points: f64,
    max: f64,
) -> String {
    let mut out = part.scoring.clone();
    if findings.is_empty() {
        out.push_str("\n\n");
        out.push_str(without_findings(points, max));
    }
    for f in findings {
        out.push_str(&format!("\n\n{}", f.title));
        if !f.detail.is_empty() {
            out.push_str(&format!("\n{}", f.detail.trim_end()));
        }
        if !f.reproduce.is_empty() {
            out.push_str("\nReproduce:\n");
            out.push_str(&f.reproduce.join("\n"));
        }
    }
    out
}

/// How a learning platform knows a student: the roster's `login` and `sis_id`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Identity {
    /// The student's login (Canvas's SIS Login ID, Moodle's username).
    pub login: Option<String>,
    /// The student's id in the school's information system (Canvas's SIS User ID, Moodle's
    /// ID number).
    pub sis_id: Option<String>,
    /// The student's name, where the gradebook's `student` is a username (Canvas's
    /// `Student`, Moodle's `Full name`; the gradebook's `student` without it).
    pub name: Option<String>,
}

/// The class as a table: students in the gradebook's order, an assignment column per
/// reference game in the order first graded, each cell the student's total for it.
struct Table<'a> {
    assignments: Vec<&'a str>,
    students: Vec<(&'a str, BTreeMap<&'a str, &'a str>)>,
}

impl<'a> Table<'a> {
    fn of(rows: &'a [GradebookRow]) -> Table<'a> {
        let mut table = Table {
            assignments: Vec::new(),
            students: Vec::new(),
        };
        for row in rows {
            if !table.assignments.contains(&row.reference.as_str()) {
                table.assignments.push(&row.reference);
            }
            let at = match table.students.iter().position(|(s, _)| *s == row.student) {
                Some(at) => at,
                None => {
                    table.students.push((&row.student, BTreeMap::new()));
                    table.students.len() - 1
                }
            };
            table.students[at].1.insert(&row.reference, &row.total);
        }
        table
    }

    /// One student's totals in the order of the assignment columns (empty where none).
    fn totals<'b>(
        &'b self,
        of: &'b BTreeMap<&'a str, &'a str>,
    ) -> impl Iterator<Item = &'a str> + 'b {
        self.assignments
            .iter()
            .map(move |a| of.get(a).copied().unwrap_or(""))
    }
}

fn line(fields: &[&str]) -> String {
    let fields: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
    format!("{}\n", fields.join(","))
}

/// The most an assignment gives, by its gradebook `reference` (a reference game's id, or
/// `variant`): each report's `max`.
pub type Possible<'a> = &'a dyn Fn(&str) -> f64;

/// The gradebook as a Canvas gradebook import (CSV): `Student` (the name, where the roster
/// gives one besides a username), `ID` (left empty: Canvas's own), `SIS User ID`, `SIS Login
/// ID`, `Section`, then a column per assignment; a `Points Possible` row first, each
/// assignment's maximum as `possible` gives it. Canvas matches each row by its SIS User ID or
/// SIS Login ID.
pub fn canvas_csv(
    rows: &[GradebookRow],
    ids: &BTreeMap<String, Identity>,
    possible: Possible<'_>,
) -> String {
    let table = Table::of(rows);
    let mut header = vec!["Student", "ID", "SIS User ID", "SIS Login ID", "Section"];
    header.extend(table.assignments.iter().copied());
    let mut out = line(&header);
    let maxima: Vec<String> = table
        .assignments
        .iter()
        .map(|a| possible(a).to_string())
        .collect();
    let mut first = vec!["Points Possible", "", "", "", ""];
    first.extend(maxima.iter().map(String::as_str));
    out.push_str(&line(&first));
    for (student, totals) in &table.students {
        let id = ids.get(*student).cloned().unwrap_or_default();
        let name = id.name.unwrap_or_else(|| student.to_string());
        let (sis, login) = (id.sis_id.unwrap_or_default(), id.login.unwrap_or_default());
        let mut fields = vec![name.as_str(), "", sis.as_str(), login.as_str(), ""];
        fields.extend(table.totals(totals));
        out.push_str(&line(&fields));
    }
    out
}

/// The gradebook as a Moodle grade import (CSV): `Username`, `ID number`, `Full name` (the
/// name, where the roster gives one besides a username), then a column per assignment. On
/// import, map `Username` or `ID number` to the user field of the same name, and each
/// assignment column to its grade item, whose maximum grade should be the assignment's maximum
/// (the reports' `max`): Moodle's import carries none, a grade item it creates has 100, and a
/// grade above an item's maximum goes in only where the site allows grades above 100%.
pub fn moodle_csv(rows: &[GradebookRow], ids: &BTreeMap<String, Identity>) -> String {
    let table = Table::of(rows);
    let mut header = vec!["Username", "ID number", "Full name"];
    header.extend(table.assignments.iter().copied());
    let mut out = line(&header);
    for (student, totals) in &table.students {
        let id = ids.get(*student).cloned().unwrap_or_default();
        let name = id.name.unwrap_or_else(|| student.to_string());
        let (login, sis) = (id.login.unwrap_or_default(), id.sis_id.unwrap_or_default());
        let mut fields = vec![login.as_str(), sis.as_str(), name.as_str()];
        fields.extend(table.totals(totals));
        out.push_str(&line(&fields));
    }
    out
}

/// Write the Canvas and Moodle imports of a class run's gradebook, if its options ask for
/// them: each student known by the roster's ids, each assignment's maximum the grade's as the
/// course weighs it.
///
/// # Errors
/// A file that cannot be written, and why.
pub(crate) fn write(
    options: &ClassOptions,
    roster: &Roster,
    submissions: &[Submission],
    rows: &[GradebookRow],
) -> Result<(), (PathBuf, String)> {
    let mut ids = BTreeMap::new();
    for name in roster.students.keys() {
        ids.insert(name.clone(), Identity::default());
    }
    for sub in submissions {
        let id = Identity {
            login: sub.login.clone(),
            sis_id: sub.sis_id.clone(),
            name: sub.name.clone(),
        };
        ids.insert(sub.student.clone(), id);
    }
    let possible = |assignment: &str| points::maximum(&options.grade, assignment != NO_REFERENCE);
    let put = |file: &PathBuf, text: String| {
        solitaire_files::write_atomic(file, text.as_bytes())
            .map_err(|e| (file.clone(), e.to_string()))
    };
    if let Some(file) = &options.canvas {
        put(file, canvas_csv(rows, &ids, &possible))?;
    }
    if let Some(file) = &options.moodle {
        put(file, moodle_csv(rows, &ids))?;
    }
    Ok(())
}
