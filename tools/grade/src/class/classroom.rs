//! GitHub Classroom's roster export (`classroom_roster.csv`, from the classroom's Students
//! page): a row per student, `identifier` (the school's id of the student, as the instructor
//! entered the roster), `github_username` (once the student has joined), `github_id` and
//! `name`. A classroom folder's repositories are named by username; this gives each username
//! its identifier, the exports' `sis_id`, and the student's name.

use std::collections::BTreeMap;
use std::path::Path;

use solitaire_files::{MAX_INPUT_BYTES, read_text_capped};

use crate::csv::records;

/// One student of the export.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Student {
    /// The roster's identifier: the student's id in the school's information system.
    pub identifier: Option<String>,
    /// The student's name, if the export has one.
    pub name: Option<String>,
}

/// The students of the export at `path` by GitHub username, lower-cased (GitHub's usernames
/// are case-insensitive).
///
/// # Errors
/// A file that does not read, or is not the export (no `identifier` or `github_username`
/// column).
pub fn read(path: &Path) -> Result<BTreeMap<String, Student>, String> {
    let text = read_text_capped(path, MAX_INPUT_BYTES).map_err(|e| format!("{e}"))?;
    parse(&text)
}

/// The students of an export's text, by lower-cased GitHub username; rows of students who have
/// not joined (no username) are left out.
///
/// # Errors
/// Not the export: no `identifier` or `github_username` column, a quote not closed.
pub fn parse(text: &str) -> Result<BTreeMap<String, Student>, String> {
    let mut rows = records(solitaire_core::strip_bom(text))?.into_iter();
    let header = rows.next().unwrap_or_default();
    let column = |name: &str| header.iter().position(|h| h.trim() == name);
    let (Some(identifier), Some(username)) = (column("identifier"), column("github_username"))
    else {
        return Err(
            "not GitHub Classroom's roster export: it needs the columns identifier and \
             github_username"
                .into(),
        );
    };
    let name = column("name");
    let field = |row: &[String], at: Option<usize>| {
        at.and_then(|i| row.get(i))
            .map(|f| f.trim().to_string())
            .filter(|f| !f.is_empty())
    };
    let mut students = BTreeMap::new();
    for row in rows {
        let Some(user) = field(&row, Some(username)) else {
            continue;
        };
        students.insert(
            user.to_lowercase(),
            Student {
                identifier: field(&row, Some(identifier)),
                name: field(&row, name),
            },
        );
    }
    Ok(students)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_username_gets_its_identifier_and_name() {
        let text = "\u{feff}\"identifier\",\"github_username\",\"github_id\",\"name\"\n\
                    \"S1001\",\"Alice\",\"101\",\"Alice Liddell\"\n\
                    \"S1002\",\"\",\"\",\"Not Joined\"\n\
                    \"S1003\",\"bob\",\"103\",\"\"\n";
        let students = parse(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(students.len(), 2);
        assert_eq!(
            students["alice"],
            Student {
                identifier: Some("S1001".into()),
                name: Some("Alice Liddell".into()),
            }
        );
        assert_eq!(students["bob"].name, None);
        assert!(parse("login,id\nx,1\n").is_err());
    }
}
