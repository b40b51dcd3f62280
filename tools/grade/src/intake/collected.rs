//! The collection log: what `sol course collect` found in each git submission at the deadline,
//! a CSV file with a record per repository and run: the judge's clock (UTC), the repository
//! (as the roster names it), the revision and the commit it named. The student writes none of
//! it: a commit date is never read. Appended by writing the whole file again, atomically.
//!
//! ```text
//! collected,repository,revision,commit
//! 2026-12-01T23:58:40Z,classroom/labs-ada,HEAD,3f2a9c...
//! ```

use std::path::Path;

use solitaire_files::{MAX_INPUT_BYTES, read_text_capped, write_atomic};

use super::clock::Moment;
use super::objects::Oid;
use crate::csv::{csv_field, from_csv_field, records};

/// The log's header line.
pub const HEADER: &str = "collected,repository,revision,commit";

/// One record of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// When the revision was read, by the judge's clock.
    pub at: Moment,
    /// The repository, as the roster names it.
    pub repository: String,
    /// The revision read.
    pub revision: String,
    /// The commit it named.
    pub commit: Oid,
}

/// The records of the log at `path` (at most 16 MiB); none if there is no file.
///
/// # Errors
/// A file that does not read, has another header, or a record that does not parse.
pub fn read(path: &Path) -> Result<Vec<Record>, String> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text =
        read_text_capped(path, MAX_INPUT_BYTES).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The records of a log's text.
///
/// # Errors
/// Another header, or a record that does not parse.
pub fn parse(text: &str) -> Result<Vec<Record>, String> {
    let mut rows = records(text)?.into_iter();
    match rows.next() {
        None => return Ok(Vec::new()),
        Some(header) if header.join(",") == HEADER => {}
        Some(_) => return Err(format!("the first line is not {HEADER}")),
    }
    rows.enumerate()
        .filter(|(_, fields)| fields.iter().any(|f| !f.is_empty()))
        .map(|(i, fields)| {
            let line = i + 2;
            let [at, repository, revision, commit] = <[String; 4]>::try_from(fields)
                .map_err(|_| format!("line {line}: not four fields"))?;
            Ok(Record {
                at: Moment::parse(&at).map_err(|e| format!("line {line}: {e}"))?,
                repository: from_csv_field(repository),
                revision: from_csv_field(revision),
                commit: Oid::parse(&commit).map_err(|e| format!("line {line}: {e}"))?,
            })
        })
        .collect()
}

/// The log's text: the header and `records`.
pub fn to_csv(records: &[Record]) -> String {
    let mut text = format!("{HEADER}\n");
    for r in records {
        text.push_str(&format!(
            "{},{},{},{}\n",
            r.at,
            csv_field(&r.repository),
            csv_field(&r.revision),
            r.commit
        ));
    }
    text
}

/// Add `new` to the log at `path` (made if missing), writing it whole again atomically.
///
/// # Errors
/// The log does not read, or cannot be written.
pub fn append(path: &Path, new: &[Record]) -> Result<(), String> {
    let mut all = read(path)?;
    all.extend_from_slice(new);
    write_atomic(path, to_csv(&all).as_bytes()).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_appended_and_read_back() {
        let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let log = tmp.path().join("collected.csv");
        let record = |at: &str, repository: &str| Record {
            at: Moment::parse(at).unwrap_or_else(|e| panic!("{e}")),
            repository: repository.into(),
            revision: "HEAD".into(),
            commit: Oid::parse("45b983be36b73c0788dc9cbcb76cbb80fc7bb057")
                .unwrap_or_else(|e| panic!("{e}")),
        };
        let first = record("2026-12-01T23:58:40Z", "classroom/labs-ada");
        let second = record("2026-12-01T23:58:41Z", "odd, \"name\"");
        assert_eq!(append(&log, std::slice::from_ref(&first)), Ok(()));
        assert_eq!(append(&log, std::slice::from_ref(&second)), Ok(()));
        assert_eq!(read(&log), Ok(vec![first, second]));
        assert!(parse("student,game\n").is_err());
        assert!(parse(&format!("{HEADER}\nyesterday,a,HEAD,x\n")).is_err());
        assert_eq!(read(&tmp.path().join("none.csv")), Ok(Vec::new()));
    }
}
