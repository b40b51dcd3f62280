//! Collecting at a deadline (`sol course collect ROSTER.ron`): each git repository of the roster
//! is read as it stands (after the instructor pulled it), its revision resolved and checked as
//! a commit in the student's sandbox ([`crate::intake`]), and a record appended to the
//! collection log: the judge's clock, the repository, the revision and the commit. A roster
//! with `before:` then grades the commit of each repository's latest record at or before the
//! deadline, whatever dates its commits claim.

use std::path::Path;
use std::time::Duration;

use crate::class::jails::Jails;
use crate::class::roster::{ClassError, Roster};
use crate::class::run::ClassOptions;
use crate::intake::{self, clock::Moment, collected};

/// What a collection found.
#[derive(Clone, Debug, Default)]
pub struct Collection {
    /// The records appended to the log.
    pub records: Vec<collected::Record>,
    /// The repositories not collected, each with why.
    pub failures: Vec<(String, String)>,
}

/// Collect every git repository of `roster` (read from `roster_file`) into the log `log`, in
/// sandboxes set as `options` says (its sandbox mode, build directory, uid base and intake
/// time).
///
/// # Errors
/// A roster folder that does not read, a sandbox that cannot run, a log that does not read or
/// cannot be written. A repository that cannot be read is a failure of the collection, not
/// an error.
pub fn collect(
    roster: &Roster,
    roster_file: &Path,
    log: &Path,
    options: &ClassOptions,
) -> Result<Collection, ClassError> {
    let roster_dir = crate::class::roster::roster_dir(roster_file);
    let sources = roster
        .git_sources(roster_dir)
        .map_err(|e| ClassError::at(roster_file, e))?;
    // The log must read before anything is collected into it.
    collected::read(log).map_err(|e| ClassError::at(log, e))?;
    let jails = Jails::prepare(options, roster_dir)?;
    let time = Duration::from_secs(options.limits.intake_seconds);
    let mut collection = Collection::default();
    for (index, repo, rev) in sources {
        let shown = repo.display().to_string();
        let jail = jails.git(index, time);
        match intake::open(&roster_dir.join(&repo), &shown, &rev, &jail, None) {
            Ok(opened) => collection.records.push(collected::Record {
                at: Moment::now(),
                repository: shown,
                revision: rev,
                commit: opened.session.commit,
            }),
            Err(why) => collection.failures.push((shown, why)),
        }
    }
    collected::append(log, &collection.records).map_err(|e| ClassError::at(log, e))?;
    Ok(collection)
}
