//! Which protections the kernel gives, found by trying them: the strict sandbox refuses to
//! grade where one is missing and says which.

use std::path::Path;
use std::time::Duration;

use super::{Jail, Limits, Mode, Target};

/// The protections in force on this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Protections {
    /// The kernel's Landlock ABI, if it has Landlock.
    pub landlock: Option<i64>,
    /// Whether seccomp filters can be installed.
    pub seccomp: bool,
    /// Whether the judge runs as root (each student then gets a uid of its own; otherwise a
    /// user namespace maps the judge's own uid).
    pub root: bool,
    /// Whether a whole strict sandbox started and ran a program; why not, if it did not.
    pub jail: Result<(), String>,
}

impl Protections {
    /// Try each protection, building a trial jail in `jail_root` (an empty directory).
    pub fn probe(jail_root: &Path) -> Protections {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: geteuid only reads the process's credentials; PR_GET_SECCOMP only
            // reads the calling thread's seccomp mode.
            let (root, seccomp) = unsafe {
                (
                    libc::geteuid() == 0,
                    libc::prctl(libc::PR_GET_SECCOMP, 0, 0, 0, 0) >= 0,
                )
            };
            let landlock = super::fs_rules::kernel_abi();
            let jail = if landlock.is_none() {
                Err("the kernel has no Landlock".to_string())
            } else {
                trial(jail_root, root)
            };
            Protections {
                landlock,
                seccomp,
                root,
                jail,
            }
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = jail_root;
            Protections {
                landlock: None,
                seccomp: false,
                root: false,
                jail: Err("the strict sandbox needs Linux".into()),
            }
        }
    }

    /// What the strict sandbox needs and this machine lacks, in words (empty: nothing).
    pub fn missing(&self) -> Vec<String> {
        let mut missing = Vec::new();
        if self.landlock.is_none() {
            missing.push("Landlock (Linux 5.13 or later, with landlock in the LSM list)".into());
        }
        if !self.seccomp {
            missing.push("seccomp filters (CONFIG_SECCOMP_FILTER)".into());
        }
        if let Err(why) = &self.jail {
            missing.push(format!(
                "namespaces for a jail (user, PID, mount and network namespaces): {why}"
            ));
        }
        missing
    }

    /// The protections in force, in one line.
    pub fn describe(&self) -> String {
        if !self.missing().is_empty() {
            return format!("missing: {}", self.missing().join("; "));
        }
        let user = if self.root {
            "each student its own uid"
        } else {
            "a user namespace (the judge is not root: student code keeps the judge's uid outside it)"
        };
        format!(
            "Landlock ABI {}, PID, mount, network, IPC and UTS namespaces, a seccomp filter, \
             no_new_privs, resource limits, {user}",
            self.landlock.unwrap_or(0)
        )
    }
}

/// Start `/usr/bin/true` (or `/bin/true`) in a strict jail and see it end well.
#[cfg(target_os = "linux")]
fn trial(jail_root: &Path, root: bool) -> Result<(), String> {
    let program = ["/usr/bin/true", "/bin/true"]
        .into_iter()
        .find(|p| Path::new(p).is_file())
        .ok_or("no /usr/bin/true to try the jail with")?;
    std::fs::create_dir_all(jail_root).map_err(|e| format!("{}: {e}", jail_root.display()))?;
    let jail = Jail {
        mode: Mode::Strict,
        root: jail_root.to_path_buf(),
        mounts: Vec::new(),
        user: root.then_some((super::NOBODY, super::NOBODY)),
        tmp_bytes: 1 << 20,
    };
    let target = Target {
        program: program.into(),
        args: Vec::new(),
        workdir: "/".into(),
        env: Vec::new(),
        limits: Limits {
            address_space: 256 << 20,
            cpu_seconds: 5,
            file_bytes: 1 << 20,
            processes: 16,
            open_files: 64,
            stack_bytes: 8 << 20,
        },
    };
    let mut sandboxed = super::spawn(&jail, &target)?;
    match sandboxed.wait(Duration::from_secs(10)) {
        Some(status) if status.success() => Ok(()),
        Some(status) => Err(format!("a trial program in the jail ended with {status}")),
        None => Err("a trial program in the jail did not end within 10 s".into()),
    }
}
