//! A class of thirty for the figures of docs/grading.md (ignored: it takes minutes): ten
//! Labyrinth, ten Bristol and ten Penguin submissions, three of the Labyrinth ones crashing,
//! looping or panicking, graded twice (the first run makes the trusted build in an empty
//! directory, the second reuses it). Prints wall clock, CPU and peak memory of each run.
//!
//! `CLASS30_DIR=/some/dir cargo test --release -p solitaire-grader --test class_of_thirty -- --ignored --nocapture`

#![cfg(target_os = "linux")]

mod support;

use std::path::PathBuf;
use std::time::Instant;

use solitaire_grader::{Roster, run_class};
use support::class::{checkout, inject, write};

/// CPU seconds and peak resident kilobytes of this process (`RUSAGE_SELF`) or of its
/// reaped children (`RUSAGE_CHILDREN`, the largest one's peak).
fn usage(who: libc::c_int) -> (f64, i64) {
    // SAFETY: getrusage fills the struct it is given.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(who, &mut u) };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    (secs(u.ru_utime) + secs(u.ru_stime), u.ru_maxrss)
}

#[test]
#[ignore = "minutes: the figures of docs/grading.md"]
fn a_class_of_thirty() {
    let base = std::env::var_os("CLASS30_DIR")
        .map_or_else(|| std::env::temp_dir().join("class30"), PathBuf::from);
    let _ = std::fs::remove_dir_all(&base);
    let class = base.join("class");
    let mut submissions = Vec::new();
    for reference in ["labyrinth", "bristol", "penguin"] {
        for n in 0..10 {
            let id = format!("s{n}-{reference}");
            let dir = checkout(&class, reference, &id);
            let late = "if pos.pile(self.stock).len() < 30";
            let broken = match (reference, n) {
                ("labyrinth", 7) => Some((
                    "fn apply(&self, tx: &mut Tx<'_>, mv: Move) {",
                    "if mv == Move::Deal && tx.pos().pile(self.stock).len() < 30 { std::process::exit(0); }".to_string(),
                )),
                ("labyrinth", 8) => Some((
                    "fn is_won(&self, pos: &Position) -> bool {",
                    format!("{late} {{ loop {{ std::hint::spin_loop(); }} }}"),
                )),
                ("labyrinth", 9) => Some((
                    "fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {",
                    format!("if mv == Move::Deal && {} {{ panic!(\"boom\"); }}", &late[3..]),
                )),
                _ => None,
            };
            if let Some((signature, code)) = broken {
                inject(&dir, &id, signature, &code);
            }
            submissions.push((
                format!("S{n} {reference}"),
                reference.to_string(),
                id.clone(),
                format!("Dir({id:?})"),
            ));
        }
    }
    write(
        &class.join("course.ron"),
        "(name: \"Thirty\", games: {}, allowed_crates: [\"serde\"])\n",
    );
    let text = support::class::roster_text(&submissions, Some("course.ron"));
    let roster_file = class.join("roster.ron");
    write(&roster_file, &text);
    let roster = Roster::parse("roster.ron", &text).unwrap_or_else(|e| panic!("{e}"));
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let mut options = support::class::options(&base, 10, 150);
    options.grade.time_limit = std::time::Duration::from_secs(5);
    options.target_dir = None;
    for run in ["first", "again"] {
        let started = Instant::now();
        let (children0, _) = usage(libc::RUSAGE_CHILDREN);
        let (self0, _) = usage(libc::RUSAGE_SELF);
        let rows = run_class(&roster, &roster_file, &catalog, &options, &mut |f| {
            eprintln!(
                "{} {} {:.1} s",
                f.row.student,
                f.row.total,
                f.time.as_secs_f64()
            );
        })
        .unwrap_or_else(|e| panic!("{e}"));
        let wall = started.elapsed();
        let (children1, child_peak) = usage(libc::RUSAGE_CHILDREN);
        let (self1, self_peak) = usage(libc::RUSAGE_SELF);
        let full = rows.iter().filter(|r| r.total == "100").count();
        eprintln!(
            "class30 {run}: {} rows, {full} at 100, wall {:.1} s, CPU {:.1} s in children + \
             {:.1} s in the grader, peak resident: grader {} MB, largest child {} MB",
            rows.len(),
            wall.as_secs_f64(),
            children1 - children0,
            self1 - self0,
            self_peak / 1024,
            child_peak / 1024
        );
        assert_eq!(rows.len(), 30);
        assert!(full >= 27, "{rows:#?}");
        options.resume = false;
    }
}
