//! Taking a submission into the judge, where nothing of it is interpreted outside the
//! student's sandbox.
//!
//! - A git repository is read by git only inside the student's sandbox, as an object server
//!   ([`server`]) with every configuration cut off; the judge finds the repository and reads its
//!   refs as small files itself ([`refs`]), and parses commits, tags and trees itself, checking
//!   each object by its id ([`objects`], [`git`]).
//! - A directory is listed and copied by the judge, plain files only ([`dir`]).
//! - Either way everything taken is listed first, within the budget ([`listing`]), then written
//!   into a fresh directory ([`plant`]).
//! - At a deadline the commit comes from records the student cannot write ([`deadline`]): the
//!   collection log ([`collected`]) and GitHub's push log ([`pushes`]), by their times
//!   ([`clock`]); commit dates are never read.

pub mod clock;
pub mod collected;
pub mod deadline;
pub mod dir;
pub mod git;
pub mod listing;
pub mod objects;
pub mod plant;
pub mod pushes;
pub mod refs;
pub mod server;
pub mod submission;
#[cfg(test)]
mod tests;

use std::path::Path;

pub use deadline::Deadline;
pub use server::GitJail;

/// A git submission opened at its chosen commit, and where it came from in words.
pub struct Opened {
    /// The repository being read.
    pub session: git::Session,
    /// `git <repo> <rev> (<commit>)`, with the record and the deadline when one chose it.
    pub from: String,
}

/// Open the repository at `path` (named `shown`, as the roster names it) at revision `rev`, or
/// at the commit the records choose at `deadline`, in the sandbox `jail`.
///
/// # Errors
/// Not a repository, no such revision or record, not a commit, the sandbox or git fails.
pub fn open(
    path: &Path,
    shown: &str,
    rev: &str,
    jail: &GitJail,
    deadline: Option<&Deadline>,
) -> Result<Opened, String> {
    let repo = refs::Repo::open(path)?;
    let resolved = repo.resolve(rev).map_err(|e| format!("{shown}: {e}"));
    let (target, record) = match deadline {
        None => (resolved?.oid, None),
        Some(deadline) => {
            let reference = resolved.ok().and_then(|r| r.reference);
            let chosen = deadline.choose(shown, rev, reference.as_deref())?;
            let record = format!("{}, deadline {}", chosen.record, deadline.at);
            (chosen.commit, Some(record))
        }
    };
    let session = git::Session::open(jail, &repo, target).map_err(|e| format!("{shown}: {e}"))?;
    let from = match record {
        None => format!("git {shown} {rev} ({})", session.commit),
        Some(record) => format!("git {shown} {rev} ({}, {record})", session.commit),
    };
    Ok(Opened { session, from })
}
