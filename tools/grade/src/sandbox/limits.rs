//! The resource limits of a sandboxed program, and reading a pipe with a deadline.

use std::fs::File;
use std::os::fd::AsRawFd;
use std::time::Instant;

/// The resource limits of one program (`setrlimit` before it starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Address space (`RLIMIT_AS`), in bytes: allocating beyond it fails.
    pub address_space: u64,
    /// CPU time (`RLIMIT_CPU`), in seconds.
    pub cpu_seconds: u64,
    /// The largest file it may write (`RLIMIT_FSIZE`), in bytes.
    pub file_bytes: u64,
    /// Processes and threads of its user (`RLIMIT_NPROC`): its own uid's when the judge is
    /// root, its user namespace's otherwise.
    pub processes: u64,
    /// Open file descriptors (`RLIMIT_NOFILE`).
    pub open_files: u64,
    /// The main thread's stack (`RLIMIT_STACK`), in bytes.
    pub stack_bytes: u64,
}

impl Limits {
    /// Each limit as `setrlimit` takes it, lowered to what this process may grant; no core
    /// dumps. Computed before the program's process starts, which then only sets them.
    ///
    /// # Errors
    /// A limit this process cannot read.
    #[cfg(unix)]
    pub(super) fn rlimits(&self) -> Result<Vec<(libc::c_int, libc::rlimit)>, String> {
        let wanted = [
            (libc::RLIMIT_AS, self.address_space),
            (libc::RLIMIT_CPU, self.cpu_seconds),
            (libc::RLIMIT_FSIZE, self.file_bytes),
            (libc::RLIMIT_NPROC, self.processes),
            (libc::RLIMIT_NOFILE, self.open_files),
            (libc::RLIMIT_STACK, self.stack_bytes),
            (libc::RLIMIT_CORE, 0),
        ];
        let mut set = Vec::with_capacity(wanted.len());
        for (resource, value) in wanted {
            let mut current = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            // SAFETY: getrlimit writes into the struct it is given.
            if unsafe { libc::getrlimit(resource, &mut current) } != 0 {
                return Err(format!("getrlimit: {}", std::io::Error::last_os_error()));
            }
            let hard = (value as libc::rlim_t).min(current.rlim_max);
            // The CPU limit's soft value sends SIGXCPU a second before the hard one kills.
            let soft = if resource == libc::RLIMIT_CPU {
                hard.saturating_sub(1).max(1)
            } else {
                hard
            };
            set.push((
                resource as libc::c_int,
                libc::rlimit {
                    rlim_cur: soft.min(hard),
                    rlim_max: hard,
                },
            ));
        }
        Ok(set)
    }
}

/// Wait until `file` is readable or `until` passes; whether it is readable (or closed).
#[cfg(unix)]
pub fn readable(file: &File, until: Instant) -> bool {
    loop {
        let left = until.saturating_duration_since(Instant::now());
        let ms = libc::c_int::try_from(left.as_millis()).unwrap_or(libc::c_int::MAX);
        let mut poll = libc::pollfd {
            fd: file.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: poll reads and writes the one struct it is given.
        let n = unsafe { libc::poll(&mut poll, 1, ms) };
        if n > 0 {
            return true;
        }
        if n == 0 {
            return false;
        }
        if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return false;
        }
    }
}

/// The four-byte wait status the keeper writes on its status pipe, if it comes before
/// `until` (nothing when the keeper was killed first).
#[cfg(unix)]
pub(super) fn read_status(file: &mut File, until: Instant) -> Option<libc::c_int> {
    use std::io::Read;
    let mut buf = [0u8; 4];
    let mut got = 0;
    while got < buf.len() {
        if !readable(file, until) {
            return None;
        }
        match file.read(&mut buf[got..]) {
            Ok(0) | Err(_) => return None,
            Ok(n) => got += n,
        }
    }
    Some(libc::c_int::from_ne_bytes(buf))
}
