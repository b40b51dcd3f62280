//! A submission from outside the course's workspace, a directory (a checkout, an unpacked
//! archive) or a git repository at a revision, and taking from it only what `sol new-game`
//! made for the student's game id: its folder `games/<id>/`, which holds the crate, the
//! layout `layouts/<id>.ron` and the student's own scenarios `conformance/<id>.ron`. The
//! older shape, with the layout in `assets/layouts/<id>.ron` and the scenarios in
//! `tests/conformance/<id>.ron`, is read too. The student's engine, registry, grader and
//! reference games, if the submission has them, are never looked at.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde::Deserialize;

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
    /// tag, a commit). Read with the `git` command, without a network.
    Git {
        /// The repository's path.
        repo: PathBuf,
        /// The revision.
        rev: String,
    },
}

/// Settings that keep `git` from running anything a repository's configuration names.
pub(crate) const SAFE_GIT: [&str; 8] = [
    "-c",
    "core.fsmonitor=false",
    "-c",
    "core.hooksPath=/dev/null",
    "-c",
    "protocol.allow=never",
    "-c",
    "safe.directory=*",
];

/// The most bytes taken from one submission.
const MAX_BYTES: u64 = 32 * 1024 * 1024;
/// The most files taken from one submission.
const MAX_FILES: usize = 2000;

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

/// The submission's files for game `id`, relative to its root, each with whether it is
/// required: the game's folder, and the layout and scenarios of the older shape.
fn wanted(id: &str) -> [(String, bool); 3] {
    [
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

/// Copy the files of game `id` from `source` (relative to `base`) into `dest`, using `work`
/// as scratch space for a git revision. Returns where they came from, in words (for git, with
/// the commit).
///
/// # Errors
/// A missing required file, a symbolic link, too many or too large files, a git failure.
pub fn stage(
    source: &Source,
    base: &Path,
    id: &str,
    dest: &Path,
    work: &Path,
    before: Option<&str>,
) -> Result<String, String> {
    if !valid_id(id) {
        return Err(format!(
            "{id:?} is not a game id (lowercase letters, digits and -, starting with a letter)"
        ));
    }
    match source {
        Source::Dir(dir) => {
            let root = base.join(dir);
            copy_wanted(&root, id, dest)?;
            Ok(format!("directory {}", dir.display()))
        }
        Source::Git { repo, rev } => {
            let repo_path = base.join(repo);
            let commit = checkout(&repo_path, rev, id, work, before)?;
            copy_wanted(work, id, dest)?;
            let deadline = before.map_or(String::new(), |b| format!(", the last before {b}"));
            Ok(format!("git {} {rev} ({commit}{deadline})", repo.display()))
        }
    }
}

fn copy_wanted(root: &Path, id: &str, dest: &Path) -> Result<(), String> {
    if !root.is_dir() {
        return Err(format!("{} is not a directory", root.display()));
    }
    let mut budget = Budget {
        bytes: MAX_BYTES,
        files: MAX_FILES,
    };
    for (rel, required) in wanted(id) {
        let from = root.join(&rel);
        match fs::symlink_metadata(&from) {
            Err(_) if !required => continue,
            Err(_) => return Err(format!("the submission has no {rel}")),
            Ok(_) => copy(&from, &dest.join(&rel), &rel, &mut budget)?,
        }
    }
    if !root.join(format!("games/{id}/Cargo.toml")).is_file() {
        return Err(format!("the submission has no games/{id}/Cargo.toml"));
    }
    if !dest.join(layout_file(dest, id)).is_file() {
        return Err(format!(
            "the submission has no games/{id}/layouts/{id}.ron (nor {})",
            old_layout(id)
        ));
    }
    Ok(())
}

struct Budget {
    bytes: u64,
    files: usize,
}

/// Copy a file or a directory tree, refusing symbolic links and skipping build output and
/// version control directories.
fn copy(from: &Path, to: &Path, rel: &str, budget: &mut Budget) -> Result<(), String> {
    let io = |e: std::io::Error| format!("{rel}: {e}");
    let meta = fs::symlink_metadata(from).map_err(io)?;
    if meta.file_type().is_symlink() {
        return Err(format!(
            "{rel} is a symbolic link: a submission holds plain files only"
        ));
    }
    if meta.is_dir() {
        fs::create_dir_all(to).map_err(io)?;
        let mut entries: Vec<_> = fs::read_dir(from)
            .map_err(io)?
            .filter_map(Result::ok)
            .collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name == "target" || name == ".git" {
                continue;
            }
            copy(
                &entry.path(),
                &to.join(&*name),
                &format!("{rel}/{name}"),
                budget,
            )?;
        }
        return Ok(());
    }
    if !meta.is_file() {
        return Err(format!("{rel} is not a plain file"));
    }
    if budget.files == 0 || budget.bytes < meta.len() {
        return Err(format!(
            "the submission's game is larger than {MAX_FILES} files or {} MiB",
            MAX_BYTES >> 20
        ));
    }
    budget.files -= 1;
    budget.bytes -= meta.len();
    if let Some(dir) = to.parent() {
        fs::create_dir_all(dir).map_err(io)?;
    }
    fs::copy(from, to).map_err(io)?;
    Ok(())
}

/// The commit of revision `rev` of `repo`, or with a deadline the last commit of its history
/// whose committer date is before it.
///
/// # Errors
/// No such revision, or no commit before the deadline.
pub fn commit(repo: &Path, rev: &str, before: Option<&str>) -> Result<String, String> {
    if rev.starts_with('-') {
        return Err(format!("{rev:?} is not a revision"));
    }
    let commit = git(
        repo,
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            &format!("{rev}^{{commit}}"),
        ],
    )
    .map_err(|e| format!("{}: no revision {rev:?} ({e})", repo.display()))?;
    let Some(before) = before else {
        return Ok(commit);
    };
    let last = git(
        repo,
        &["rev-list", "-1", &format!("--before={before}"), &commit],
    )
    .map_err(|e| format!("{}: {e}", repo.display()))?;
    if last.is_empty() {
        return Err(format!("{}: no commit before {before}", repo.display()));
    }
    Ok(last)
}

/// The game ids of `repo` at `commit` (its `games/` folders).
///
/// # Errors
/// A git failure.
pub fn game_ids(repo: &Path, commit: &str) -> Result<Vec<String>, String> {
    let listing = git(
        repo,
        &["ls-tree", "--name-only", &format!("{commit}:games")],
    )
    .map_err(|e| format!("{}: {e}", repo.display()))?;
    Ok(listing
        .lines()
        .filter(|l| valid_id(l))
        .map(String::from)
        .collect())
}

/// Extract the files of game `id` at revision `rev` (or its last commit before `before`) of
/// `repo` into `work`; returns the commit.
fn checkout(
    repo: &Path,
    rev: &str,
    id: &str,
    work: &Path,
    before: Option<&str>,
) -> Result<String, String> {
    let commit = commit(repo, rev, before)?;
    let mut paths = Vec::new();
    for (rel, required) in wanted(id) {
        if git(repo, &["cat-file", "-e", &format!("{commit}:{rel}")]).is_ok() {
            paths.push(rel);
        } else if required {
            return Err(format!("the submission has no {rel} at {rev} ({commit})"));
        }
    }
    fs::create_dir_all(work).map_err(|e| format!("{}: {e}", work.display()))?;
    let mut archive = Command::new("git");
    archive
        .args(SAFE_GIT)
        .arg("-C")
        .arg(repo)
        .args(["archive", "--format=tar", &commit, "--"])
        .args(&paths)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut git_child = archive.spawn().map_err(|e| format!("git: {e}"))?;
    let tar_input = git_child
        .stdout
        .take()
        .map_or_else(Stdio::null, Stdio::from);
    let tar = Command::new("tar")
        .arg("-x")
        .arg("-C")
        .arg(work)
        .stdin(tar_input)
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("tar: {e}"))?;
    let git_out = git_child
        .wait_with_output()
        .map_err(|e| format!("git: {e}"))?;
    if !git_out.status.success() {
        return Err(format!(
            "git archive: {}",
            String::from_utf8_lossy(&git_out.stderr).trim()
        ));
    }
    if !tar.status.success() {
        return Err(format!(
            "tar: {}",
            String::from_utf8_lossy(&tar.stderr).trim()
        ));
    }
    Ok(commit)
}

/// Run `git -C repo ARGS` on a student's repository, which may be hostile: no hooks, no
/// file-system monitor, no protocol (nothing is fetched); its standard output, trimmed.
fn git(repo: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git")
        .args(SAFE_GIT)
        .arg("-C")
        .arg(repo)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("git: {e}"))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).trim().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            tmp.path(),
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
            tmp.path(),
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
                tmp.path(),
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
                tmp.path(),
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
