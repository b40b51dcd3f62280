//! Starting a program in a strict sandbox, the way `isolate` does: a process cloned into new
//! PID, mount, network, IPC and UTS namespaces (and a user namespace when the judge is not
//! root) becomes the *keeper*, process 1 of its PID namespace. It builds the jail's file
//! system (a tmpfs root with read-only binds of the system and the trusted directories, the
//! writable ones, a fresh `/proc` that shows only the jail's processes, a small `/tmp`),
//! pivots into it, and forks the *target*, which drops to the student's uid (when the judge
//! is root), takes its resource limits, `no_new_privs`, the Landlock ruleset and the seccomp
//! filters, and executes the program. The keeper reaps whatever the target leaves behind,
//! reports the target's wait status on a pipe and exits when the target does; the kernel then
//! kills every process left in the namespace. The judge ends a sandbox early by killing the
//! keeper, with the same effect.
//!
//! The judge is multithreaded, so between `clone` and `execve` only async-signal-safe calls
//! are made: everything (paths, arguments, the ruleset, the filters) is prepared before the
//! clone, and the processes after it call the kernel directly.

use std::ffi::{CString, OsString};
use std::fs::File;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};

use libc::{c_char, c_int, c_ulong};
use seccompiler::BpfProgram;

use super::fs_rules::{self, PathBeneathAttr};
use super::{Grant, Jail, Sandboxed, Target};

/// What failed between the clone and the execution of the program, by the number the
/// processes after the clone report.
const STAGES: [&str; 24] = [
    "setting the parent-death signal and making the keeper undumpable",
    "writing the user namespace's maps",
    "making the mounts private",
    "mounting the jail's root",
    "making a directory in the jail",
    "making a link in the jail",
    "making a mount point in the jail",
    "binding a directory into the jail",
    "making a bound directory read-only",
    "mounting /proc",
    "mounting /tmp",
    "entering the jail's root",
    "pivoting into the jail",
    "detaching the old root",
    "adding the rules for /proc and /tmp",
    "starting the program's process",
    "setting a resource limit",
    "dropping to the student's user",
    "changing to the working directory",
    "connecting the standard streams",
    "setting no_new_privs",
    "enforcing the Landlock ruleset",
    "installing the seccomp filter",
    "executing the program",
];

/// Everything the processes after the clone need, made before it.
struct Plan {
    clone_flags: c_ulong,
    /// `/proc/self/uid_map` and `gid_map` contents, for a user namespace.
    maps: Option<(CString, CString)>,
    root: CString,
    dirs: Vec<CString>,
    links: Vec<(CString, CString)>,
    files: Vec<CString>,
    binds: Vec<(CString, CString, c_ulong)>,
    proc_dir: CString,
    /// The jail's `/proc` mount options: with a uid of the student's own, the processes of
    /// other users (the keeper) are invisible to it.
    proc_options: Option<CString>,
    /// The judge's command line and environment in memory (start, length), which the keeper
    /// inherits and wipes: the jail's `/proc/1/cmdline` shows nothing of the judge.
    judge_strings: [(usize, usize); 2],
    tmp_dir: CString,
    tmp_options: CString,
    rlimits: Vec<(c_int, libc::rlimit)>,
    user: Option<(u32, u32)>,
    workdir: CString,
    program: CString,
    _argv: Vec<CString>,
    argv: Vec<*const c_char>,
    _env: Vec<CString>,
    env: Vec<*const c_char>,
    ruleset: OwnedFd,
    /// Landlock rights for the jail's `/tmp` (all the kernel handles).
    tmp_access: u64,
    filters: [BpfProgram; 2],
}

fn c(text: impl AsRef<[u8]>) -> Result<CString, String> {
    CString::new(text.as_ref()).map_err(|_| "a path or argument holds a NUL byte".to_string())
}

fn c_path(path: &Path) -> Result<CString, String> {
    c(path.as_os_str().as_bytes())
}

/// `jail_path` (absolute, inside the jail) under the jail's root `root` on the host.
fn under(root: &Path, jail_path: &Path) -> PathBuf {
    let mut out = root.to_path_buf();
    for part in jail_path.components() {
        if let Component::Normal(p) = part {
            out.push(p);
        }
    }
    out
}

/// The flags a bind keeps from its source (a user namespace may not clear them).
fn locked_flags(host: &Path) -> c_ulong {
    let Ok(path) = c_path(host) else { return 0 };
    // SAFETY: statvfs writes into the struct it is given.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statvfs(path.as_ptr(), &mut st) } != 0 {
        return 0;
    }
    let mut flags = 0;
    for (st_flag, ms_flag) in [
        (libc::ST_NOSUID, libc::MS_NOSUID),
        (libc::ST_NODEV, libc::MS_NODEV),
        (libc::ST_NOEXEC, libc::MS_NOEXEC),
        (libc::ST_NOATIME, libc::MS_NOATIME),
        (libc::ST_NODIRATIME, libc::MS_NODIRATIME),
        (libc::ST_RELATIME, libc::MS_RELATIME),
    ] {
        if st.f_flag & st_flag != 0 {
            flags |= ms_flag;
        }
    }
    flags
}

impl Plan {
    fn new(jail: &Jail, target: &Target) -> Result<Plan, String> {
        let root = &jail.root;
        let mut dirs: Vec<PathBuf> = Vec::new();
        let add_dir = |dirs: &mut Vec<PathBuf>, jail_path: &Path| {
            let mut at = PathBuf::from("/");
            for part in jail_path.components() {
                if let Component::Normal(p) = part {
                    at.push(p);
                    if !dirs.contains(&at) {
                        dirs.push(at.clone());
                    }
                }
            }
        };
        let mut links = Vec::new();
        let mut files = Vec::new();
        let mut binds = Vec::new();
        let mut grants: Vec<(PathBuf, Grant)> = Vec::new();
        for mount in jail.all_mounts() {
            let is_dir = mount.host.is_dir();
            match (is_dir, mount.jail.parent()) {
                (true, _) => add_dir(&mut dirs, &mount.jail),
                (false, Some(parent)) => {
                    add_dir(&mut dirs, parent);
                    files.push(c_path(&under(root, &mount.jail))?);
                }
                (false, None) => return Err("a file cannot be the jail's root".into()),
            }
            let mut flags = libc::MS_NOSUID | locked_flags(&mount.host);
            if mount.grant != Grant::Device {
                flags |= libc::MS_NODEV;
            }
            if mount.grant != Grant::Write {
                flags |= libc::MS_RDONLY;
            }
            binds.push((
                c_path(&mount.host)?,
                c_path(&under(root, &mount.jail))?,
                flags,
            ));
            grants.push((mount.host.clone(), mount.grant));
        }
        for (link, to) in jail.system_links() {
            links.push((c_path(&to)?, c_path(&under(root, &link))?));
        }
        for d in ["/proc", "/tmp"] {
            add_dir(&mut dirs, Path::new(d));
        }
        let grant_refs: Vec<(&Path, Grant)> =
            grants.iter().map(|(p, g)| (p.as_path(), *g)).collect();
        let ruleset = fs_rules::ruleset(&grant_refs)?;
        let tmp_access = fs_rules::all_fs_access();
        let rlimits = target.limits.rlimits()?;
        let user = jail.user;
        let mut clone_flags = (libc::CLONE_NEWPID
            | libc::CLONE_NEWNS
            | libc::CLONE_NEWNET
            | libc::CLONE_NEWIPC
            | libc::CLONE_NEWUTS) as c_ulong;
        // SAFETY: geteuid and getegid only read the process's credentials.
        let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
        let maps = if uid == 0 {
            None
        } else {
            clone_flags |= libc::CLONE_NEWUSER as c_ulong;
            Some((
                c(format!("{uid} {uid} 1\n"))?,
                c(format!("{gid} {gid} 1\n"))?,
            ))
        };
        let argv_owned: Vec<CString> = std::iter::once(target.program.as_os_str().to_owned())
            .chain(target.args.iter().cloned())
            .map(|a: OsString| c(a.as_bytes()))
            .collect::<Result<_, _>>()?;
        let env_owned: Vec<CString> = target
            .env
            .iter()
            .map(|(k, v)| c(format!("{k}={v}")))
            .collect::<Result<_, _>>()?;
        let pointers = |owned: &[CString]| {
            owned
                .iter()
                .map(|s| s.as_ptr())
                .chain(std::iter::once(std::ptr::null()))
                .collect::<Vec<_>>()
        };
        Ok(Plan {
            clone_flags,
            maps,
            root: c_path(root)?,
            dirs: dirs
                .iter()
                .map(|d| c_path(&under(root, d)))
                .collect::<Result<_, _>>()?,
            links,
            files,
            binds,
            proc_dir: c_path(&under(root, Path::new("/proc")))?,
            proc_options: jail.user.map(|_| c("hidepid=2")).transpose()?,
            judge_strings: judge_strings(),
            tmp_dir: c_path(&under(root, Path::new("/tmp")))?,
            tmp_options: c(format!("size={},mode=1777", jail.tmp_bytes.max(4096)))?,
            rlimits,
            user,
            workdir: c_path(&target.workdir)?,
            program: c_path(&target.program)?,
            argv: pointers(&argv_owned),
            _argv: argv_owned,
            env: pointers(&env_owned),
            _env: env_owned,
            ruleset,
            tmp_access,
            filters: super::seccomp::filters()?,
        })
    }
}

/// Where the judge's command line and environment strings are in its memory, as
/// `/proc/self/stat` says (`arg_start`, `arg_end`, `env_start`, `env_end`: its fields 48 to
/// 51); zero where it cannot be read.
fn judge_strings() -> [(usize, usize); 2] {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name, which is in parentheses and may hold anything.
    let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<usize> = rest
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0))
        .collect();
    let field = |n: usize| fields.get(n - 3).copied().unwrap_or(0);
    let span = |start: usize, end: usize| {
        if start != 0 && end > start && end - start < 1 << 24 {
            (start, end - start)
        } else {
            (0, 0)
        }
    };
    [span(field(48), field(49)), span(field(50), field(51))]
}

/// A pipe, both ends close-on-exec: (read, write).
fn pipe() -> Result<(OwnedFd, OwnedFd), String> {
    let mut fds = [0 as c_int; 2];
    // SAFETY: pipe2 writes two descriptors into the array it is given.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(format!("pipe: {}", std::io::Error::last_os_error()));
    }
    // SAFETY: both descriptors were just created and are owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Start `target` in a strict sandbox built from `jail`.
pub(super) fn spawn(jail: &Jail, target: &Target) -> Result<Sandboxed, String> {
    let plan = Plan::new(jail, target)?;
    let (stdin_r, stdin_w) = pipe()?;
    let (stdout_r, stdout_w) = pipe()?;
    let (stderr_r, stderr_w) = pipe()?;
    let (status_r, status_w) = pipe()?;
    let (error_r, error_w) = pipe()?;
    let ends = Ends {
        stdio: [
            stdin_r.as_raw_fd(),
            stdout_w.as_raw_fd(),
            stderr_w.as_raw_fd(),
        ],
        status: status_w.as_raw_fd(),
        error: error_w.as_raw_fd(),
    };
    // SAFETY: a fork-like clone (no new stack, no shared memory); the child runs only
    // `keeper`, which calls async-signal-safe functions and never returns.
    let pid = unsafe {
        libc::syscall(
            libc::SYS_clone,
            plan.clone_flags | libc::SIGCHLD as c_ulong,
            0usize,
            0usize,
            0usize,
            0usize,
        )
    };
    if pid == 0 {
        // SAFETY: in the cloned child, single-threaded, before any exec.
        unsafe { keeper(&plan, &ends) }
    }
    if pid < 0 {
        return Err(format!(
            "clone into new namespaces: {}",
            std::io::Error::last_os_error()
        ));
    }
    let pid = pid as libc::pid_t;
    drop((stdin_r, stdout_w, stderr_w, status_w, error_w));
    let mut sandboxed = Sandboxed::keeper(
        pid,
        File::from(stdin_w),
        File::from(stdout_r),
        File::from(stderr_r),
        File::from(status_r),
    );
    if let Some(failure) = read_failure(error_r) {
        sandboxed.kill();
        return Err(failure);
    }
    Ok(sandboxed)
}

/// What the processes after the clone reported on the error pipe, once it closed (at the
/// execution of the program, or at a failure).
fn read_failure(error_r: OwnedFd) -> Option<String> {
    let mut buf = [0u8; 8];
    let mut got = 0;
    let fd = error_r.as_raw_fd();
    while got < buf.len() {
        // SAFETY: reading into the unfilled part of a local buffer.
        let n = unsafe { libc::read(fd, buf[got..].as_mut_ptr().cast(), buf.len() - got) };
        if n < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        if n <= 0 {
            break;
        }
        got += n as usize;
    }
    if got < buf.len() {
        return None;
    }
    let stage = u32::from_ne_bytes([buf[0], buf[1], buf[2], buf[3]]) as usize;
    let errno = i32::from_ne_bytes([buf[4], buf[5], buf[6], buf[7]]);
    let what = STAGES.get(stage).copied().unwrap_or("starting the sandbox");
    Some(format!(
        "the sandbox failed while {what}: {}",
        std::io::Error::from_raw_os_error(errno)
    ))
}

/// The raw descriptors of the pipes' ends the processes after the clone use.
struct Ends {
    stdio: [RawFd; 3],
    status: RawFd,
    error: RawFd,
}

/// Report a failure at `stage` with the current `errno` and exit.
unsafe fn fail(ends: &Ends, stage: usize) -> ! {
    let errno = unsafe { *libc::__errno_location() };
    let mut buf = [0u8; 8];
    buf[..4].copy_from_slice(&(stage as u32).to_ne_bytes());
    buf[4..].copy_from_slice(&errno.to_ne_bytes());
    unsafe {
        libc::write(ends.error, buf.as_ptr().cast(), buf.len());
        libc::_exit(127)
    }
}

unsafe fn write_file(path: &[u8], text: &CString) -> bool {
    unsafe {
        let fd = libc::open(path.as_ptr().cast(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return false;
        }
        let bytes = text.as_bytes();
        let ok = libc::write(fd, bytes.as_ptr().cast(), bytes.len()) == bytes.len() as isize;
        libc::close(fd);
        ok
    }
}

/// The keeper: process 1 of the new PID namespace.
unsafe fn keeper(plan: &Plan, ends: &Ends) -> ! {
    unsafe {
        if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
            fail(ends, 0);
        }
        if let Some((uid_map, gid_map)) = &plan.maps {
            let denied = CString::from(c"deny");
            if !write_file(b"/proc/self/setgroups\0", &denied)
                || !write_file(b"/proc/self/uid_map\0", uid_map)
                || !write_file(b"/proc/self/gid_map\0", gid_map)
            {
                fail(ends, 1);
            }
        }
        // The keeper is a copy of the judge's memory: no process of the jail may read it
        // (ptrace, /proc/1/mem), whatever its uid. (After the maps: a process that is not
        // dumpable cannot write its own.)
        if libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0) != 0 {
            fail(ends, 0);
        }
        // Nor its command line or environment, which `/proc/1/cmdline` shows to anyone: the
        // keeper's copies of the judge's strings are wiped, and it has a name of its own.
        for (start, len) in plan.judge_strings {
            if start != 0 {
                std::ptr::write_bytes(start as *mut u8, 0, len);
            }
        }
        libc::prctl(libc::PR_SET_NAME, c"keeper".as_ptr(), 0, 0, 0);
        build_jail(plan, ends);
        let target = libc::syscall(
            libc::SYS_clone,
            libc::SIGCHLD as c_ulong,
            0usize,
            0usize,
            0usize,
            0usize,
        );
        if target < 0 {
            fail(ends, 15);
        }
        if target == 0 {
            start_target(plan, ends);
        }
        // Only the status pipe stays open here: a copy of any other end (the program's
        // standard input above all) would keep the judge from seeing it close.
        let status = ends.status as u32;
        if status > 3 {
            libc::syscall(libc::SYS_close_range, 3u32, status - 1, 0u32);
        }
        libc::syscall(libc::SYS_close_range, status + 1, u32::MAX, 0u32);
        loop {
            let mut status: c_int = 0;
            let reaped = libc::waitpid(-1, &mut status, 0);
            if reaped == target as libc::pid_t {
                let bytes = status.to_ne_bytes();
                libc::write(ends.status, bytes.as_ptr().cast(), bytes.len());
                libc::_exit(0);
            }
            if reaped < 0 && *libc::__errno_location() != libc::EINTR {
                libc::_exit(0);
            }
        }
    }
}

/// The jail's file system, in the keeper's mount namespace, and the pivot into it.
unsafe fn build_jail(plan: &Plan, ends: &Ends) {
    let null = std::ptr::null::<c_char>();
    unsafe {
        if libc::mount(
            null,
            c"/".as_ptr(),
            null,
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        ) != 0
        {
            fail(ends, 2);
        }
        let root_options = c"size=1m,mode=0755";
        if libc::mount(
            c"tmpfs".as_ptr(),
            plan.root.as_ptr(),
            c"tmpfs".as_ptr(),
            libc::MS_NOSUID | libc::MS_NODEV,
            root_options.as_ptr().cast(),
        ) != 0
        {
            fail(ends, 3);
        }
        for dir in &plan.dirs {
            if libc::mkdir(dir.as_ptr(), 0o755) != 0 && *libc::__errno_location() != libc::EEXIST {
                fail(ends, 4);
            }
        }
        for (to, link) in &plan.links {
            if libc::symlink(to.as_ptr(), link.as_ptr()) != 0 {
                fail(ends, 5);
            }
        }
        for file in &plan.files {
            let fd = libc::open(
                file.as_ptr(),
                libc::O_CREAT | libc::O_WRONLY | libc::O_CLOEXEC,
                0o644,
            );
            if fd < 0 {
                fail(ends, 6);
            }
            libc::close(fd);
        }
        for (src, dst, flags) in &plan.binds {
            if libc::mount(
                src.as_ptr(),
                dst.as_ptr(),
                null,
                libc::MS_BIND | libc::MS_REC,
                std::ptr::null(),
            ) != 0
            {
                fail(ends, 7);
            }
            if libc::mount(
                null,
                dst.as_ptr(),
                null,
                libc::MS_BIND | libc::MS_REMOUNT | flags,
                std::ptr::null(),
            ) != 0
            {
                fail(ends, 8);
            }
        }
        if libc::mount(
            c"proc".as_ptr(),
            plan.proc_dir.as_ptr(),
            c"proc".as_ptr(),
            libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
            plan.proc_options
                .as_ref()
                .map_or(std::ptr::null(), |o| o.as_ptr().cast()),
        ) != 0
        {
            fail(ends, 9);
        }
        if libc::mount(
            c"tmpfs".as_ptr(),
            plan.tmp_dir.as_ptr(),
            c"tmpfs".as_ptr(),
            libc::MS_NOSUID | libc::MS_NODEV,
            plan.tmp_options.as_ptr().cast(),
        ) != 0
        {
            fail(ends, 10);
        }
        if libc::chdir(plan.root.as_ptr()) != 0 {
            fail(ends, 11);
        }
        if libc::syscall(libc::SYS_pivot_root, c".".as_ptr(), c".".as_ptr()) != 0 {
            fail(ends, 12);
        }
        if libc::umount2(c".".as_ptr(), libc::MNT_DETACH) != 0 || libc::chdir(c"/".as_ptr()) != 0 {
            fail(ends, 13);
        }
        libc::mount(
            null,
            c"/".as_ptr(),
            null,
            libc::MS_BIND | libc::MS_REMOUNT | libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV,
            std::ptr::null(),
        );
        for (dir, access) in [
            (c"/proc", fs_rules::READ_FILE_AND_DIR),
            (c"/tmp", plan.tmp_access),
        ] {
            let fd = libc::open(dir.as_ptr(), libc::O_PATH | libc::O_CLOEXEC);
            let attr = PathBeneathAttr {
                allowed_access: access,
                parent_fd: fd,
            };
            let added = fd >= 0
                && libc::syscall(
                    libc::SYS_landlock_add_rule,
                    plan.ruleset.as_raw_fd(),
                    1 as c_int, // LANDLOCK_RULE_PATH_BENEATH
                    &attr as *const PathBeneathAttr,
                    0u32,
                ) == 0;
            if !added {
                fail(ends, 14);
            }
            libc::close(fd);
        }
    }
}

/// The target: limits, user, streams, no_new_privs, Landlock, seccomp, then the program.
unsafe fn start_target(plan: &Plan, ends: &Ends) -> ! {
    unsafe {
        libc::close(ends.status);
        for (resource, limit) in &plan.rlimits {
            if libc::setrlimit(*resource as _, limit) != 0 {
                fail(ends, 16);
            }
        }
        if let Some((uid, gid)) = plan.user
            && (libc::syscall(libc::SYS_setgroups, 0usize, std::ptr::null::<libc::gid_t>()) != 0
                || libc::syscall(libc::SYS_setresgid, gid, gid, gid) != 0
                || libc::syscall(libc::SYS_setresuid, uid, uid, uid) != 0)
        {
            fail(ends, 17);
        }
        if libc::chdir(plan.workdir.as_ptr()) != 0 {
            fail(ends, 18);
        }
        for (to, fd) in ends.stdio.iter().enumerate() {
            if libc::dup2(*fd, to as c_int) < 0 {
                fail(ends, 19);
            }
        }
        if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 {
            fail(ends, 20);
        }
        if libc::syscall(
            libc::SYS_landlock_restrict_self,
            plan.ruleset.as_raw_fd(),
            0u32,
        ) != 0
        {
            fail(ends, 21);
        }
        for filter in &plan.filters {
            if seccompiler::apply_filter(filter).is_err() {
                fail(ends, 22);
            }
        }
        // Every other descriptor closes at the exec (the error pipe too, which tells the
        // judge the program started).
        libc::syscall(
            libc::SYS_close_range,
            3u32,
            u32::MAX,
            libc::CLOSE_RANGE_CLOEXEC,
        );
        libc::execve(plan.program.as_ptr(), plan.argv.as_ptr(), plan.env.as_ptr());
        fail(ends, 23)
    }
}
