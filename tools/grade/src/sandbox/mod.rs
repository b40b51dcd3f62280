//! Where every line of student code runs: the build of a student's crate (the compiler reads
//! the student's sources) and the oracle that answers the judge's questions.
//!
//! In [`Mode::Strict`] (Linux) a program runs in a jail ([`keeper`]): its own PID, mount,
//! network, IPC and UTS namespaces (a user namespace too when the judge is not root), a file
//! system holding only the system's `/usr`, the directories the [`Jail`] binds (read-only or
//! writable) and a small `/tmp`, a Landlock ruleset that allows nothing else
//! ([`fs_rules`]), a seccomp filter ([`seccomp`]), `no_new_privs`, resource limits
//! ([`Limits`]) and, when the judge is root, a uid of its own. Everything it starts ends
//! with it. In [`Mode::Off`] it runs as a plain child process in a process group of its own,
//! under the same resource limits: for a single trusted game, never for a class.

#[cfg(target_os = "linux")]
mod fs_rules;
#[cfg(target_os = "linux")]
mod keeper;
mod limits;
mod plain;
mod probe;
#[cfg(target_os = "linux")]
mod seccomp;

use std::ffi::OsString;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::ExitStatus;
use std::time::{Duration, Instant};

pub use limits::{Limits, readable};

/// The uid and gid of `nobody`, for trial jails.
pub const NOBODY: u32 = 65534;
pub use probe::Protections;

/// How student code is confined.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Namespaces, Landlock, seccomp, limits and a uid of its own: refused where the kernel
    /// lacks a protection.
    #[default]
    Strict,
    /// A child process with resource limits only.
    Off,
}

impl std::str::FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Mode, String> {
        match s {
            "strict" => Ok(Mode::Strict),
            "off" => Ok(Mode::Off),
            _ => Err(format!("{s:?} is not a sandbox mode (strict or off)")),
        }
    }
}

impl std::fmt::Display for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Mode::Strict => "strict",
            Mode::Off => "off",
        })
    }
}

/// What a bound path gives access to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grant {
    /// Read files, list directories, execute.
    Read,
    /// Read and write a device file (`/dev/null`).
    Device,
    /// Everything below it.
    Write,
}

/// A host path seen at `jail` inside the sandbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mount {
    /// The path on the host.
    pub host: PathBuf,
    /// Where the sandbox sees it (absolute).
    pub jail: PathBuf,
    /// What it may do there.
    pub grant: Grant,
}

/// The file system and identity of a sandbox.
#[derive(Clone, Debug)]
pub struct Jail {
    /// Strict or off.
    pub mode: Mode,
    /// An empty directory the judge owns, where the jail's root is built (strict).
    pub root: PathBuf,
    /// What the sandbox sees besides the system's `/usr` (strict).
    pub mounts: Vec<Mount>,
    /// The uid and gid the program runs as when the judge is root (strict).
    pub user: Option<(u32, u32)>,
    /// The size of the jail's `/tmp`, in bytes (strict).
    pub tmp_bytes: u64,
}

/// A program to start in a sandbox: paths as the sandbox sees them ([`Jail::path`]).
#[derive(Clone, Debug)]
pub struct Target {
    /// The program.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// Its working directory.
    pub workdir: PathBuf,
    /// Its whole environment.
    pub env: Vec<(String, String)>,
    /// Its resource limits.
    pub limits: Limits,
}

/// The system paths every strict jail binds read-only besides its own mounts (devices
/// readable and writable), and the top-level links it recreates.
const SYSTEM: [&str; 10] = [
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
    "/lib64",
    "/etc/ld.so.cache",
    // The links of `cc` and friends on Debian (`/usr/bin/cc -> /etc/alternatives/cc`).
    "/etc/alternatives",
    "/dev/null",
    "/dev/zero",
    "/dev/urandom",
];

impl Jail {
    /// Where the sandbox sees the host path `host`: under the mount that holds it (strict),
    /// or `host` itself (off).
    pub fn path(&self, host: &Path) -> Option<PathBuf> {
        if self.mode == Mode::Off {
            return Some(host.to_path_buf());
        }
        self.mounts.iter().find_map(|m| {
            let rest = host.strip_prefix(&m.host).ok()?;
            Some(m.jail.join(rest))
        })
    }

    /// The system's paths and the jail's own mounts.
    fn all_mounts(&self) -> Vec<Mount> {
        let system = SYSTEM.iter().filter_map(|p| {
            let path = Path::new(p);
            let meta = std::fs::symlink_metadata(path).ok()?;
            if meta.file_type().is_symlink() {
                return None;
            }
            let grant = if p.starts_with("/dev/") {
                Grant::Device
            } else {
                Grant::Read
            };
            Some(Mount {
                host: path.to_path_buf(),
                jail: path.to_path_buf(),
                grant,
            })
        });
        system.chain(self.mounts.iter().cloned()).collect()
    }

    /// The system's top-level links (`/bin -> usr/bin`), recreated in the jail.
    fn system_links(&self) -> Vec<(PathBuf, PathBuf)> {
        SYSTEM
            .iter()
            .filter_map(|p| {
                let path = Path::new(p);
                let to = std::fs::read_link(path).ok()?;
                Some((path.to_path_buf(), to))
            })
            .collect()
    }
}

/// A program running in a sandbox. Dropped, it is killed with everything it started.
pub struct Sandboxed {
    /// Its standard input.
    pub stdin: Option<File>,
    /// Its standard output.
    pub stdout: Option<File>,
    /// Its standard error.
    pub stderr: Option<File>,
    end: End,
}

enum End {
    /// Strict: the keeper's pid (process 1 of the sandbox's PID namespace) and the pipe on
    /// which it reports the program's wait status.
    #[cfg(target_os = "linux")]
    Keeper {
        pid: libc::pid_t,
        pidfd: Option<std::sync::Arc<std::os::fd::OwnedFd>>,
        status: File,
        reaped: bool,
        program: Option<ExitStatus>,
    },
    /// Off: the program, leader of its own process group.
    Plain(std::process::Child),
}

impl Sandboxed {
    #[cfg(target_os = "linux")]
    fn keeper(pid: libc::pid_t, stdin: File, stdout: File, stderr: File, status: File) -> Self {
        Sandboxed {
            stdin: Some(stdin),
            stdout: Some(stdout),
            stderr: Some(stderr),
            end: End::Keeper {
                pid,
                pidfd: pidfd(pid),
                status,
                reaped: false,
                program: None,
            },
        }
    }

    /// Kill the program and everything it started (the whole sandbox).
    pub fn kill(&mut self) {
        match &mut self.end {
            #[cfg(target_os = "linux")]
            End::Keeper { pid, reaped, .. } => {
                if !*reaped {
                    // SAFETY: the keeper is our unreaped child, so its pid is not reused.
                    unsafe {
                        libc::kill(*pid, libc::SIGKILL);
                        libc::waitpid(*pid, std::ptr::null_mut(), 0);
                    }
                    *reaped = true;
                }
            }
            End::Plain(child) => {
                plain::kill_group(child.id());
                let _ = child.wait();
            }
        }
    }

    /// Wait up to `timeout` for the program to end: its wait status, if it did (or the
    /// sandbox's, if it was killed before the program's could be told).
    pub fn wait(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let until = Instant::now() + timeout;
        match &mut self.end {
            #[cfg(target_os = "linux")]
            End::Keeper {
                pid,
                status,
                reaped,
                program,
                ..
            } => {
                use std::os::unix::process::ExitStatusExt;
                if program.is_none() && !*reaped {
                    *program = limits::read_status(status, until).map(ExitStatus::from_raw);
                }
                if !*reaped {
                    let mut raw = 0;
                    loop {
                        // SAFETY: waiting for our own unreaped child.
                        let got = unsafe { libc::waitpid(*pid, &mut raw, libc::WNOHANG) };
                        if got == *pid {
                            *reaped = true;
                            break;
                        }
                        if got < 0 || Instant::now() >= until {
                            break;
                        }
                        std::thread::sleep(Duration::from_millis(2));
                    }
                    if *reaped && program.is_none() {
                        *program = Some(ExitStatus::from_raw(raw));
                    }
                }
                *program
            }
            End::Plain(child) => loop {
                match child.try_wait() {
                    Ok(Some(status)) => return Some(status),
                    Ok(None) if Instant::now() < until => {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                    _ => return None,
                }
            },
        }
    }
}

/// Kills a sandbox from any thread, without its owner's lock: the keeper through a pidfd
/// (which a reused pid cannot fool), or the process group (off).
#[derive(Clone, Debug)]
pub struct Killer(KillerKind);

#[derive(Clone, Debug)]
enum KillerKind {
    #[cfg(target_os = "linux")]
    Pidfd(std::sync::Arc<std::os::fd::OwnedFd>),
    Group(u32),
}

impl Killer {
    /// Kill the sandbox (nothing if it is gone).
    pub fn kill(&self) {
        match &self.0 {
            #[cfg(target_os = "linux")]
            KillerKind::Pidfd(fd) => {
                use std::os::fd::AsRawFd;
                // SAFETY: pidfd_send_signal only sends a signal through a descriptor we own.
                unsafe {
                    libc::syscall(
                        libc::SYS_pidfd_send_signal,
                        fd.as_raw_fd(),
                        libc::SIGKILL,
                        std::ptr::null::<libc::siginfo_t>(),
                        0u32,
                    );
                }
            }
            KillerKind::Group(pid) => plain::kill_group(*pid),
        }
    }
}

impl Sandboxed {
    /// A handle that kills this sandbox from another thread.
    pub fn killer(&self) -> Killer {
        match &self.end {
            #[cfg(target_os = "linux")]
            End::Keeper { pidfd, pid, .. } => match pidfd {
                Some(fd) => Killer(KillerKind::Pidfd(fd.clone())),
                None => Killer(KillerKind::Group(*pid as u32)),
            },
            End::Plain(child) => Killer(KillerKind::Group(child.id())),
        }
    }
}

impl Drop for Sandboxed {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A pidfd of our unreaped child `pid`.
#[cfg(target_os = "linux")]
fn pidfd(pid: libc::pid_t) -> Option<std::sync::Arc<std::os::fd::OwnedFd>> {
    use std::os::fd::FromRawFd;
    // SAFETY: pidfd_open returns a new descriptor (or -1); the child is not reaped yet, so the
    // pid is still ours.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0u32) };
    (fd >= 0).then(|| {
        // SAFETY: the descriptor was just created and is owned by nobody else.
        std::sync::Arc::new(unsafe { std::os::fd::OwnedFd::from_raw_fd(fd as i32) })
    })
}

/// Start `target` in a sandbox built from `jail`.
///
/// # Errors
/// Why the sandbox or the program could not start, naming the step that failed.
pub fn spawn(jail: &Jail, target: &Target) -> Result<Sandboxed, String> {
    match jail.mode {
        #[cfg(target_os = "linux")]
        Mode::Strict => keeper::spawn(jail, target),
        #[cfg(not(target_os = "linux"))]
        Mode::Strict => Err("the strict sandbox needs Linux".into()),
        Mode::Off => plain::spawn(target),
    }
}
