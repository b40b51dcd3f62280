//! What the parts share: the two games and how their piles match, the options, the scenarios
//! the candidate failed, and the robustness record every guarded call writes to.

use std::collections::BTreeSet;
use std::sync::Arc;

use solitaire_core::Game;

use crate::Options;
use crate::judge::guard::{Fault, guarded};
use crate::judge::hooks::{CheckHooks, Plan};
use crate::judge::piles::PileMap;
use crate::judge::report::{Finding, Part, Share, round1};

/// After this many timeouts no more candidate code is started: each one leaves a thread
/// spinning until the grader exits.
const MAX_TIMEOUTS: usize = 3;

/// Points of the robustness part, and what each kind of fault costs.
pub(crate) const ROBUSTNESS: f64 = solitaire_files::course::default_points::ROBUSTNESS as f64;
const PER_KIND: f64 = ROBUSTNESS / 3.0;

/// Whether a check runs on data the candidate's author may see.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Secrecy {
    /// Public data: faults are reported in full.
    Public,
    /// The instructor's hidden scenarios: faults are reported by their kind only.
    Secret,
}

/// One robustness fault.
pub(crate) struct FaultRecord {
    pub kind: FaultKind,
    pub finding: Finding,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum FaultKind {
    Panic,
    Timeout,
    Undo,
    Crash,
}

impl FaultKind {
    /// The kind in words, for a count of faults of it.
    fn plural(self) -> &'static str {
        match self {
            FaultKind::Panic => "panics",
            FaultKind::Timeout => "checks over the time limit",
            FaultKind::Undo => "inconsistent undos",
            FaultKind::Crash => "checks that ended the candidate's process",
        }
    }
}

pub(crate) struct Context {
    pub candidate: Arc<Game>,
    pub reference: Arc<Game>,
    pub options: Options,
    /// The candidate's piles matched to the reference's by id.
    pub map: Arc<PileMap>,
    /// The names of the scenarios the candidate failed (the conformance part fills it in).
    pub failed: BTreeSet<String>,
    pub checks: usize,
    /// Of the checks, those on the instructor's hidden data ([`Secrecy::Secret`]).
    pub secret_checks: usize,
    /// The faults, each finding `hidden` when its check was secret.
    pub faults: Vec<FaultRecord>,
    pub timeouts: usize,
    /// Observers of every check (a student's oracle session), if any.
    pub hooks: Option<Box<dyn CheckHooks>>,
}

impl Context {
    pub fn new(candidate: Arc<Game>, reference: Arc<Game>, options: Options) -> Context {
        Context {
            map: Arc::new(PileMap::new(&reference, &candidate)),
            candidate,
            reference,
            options,
            failed: BTreeSet::new(),
            checks: 0,
            secret_checks: 0,
            faults: Vec::new(),
            timeouts: 0,
            hooks: None,
        }
    }

    /// Run candidate code under guard; a fault is recorded for the robustness part (with
    /// `what` and `reproduce`) and returned for the calling part to count as a failure.
    pub fn guard<T, F>(&mut self, what: &str, reproduce: &[String], check: F) -> Result<T, String>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        self.guard_in(Secrecy::Public, what, reproduce, check)
    }

    /// [`Context::guard`], for a check on public or secret data: a fault in a secret check
    /// is recorded by its kind only, without the candidate's words (its panic message, its
    /// last words on standard error), which could carry the secret data out.
    pub fn guard_in<T, F>(
        &mut self,
        secrecy: Secrecy,
        what: &str,
        reproduce: &[String],
        check: F,
    ) -> Result<T, String>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        if self.timeouts >= MAX_TIMEOUTS {
            return Err(format!(
                "not run: the candidate already ran over the time limit {MAX_TIMEOUTS} times"
            ));
        }
        self.checks += 1;
        if secrecy == Secrecy::Secret {
            self.secret_checks += 1;
        }
        let index = self.checks;
        let plan = self
            .hooks
            .as_mut()
            .map_or(Plan::Run, |h| h.before(index, what));
        let result = match plan {
            Plan::Run => guarded(self.options.time_limit, check),
            Plan::Known(fault) => Err(fault),
            Plan::Skip(reason) => return Err(reason),
        };
        if let Some(h) = self.hooks.as_mut() {
            h.after(index, what, result.as_ref().err());
        }
        match result {
            Ok(v) => Ok(v),
            Err(fault) => {
                let kind = match fault {
                    Fault::Panic(_) => FaultKind::Panic,
                    Fault::Timeout(_) => {
                        self.timeouts += 1;
                        FaultKind::Timeout
                    }
                    Fault::Crash(_) => FaultKind::Crash,
                };
                let message = match secrecy {
                    Secrecy::Public => format!("the candidate {fault}"),
                    Secrecy::Secret => format!("the candidate {}", fault.kind()),
                };
                self.faults.push(FaultRecord {
                    kind,
                    finding: Finding {
                        title: format!("{what}: {message}"),
                        detail: String::new(),
                        reproduce: reproduce.to_vec(),
                        hidden: secrecy == Secrecy::Secret,
                    },
                });
                Err(message)
            }
        }
    }

    /// Record an undo that did not restore the position (or hidden state).
    pub fn undo_fault(&mut self, finding: Finding) {
        self.faults.push(FaultRecord {
            kind: FaultKind::Undo,
            finding,
        });
    }

    /// The robustness part, from the faults recorded by the other parts. Its points are what
    /// the public checks' faults leave; a kind of fault found only in secret checks costs its
    /// points in the part's hidden share (negative, with a max of 0), so that what the
    /// student sees before publication is exactly what the public checks alone give.
    pub fn robustness(&self) -> Part {
        let kinds = [
            FaultKind::Panic,
            FaultKind::Timeout,
            FaultKind::Undo,
            FaultKind::Crash,
        ];
        let points = |with_secret: bool| {
            let present = kinds
                .iter()
                .filter(|k| {
                    self.faults
                        .iter()
                        .any(|f| f.kind == **k && (with_secret || !f.finding.hidden))
                })
                .count();
            round1((ROBUSTNESS - PER_KIND * present as f64).max(0.0))
        };
        let (public, all) = (points(false), points(true));
        let mut findings = Vec::new();
        for secret in [false, true] {
            for kind in kinds {
                let of_kind: Vec<&FaultRecord> = self
                    .faults
                    .iter()
                    .filter(|f| f.kind == kind && f.finding.hidden == secret)
                    .collect();
                let of_kind = of_kind.iter().map(|f| f.finding.clone()).collect();
                findings.extend(cap(of_kind, 3, kind.plural()));
            }
        }
        let failed = self.faults.len().min(self.checks);
        let secret_failed = self.faults.iter().filter(|f| f.finding.hidden).count();
        let hidden = (self.secret_checks > 0).then(|| Share {
            points: round1(all - public),
            max: 0.0,
            checks: self.secret_checks,
            passed: self.secret_checks - secret_failed.min(self.secret_checks),
        });
        Part {
            id: "robustness",
            title: "4. Robustness",
            points: all,
            max: ROBUSTNESS,
            checks: self.checks,
            passed: self.checks - failed,
            findings,
            scoring: format!(
                "Every call into the candidate ran under guard (time limit {} ms). Each kind of \
                 fault found anywhere costs {PER_KIND} points: a panic, an endless loop (over the \
                 time limit), an inconsistent undo (apply then undo does not restore the \
                 position, or the rules answer differently afterwards), and, when the candidate answers \
                 from an oracle, a check that ends it (stack overflow, abort, exit, signal, memory \
                 exhausted) or gets an answer out of protocol. A kind found only in the \
                 instructor's hidden checks costs its points in their share, shown once the \
                 grades are published.",
                self.options.time_limit.as_millis()
            ),
            hidden,
        }
    }
}

/// Keep the first `keep` findings, then one that says how many more there were, of what
/// `kind` (a plural: `scenarios that failed`), and lists their titles: no finding leaves the
/// report without its count, its kind and its title. The note is hidden when every finding it
/// stands for is (they are capped apart from the public ones, so that a count never tells of
/// hidden ones).
pub(crate) fn cap(mut findings: Vec<Finding>, keep: usize, kind: &str) -> Vec<Finding> {
    if findings.len() > keep {
        let rest = findings.split_off(keep);
        let hidden = rest.iter().all(|f| f.hidden);
        findings.push(more(&rest, kind, hidden));
    }
    findings
}

/// The finding that stands for `rest`: their count and kind, and their titles.
fn more(rest: &[Finding], kind: &str, hidden: bool) -> Finding {
    let titles: Vec<String> = rest.iter().map(|f| format!("- {}", f.title)).collect();
    Finding {
        title: format!("... and {} more {kind}", rest.len()),
        detail: titles.join("\n"),
        reproduce: Vec::new(),
        hidden,
    }
}
