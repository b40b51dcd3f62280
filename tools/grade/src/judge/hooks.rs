//! Hooks into one grade: told of each guarded check before and after it runs and of each part
//! as it ends, and able to skip a check or record a fault for it without running it. A
//! student's oracle session ([`crate::oracle::SessionHooks`]) keeps its oracle running
//! through them; a plain [`crate::grade`] has none.

use crate::judge::guard::Fault;
use crate::judge::report::Part;

/// What to do with one guarded check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Run the candidate's code.
    Run,
    /// Do not run it: an earlier run of the same grade found this fault there (the check
    /// ended the process or ran over the time limit). It is recorded as if it had happened.
    Known(Fault),
    /// Do not run it: the check fails with this reason and no fault is recorded (the grade
    /// is being finished without starting more candidate code).
    Skip(String),
}

/// Observers of one grade. Checks are numbered from 1 in the order the parts start them;
/// a grade with the same options runs the same checks in the same order.
pub trait CheckHooks {
    /// Check number `check` (`what` names it) is about to start.
    fn before(&mut self, check: usize, what: &str) -> Plan;
    /// Check number `check` ended, with its fault if any.
    fn after(&mut self, check: usize, what: &str, fault: Option<&Fault>);
    /// A part is complete (layout, conformance and differential; robustness comes last).
    fn part_done(&mut self, part: &Part);
    /// The checks from here on use the instructor's hidden scenarios: a candidate that runs
    /// elsewhere is started afresh, so nothing it learns from them outlives them.
    fn secret(&mut self) {}
}
