//! The push log: GitHub's activity of a repository as the instructor saved it
//! (`gh api --paginate repos/ORG/REPO/activity > pushes/REPO.json`), one JSON array per page
//! (`--paginate` writes them one after the other). Each push has GitHub's timestamp, the ref
//! pushed and the commit it then named; the student writes none of them.

use std::path::Path;

use serde::Deserialize;
use solitaire_files::{MAX_INPUT_BYTES, read_text_capped};

use super::clock::Moment;
use super::objects::Oid;

/// One activity of the log, as GitHub writes it (other fields are not read).
#[derive(Deserialize)]
struct Activity {
    after: Option<String>,
    #[serde(rename = "ref")]
    reference: Option<String>,
    timestamp: Option<String>,
    activity_type: Option<String>,
}

/// A ref named a commit from a moment on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Push {
    /// GitHub's time of the push.
    pub at: Moment,
    /// The ref pushed (`refs/heads/main`).
    pub reference: String,
    /// The commit it named after the push.
    pub after: Oid,
}

/// The pushes of the log at `path` (at most 16 MiB): every activity that left its ref naming
/// a commit (a branch's deletion does not).
///
/// # Errors
/// A file that does not read, is not JSON arrays of activities, or an activity whose time or
/// commit does not parse.
pub fn read(path: &Path) -> Result<Vec<Push>, String> {
    let text =
        read_text_capped(path, MAX_INPUT_BYTES).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The pushes of a log's text.
///
/// # Errors
/// As [`read`].
pub fn parse(text: &str) -> Result<Vec<Push>, String> {
    let mut pushes = Vec::new();
    let pages = serde_json::Deserializer::from_str(text).into_iter::<Vec<Activity>>();
    for page in pages {
        for activity in page.map_err(|e| format!("not GitHub's activity list: {e}"))? {
            if activity.activity_type.as_deref() == Some("branch_deletion") {
                continue;
            }
            let (Some(after), Some(reference), Some(timestamp)) =
                (activity.after, activity.reference, activity.timestamp)
            else {
                return Err("an activity without after, ref or timestamp".into());
            };
            let after = Oid::parse(&after)?;
            if after.to_string().bytes().all(|b| b == b'0') {
                continue;
            }
            pushes.push(Push {
                at: Moment::parse(&timestamp)?,
                reference,
                after,
            });
        }
    }
    Ok(pushes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_of_activities_read_as_pushes() {
        let a = "45b983be36b73c0788dc9cbcb76cbb80fc7bb057";
        let zero = "0".repeat(40);
        let text = format!(
            r#"[{{"id": 1, "before": "{zero}", "after": "{a}", "ref": "refs/heads/main",
                "timestamp": "2026-12-01T23:58:40Z", "activity_type": "push", "actor": {{}}}}]
               [{{"after": "{zero}", "ref": "refs/heads/old", "timestamp": "2026-12-02T00:00:00Z",
                "activity_type": "branch_deletion"}}]"#
        );
        let pushes = parse(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pushes.len(), 1);
        assert_eq!(pushes[0].reference, "refs/heads/main");
        assert_eq!(pushes[0].at.to_string(), "2026-12-01T23:58:40Z");
        assert!(parse("{}").is_err());
        assert!(parse(r#"[{"after": "x", "ref": "r", "timestamp": "t"}]"#).is_err());
        assert_eq!(parse(""), Ok(Vec::new()));
    }
}
