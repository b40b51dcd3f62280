//! What the grader and the runner it starts for one student say to each other: the job, as
//! JSON on the runner's standard input, and one JSON line per event on its standard output
//! (each check as it starts and ends, each part as it completes, then the report), so that
//! whatever finished before a crash is known to the grader.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use solitaire_core::ReadingValues;

use crate::guard::Fault;

/// What one run of the runner is to grade.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// The student's game id, one of the layouts the student's crate ships.
    pub game: String,
    /// The reference game id (registered in the grader).
    pub reference: String,
    /// The readings the course chooses for the reference (applied to the candidate too, for
    /// the options it declares).
    pub readings: ReadingValues,
    /// [`crate::Options::seeds`].
    pub seeds: u64,
    /// [`crate::Options::steps`].
    pub steps: usize,
    /// [`crate::Options::time_limit`], in milliseconds.
    pub time_limit_ms: u64,
    /// The reference's conformance file: its text (the runner's directory has no copy) ...
    pub scenarios: String,
    /// ... and the directory it was read from, to name it in the report.
    pub conformance_dir: PathBuf,
    /// The instructor's hidden scenarios for the reference (a file's text), if any ...
    pub hidden: Option<String>,
    /// ... and their directory ([`crate::Options::hidden_dir`]).
    pub hidden_dir: Option<PathBuf>,
    /// [`crate::Options::course_file`], for the reproduce commands.
    pub course_file: Option<PathBuf>,
    /// Checks whose fault an earlier run found: they are not run again.
    pub known: BTreeMap<usize, KnownFault>,
    /// From this check on, no candidate code runs: each check fails with `skip_reason`.
    pub skip_from: Option<usize>,
    /// Why checks from `skip_from` on are not run.
    pub skip_reason: String,
}

/// A fault an earlier run found at a check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KnownFault {
    /// The check ran over the time limit.
    Timeout,
    /// The check ended the runner: how.
    Crash(String),
}

impl KnownFault {
    /// The fault to record, for a grade with this time limit.
    pub fn fault(&self, time_limit: Duration) -> Fault {
        match self {
            KnownFault::Timeout => Fault::Timeout(time_limit),
            KnownFault::Crash(how) => Fault::Crash(how.clone()),
        }
    }
}

/// One line of the runner's output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// The student's game was built from its layout; grading starts.
    Ready,
    /// A check is starting: if the runner dies now, this check did it.
    Begin {
        /// The check's number (from 1, in the order the parts run them).
        check: usize,
        /// What it checks (`deal of seed 3`).
        what: String,
    },
    /// A check ended.
    End {
        /// The check's number.
        check: usize,
        /// Its fault, in words, if any.
        fault: Option<String>,
        /// Whether the fault is a time-out (the runner then exits, to stop the spinning
        /// thread, and is started again with that check known).
        timeout: bool,
    },
    /// A part is complete.
    Part {
        /// `layout`, `conformance` or `differential`.
        id: String,
        /// Points earned.
        points: f64,
        /// Points available.
        max: f64,
    },
    /// The whole report.
    Report {
        /// The report as JSON ([`crate::Report`]).
        report: serde_json::Value,
        /// The report in Markdown, for the student.
        markdown: String,
    },
    /// The grade could not start (the game's layout does not build, an unknown reference).
    Error {
        /// Why.
        message: String,
    },
}

impl Event {
    /// The event as one line of JSON, newline included.
    pub fn line(&self) -> String {
        let mut text = serde_json::to_string(self).unwrap_or_else(|e| {
            format!("{{\"event\":\"error\",\"message\":\"unprintable event: {e}\"}}")
        });
        text.push('\n');
        text
    }
}
