//! One running oracle, seen from the judge: a question written on its standard input, one
//! answer line read from its standard output before a deadline and under a size cap, parsed
//! against the protocol. Its standard error is kept (its last 2 KiB) to say how it ended.

use std::fs::File;
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use solitaire_oracle::protocol::{Answer, MAX_ANSWER_BYTES, Question, Reply, Request};

use crate::sandbox::{self, Jail, Sandboxed, Target};

/// Why an answer did not come.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The deadline passed.
    Late,
    /// The oracle ended (how, in words).
    Ended(String),
    /// The answer does not read, is too long or answers another question.
    Malformed(String),
}

/// A running oracle.
pub struct Process {
    running: Sandboxed,
    stdin: File,
    stdout: File,
    /// Bytes read past the last answer line.
    pending: Vec<u8>,
    stderr_tail: Arc<Mutex<Vec<u8>>>,
    next_id: u64,
}

/// The most bytes of standard error kept.
const TAIL: usize = 2048;

impl Process {
    /// Start `target` in `jail`.
    ///
    /// # Errors
    /// Why the sandbox or the oracle could not start.
    pub fn start(jail: &Jail, target: &Target) -> Result<Process, String> {
        let mut running = sandbox::spawn(jail, target)?;
        let (Some(stdin), Some(stdout)) = (running.stdin.take(), running.stdout.take()) else {
            return Err("the oracle's standard streams are missing".into());
        };
        let stderr_tail = Arc::new(Mutex::new(Vec::new()));
        if let Some(mut stderr) = running.stderr.take() {
            let tail = stderr_tail.clone();
            std::thread::spawn(move || {
                let mut chunk = [0u8; 4096];
                while let Ok(n) = stderr.read(&mut chunk) {
                    if n == 0 {
                        break;
                    }
                    let mut kept = tail.lock().unwrap_or_else(|p| p.into_inner());
                    kept.extend_from_slice(&chunk[..n]);
                    if kept.len() > 2 * TAIL {
                        let cut = kept.len() - TAIL;
                        kept.drain(..cut);
                    }
                }
            });
        }
        Ok(Process {
            running,
            stdin,
            stdout,
            pending: Vec::new(),
            stderr_tail,
            next_id: 1,
        })
    }

    /// Ask `question`; the reply, if it comes before `deadline` and reads.
    ///
    /// # Errors
    /// Late, ended or malformed ([`Failure`]).
    pub fn ask(&mut self, question: Question, deadline: Instant) -> Result<Reply, Failure> {
        let id = self.next_id;
        self.next_id += 1;
        let line = Request { id, question }
            .line()
            .map_err(|e| Failure::Malformed(e.to_string()))?;
        if self.stdin.write_all(line.as_bytes()).is_err() {
            return Err(self.ended());
        }
        let answer = self.read_line(deadline)?;
        let answer: Answer = serde_json::from_slice(&answer).map_err(|e| {
            Failure::Malformed(format!(
                "its answer does not read: {}",
                crate::judge::inert::candidate_text(&e.to_string())
            ))
        })?;
        if answer.id != id {
            return Err(Failure::Malformed(format!(
                "it answered question {} when asked question {id}",
                answer.id
            )));
        }
        Ok(answer.reply)
    }

    /// One line of its output, without the newline.
    fn read_line(&mut self, deadline: Instant) -> Result<Vec<u8>, Failure> {
        loop {
            if let Some(at) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=at).collect();
                return Ok(line);
            }
            if self.pending.len() > MAX_ANSWER_BYTES {
                return Err(Failure::Malformed(format!(
                    "it wrote an answer longer than {MAX_ANSWER_BYTES} bytes"
                )));
            }
            if !sandbox::readable(&self.stdout, deadline) {
                return Err(Failure::Late);
            }
            let mut chunk = [0u8; 65536];
            match self.stdout.read(&mut chunk) {
                Ok(0) | Err(_) => return Err(self.ended()),
                Ok(n) => self.pending.extend_from_slice(&chunk[..n]),
            }
        }
    }

    /// How the oracle ended, in words: its status and its last words on standard error.
    fn ended(&mut self) -> Failure {
        let status = self.running.wait(Duration::from_secs(5));
        if status.is_none() {
            self.running.kill();
        }
        // The sandbox is gone: its standard error has closed, or closes now.
        std::thread::sleep(Duration::from_millis(20));
        let tail = self
            .stderr_tail
            .lock()
            .map(|t| t.clone())
            .unwrap_or_default();
        Failure::Ended(describe(status, &last_words(&tail)))
    }

    /// Kill the oracle and everything it started.
    pub fn kill(&mut self) {
        self.running.kill();
    }

    /// The handle that kills this oracle without its lock (from another thread).
    pub fn killer(&self) -> Killer {
        self.running.killer()
    }
}

pub use crate::sandbox::Killer;

/// The last two lines the oracle wrote to standard error, without thread ids, cut to 300
/// bytes: a stack overflow or a failed allocation says so there.
fn last_words(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let last = &lines[lines.len().saturating_sub(2)..];
    crate::judge::inert::candidate_text(&without_numbers_in_parentheses(&last.join(" / ")))
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

/// How the oracle ended, in words.
fn describe(status: Option<std::process::ExitStatus>, last: &str) -> String {
    let Some(status) = status else {
        return "it stopped answering and was killed".to_string();
    };
    if last.is_empty() {
        return describe_status(status, true);
    }
    format!("{} ({last})", describe_status(status, false))
}

/// An exit status in words: the signal's name and, if `explain`, what it usually means.
#[cfg(unix)]
fn describe_status(status: std::process::ExitStatus, explain: bool) -> String {
    use std::os::unix::process::ExitStatusExt;
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
            libc::SIGSYS => "SIGSYS, a forbidden system call",
            _ => "",
        };
        let name = what.split(',').next().unwrap_or_default();
        match (what.is_empty(), explain) {
            (true, _) => format!("killed by signal {signal}"),
            (false, true) => format!("killed by signal {signal} ({what})"),
            (false, false) => format!("killed by {name}"),
        }
    } else {
        match status.code() {
            Some(code) => format!("it exited with status {code} in the middle of the grade"),
            None => "it ended in an unknown way".to_string(),
        }
    }
}

#[cfg(not(unix))]
fn describe_status(status: std::process::ExitStatus, _: bool) -> String {
    format!("it ended with {status}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_words_keep_two_lines_without_thread_ids() {
        let err = "noise\n\nthread 'main' (11469) has overflowed its stack\n\
                   fatal runtime error: stack overflow, aborting\n";
        assert_eq!(
            last_words(err.as_bytes()),
            "thread 'main' has overflowed its stack / fatal runtime error: stack overflow, \
             aborting"
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
        let abort = std::process::ExitStatus::from_raw(libc::SIGABRT);
        assert_eq!(
            describe(Some(abort), "memory allocation of 8 bytes failed"),
            "killed by SIGABRT (memory allocation of 8 bytes failed)"
        );
        assert!(describe(Some(abort), "").contains("a stack overflow, a failed allocation"));
        let exit0 = std::process::ExitStatus::from_raw(0);
        assert_eq!(
            describe(Some(exit0), ""),
            "it exited with status 0 in the middle of the grade"
        );
    }
}
