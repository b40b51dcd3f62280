//! Running a target: cases from a seed, a watchdog for cases that never return, shrinking of
//! failing inputs, and saving them for replay.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::Target;
use crate::case::Case;
use crate::catch::catch;
use crate::report::{Failure, Problem, Report, known};
use crate::rng::Rng;
use crate::targets::{self, Context, Outcome};

/// How a run goes.
#[derive(Clone, Debug)]
pub struct Options {
    /// How many cases.
    pub cases: u64,
    /// The seed: the same seed gives the same cases.
    pub seed: u64,
    /// The `sol` binary (the `cli` target only).
    pub sol: Option<PathBuf>,
    /// How long one `sol` run may take before it is killed and listed as slow.
    pub timeout: Duration,
    /// Where to save failing cases (not saved when `None`).
    pub out: Option<PathBuf>,
    /// Print progress on standard error.
    pub progress: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            cases: 1000,
            seed: 1,
            sol: None,
            timeout: Duration::from_secs(10),
            out: None,
            progress: false,
        }
    }
}

/// What the worker thread tells the driver.
enum Event {
    /// A check is starting (also before each shrinking attempt): the watchdog restarts.
    Alive,
    /// Case `index` is done.
    Done {
        index: u64,
        elapsed: Duration,
        outcome: Outcome,
        case: Case,
    },
    /// The worker could not start.
    Setup(String),
}

/// Run `opts.cases` cases of `target`.
pub fn run(target: Target, opts: &Options) -> Report {
    let (tx, rx) = mpsc::channel();
    let current: Arc<Mutex<Option<(u64, Case)>>> = Arc::default();
    let worker = {
        let (opts, current) = (opts.clone(), current.clone());
        std::thread::Builder::new()
            .name(format!("fuzz-{target}"))
            .spawn(move || work(target, &opts, &current, &tx))
    };
    let mut report = Report {
        target,
        cases: 0,
        accepted: 0,
        refused: 0,
        failures: Vec::new(),
        slow: Vec::new(),
        slowest: (Duration::ZERO, 0),
        stopped: None,
    };
    if let Err(e) = worker {
        report.stopped = Some(format!("could not start the worker: {e}"));
        return report;
    }
    // A case that runs `sol` may take the timeout twice (a run and a shrink) before it answers.
    let watchdog = opts.timeout * 3 + Duration::from_secs(20);
    let mut last_print = Instant::now();
    loop {
        match rx.recv_timeout(watchdog) {
            Ok(Event::Alive) => {}
            Ok(Event::Setup(why)) => {
                report.stopped = Some(why);
                break;
            }
            Ok(Event::Done {
                index,
                elapsed,
                outcome,
                case,
            }) => {
                report.cases += 1;
                if elapsed > report.slowest.0 {
                    report.slowest = (elapsed, index);
                }
                record(&mut report, opts, index, case, outcome);
                if opts.progress && last_print.elapsed() > Duration::from_secs(10) {
                    last_print = Instant::now();
                    eprintln!(
                        "{target}: {}/{} cases, {} distinct failures",
                        report.cases,
                        opts.cases,
                        report.failures.len()
                    );
                }
            }
            Err(RecvTimeoutError::Disconnected) => break,
            Err(RecvTimeoutError::Timeout) => {
                let stuck = current.lock().ok().and_then(|c| c.clone());
                if let Some((index, case)) = stuck {
                    let problem = Problem {
                        signature: format!("hang: no answer within {} s", watchdog.as_secs()),
                        detail: "the check never returned (an endless loop?)".into(),
                    };
                    record(&mut report, opts, index, case, Outcome::Failed(problem));
                }
                report.stopped = Some("a case never returned; its thread is abandoned".into());
                break;
            }
        }
    }
    report
}

fn work(
    target: Target,
    opts: &Options,
    current: &Mutex<Option<(u64, Case)>>,
    tx: &mpsc::Sender<Event>,
) {
    let ctx = match Context::new(opts) {
        Ok(ctx) => ctx,
        Err(why) => {
            let _ = tx.send(Event::Setup(why));
            return;
        }
    };
    // Each failure is shrunk once, at its first case: later cases of it only count.
    let mut shrunk: HashSet<String> = HashSet::new();
    for index in 0..opts.cases {
        let case = targets::generate(target, &ctx, &mut Rng::for_case(opts.seed, index));
        if let Ok(mut c) = current.lock() {
            *c = Some((index, case.clone()));
        }
        let _ = tx.send(Event::Alive);
        let started = Instant::now();
        let mut outcome = check(&ctx, &case);
        let elapsed = started.elapsed();
        let mut case = case;
        if let Outcome::Failed(p) = &outcome
            && target != Target::Cli
            && shrunk.insert(p.signature.clone())
        {
            (case, outcome) = shrink(&ctx, case, p, tx);
        }
        let done = Event::Done {
            index,
            elapsed,
            outcome,
            case,
        };
        if tx.send(done).is_err() {
            return;
        }
    }
}

/// Check one case, a panic being a failure like any other.
pub fn check(ctx: &Context, case: &Case) -> Outcome {
    match catch(|| targets::check(ctx, case)) {
        Ok(outcome) => outcome,
        Err(panic) => Outcome::Failed(Problem::panic(&panic)),
    }
}

/// Run one saved case again and say what it does now.
///
/// # Errors
/// If the case cannot be read or the targets cannot be set up.
pub fn replay(dir: &Path, opts: &Options) -> Result<(Case, Outcome), String> {
    let case = Case::load(dir)?;
    let ctx = Context::new(opts)?;
    let outcome = check(&ctx, &case);
    Ok((case, outcome))
}

/// The smallest `input` (by deleting lines, then shorter and shorter spans) that still fails
/// with the same signature; a bounded number of attempts.
fn shrink(ctx: &Context, case: Case, p: &Problem, tx: &mpsc::Sender<Event>) -> (Case, Outcome) {
    let mut best = case;
    let mut outcome = Outcome::Failed(p.clone());
    let mut attempts = 300;
    let mut chunk = best.text("input").chars().count() / 2;
    while chunk > 0 && attempts > 0 {
        let mut at = 0;
        loop {
            let chars: Vec<char> = best.text("input").chars().collect();
            if at >= chars.len() || attempts == 0 {
                break;
            }
            attempts -= 1;
            let end = (at + chunk).min(chars.len());
            let text: String = chars[..at].iter().chain(&chars[end..]).collect();
            let candidate = best.clone().with("input", text);
            let _ = tx.send(Event::Alive);
            match check(ctx, &candidate) {
                Outcome::Failed(q) if q.signature == p.signature => {
                    best = candidate;
                    outcome = Outcome::Failed(q);
                }
                _ => at += chunk,
            }
        }
        chunk /= 2;
    }
    (best, outcome)
}

fn record(report: &mut Report, opts: &Options, index: u64, case: Case, outcome: Outcome) {
    let (problem, slow) = match outcome {
        Outcome::Accepted => {
            report.accepted += 1;
            return;
        }
        Outcome::Refused => {
            report.refused += 1;
            return;
        }
        Outcome::Failed(p) => (p, false),
        Outcome::Slow(p) => (p, true),
    };
    let target = report.target;
    let list = if slow {
        &mut report.slow
    } else {
        &mut report.failures
    };
    let dir = opts.out.as_ref().map(|out| {
        let kind = if slow { "slow" } else { "fail" };
        out.join(format!("{target}-{kind}-{:016x}", hash(&problem.signature)))
    });
    match list.iter_mut().find(|f| f.signature == problem.signature) {
        Some(f) => {
            f.count += 1;
            if case.size() < f.case.size() {
                f.case = case;
                f.detail = problem.detail;
                f.saved = save(&f.case, &f.signature, &f.detail, dir.as_deref());
            }
        }
        None => {
            let saved = save(&case, &problem.signature, &problem.detail, dir.as_deref());
            list.push(Failure {
                known: known(target, &problem.signature),
                signature: problem.signature,
                detail: problem.detail,
                count: 1,
                first: index,
                case,
                saved,
            });
        }
    }
}

/// Save a case with a `problem.txt` beside it; the directory, when saved.
fn save(case: &Case, signature: &str, detail: &str, dir: Option<&Path>) -> Option<PathBuf> {
    let dir = dir?;
    let _ = std::fs::remove_dir_all(dir);
    let note = format!("{signature}\n\n{detail}\n");
    match case
        .save(dir)
        .and_then(|()| std::fs::write(dir.join("problem.txt"), note))
    {
        Ok(()) => Some(dir.to_path_buf()),
        Err(e) => {
            eprintln!("could not save {}: {e}", dir.display());
            None
        }
    }
}

/// FNV-1a: a stable directory name for a signature.
fn hash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
