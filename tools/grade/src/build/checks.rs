//! What a class grade refuses once a submission is taken and before anything of it is built,
//! in one place for the class run (on the staged copy) and a student's self-check (on the
//! student's checkout, in place): its manifest ([`manifest::plan`], with the course's allowed
//! crates) and the guard lints its files may not name ([`guard_lints`]).

use std::path::{Path, PathBuf};

use solitaire_files::{MAX_INPUT_BYTES, read_text_capped};

use crate::build::guard_lints;
use crate::build::manifest::{self, Plan};
use crate::build::trusted::Trusted;
use crate::intake::listing::Listing;

/// The submission's files, where they are.
pub enum Files<'a> {
    /// Staged into this scratch directory: every file in it is the submission's.
    Staged(&'a Path),
    /// Listed in place ([`crate::intake::submission::list_dir`]).
    Listed(&'a Listing<PathBuf>),
}

/// Check game `id`, whose crate is `<root>/games/<id>/` and whose files are `files`, against
/// the course's `allowed` crates and the `trusted` workspace; its build plan if nothing is
/// refused.
///
/// # Errors
/// Why it is refused, in words for the student (a class grade's `refused: ...`).
pub fn refusals(
    root: &Path,
    id: &str,
    files: Files<'_>,
    allowed: &[String],
    trusted: &Trusted,
) -> Result<Plan, String> {
    let crate_dir = root.join("games").join(id);
    let text = read_text_capped(&crate_dir.join("Cargo.toml"), MAX_INPUT_BYTES)
        .map_err(|e| format!("games/{id}/Cargo.toml: {e}"))?;
    let plan = manifest::plan(&text, &crate_dir, allowed, trusted)?;
    match files {
        Files::Staged(dir) => guard_lints::check(dir)?,
        Files::Listed(listing) => guard_lints::check_listed(listing)?,
    }
    Ok(plan)
}
