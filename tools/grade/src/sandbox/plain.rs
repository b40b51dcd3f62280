//! [`super::Mode::Off`]: the program as a plain child process, in a process group of its
//! own so that it and what it starts can be killed together, under resource limits.

use std::fs::File;
use std::os::fd::OwnedFd;
use std::process::{Command, Stdio};

use super::{Sandboxed, Target};

/// Start `target` as a child process.
pub(super) fn spawn(target: &Target) -> Result<Sandboxed, String> {
    let mut command = Command::new(&target.program);
    command
        .args(&target.args)
        .current_dir(&target.workdir)
        .env_clear()
        .envs(target.env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let set = target.limits.rlimits()?;
        command.process_group(0);
        // SAFETY: between fork and exec the closure only calls setrlimit, which is
        // async-signal-safe, on values computed before the fork.
        unsafe {
            command.pre_exec(move || {
                for (resource, limit) in &set {
                    if libc::setrlimit(*resource as _, limit) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                Ok(())
            });
        }
    }
    let mut child = command
        .spawn()
        .map_err(|e| format!("{}: {e}", target.program.display()))?;
    Ok(Sandboxed {
        stdin: child.stdin.take().map(|s| File::from(OwnedFd::from(s))),
        stdout: child.stdout.take().map(|s| File::from(OwnedFd::from(s))),
        stderr: child.stderr.take().map(|s| File::from(OwnedFd::from(s))),
        end: super::End::Plain(child),
    })
}

/// Kill every process of the group led by `pid`.
pub(super) fn kill_group(pid: u32) {
    #[cfg(unix)]
    if let Ok(pid) = libc::pid_t::try_from(pid) {
        // SAFETY: kill only sends a signal; a group that is gone yields ESRCH.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}
