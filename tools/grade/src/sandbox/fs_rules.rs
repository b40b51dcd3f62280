//! The Landlock ruleset of a sandboxed process (`landlock`): it may read (and execute) what
//! its jail mounts read-only and read and write what its jail mounts writable, nothing else;
//! it may not bind or connect TCP sockets, connect to abstract Unix sockets made outside it,
//! or signal a process outside it. The ruleset is made here, before the sandbox's process is
//! started, and only enforced in it (`landlock_restrict_self` on the returned descriptor),
//! so the started process needs no allocation to enforce it.

use std::os::fd::OwnedFd;
use std::path::Path;

use super::Grant;

use landlock::{
    ABI, Access, AccessFs, AccessNet, BitFlags, CompatLevel, Compatible, PathBeneath, PathFd,
    Ruleset, RulesetAttr, RulesetCreatedAttr, Scope,
};

/// The newest ABI this code knows; older kernels get what they support of it.
const ABI_KNOWN: ABI = ABI::V6;

/// A Landlock ruleset with a rule for each of `paths`, as a descriptor for
/// `landlock_restrict_self`.
///
/// # Errors
/// A path that cannot be opened, or a kernel without Landlock.
pub fn ruleset(paths: &[(&Path, Grant)]) -> Result<OwnedFd, String> {
    let abi = ABI_KNOWN;
    let fail = |e: landlock::RulesetError| format!("landlock: {e}");
    let mut created = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(AccessFs::from_all(abi))
        .map_err(fail)?
        .handle_access(AccessNet::from_all(abi))
        .map_err(fail)?
        .scope(Scope::from_all(abi))
        .map_err(fail)?
        .create()
        .map_err(fail)?;
    for &(path, access) in paths {
        let fd = PathFd::new(path).map_err(|e| format!("landlock: {}: {e}", path.display()))?;
        let wanted: BitFlags<AccessFs> = match access {
            Grant::Read => AccessFs::from_read(abi),
            Grant::Device => AccessFs::ReadFile | AccessFs::WriteFile,
            Grant::Write => AccessFs::from_all(abi),
        };
        let allowed = if path.is_dir() {
            wanted
        } else {
            wanted & AccessFs::from_file(abi)
        };
        created = created
            .add_rule(PathBeneath::new(fd, allowed))
            .map_err(fail)?;
    }
    Option::<OwnedFd>::from(created)
        .ok_or_else(|| "landlock: the kernel does not support it".into())
}

/// The Landlock ABI the kernel supports, if any.
pub fn kernel_abi() -> Option<i64> {
    // SAFETY: landlock_create_ruleset with a null attribute, size 0 and the VERSION flag only
    // returns the ABI version (or an error); it touches no memory.
    let abi = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            1u32, // LANDLOCK_CREATE_RULESET_VERSION
        )
    };
    (abi > 0).then_some(abi)
}

/// The attribute of a `LANDLOCK_RULE_PATH_BENEATH` rule (`struct landlock_path_beneath_attr`).
#[repr(C, packed)]
pub struct PathBeneathAttr {
    /// The access rights allowed beneath the directory.
    pub allowed_access: u64,
    /// An `O_PATH` descriptor of the directory.
    pub parent_fd: i32,
}

/// Read access to files and directories (`LANDLOCK_ACCESS_FS_READ_FILE | READ_DIR`), for the
/// rule the sandbox adds for its own `/proc` once it is mounted.
pub const READ_FILE_AND_DIR: u64 = (1 << 2) | (1 << 3);

/// Every file-system right the kernel's Landlock handles, as the raw mask of
/// `LANDLOCK_ACCESS_FS_*` bits (for the rule the sandbox adds for its own `/tmp`).
pub fn all_fs_access() -> u64 {
    let abi = match kernel_abi().unwrap_or(0) {
        0 => ABI::Unsupported,
        1 => ABI::V1,
        2 => ABI::V2,
        3 => ABI::V3,
        4 => ABI::V4,
        5 => ABI::V5,
        _ => ABI_KNOWN,
    };
    AccessFs::from_all(abi).bits()
}
