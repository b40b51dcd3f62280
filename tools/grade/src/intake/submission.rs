//! A submission from outside the course's workspace, a directory (a checkout, an unpacked
//! archive) or a git repository at a revision, and taking from it only what `sol new-game`
//! made for the student's game id: its folder `games/<id>/`, which holds the crate, the
//! layout `layouts/<id>.ron` and the student's own scenarios `conformance/<id>.ron`. The
//! older shape, with the layout in `assets/layouts/<id>.ron` and the scenarios in
//! `tests/conformance/<id>.ron`, is read too. The student's engine, registry, grader and
//! reference games, if the submission has them, are never looked at. How the files are taken
//! (listed within the budget, then written; git only in the student's sandbox) is
//! [`crate::intake`]'s.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::intake::listing::Listing;
use crate::intake::{self, Deadline, GitJail};

/// One roster entry of the submission form.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Submission {
    /// The student's name, as the gradebook shows it.
    pub student: String,
    /// The reference game the assignment is graded against (a registered id); none for a
    /// student's own variant, graded on the engine's properties and scenarios
    /// ([`crate::grade_alone`]).
    #[serde(default)]
    pub reference: Option<String>,
    /// The student's game id: its crate is `games/<game>/`.
    pub game: String,
    /// Where the submission is.
    pub source: Source,
    /// The student's login on the school's learning platform (Canvas's SIS Login ID,
    /// Moodle's username), for the grade exports.
    #[serde(default)]
    pub login: Option<String>,
    /// The student's id in the school's information system (Canvas's SIS User ID, Moodle's
    /// ID number), for the grade exports.
    #[serde(default)]
    pub sis_id: Option<String>,
    /// The student's name for the grade exports, where `student` is a username: a classroom
    /// folder's, named by GitHub Classroom's roster export. Not a roster field: a listed
    /// submission's `student` is its name.
    #[serde(skip)]
    pub name: Option<String>,
}

/// The gradebook's reference cell (and the exports' assignment) of a variant without one.
pub const NO_REFERENCE: &str = "variant";

impl Submission {
    /// The reference id, or [`NO_REFERENCE`].
    pub fn assignment(&self) -> &str {
        self.reference.as_deref().unwrap_or(NO_REFERENCE)
    }
}

/// Where a submission is; relative paths are relative to the roster's directory.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum Source {
    /// A directory laid out like a checkout of the collection.
    Dir(PathBuf),
    /// A git repository (a checkout or a bare repository) and a revision in it (a branch, a
    /// tag, a full commit id). Read by git in the student's sandbox, without a network.
    Git {
        /// The repository's path.
        repo: PathBuf,
        /// The revision.
        rev: String,
    },
}

/// Whether `id` can be a game id: lowercase letters, digits and `-`, starting with a letter,
/// at most 64 characters (the rule of `sol new-game`; it also keeps paths inside the
/// submission).
pub fn valid_id(id: &str) -> bool {
    id.len() <= 64
        && id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// `id`, if it can be a game id ([`valid_id`]).
fn checked_id(id: &str) -> Result<(), String> {
    if valid_id(id) {
        Ok(())
    } else {
        Err(format!(
            "{id:?} is not a game id (lowercase letters, digits and -, starting with a letter)"
        ))
    }
}

/// The submission's files for game `id`, relative to its root, each with whether it is
/// required: the game's folder, and the layout and scenarios of the older shape.
fn wanted(id: &str) -> Vec<(String, bool)> {
    vec![
        (format!("games/{id}"), true),
        (old_layout(id), false),
        (old_scenarios(id), false),
    ]
}

/// The layout of game `id` in a checkout's older shape.
fn old_layout(id: &str) -> String {
    format!("assets/layouts/{id}.ron")
}

/// The student's own scenarios of game `id` in a checkout's older shape.
fn old_scenarios(id: &str) -> String {
    format!("tests/conformance/{id}.ron")
}

/// The layout file of game `id` in a staged submission, relative to it: in the game's
/// folder, or where the older shape has it.
pub fn layout_file(staged: &Path, id: &str) -> String {
    let in_folder = format!("games/{id}/layouts/{id}.ron");
    if staged.join(&in_folder).exists() {
        in_folder
    } else {
        old_layout(id)
    }
}

/// The student's own scenario file of game `id` in a staged submission, relative to it: in the
/// game's folder, or where the older shape has it.
pub fn own_scenarios_file(staged: &Path, id: &str) -> String {
    let in_folder = format!("games/{id}/conformance/{id}.ron");
    if staged.join(&in_folder).exists() {
        in_folder
    } else {
        old_scenarios(id)
    }
}

/// Take the files of game `id` from `source` (relative to `base`) into `dest`, a directory the
/// judge just made: listed first, within the budget, then written. A git repository is read in
/// the sandbox `jail`, at its revision or, with a `deadline`, at the commit its records choose.
/// Returns where they came from, in words (for git, with the commit and the record).
///
/// # Errors
/// A missing required file, a symbolic link or submodule, too many or too large files, a git
/// repository that does not read, a revision or record that is not there.
pub fn stage(
    source: &Source,
    base: &Path,
    id: &str,
    dest: &Path,
    jail: &GitJail,
    deadline: Option<&Deadline>,
) -> Result<String, String> {
    checked_id(id)?;
    match source {
        Source::Dir(dir) => {
            let listing = list_dir(&base.join(dir), id)?;
            intake::plant::plant(&listing, dest, intake::dir::fill)?;
            Ok(format!("directory {}", dir.display()))
        }
        Source::Git { repo, rev } => {
            let shown = repo.display().to_string();
            let mut opened = intake::open(&base.join(repo), &shown, rev, jail, deadline)?;
            let listing = opened.session.list(&wanted(id))?;
            check(&listing, id)?;
            intake::plant::plant(&listing, dest, |file, out| opened.session.fill(file, out))?;
            Ok(opened.from)
        }
    }
}

/// List the files of game `id` in the directory `root` (a checkout) as a submission is taken:
/// what [`stage`] would take from it, within the budget, without writing anything. A
/// student's self-check lists the student's own checkout so.
///
/// # Errors
/// Not a game id, a missing required file, a symbolic link or other odd entry, too many or too
/// large files.
pub fn list_dir(root: &Path, id: &str) -> Result<Listing<PathBuf>, String> {
    checked_id(id)?;
    let listing = intake::dir::list(root, &wanted(id))?;
    check(&listing, id)?;
    Ok(listing)
}

/// The student's own scenarios of game `id` in `root` (a staged submission, or a student's
/// checkout), if it has a file of them: data the judge reads, capped in size.
pub fn own_scenarios(root: &Path, id: &str) -> crate::judge::own::Own {
    let name = own_scenarios_file(root, id);
    let file = root.join(&name);
    if !file.exists() {
        return None;
    }
    Some(
        solitaire_files::read_text_capped(&file, solitaire_files::MAX_INPUT_BYTES)
            .map_err(|e| format!("{name}: {e}"))
            .and_then(|text| {
                solitaire_conformance::ScenarioFile::parse(&name, &text).map_err(|e| e.to_string())
            }),
    )
}

/// The game ids of the git repository at `path` (named `shown`): its `games/` folders at
/// revision `rev`, or at the commit the records choose at `deadline`.
///
/// # Errors
/// As [`stage`].
pub fn game_ids(
    path: &Path,
    shown: &str,
    rev: &str,
    jail: &GitJail,
    deadline: Option<&Deadline>,
) -> Result<Vec<String>, String> {
    intake::open(path, shown, rev, jail, deadline)?
        .session
        .game_ids()
}

/// Whether a listing holds what the game needs: its manifest and its layout.
fn check<S>(listing: &Listing<S>, id: &str) -> Result<(), String> {
    if !listing.has_file(&format!("games/{id}/Cargo.toml")) {
        return Err(format!("the submission has no games/{id}/Cargo.toml"));
    }
    if !listing.has_file(&format!("games/{id}/layouts/{id}.ron"))
        && !listing.has_file(&old_layout(id))
    {
        return Err(format!(
            "the submission has no games/{id}/layouts/{id}.ron (nor {})",
            old_layout(id)
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    /// A git sandbox for directory submissions, which never start one.
    fn no_git(dir: &Path) -> GitJail {
        GitJail {
            jail: crate::sandbox::Jail {
                mode: crate::sandbox::Mode::Off,
                root: dir.to_path_buf(),
                mounts: Vec::new(),
                user: None,
                tmp_bytes: 0,
            },
            empty_git: dir.to_path_buf(),
            program: dir.to_path_buf(),
            time: std::time::Duration::from_secs(1),
        }
    }

    #[test]
    fn ids_that_could_leave_the_submission_are_refused() {
        assert!(valid_id("ada-labyrinth"));
        for bad in ["", "../x", "a/b", "Ada", "-x", "a b", "1x"] {
            assert!(!valid_id(bad), "{bad}");
        }
    }

    #[test]
    fn only_the_games_files_are_taken_and_links_are_refused() {
        let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = tmp.path().join("checkout");
        let write = |rel: &str, text: &str| {
            let path = root.join(rel);
            fs::create_dir_all(path.parent().unwrap_or(&root)).unwrap_or_else(|e| panic!("{e}"));
            fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
        };
        write("games/ada/Cargo.toml", "[package]\n");
        write("games/ada/src/lib.rs", "");
        write("games/ada/target/debug/junk", "");
        write("games/labyrinth/src/lib.rs", "");
        write("assets/layouts/ada.ron", "()");
        write("crates/core/src/lib.rs", "");
        let dest = tmp.path().join("dest");
        let from = stage(
            &Source::Dir("checkout".into()),
            tmp.path(),
            "ada",
            &dest,
            &no_git(tmp.path()),
            None,
        );
        assert_eq!(from, Ok("directory checkout".to_string()));
        assert!(dest.join("games/ada/src/lib.rs").is_file());
        assert!(dest.join("assets/layouts/ada.ron").is_file());
        assert_eq!(layout_file(&dest, "ada"), "assets/layouts/ada.ron");
        assert!(!dest.join("games/ada/target").exists());
        assert!(!dest.join("games/labyrinth").exists());
        assert!(!dest.join("crates").exists());
        let missing = stage(
            &Source::Dir("checkout".into()),
            tmp.path(),
            "bob",
            &dest,
            &no_git(tmp.path()),
            None,
        );
        assert!(missing.is_err_and(|e| e.contains("games/bob")));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("/etc/hostname", root.join("games/ada/src/answers.ron"))
                .unwrap_or_else(|e| panic!("{e}"));
            let dest = tmp.path().join("dest2");
            let linked = stage(
                &Source::Dir("checkout".into()),
                tmp.path(),
                "ada",
                &dest,
                &no_git(tmp.path()),
                None,
            );
            assert!(linked.is_err_and(|e| e.contains("symbolic link")));
        }
    }

    #[test]
    fn a_game_folder_brings_its_layout_and_scenarios_and_one_without_a_layout_is_refused() {
        let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = tmp.path().join("checkout");
        let write = |rel: &str| {
            let path = root.join(rel);
            fs::create_dir_all(path.parent().unwrap_or(&root)).unwrap_or_else(|e| panic!("{e}"));
            fs::write(path, "()").unwrap_or_else(|e| panic!("{e}"));
        };
        write("games/eve/Cargo.toml");
        write("games/eve/src/lib.rs");
        write("games/eve/layouts/eve.ron");
        write("games/eve/conformance/eve.ron");
        write("games/noa/Cargo.toml");
        write("games/noa/src/lib.rs");
        let stage_in = |id: &str, dest: &str| {
            stage(
                &Source::Dir("checkout".into()),
                tmp.path(),
                id,
                &tmp.path().join(dest),
                &no_git(tmp.path()),
                None,
            )
        };
        assert_eq!(
            stage_in("eve", "dest"),
            Ok("directory checkout".to_string())
        );
        let dest = tmp.path().join("dest");
        assert_eq!(layout_file(&dest, "eve"), "games/eve/layouts/eve.ron");
        assert_eq!(
            own_scenarios_file(&dest, "eve"),
            "games/eve/conformance/eve.ron"
        );
        assert!(dest.join(own_scenarios_file(&dest, "eve")).is_file());
        assert!(
            stage_in("noa", "dest2").is_err_and(|e| e
                == "the submission has no games/noa/layouts/noa.ron (nor assets/layouts/noa.ron)")
        );
    }
}
