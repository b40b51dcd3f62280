//! Running candidate code under guard: a panic or an endless loop is caught and reported,
//! never allowed to take the grader down. A question to a student's oracle that got no
//! answer unwinds with an [`OracleFault`], which becomes the check's fault the same way.

use std::sync::Once;
use std::sync::mpsc;
use std::time::Duration;

use crate::oracle::OracleFault;

/// What went wrong in a guarded check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The candidate panicked, with this message.
    Panic(String),
    /// The check did not finish within the time limit (an endless loop, or far too slow).
    Timeout(Duration),
    /// The student's oracle ended while answering (a stack overflow, an abort, an exit, a
    /// signal, memory exhausted) or answered out of protocol: only seen when a submission is
    /// graded through its oracle (see [`crate::oracle`]), which is then started again for
    /// the next check.
    Crash(String),
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Panic(m) => write!(f, "panicked: {m}"),
            Fault::Timeout(d) => write!(f, "did not finish within {} ms", d.as_millis()),
            Fault::Crash(how) => write!(f, "ended the grading process: {how}"),
        }
    }
}

impl Fault {
    /// The fault's kind in words, without the candidate's own words (for checks on secret
    /// data).
    pub fn kind(&self) -> String {
        match self {
            Fault::Panic(_) => "panicked (the message is not shown for this check)".into(),
            Fault::Timeout(d) => format!("did not finish within {} ms", d.as_millis()),
            Fault::Crash(_) => "ended the grading process (how is not shown for this check)".into(),
        }
    }
}

const THREAD_NAME: &str = "grade-check";

/// Silence the default panic message for guarded threads (the report carries it); other
/// threads keep the previous hook.
fn quiet_guarded_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if std::thread::current().name() != Some(THREAD_NAME) {
                previous(info);
            }
        }));
    });
}

/// Run `check` on its own thread with a time limit. A thread that overruns is left running
/// (Rust cannot stop it) and reported as [`Fault::Timeout`].
///
/// # Errors
/// The panic or the timeout.
pub fn guarded<T, F>(limit: Duration, check: F) -> Result<T, Fault>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    quiet_guarded_panics();
    let (tx, rx) = mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name(THREAD_NAME.into())
        .spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(check));
            let _ = tx.send(result);
        });
    if let Err(e) = spawned {
        return Err(Fault::Panic(format!("could not start a check thread: {e}")));
    }
    match rx.recv_timeout(limit) {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(payload)) => Err(match payload.downcast_ref::<OracleFault>() {
            Some(fault) => fault.fault(limit),
            None => Fault::Panic(panic_message(payload.as_ref())),
        }),
        Err(mpsc::RecvTimeoutError::Timeout) => Err(Fault::Timeout(limit)),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err(Fault::Panic(
            "the check thread ended without an answer".into(),
        )),
    }
}

/// A panic's message, made inert ([`crate::judge::inert::candidate_text`]).
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let message = solitaire_oracle::panic_message(payload, crate::MAX_CANDIDATE_TEXT * 2);
    crate::judge::inert::candidate_text(&message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catches_panics_and_endless_loops() {
        let limit = Duration::from_millis(100);
        assert_eq!(guarded(limit, || 7), Ok(7));
        assert_eq!(
            guarded(limit, || -> u8 { panic!("boom") }),
            Err(Fault::Panic("boom".into()))
        );
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = stop.clone();
        let looped = guarded(limit, move || {
            while !flag.load(std::sync::atomic::Ordering::Relaxed) {
                std::thread::yield_now();
            }
        });
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(looped, Err(Fault::Timeout(limit)));
    }
}
