//! The commit graded at a deadline: the one named by the latest record at or before it, from
//! records the student cannot write: the collection log (`collected:`, what `sol course
//! collect` found at the deadline) and the push log (`pushes:`, GitHub's time of each push).
//! Commit and author dates, which the student writes, are never read.

use std::path::{Path, PathBuf};

use super::clock::Moment;
use super::collected::{self, Record};
use super::objects::Oid;
use super::pushes;

/// A deadline and the records that choose each repository's commit at it.
#[derive(Clone, Debug)]
pub struct Deadline {
    /// The deadline.
    pub at: Moment,
    /// The collection log, as the roster names it, and its records.
    collected: Option<(String, Vec<Record>)>,
    /// The folder of push logs, as the roster names it, and where it is.
    pushes: Option<(String, PathBuf)>,
}

/// The commit chosen for a repository, and the record that chose it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chosen {
    /// The commit.
    pub commit: Oid,
    /// The record, in words: `collected 2026-12-01T23:58:40Z` or `pushed ...`.
    pub record: String,
}

impl Deadline {
    /// The deadline `before` (the field `field` gives it: the roster's `before`, the course's
    /// `due`) with its records: the collection log `collected` and the folder of push logs
    /// `pushes`, each relative to `base` and named in messages as the roster names it.
    ///
    /// # Errors
    /// A deadline that is not a date and time, neither record given, a log that does not read.
    pub fn load(
        before: &str,
        field: &str,
        base: &Path,
        collected: Option<&str>,
        pushes: Option<&str>,
    ) -> Result<Deadline, String> {
        let at = Moment::parse(before).map_err(|e| format!("{field}: {e}"))?;
        if collected.is_none() && pushes.is_none() {
            return Err(format!(
                "{field}: a deadline for git submissions needs `collected:` (the log `sol \
                 course collect` writes at the deadline) or `pushes:` (GitHub's push logs) in \
                 the roster: it never trusts the commit dates a student writes"
            ));
        }
        let collected = match collected {
            Some(name) => Some((name.to_string(), collected::read(&base.join(name))?)),
            None => None,
        };
        Ok(Deadline {
            at,
            collected,
            pushes: pushes.map(|name| (name.to_string(), base.join(name))),
        })
    }

    /// The commit of `repository` (as the roster names it; its push log is
    /// `<pushes>/<its folder's name, without .git>.json`) at the deadline: the latest record
    /// at or before it of `revision` in the collection log, or of the ref `reference` (what
    /// the revision names in the repository now) in the push log.
    ///
    /// # Errors
    /// No such record (the message says how to make one), a push log that does not read.
    pub fn choose(
        &self,
        repository: &str,
        revision: &str,
        reference: Option<&str>,
    ) -> Result<Chosen, String> {
        let mut best: Option<(Moment, Chosen)> = None;
        let mut consider = |at: Moment, commit: Oid, how: &str| {
            if at <= self.at && best.as_ref().is_none_or(|(b, _)| at >= *b) {
                let record = format!("{how} {at}");
                best = Some((at, Chosen { commit, record }));
            }
        };
        let mut looked = Vec::new();
        if let Some((name, records)) = &self.collected {
            looked.push(name.clone());
            for r in records {
                if r.repository == repository && r.revision == revision {
                    consider(r.at, r.commit, "collected");
                }
            }
        }
        let mut push_log = String::new();
        if let Some((name, dir)) = &self.pushes {
            let file = push_file(repository);
            push_log = format!("{name}/{file}");
            looked.push(push_log.clone());
            let path = dir.join(&file);
            if let (Some(reference), true) = (reference, path.exists()) {
                for p in pushes::read(&path)? {
                    if p.reference == reference {
                        consider(p.at, p.after, "pushed");
                    }
                }
            }
        }
        if let Some((_, chosen)) = best {
            return Ok(chosen);
        }
        let mut how = vec![format!(
            "run `sol course collect ROSTER.ron` at the deadline, after pulling every repository"
        )];
        if !push_log.is_empty() {
            how.push(format!(
                "save its push log (`gh api --paginate repos/ORG/REPO/activity > {push_log}`)"
            ));
        }
        Err(format!(
            "no record of {repository} {revision} at or before the deadline {} in {}: {}",
            self.at,
            looked.join(" or "),
            how.join(", or ")
        ))
    }
}

/// The file name of a repository's push log: its folder's name without `.git`, `.json`.
fn push_file(repository: &str) -> String {
    let name = repository
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(repository);
    format!("{}.json", name.strip_suffix(".git").unwrap_or(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "45b983be36b73c0788dc9cbcb76cbb80fc7bb057";
    const B: &str = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
    const C: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

    #[test]
    fn the_latest_record_at_or_before_the_deadline_chooses() {
        let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let base = tmp.path();
        let log = format!(
            "{}\n2026-12-01T20:00:00Z,classroom/labs-ada,HEAD,{A}\n\
             2026-12-01T23:59:00Z,classroom/labs-ada,HEAD,{B}\n\
             2026-12-02T00:00:01Z,classroom/labs-ada,HEAD,{C}\n\
             2026-12-01T23:00:00Z,classroom/labs-bob,HEAD,{A}\n",
            collected::HEADER
        );
        std::fs::write(base.join("collected.csv"), log).unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir_all(base.join("pushes")).unwrap_or_else(|e| panic!("{e}"));
        let pushes = format!(
            r#"[{{"after": "{C}", "ref": "refs/heads/main", "timestamp": "2026-12-01T23:59:30Z"}},
                {{"after": "{A}", "ref": "refs/heads/main", "timestamp": "2026-12-01T23:59:20+00:10"}}]"#
        );
        std::fs::write(base.join("pushes/labs-bob.json"), pushes).unwrap_or_else(|e| panic!("{e}"));
        let deadline = Deadline::load(
            "2026-12-01T23:59:00Z",
            "before",
            base,
            Some("collected.csv"),
            Some("pushes"),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let chosen = |repo: &str, reference: Option<&str>| {
            deadline
                .choose(repo, "HEAD", reference)
                .map(|c| format!("{} {}", c.commit, c.record))
        };
        assert_eq!(
            chosen("classroom/labs-ada", Some("refs/heads/main")),
            Ok(format!("{B} collected 2026-12-01T23:59:00Z"))
        );
        // The push at 23:49:20 UTC is later than the collection at 23:00.
        assert_eq!(
            chosen("classroom/labs-bob", Some("refs/heads/main")),
            Ok(format!("{A} pushed 2026-12-01T23:49:20Z"))
        );
        assert_eq!(
            chosen("classroom/labs-bob", None),
            Ok(format!("{A} collected 2026-12-01T23:00:00Z"))
        );
        let none = chosen("classroom/labs-cy", Some("refs/heads/main"));
        assert!(
            none.as_ref().is_err_and(
                |e| e.contains("sol course collect") && e.contains("pushes/labs-cy.json")
            ),
            "{none:?}"
        );
        assert!(Deadline::load("2026-12-01T23:59:00Z", "before", base, None, None).is_err());
        assert!(Deadline::load("tomorrow", "before", base, Some("collected.csv"), None).is_err());
        assert_eq!(push_file("submissions/kit.git"), "kit.json");
    }
}
