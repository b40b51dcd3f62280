//! `bin/sol`, the starter's `sol` on the student's PATH: the command line of the starter's own
//! checkout, which cargo rebuilds first whenever a source changed (the student's game among
//! them), so that every command sees the game as it is now.

/// Where the wrapper is, in the starter.
pub(super) const PATH: &str = "bin/sol";

/// The wrapper: a POSIX shell script.
pub(super) const SCRIPT: &str = r#"#!/bin/sh
# `sol`, the command line of this checkout: cargo rebuilds it first whenever a source changed
# (your game's among them). Put this folder on your PATH: export PATH="$PWD/bin:$PATH"
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd) || exit 1
exec cargo run --quiet --release --manifest-path "$root/Cargo.toml" -p sol-cli -- "$@"
"#;

/// Write the wrapper into the starter `out`, executable.
///
/// # Errors
/// The file cannot be written.
pub(super) fn write(out: &std::path::Path) -> Result<(), String> {
    let path = out.join(PATH);
    let io = |e: std::io::Error| format!("{}: {e}", path.display());
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    std::fs::write(&path, SCRIPT).map_err(io)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).map_err(io)?;
    }
    Ok(())
}
