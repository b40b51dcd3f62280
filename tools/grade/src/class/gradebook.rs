//! The gradebook (CSV, one row per student and game, written again, atomically, after each
//! student, so it always holds every student finished so far) and the students' reports
//! (Markdown, what each student sees, and the same report as JSON).

use std::path::Path;

use solitaire_files::{MAX_INPUT_BYTES, read_text_capped, write_atomic};

use crate::Report;
use crate::csv::{csv_field, from_csv_field, records};

/// The gradebook's columns, in order: the first nine are the original ones, and columns are
/// only ever added at the end.
pub const COLUMNS: [&str; 13] = [
    "student",
    "game",
    "reference",
    "layout",
    "conformance",
    "differential",
    "robustness",
    "total",
    "error",
    "submission",
    "student-scenarios",
    "properties",
    "similarity",
];

/// The parts, in the order of their columns.
pub const PARTS: [&str; 4] = ["layout", "conformance", "differential", "robustness"];
/// The parts added later, in the order of their columns (after `submission`).
pub const LATER_PARTS: [&str; 2] = [crate::judge::own::ID, crate::judge::properties::ID];

/// One gradebook row, as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GradebookRow {
    /// The student's name.
    pub student: String,
    /// The student's game id.
    pub game: String,
    /// The reference game id.
    pub reference: String,
    /// The points of each part (see [`PARTS`]); empty when the game was not graded.
    pub parts: [String; 4],
    /// The total (0 when the game was not graded).
    pub total: String,
    /// Why the game was not graded, if it was not.
    pub error: String,
    /// Where the game came from: `registered`, a directory, or a git revision and commit.
    pub submission: String,
    /// The points of the later parts (see [`LATER_PARTS`]); empty where there is no such part.
    pub later_parts: [String; 2],
    /// The highest share of this submission found in another (a reference or a classmate's),
    /// in percent, with the similarity report's file; empty when not compared.
    pub similarity: String,
}

/// A part's points as a gradebook cell: empty where the report has no such part.
fn points(report: &Report, id: &str) -> String {
    report
        .part(id)
        .map_or(String::new(), |p| p.points.to_string())
}

impl GradebookRow {
    /// The row of a graded game.
    pub fn graded(student: &str, game: &str, reference: &str, report: &Report) -> GradebookRow {
        GradebookRow {
            student: student.into(),
            game: game.into(),
            reference: reference.into(),
            parts: PARTS.map(|id| points(report, id)),
            later_parts: LATER_PARTS.map(|id| points(report, id)),
            total: report.total.to_string(),
            ..GradebookRow::default()
        }
    }

    /// The row of a game that could not be graded: 0 points and the reason.
    pub fn failed(student: &str, game: &str, reference: &str, error: &str) -> GradebookRow {
        GradebookRow {
            student: student.into(),
            game: game.into(),
            reference: reference.into(),
            total: "0".into(),
            error: one_line(error),
            ..GradebookRow::default()
        }
    }

    /// This row with where the game came from.
    pub fn from_submission(mut self, submission: &str) -> GradebookRow {
        self.submission = one_line(submission);
        self
    }

    fn fields(&self) -> Vec<&str> {
        let mut fields = vec![
            self.student.as_str(),
            self.game.as_str(),
            self.reference.as_str(),
        ];
        fields.extend(self.parts.iter().map(String::as_str));
        fields.extend([
            self.total.as_str(),
            self.error.as_str(),
            self.submission.as_str(),
        ]);
        fields.extend(self.later_parts.iter().map(String::as_str));
        fields.push(self.similarity.as_str());
        fields
    }

    /// The name of this row's report files, without extension: `ada-lovelace--ada-labyrinth`.
    pub fn report_name(&self) -> String {
        let mut slug = String::new();
        for c in self.student.chars().flat_map(char::to_lowercase) {
            if c.is_ascii_alphanumeric() {
                slug.push(c);
            } else if !slug.ends_with('-') {
                slug.push('-');
            }
        }
        let slug = slug.trim_matches('-');
        let slug = if slug.is_empty() { "student" } else { slug };
        let game: String = self
            .game
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        format!("{slug}--{game}")
    }
}

/// The most bytes of one gradebook cell: a longer error is cut (the report has it whole).
pub const MAX_CELL: usize = 500;

/// Errors on one line (the gradebook keeps one row per line), cut to [`MAX_CELL`] bytes.
fn one_line(text: &str) -> String {
    let line = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" / ");
    crate::capped(&line, MAX_CELL)
}

/// The gradebook as CSV, header first.
pub fn to_csv(rows: &[GradebookRow]) -> String {
    let mut out = COLUMNS.join(",");
    out.push('\n');
    for row in rows {
        let fields: Vec<String> = row.fields().into_iter().map(csv_field).collect();
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

/// Read a gradebook this module wrote (columns found by their header names; older
/// gradebooks without the last columns read too).
///
/// # Errors
/// A file that does not read, or has no `student` and `game` columns.
pub fn read(path: &Path) -> Result<Vec<GradebookRow>, String> {
    let text =
        read_text_capped(path, MAX_INPUT_BYTES).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Parse CSV text written by [`to_csv`].
///
/// # Errors
/// No header with `student` and `game`, or an unterminated quote.
pub fn parse(text: &str) -> Result<Vec<GradebookRow>, String> {
    let mut records = records(text)?.into_iter();
    let header = records.next().unwrap_or_default();
    let column = |name: &str| header.iter().position(|h| h == name);
    if column("student").is_none() || column("game").is_none() {
        return Err("the first line is not a gradebook header (student,game,...)".into());
    }
    let mut rows = Vec::new();
    for record in records {
        let get = |name: &str| {
            from_csv_field(
                column(name)
                    .and_then(|i| record.get(i))
                    .cloned()
                    .unwrap_or_default(),
            )
        };
        rows.push(GradebookRow {
            student: get("student"),
            game: get("game"),
            reference: get("reference"),
            parts: PARTS.map(get),
            total: get("total"),
            error: get("error"),
            submission: get("submission"),
            later_parts: LATER_PARTS.map(get),
            similarity: get("similarity"),
        });
    }
    Ok(rows)
}

/// Write the gradebook atomically: the file is always a whole gradebook.
///
/// # Errors
/// The file cannot be written.
pub fn write(path: &Path, rows: &[GradebookRow]) -> Result<(), String> {
    write_atomic(path, to_csv(rows).as_bytes()).map_err(|e| format!("{}: {e}", path.display()))
}

/// The report a student sees when the game could not be graded.
pub fn failure_markdown(row: &GradebookRow) -> String {
    use crate::judge::inert::{code_span, fenced, markdown_line};
    format!(
        "# Grade: {} against {}\n\n**Total: 0 / 100**\n\nYour submission could not be \
         graded, so every part scores 0:\n\n{}\nSubmission: {}\n",
        code_span(&row.game),
        code_span(&row.reference),
        fenced(&row.error, "text"),
        markdown_line(&row.submission)
    )
}

/// Write a student's report into `dir`: `<name>.md` and, if given, `<name>.json`.
///
/// # Errors
/// A file that cannot be written.
pub fn write_report(
    dir: &Path,
    row: &GradebookRow,
    markdown: &str,
    json: Option<&str>,
) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let name = row.report_name();
    let mut files = vec![(format!("{name}.md"), markdown)];
    if let Some(json) = json {
        files.push((format!("{name}.json"), json));
    }
    for (file, text) in files {
        let path = dir.join(file);
        write_atomic(&path, text.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_survive_a_round_trip_through_csv() {
        let rows = vec![
            GradebookRow {
                student: "Lovelace, Ada".into(),
                game: "ada-labyrinth".into(),
                reference: "labyrinth".into(),
                parts: ["15", "35", "35", "15"].map(String::from),
                total: "100".into(),
                error: String::new(),
                submission: "git subs/ada.git main (3f2a)".into(),
                later_parts: ["4.5".into(), String::new()],
                similarity: "12.5 similarity.md#pair-3".into(),
            },
            GradebookRow::failed("Bob \"B\"", "bob", "bristol", "does not build:\nline two")
                .from_submission("directory subs/bob"),
        ];
        let csv = to_csv(&rows);
        assert!(csv.starts_with("student,game,reference,layout,conformance,differential,robustness,total,error,submission,student-scenarios,properties,similarity\n"));
        // A gradebook of the first nine columns (and `submission`) still reads.
        let old = "student,game,reference,total,submission\nAda,ada-x,x,99,dir\n";
        let read = parse(old).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (read[0].total.as_str(), read[0].similarity.as_str()),
            ("99", "")
        );
        assert_eq!(csv.lines().count(), 3, "{csv}");
        assert_eq!(parse(&csv), Ok(rows));
        assert!(parse("name,score\n").is_err());
    }

    #[test]
    fn formulas_are_written_as_text_and_long_errors_are_cut() {
        let row = GradebookRow::failed("=HYPERLINK(\"http://x\")", "g", "x", &"e".repeat(5000))
            .from_submission("@SUM(A1)");
        let csv = to_csv(std::slice::from_ref(&row));
        let line = csv.lines().nth(1).unwrap_or_default();
        assert!(line.starts_with("\"'=HYPERLINK("), "{line}");
        assert!(line.contains(",'@SUM(A1)"), "{line}");
        assert!(line.len() < 700, "{} bytes", line.len());
        assert_eq!(parse(&csv), Ok(vec![row]));
        let negative = GradebookRow {
            total: "-1".into(),
            ..GradebookRow::default()
        };
        assert!(to_csv(&[negative]).contains(",-1,"));
    }

    #[test]
    fn report_names_are_plain_file_names() {
        let row = GradebookRow::failed("Ada Lovelace / é", "ada-x", "x", "");
        assert_eq!(row.report_name(), "ada-lovelace--ada-x");
        assert_eq!(
            GradebookRow::failed("..", "g", "x", "").report_name(),
            "student--g"
        );
    }
}
