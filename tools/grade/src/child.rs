//! Grading one student in a child process with limits: CPU time, address space, stack and
//! file size (`setrlimit` in the child before it starts), a wall-clock budget enforced here
//! (the child's whole process group is killed), a cap on what is read from its output, and
//! its own working directory. However the child ends (a stack overflow, an abort, an exit
//! with any status, a signal, memory exhausted, an endless loop), the grader goes on: the
//! check the child was in gets the fault, and the child is started again to go on with the
//! next check, a bounded number of times.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::protocol::{Event, Job, KnownFault};

/// The limits of one student's runner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Address space of the runner (`RLIMIT_AS`), in bytes: allocating beyond it fails, and
    /// Rust then aborts the process.
    pub memory_bytes: u64,
    /// Stack of the runner's main thread (`RLIMIT_STACK`), in bytes. Checks run on threads
    /// with Rust's default stack (2 MiB); a recursion without end overflows either.
    pub stack_bytes: u64,
    /// Size of any file the runner writes (`RLIMIT_FSIZE`), in bytes.
    pub file_bytes: u64,
    /// CPU time of one run of the runner (`RLIMIT_CPU`), in seconds.
    pub cpu_seconds: u64,
    /// Wall-clock time for the whole student (every run of the runner), in seconds.
    pub student_seconds: u64,
    /// Wall-clock time to build the game from its layout before grading starts, in seconds.
    pub setup_seconds: u64,
    /// The most bytes read from one run's output; a runner that writes more is stopped.
    pub output_bytes: u64,
    /// How many times the runner is started again after it ended in the middle of a check.
    pub restarts: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            memory_bytes: 1 << 30,
            stack_bytes: 8 << 20,
            file_bytes: 16 << 20,
            cpu_seconds: 600,
            student_seconds: 900,
            setup_seconds: 60,
            output_bytes: 16 << 20,
            restarts: 25,
        }
    }
}

/// A finished grade, as the runner sent it.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    /// The report as JSON ([`crate::Report`]).
    pub report: serde_json::Value,
    /// The report in Markdown.
    pub markdown: String,
    /// How many times the runner was started.
    pub runs: usize,
}

/// How one run of the runner ended.
#[derive(Debug)]
enum RunEnd {
    /// It sent the report.
    Report(serde_json::Value, String),
    /// It could not start grading.
    Error(String),
    /// It ended (or was stopped) before sending the report.
    Died {
        /// It had not built the game yet.
        before_ready: bool,
        /// The check it was in, if any.
        in_check: Option<usize>,
        /// The last check that ended, if any.
        last_done: Option<usize>,
        /// The check that ran over the time limit just before it exited, if that is why.
        timed_out: Option<usize>,
        /// How it ended, in words.
        how: String,
    },
}

/// Grade with the runner `program` (working directory `workdir`), starting it again after
/// each run that ends in a check, until the report is complete.
///
/// # Errors
/// Why there is no report: the game could not be built from its layout, or the runner kept
/// dying where nothing more could be skipped.
pub fn grade_in_child(
    program: &Path,
    workdir: &Path,
    mut job: Job,
    limits: &Limits,
) -> Result<Graded, String> {
    let started = Instant::now();
    let budget = Duration::from_secs(limits.student_seconds);
    let mut crashes = 0;
    let mut finishing = false;
    let mut runs = 0;
    loop {
        runs += 1;
        let left = if finishing {
            budget
        } else {
            budget.saturating_sub(started.elapsed())
        };
        let (program_end, over_budget) = run_once(program, workdir, &job, limits, left)?;
        let (before_ready, in_check, last_done, timed_out, how) = match program_end {
            RunEnd::Report(report, markdown) => {
                return Ok(Graded {
                    report,
                    markdown,
                    runs,
                });
            }
            RunEnd::Error(message) => return Err(message),
            RunEnd::Died {
                before_ready,
                in_check,
                last_done,
                timed_out,
                how,
            } => (before_ready, in_check, last_done, timed_out, how),
        };
        if before_ready {
            return Err(format!(
                "the game could not be built from its layout: {how}"
            ));
        }
        if finishing {
            return Err(format!(
                "the runner kept ending while the grade was being finished: {how}"
            ));
        }
        if let (Some(check), false) = (timed_out, over_budget) {
            job.known.insert(check, KnownFault::Timeout);
            continue;
        }
        let at = in_check.unwrap_or_else(|| last_done.map_or(1, |c| c + 1));
        let fault = if over_budget {
            format!(
                "over the student's time budget of {} s: {how}",
                limits.student_seconds
            )
        } else {
            how
        };
        job.known.insert(at, KnownFault::Crash(fault));
        crashes += 1;
        if over_budget || crashes > limits.restarts || in_check.is_none() {
            finishing = true;
            job.skip_from = Some(at + 1);
            job.skip_reason = format!(
                "not run: the candidate ended the grading process {crashes} times{}",
                if over_budget {
                    " and used up its time"
                } else {
                    ""
                }
            );
        }
    }
}

/// Start the runner once and read it until it ends. Also says whether it was stopped for
/// running over `left`.
fn run_once(
    program: &Path,
    workdir: &Path,
    job: &Job,
    limits: &Limits,
    left: Duration,
) -> Result<(RunEnd, bool), String> {
    let input = serde_json::to_vec(job).map_err(|e| e.to_string())?;
    let mut command = Command::new(program);
    command
        .current_dir(workdir)
        .env_clear()
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = limits::spawn_limited(&mut command, limits)
        .map_err(|e| format!("{}: cannot start the runner: {e}", program.display()))?;
    let group = child.id();
    let (tx, rx) = mpsc::channel();
    if let Some(mut stdin) = child.stdin.take() {
        std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
    }
    let stdout = child.stdout.take();
    let cap = limits.output_bytes;
    let reader = std::thread::spawn(move || {
        if let Some(out) = stdout {
            read_events(out, cap, &tx);
        }
    });
    let stderr = child.stderr.take();
    let tail = std::thread::spawn(move || stderr.map(last_words).unwrap_or_default());

    let deadline = Instant::now() + left;
    let setup = Instant::now() + Duration::from_secs(limits.setup_seconds);
    let mut state = Progress::default();
    let mut stopped: Option<(String, bool)> = None;
    loop {
        let until = if state.ready {
            deadline
        } else {
            deadline.min(setup)
        };
        match rx.recv_timeout(until.saturating_duration_since(Instant::now())) {
            Ok(Line::Event(event)) => {
                if let Some(end) = state.take(event) {
                    limits::kill_group(group);
                    let _ = child.wait();
                    return Ok((end, false));
                }
            }
            Ok(Line::TooMuch) => {
                stopped = Some((format!("it wrote more than {cap} bytes of output"), false));
                break;
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                stopped = Some(if state.ready {
                    let why = format!("stopped after {} s of wall-clock time", left.as_secs());
                    (why, true)
                } else {
                    let why = format!(
                        "building the game took more than {} s",
                        limits.setup_seconds
                    );
                    (why, false)
                });
                break;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    limits::kill_group(group);
    let status = wait_briefly(&mut child);
    let _ = reader.join();
    let last = tail.join().unwrap_or_default();
    let (how, over_budget) = match stopped {
        Some(why) => why,
        None => (describe(status, &last), false),
    };
    Ok((
        RunEnd::Died {
            before_ready: !state.ready,
            in_check: state.in_check,
            last_done: state.last_done,
            timed_out: state.timed_out,
            how,
        },
        over_budget,
    ))
}

/// What the events so far say.
#[derive(Default)]
struct Progress {
    ready: bool,
    in_check: Option<usize>,
    last_done: Option<usize>,
    timed_out: Option<usize>,
}

impl Progress {
    /// Note an event; the end of the run if it is one.
    fn take(&mut self, event: Event) -> Option<RunEnd> {
        match event {
            Event::Ready => self.ready = true,
            Event::Begin { check, .. } => self.in_check = Some(check),
            Event::End { check, timeout, .. } => {
                self.in_check = None;
                self.last_done = Some(check);
                if timeout {
                    self.timed_out = Some(check);
                }
            }
            Event::Part { .. } => {}
            Event::Report { report, markdown } => return Some(RunEnd::Report(report, markdown)),
            Event::Error { message } => return Some(RunEnd::Error(message)),
        }
        None
    }
}

enum Line {
    Event(Event),
    TooMuch,
}

/// Read event lines until the end or the cap; lines that are not events are skipped.
fn read_events(out: impl Read, cap: u64, tx: &mpsc::Sender<Line>) {
    let mut reader = BufReader::new(out.take(cap + 1));
    let mut total = 0u64;
    let mut line = Vec::new();
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return,
            Ok(n) => total += n as u64,
        }
        if total > cap {
            let _ = tx.send(Line::TooMuch);
            return;
        }
        if let Ok(event) = serde_json::from_slice::<Event>(&line)
            && tx.send(Line::Event(event)).is_err()
        {
            return;
        }
    }
}

/// The last lines the runner wrote to standard error (at most 2 KiB are kept): a stack
/// overflow or a failed allocation says so there.
fn last_words(err: impl Read) -> String {
    const KEEP: usize = 2048;
    let mut reader = BufReader::new(err);
    let mut kept: Vec<u8> = Vec::new();
    let mut chunk = [0u8; 4096];
    while let Ok(n) = reader.read(&mut chunk) {
        if n == 0 {
            break;
        }
        kept.extend_from_slice(&chunk[..n]);
        if kept.len() > 2 * KEEP {
            kept.drain(..kept.len() - KEEP);
        }
    }
    let text = String::from_utf8_lossy(&kept);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let last = &lines[lines.len().saturating_sub(2)..];
    let mut words = without_numbers_in_parentheses(&last.join(" / "));
    if words.len() > 400 {
        let mut cut = 400;
        while !words.is_char_boundary(cut) {
            cut -= 1;
        }
        words.truncate(cut);
    }
    words
}

/// Start `command` in a process group of its own, so that it and whatever it starts can be
/// killed together (the build).
pub(crate) fn spawn_in_group(command: &mut Command) -> std::io::Result<Child> {
    limits::spawn_in_group(command)
}

/// Kill the process group led by `pid`.
pub(crate) fn kill_group(pid: u32) {
    limits::kill_group(pid);
}

/// The text without ` (1234)` (thread and process ids, which differ from run to run).
fn without_numbers_in_parentheses(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(" (") {
        let after = &rest[at + 2..];
        let digits = after.chars().take_while(char::is_ascii_digit).count();
        out.push_str(&rest[..at]);
        if digits > 0 && after[digits..].starts_with(')') {
            rest = &after[digits + 1..];
        } else {
            out.push_str(" (");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Wait a little for a child whose group was killed (it cannot resist for long).
fn wait_briefly(child: &mut Child) -> Option<ExitStatus> {
    let until = Instant::now() + Duration::from_secs(5);
    while Instant::now() < until {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(_) => return None,
        }
    }
    let _ = child.kill();
    child.wait().ok()
}

/// How the runner ended, in words: its last words on standard error (a stack overflow or a
/// failed allocation says so there) and the signal, or the signal explained.
fn describe(status: Option<ExitStatus>, last: &str) -> String {
    let Some(status) = status else {
        return "it could not be waited for".to_string();
    };
    if last.is_empty() {
        return limits::describe_status(status, true);
    }
    format!("{} ({last})", limits::describe_status(status, false))
}

#[cfg(unix)]
mod limits {
    //! `setrlimit` in the child between fork and exec, and killing its process group.

    use std::os::unix::process::{CommandExt, ExitStatusExt};
    use std::process::{Child, Command, ExitStatus};

    use super::Limits;

    /// Start `command` in a process group of its own, under `limits`.
    pub(super) fn spawn_limited(command: &mut Command, limits: &Limits) -> std::io::Result<Child> {
        let wanted = [
            (libc::RLIMIT_AS, limits.memory_bytes),
            (libc::RLIMIT_STACK, limits.stack_bytes),
            (libc::RLIMIT_FSIZE, limits.file_bytes),
            (libc::RLIMIT_CPU, limits.cpu_seconds),
            (libc::RLIMIT_CORE, 0),
        ];
        // Each limit, lowered to what this process may grant: computed before the fork, so
        // the child only calls setrlimit.
        let mut set = Vec::with_capacity(wanted.len());
        for (resource, value) in wanted {
            let mut current = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            // SAFETY: getrlimit writes into the struct it is given.
            if unsafe { libc::getrlimit(resource, &mut current) } != 0 {
                return Err(std::io::Error::last_os_error());
            }
            let hard = (value as libc::rlim_t).min(current.rlim_max);
            // The CPU limit's soft value sends SIGXCPU a second before the hard one kills.
            let soft = if resource == libc::RLIMIT_CPU {
                hard.saturating_sub(1).max(1)
            } else {
                hard
            };
            set.push((
                resource,
                libc::rlimit {
                    rlim_cur: soft.min(hard),
                    rlim_max: hard,
                },
            ));
        }
        command.process_group(0);
        // SAFETY: between fork and exec the closure only calls setrlimit, which is
        // async-signal-safe, on values computed before the fork.
        unsafe {
            command.pre_exec(move || {
                for (resource, limit) in &set {
                    if libc::setrlimit(*resource, limit) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                Ok(())
            });
        }
        command.spawn()
    }

    /// Start `command` in a process group of its own, without limits.
    pub(super) fn spawn_in_group(command: &mut Command) -> std::io::Result<Child> {
        command.process_group(0);
        command.spawn()
    }

    /// Kill every process of the group led by `pid` (the runner and anything it started).
    pub(super) fn kill_group(pid: u32) {
        if let Ok(pid) = libc::pid_t::try_from(pid) {
            // SAFETY: kill only sends a signal; a group that is gone yields ESRCH.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }

    /// An exit status in words: the signal's name and, if `explain`, what it usually means.
    pub(super) fn describe_status(status: ExitStatus, explain: bool) -> String {
        if let Some(signal) = status.signal() {
            let what = match signal {
                libc::SIGSEGV => "SIGSEGV, a segmentation fault",
                libc::SIGABRT => {
                    "SIGABRT, an abort: a stack overflow, a failed allocation or process::abort"
                }
                libc::SIGKILL => "SIGKILL, its CPU time limit's hard stop, or killed from outside",
                libc::SIGXCPU => "SIGXCPU, over its CPU time limit",
                libc::SIGXFSZ => "SIGXFSZ, over its file size limit",
                libc::SIGBUS => "SIGBUS, a bus error",
                libc::SIGILL => "SIGILL, an illegal instruction",
                libc::SIGFPE => "SIGFPE, an arithmetic exception",
                libc::SIGTERM => "SIGTERM",
                _ => "",
            };
            let name = what.split(',').next().unwrap_or_default();
            match (what.is_empty(), explain) {
                (true, _) => format!("killed by signal {signal}"),
                (false, true) => format!("killed by signal {signal} ({what})"),
                (false, false) => format!("killed by {}", name.trim_end_matches(':')),
            }
        } else {
            match status.code() {
                Some(code) => format!("it exited with status {code} in the middle of the grade"),
                None => "it ended in an unknown way".to_string(),
            }
        }
    }
}

#[cfg(not(unix))]
mod limits {
    //! Grading in a child process needs Unix (process groups and resource limits).

    use std::process::{Child, Command, ExitStatus};

    use super::Limits;

    pub(super) fn spawn_limited(_: &mut Command, _: &Limits) -> std::io::Result<Child> {
        Err(std::io::Error::other(
            "grading submissions in a child process needs a Unix system",
        ))
    }

    pub(super) fn spawn_in_group(command: &mut Command) -> std::io::Result<Child> {
        command.spawn()
    }

    pub(super) fn kill_group(_: u32) {}

    pub(super) fn describe_status(status: ExitStatus, _: bool) -> String {
        format!("it ended with {status}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_words_keep_two_lines_without_thread_ids() {
        let err = "noise\n\nthread 'grade-check' (11469) has overflowed its stack\n\
                   fatal runtime error: stack overflow, aborting\n";
        assert_eq!(
            last_words(err.as_bytes()),
            "thread 'grade-check' has overflowed its stack / fatal runtime error: stack \
             overflow, aborting"
        );
        assert_eq!(
            without_numbers_in_parentheses("a (b) (12) (3x)"),
            "a (b) (3x)"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_status_is_described_by_its_signal() {
        use std::os::unix::process::ExitStatusExt;
        let abort = ExitStatus::from_raw(libc::SIGABRT);
        assert_eq!(
            describe(Some(abort), "memory allocation of 8 bytes failed"),
            "killed by SIGABRT (memory allocation of 8 bytes failed)"
        );
        assert!(describe(Some(abort), "").contains("a stack overflow, a failed allocation"));
        let exit0 = ExitStatus::from_raw(0);
        assert_eq!(
            describe(Some(exit0), ""),
            "it exited with status 0 in the middle of the grade"
        );
    }
}
