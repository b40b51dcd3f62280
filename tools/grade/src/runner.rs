//! The runner: the `main` of the small program the grader builds for each student, linking
//! the student's crate. It reads a [`Job`] on standard input, grades the student's game
//! against the reference and writes one [`Event`] line per check, part and report on the
//! standard output it was started with. Whatever the student's code prints goes to standard
//! error instead, so it cannot garble those lines by accident.
//!
//! The grader's generated `main.rs` is one line:
//!
//! ```no_run
//! # mod submission { pub const PLUGIN: solitaire_core::Plugin = solitaire_core::Plugin {
//! #     name: "x", build: |_| unreachable!() };
//! #     pub const LAYOUTS: &[solitaire_core::EmbeddedLayout] = &[]; }
//! solitaire_grader::runner::main(&[submission::PLUGIN], submission::LAYOUTS)
//! ```

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

use solitaire_conformance::ScenarioFile;
use solitaire_core::files::read_capped;
use solitaire_core::{Catalog, EmbeddedLayout, Game, Plugin, ReadingValues};

use crate::guard::{Fault, guarded};
use crate::hooks::{CheckHooks, Plan};
use crate::protocol::{Event, Job, KnownFault};
use crate::report::Part;
use crate::{Options, grade_with};

/// The runner's exit status after a check ran over the time limit: it exits so the spinning
/// thread stops, and the grader starts it again with that check known.
pub const EXIT_AFTER_TIMEOUT: i32 = 75;

/// The largest job the runner reads (the conformance file is most of it).
const MAX_JOB_BYTES: u64 = 64 * 1024 * 1024;

/// How long building the student's game from its layout may take.
const SETUP_LIMIT: Duration = Duration::from_secs(30);

/// Grade the student's game (`plugins`, `layouts`: the crate's `PLUGIN` and `LAYOUTS`) as the
/// job on standard input says, and exit.
pub fn main(plugins: &[Plugin], layouts: &[EmbeddedLayout]) -> ! {
    let mut out = match events_output() {
        Ok(out) => out,
        Err(e) => {
            eprintln!("grade runner: cannot set up its output: {e}");
            std::process::exit(2);
        }
    };
    if let Err(message) = run(plugins, layouts, &out) {
        emit(&mut out, &Event::Error { message });
    }
    let _ = out.flush();
    std::process::exit(0)
}

/// Standard output as a file of its own for the events; file descriptor 1 then points to
/// standard error, where `println!` in the student's code ends up.
#[cfg(unix)]
fn events_output() -> std::io::Result<File> {
    use std::os::fd::AsFd;
    let events = std::io::stdout().as_fd().try_clone_to_owned()?;
    // SAFETY: dup2 on the process's own standard descriptors, which stay open; the `File`
    // above owns a separate descriptor.
    if unsafe { libc::dup2(2, 1) } < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(File::from(events))
}

#[cfg(not(unix))]
fn events_output() -> std::io::Result<File> {
    Err(std::io::Error::other(
        "the grade runner needs a Unix system",
    ))
}

fn emit(out: &mut File, event: &Event) {
    // A closed pipe means the grader is gone: nothing is left to tell.
    let _ = out.write_all(event.line().as_bytes());
}

fn run(plugins: &[Plugin], layouts: &[EmbeddedLayout], out: &File) -> Result<(), String> {
    let text = read_capped(std::io::stdin().lock(), MAX_JOB_BYTES)
        .map_err(|e| format!("the job does not read: {e}"))?;
    let job: Job =
        serde_json::from_str(&text).map_err(|e| format!("the job does not read: {e}"))?;
    let (plugins, layouts) = (plugins.to_vec(), layouts.to_vec());
    let (game, readings) = (job.game.clone(), job.readings.clone());
    let candidate = guarded(SETUP_LIMIT, move || {
        candidate(&plugins, &layouts, &game, &readings)
    })
    .map_err(|f| format!("building the game from its layout {f}"))??;
    let catalog = solitaire_games::catalog().map_err(|e| e.to_string())?;
    let reference = crate::readings::reference(&catalog, &job.reference, &job.readings)?;
    let name = solitaire_conformance::scenario_path(&job.conformance_dir, &job.reference);
    let scenarios = ScenarioFile::parse(&name.display().to_string(), &job.scenarios)
        .map_err(|e| e.to_string())?;
    let hidden = match (&job.hidden, &job.hidden_dir) {
        (Some(text), Some(dir)) => {
            let name = solitaire_conformance::scenario_path(dir, &job.reference);
            ScenarioFile::parse(&name.display().to_string(), text)
                .map_err(|e| e.to_string())?
                .scenarios
        }
        _ => Vec::new(),
    };
    let options = Options {
        seeds: job.seeds,
        steps: job.steps,
        time_limit: Duration::from_millis(job.time_limit_ms),
        conformance_dir: job.conformance_dir.clone(),
        hidden_dir: job.hidden_dir.clone(),
        course_file: job.course_file.clone(),
    };
    let mut events = out.try_clone().map_err(|e| e.to_string())?;
    emit(&mut events, &Event::Ready);
    let streamer = Streamer {
        out: out.try_clone().map_err(|e| e.to_string())?,
        time_limit: options.time_limit,
        known: job.known,
        skip_from: job.skip_from,
        skip_reason: job.skip_reason,
        running: None,
    };
    let report = grade_with(
        candidate,
        reference,
        &options,
        scenarios,
        hidden,
        Some(Box::new(streamer)),
    );
    let value = serde_json::to_value(&report).map_err(|e| e.to_string())?;
    emit(
        &mut events,
        &Event::Report {
            report: value,
            markdown: report.to_markdown(),
        },
    );
    Ok(())
}

/// The student's game `id` from its crate's plugins and layouts, with the course's readings
/// for the options it declares.
fn candidate(
    plugins: &[Plugin],
    layouts: &[EmbeddedLayout],
    id: &str,
    readings: &ReadingValues,
) -> Result<Arc<Game>, String> {
    let catalog = Catalog::build(plugins, layouts)
        .map_err(|e| format!("the game's layout does not build: {e}"))?;
    let game = catalog.get(id).ok_or_else(|| {
        let ids: Vec<&str> = catalog.games().iter().map(|g| g.id()).collect();
        format!(
            "the crate's LAYOUTS has no layout with id {id:?} (it has: {})",
            ids.join(", ")
        )
    })?;
    crate::readings::candidate(game, readings)
}

/// Streams every check and part as it ends; replays known faults; exits after a time-out.
struct Streamer {
    out: File,
    time_limit: Duration,
    known: BTreeMap<usize, KnownFault>,
    skip_from: Option<usize>,
    skip_reason: String,
    running: Option<usize>,
}

impl CheckHooks for Streamer {
    fn before(&mut self, check: usize, what: &str) -> Plan {
        if let Some(known) = self.known.get(&check) {
            return Plan::Known(known.fault(self.time_limit));
        }
        if self.skip_from.is_some_and(|from| check >= from) {
            return Plan::Skip(self.skip_reason.clone());
        }
        emit(
            &mut self.out,
            &Event::Begin {
                check,
                what: what.to_string(),
            },
        );
        self.running = Some(check);
        Plan::Run
    }

    fn after(&mut self, check: usize, _what: &str, fault: Option<&Fault>) {
        if self.running.take() != Some(check) {
            return;
        }
        let timeout = matches!(fault, Some(Fault::Timeout(_)));
        emit(
            &mut self.out,
            &Event::End {
                check,
                fault: fault.map(|f| f.to_string()),
                timeout,
            },
        );
        if timeout {
            let _ = self.out.flush();
            std::process::exit(EXIT_AFTER_TIMEOUT);
        }
    }

    fn part_done(&mut self, part: &Part) {
        emit(
            &mut self.out,
            &Event::Part {
                id: part.id.to_string(),
                points: part.points,
                max: part.max,
            },
        );
    }
}
