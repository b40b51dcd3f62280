//! The judge's side of a student's oracle: a [`Session`] starts the oracle in its sandbox,
//! builds the student's game in it, asks it one question at a time for the candidate's
//! [`remote::RemoteRules`], and starts it again after it ends, within the student's time
//! budget and a bounded number of restarts. The grade itself (the reference, the scenarios,
//! every comparison and point) runs in the judge, which never links a student's code.
//!
//! A question that cannot be answered (the oracle panicked, ended, answered late or out of
//! protocol) unwinds out of the rules method that asked it with an [`OracleFault`], which
//! the grader's guard ([`crate::judge::guard`]) turns into that check's fault, exactly as it does a
//! panic of in-process code.

pub mod process;
pub mod remote;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use solitaire_core::ReadingValues;
use solitaire_oracle::protocol::{Question, Reply};
use solitaire_oracle::wire::WireReading;

use crate::judge::guard::Fault;
use crate::judge::hooks::{CheckHooks, Plan};
use crate::judge::report::Part;
use crate::sandbox::{Jail, Killer, Target};
use process::{Failure, Process};

/// Why a question to the oracle got no answer: the payload the rules unwind with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OracleFault {
    /// The student's code panicked, with this message.
    Panic(String),
    /// The oracle ended, or answered out of protocol (how, in words).
    Crash(String),
    /// No answer came in time.
    Late,
}

impl OracleFault {
    /// Unwind with this fault.
    pub fn raise(self) -> ! {
        std::panic::resume_unwind(Box::new(self))
    }

    /// The check fault this is, for a check with `time_limit`.
    pub fn fault(&self, time_limit: Duration) -> Fault {
        match self {
            OracleFault::Panic(m) => Fault::Panic(m.clone()),
            OracleFault::Crash(how) => Fault::Crash(how.clone()),
            OracleFault::Late => Fault::Timeout(time_limit),
        }
    }
}

/// How to start the oracle and what to build in it.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The oracle's sandbox.
    pub jail: Jail,
    /// The oracle program.
    pub target: Target,
    /// The student's game id.
    pub game: String,
    /// The course's readings for the reference.
    pub readings: ReadingValues,
    /// How long building the game in the oracle may take.
    pub setup_limit: Duration,
    /// The longest any one answer is waited for (beyond a check's own time limit, which
    /// the guard enforces first).
    pub answer_limit: Duration,
    /// The student's wall-clock budget for all its oracle's work.
    pub budget: Duration,
    /// How many times the oracle is started again after it ended.
    pub restarts: usize,
}

/// The game as the oracle built it.
#[derive(Clone, Debug)]
pub struct Built {
    /// The layout's file name.
    pub file: String,
    /// The layout's text.
    pub layout: String,
    /// The readings applied.
    pub applied: ReadingValues,
    /// The readings the game declares.
    pub readings: Vec<WireReading>,
    /// Whether cards may be taken from a pile's bottom end.
    pub takes_from_bottom: bool,
}

/// One student's oracle, for the whole grade.
pub struct Session {
    setup: Setup,
    state: Mutex<State>,
    killer: Mutex<Option<Killer>>,
    /// Set when the oracle is killed from outside (a check ran over its time limit): the
    /// next check starts a new one.
    killed: AtomicBool,
    started: Instant,
}

struct State {
    process: Option<Process>,
    /// How many times an oracle was started.
    starts: usize,
    /// How many times an oracle ended in the middle of a check (or was killed for a check's
    /// time-out).
    ended: usize,
    /// The last oracle was stopped by the judge, not ended by the candidate.
    retired: bool,
    gave_up: Option<String>,
}

impl Session {
    /// Start the oracle and build the game.
    ///
    /// # Errors
    /// Why the oracle could not start or the game could not be built.
    pub fn open(setup: Setup) -> Result<(Arc<Session>, Built), String> {
        let session = Arc::new(Session {
            setup,
            state: Mutex::new(State {
                process: None,
                starts: 0,
                ended: 0,
                retired: false,
                gave_up: None,
            }),
            killer: Mutex::new(None),
            killed: AtomicBool::new(false),
            started: Instant::now(),
        });
        let built = {
            let mut state = session.lock();
            session.start(&mut state)?
        };
        Ok((session, built))
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// How many times the oracle was started.
    pub fn starts(&self) -> usize {
        self.lock().starts
    }

    /// Start an oracle and build the game in it.
    fn start(&self, state: &mut State) -> Result<Built, String> {
        if let Some(mut old) = state.process.take() {
            old.kill();
        }
        state.starts += 1;
        let mut process = Process::start(&self.setup.jail, &self.setup.target)?;
        *self.killer.lock().unwrap_or_else(|p| p.into_inner()) = Some(process.killer());
        self.killed.store(false, Ordering::SeqCst);
        let question = Question::Build {
            game: self.setup.game.clone(),
            readings: self.setup.readings.clone(),
        };
        let limit = self.setup.setup_limit;
        let built = match process.ask(question, Instant::now() + limit) {
            Ok(Reply::Built {
                file,
                layout,
                applied,
                readings,
                takes_from_bottom,
            }) => Built {
                file,
                layout,
                applied,
                readings,
                takes_from_bottom,
            },
            Ok(Reply::Error { message }) => return Err(message),
            Ok(Reply::Panic { message }) => {
                return Err(format!("building the game panicked: {message}"));
            }
            Ok(other) => {
                process.kill();
                return Err(format!("the oracle answered {} to build", other.name()));
            }
            Err(Failure::Late) => {
                process.kill();
                return Err(format!(
                    "building the game from its layout took more than {} s (the setup's time \
                     limit)",
                    limit.as_secs()
                ));
            }
            Err(Failure::Ended(how)) => return Err(format!("the oracle ended: {how}")),
            Err(Failure::Malformed(why)) => {
                process.kill();
                return Err(format!("the oracle answered out of protocol: {why}"));
            }
        };
        state.process = Some(process);
        Ok(built)
    }

    /// Ask a question; its reply, `Reply::Error` included (the caller decides what an error
    /// means). A panic, an end, a late or malformed answer unwinds with an [`OracleFault`].
    pub fn ask(&self, question: Question) -> Reply {
        let outcome = {
            let mut state = self.lock();
            if self.killed.swap(false, Ordering::SeqCst) {
                state.process = None;
            }
            match state.process.as_mut() {
                None => Err(OracleFault::Crash("its oracle is not running".into())),
                Some(process) => {
                    let deadline = Instant::now() + self.setup.answer_limit;
                    match process.ask(question, deadline) {
                        Ok(Reply::Panic { message }) => Err(OracleFault::Panic(
                            crate::judge::inert::candidate_text(&message),
                        )),
                        Ok(reply) => Ok(reply),
                        Err(failure) => {
                            process.kill();
                            state.process = None;
                            Err(match failure {
                                Failure::Late => OracleFault::Late,
                                Failure::Ended(how) => OracleFault::Crash(how),
                                Failure::Malformed(why) => OracleFault::Crash(format!(
                                    "its oracle answered out of protocol: {why}"
                                )),
                            })
                        }
                    }
                }
            }
        };
        outcome.unwrap_or_else(|fault| fault.raise())
    }

    /// Kill the oracle now, from any thread (a check ran over its time limit).
    pub fn kill(&self) {
        self.killed.store(true, Ordering::SeqCst);
        if let Some(killer) = self
            .killer
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
        {
            killer.kill();
        }
    }

    /// Stop the running oracle without counting it as ended by the candidate: the next check
    /// starts a fresh one.
    pub fn retire(&self) {
        let mut state = self.lock();
        if let Some(mut process) = state.process.take() {
            process.kill();
            state.retired = true;
        }
    }

    /// Whether the student's wall-clock budget is used up.
    fn over_budget(&self) -> bool {
        self.started.elapsed() >= self.setup.budget
    }

    /// Make sure an oracle is running before a check: start one if the last ended. `Err`:
    /// why no more of the student's code runs.
    fn ready(&self) -> Result<(), String> {
        if self.over_budget() {
            self.kill();
            return Err(format!(
                "not run: over the student's time budget of {} s",
                self.setup.budget.as_secs()
            ));
        }
        let mut state = self.lock();
        if let Some(why) = &state.gave_up {
            return Err(why.clone());
        }
        if self.killed.swap(false, Ordering::SeqCst) {
            state.process = None;
        }
        if state.process.is_some() {
            return Ok(());
        }
        if !std::mem::take(&mut state.retired) {
            state.ended += 1;
        }
        let ended = state.ended;
        if ended > self.setup.restarts {
            let why = format!("not run: the candidate ended the grading process {ended} times");
            state.gave_up = Some(why.clone());
            return Err(why);
        }
        if let Err(e) = self.start(&mut state) {
            let why = format!("not run: the oracle could not be started again: {e}");
            state.gave_up = Some(why.clone());
            return Err(why);
        }
        Ok(())
    }
}

/// The hooks that keep a session's oracle running across a grade's checks.
pub struct SessionHooks(pub Arc<Session>);

impl CheckHooks for SessionHooks {
    fn before(&mut self, _check: usize, _what: &str) -> Plan {
        match self.0.ready() {
            Ok(()) => Plan::Run,
            Err(why) => Plan::Skip(why),
        }
    }

    fn after(&mut self, _check: usize, _what: &str, fault: Option<&Fault>) {
        if matches!(fault, Some(Fault::Timeout(_))) {
            self.0.kill();
        }
    }

    fn part_done(&mut self, _part: &Part) {}

    fn secret(&mut self) {
        self.0.retire();
    }
}
