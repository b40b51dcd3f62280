//! What a run found: problems, their distinct signatures, and the allow-list of known bugs.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use crate::case::Case;
use crate::catch::Panic;
use crate::{KNOWN_BUGS, KnownBug, Target};

/// What one case broke. Cases with the same signature are one failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What identifies the failure across inputs: the panic location and its message with
    /// numbers and quoted text blanked, or the property broken.
    pub signature: String,
    /// Everything known about this occurrence.
    pub detail: String,
}

impl Problem {
    /// A property that did not hold.
    pub fn property(what: &str, detail: impl Into<String>) -> Problem {
        Problem {
            signature: format!("property: {what}"),
            detail: detail.into(),
        }
    }

    /// A panic, caught in this process or read from a child's standard error.
    pub fn panic(panic: &Panic) -> Problem {
        let first = panic.message.lines().next().unwrap_or("");
        Problem {
            signature: format!("panic at {}: {}", panic.location, blank(first)),
            detail: format!("panicked at {}:\n{}", panic.location, panic.message),
        }
    }
}

/// `s` with digit runs as `N` and quoted text (`"…"`, `'…'`, `` `…` ``) as `…`, cut to 100 characters: what stays the
/// same when the same bug is hit by another input.
pub fn blank(s: &str) -> String {
    let mut out = String::new();
    let mut quote = None;
    for c in s.chars() {
        match quote {
            Some(q) if c == q => {
                out.push('…');
                out.push(c);
                quote = None;
            }
            Some(_) => {}
            None if c == '"' || c == '`' || c == '\'' => {
                out.push(c);
                quote = Some(c);
            }
            None if c.is_ascii_digit() => {
                if !out.ends_with('N') {
                    out.push('N');
                }
            }
            None => out.push(c),
        }
    }
    out.chars().take(100).collect()
}

/// One distinct failure.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The signature shared by its cases.
    pub signature: String,
    /// The detail of the kept case.
    pub detail: String,
    /// How many cases hit it.
    pub count: u64,
    /// The number of the first case that hit it (`--seed S --case N` regenerates it).
    pub first: u64,
    /// The smallest case seen (after shrinking).
    pub case: Case,
    /// The known bug it belongs to, if listed in [`KNOWN_BUGS`].
    pub known: Option<&'static KnownBug>,
    /// Where the case was saved.
    pub saved: Option<PathBuf>,
}

/// The outcome of a run of one target.
#[derive(Clone, Debug)]
pub struct Report {
    /// The target.
    pub target: Target,
    /// Cases run.
    pub cases: u64,
    /// Cases whose input the reader accepted and that passed (`sol` exited 0).
    pub accepted: u64,
    /// Cases whose input the reader refused with an error, as it should have (`sol` exited 1
    /// or 2); the others got past the reader.
    pub refused: u64,
    /// Distinct failures, in the order found.
    pub failures: Vec<Failure>,
    /// Command lines that `sol` did not finish within the time limit (not failures: a
    /// command may be asked for long work; listed so that a person can judge).
    pub slow: Vec<Failure>,
    /// The slowest case and its number.
    pub slowest: (Duration, u64),
    /// Why the run stopped before its budget, if it did.
    pub stopped: Option<String>,
}

impl Report {
    /// Failures not on the allow-list.
    pub fn new_failures(&self) -> impl Iterator<Item = &Failure> {
        self.failures.iter().filter(|f| f.known.is_none())
    }

    /// Whether the run found nothing outside the allow-list and finished.
    pub fn passed(&self) -> bool {
        self.new_failures().next().is_none() && self.stopped.is_none()
    }
}

/// The known bug a signature belongs to.
pub fn known(target: Target, signature: &str) -> Option<&'static KnownBug> {
    KNOWN_BUGS.iter().find(|k| {
        k.targets.contains(&target) && k.signature.iter().all(|part| signature.contains(part))
    })
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let new = self.new_failures().count();
        writeln!(
            f,
            "{}: {} cases ({} accepted, {} refused), {} distinct failures ({} new, {} known), {} slow; slowest case #{} took {:.3} s",
            self.target,
            self.cases,
            self.accepted,
            self.refused,
            self.failures.len(),
            new,
            self.failures.len() - new,
            self.slow.len(),
            self.slowest.1,
            self.slowest.0.as_secs_f64(),
        )?;
        if let Some(why) = &self.stopped {
            writeln!(f, "  stopped early: {why}")?;
        }
        for (label, list) in [("FAIL", &self.failures), ("slow", &self.slow)] {
            for x in list {
                let tag = match x.known {
                    Some(k) if label == "FAIL" => format!("known ({})", k.owner),
                    _ => label.to_string(),
                };
                writeln!(
                    f,
                    "  [{tag}] {} x{} (first: case {})",
                    x.signature, x.count, x.first
                )?;
                if let Some(dir) = &x.saved {
                    writeln!(f, "    saved: {}", dir.display())?;
                }
                for line in x.detail.lines().take(6) {
                    writeln!(f, "    | {line}")?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blanking_keeps_what_identifies_a_bug() {
        assert_eq!(
            blank("index out of bounds: the len is 3 but the index is 12"),
            "index out of bounds: the len is N but the index is N"
        );
        assert_eq!(blank("pile \"t7\" is `x`"), "pile \"…\" is `…`");
    }

    #[test]
    fn known_bugs_match_signatures_holding_every_part() {
        for bug in crate::KNOWN_BUGS {
            let signature = bug.signature.join(" ... ");
            for &t in bug.targets {
                assert_eq!(known(t, &signature).map(|k| k.owner), Some(bug.owner));
            }
        }
        assert!(known(Target::Position, "property: something new").is_none());
    }
}
