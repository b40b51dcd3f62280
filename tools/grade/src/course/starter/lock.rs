//! The starter's `Cargo.lock`: the course's own, pruned by cargo, offline, to the packages the
//! starter's workspace uses. It pins the course's versions (those the class grade builds), and
//! a student's first build leaves it as it is.

use std::path::Path;
use std::process::{Command, Stdio};

/// The lock file's size before and after pruning, in bytes and lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LockSize {
    /// The course's lock: bytes, lines.
    pub before: (u64, usize),
    /// The starter's: bytes, lines.
    pub after: (u64, usize),
}

/// Prune `out/Cargo.lock` (a copy of the course's) with `cargo update --workspace --offline`,
/// which drops the packages the workspace no longer uses and changes no other package's
/// version.
///
/// # Errors
/// The lock cannot be read, or cargo cannot be run or fails (no network is used: a package
/// the machine has not seen makes it fail).
pub(super) fn prune(out: &Path) -> Result<LockSize, String> {
    let lock = out.join("Cargo.lock");
    let before = size(&lock)?;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let run = Command::new(cargo)
        .args(["update", "--workspace", "--offline"])
        .args(["--manifest-path", "Cargo.toml"])
        .current_dir(out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cargo: {e}"))?;
    if !run.status.success() {
        return Err(format!(
            "cargo update --workspace --offline: {}",
            String::from_utf8_lossy(&run.stderr).trim()
        ));
    }
    Ok(LockSize {
        before,
        after: size(&lock)?,
    })
}

/// A file's bytes and lines.
fn size(file: &Path) -> Result<(u64, usize), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok((text.len() as u64, text.lines().count()))
}
