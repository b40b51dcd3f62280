//! Building one student's oracle: `rustc` compiles the student's library, then the oracle's
//! `main` linked with it, both in the student's sandbox. The compiler sees the student's
//! scratch directory (writable, at `/work`), the trusted libraries (`/trusted`), the
//! oracle's `main` (`/oracle`) and its own sysroot (`/sysroot`), and nothing else: a path
//! outside (`include_str!`, `#[path]`) does not exist for it. No build script, procedural
//! macro of the student's or Cargo runs.
//!
//! ```text
//! <scratch>/games/<id>/                 the student's game folder: the crate, its layout
//!                                        (layouts/<id>.ron, which the crate embeds) and its
//!                                        own scenarios (conformance/<id>.ron), if any
//! <scratch>/assets/layouts/<id>.ron     the layout, in a submission of the older shape
//! <scratch>/tests/conformance/<id>.ron  the own scenarios, in the older shape
//! <scratch>/out/                        the library and the oracle, built
//! ```

use std::ffi::OsString;
use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::build::manifest::Plan;
use crate::build::prebuild::TrustedDeps;
use crate::sandbox::{self, Grant, Jail, Limits, Mount, Target};

/// The oracle's file name in `<scratch>/out`.
pub const ORACLE: &str = "grade-oracle";

/// The most bytes of the compiler's messages kept.
const MAX_MESSAGES: u64 = 4 << 20;

/// The limits of one compiler run.
pub const BUILD_LIMITS: Limits = Limits {
    address_space: 4 << 30,
    cpu_seconds: 600,
    // A student's library and oracle take a few MiB; a constant of hundreds of MiB stops
    // here instead of filling the disk.
    file_bytes: 64 << 20,
    processes: 256,
    open_files: 1024,
    stack_bytes: 64 << 20,
};

/// The jail a student's build runs in: `base` (mode, root, uid) with the scratch directory
/// writable and the trusted build read-only.
pub fn build_jail(base: &Jail, scratch: &Path, deps: &TrustedDeps) -> Jail {
    let mut jail = base.clone();
    jail.tmp_bytes = 256 << 20;
    jail.mounts = vec![
        Mount {
            host: deps.sysroot.clone(),
            jail: "/sysroot".into(),
            grant: Grant::Read,
        },
        Mount {
            host: deps.dir.clone(),
            jail: "/trusted".into(),
            grant: Grant::Read,
        },
        Mount {
            host: deps.oracle_dir.clone(),
            jail: "/oracle".into(),
            grant: Grant::Read,
        },
        Mount {
            host: scratch.to_path_buf(),
            jail: "/work".into(),
            grant: Grant::Write,
        },
    ];
    jail
}

/// Build the oracle of the student's game `id`, whose crate (read by `plan`) is in
/// `scratch`; the oracle's path on the host.
///
/// # Errors
/// The compiler's first error (paths relative to the student's checkout), or why the build
/// could not run or took longer than `timeout`.
pub fn compile(
    base: &Jail,
    scratch: &Path,
    id: &str,
    plan: &Plan,
    deps: &TrustedDeps,
    timeout: Duration,
) -> Result<PathBuf, String> {
    let jail = build_jail(base, scratch, deps);
    let seen = |host: &Path| {
        jail.path(host)
            .ok_or_else(|| format!("{} is not in the build's jail", host.display()))
    };
    let lib_of = |package: &str| {
        deps.libs
            .get(package)
            .map(|file| deps.dir.join(file))
            .ok_or_else(|| format!("the trusted build has no library of {package}"))
    };
    let out = scratch.join("out");
    // Unoptimized, as Cargo's dev profile builds a student's own crate: a build takes a
    // fraction of a second, and a game's rules need no optimizer to answer in time.
    let mut common: Vec<OsString> = vec![
        "-C".into(),
        "opt-level=0".into(),
        "-C".into(),
        "debuginfo=0".into(),
        // Lints are as Cargo leaves them for a crate of one's own (no `--cap-lints`), and the
        // guard against constant evaluation without end cannot be allowed.
        "-F".into(),
        "long_running_const_eval".into(),
        "--error-format".into(),
        "short".into(),
        "-L".into(),
        dependency(&seen(&deps.dir)?),
    ];
    let mut library = vec![
        "--crate-name".into(),
        "student_submission".into(),
        "--crate-type".into(),
        "rlib".into(),
        "--edition".into(),
        plan.edition.clone().into(),
        "-C".into(),
        "metadata=student-submission".into(),
        "--out-dir".into(),
        seen(&out)?.into_os_string(),
    ];
    for (name, package) in &plan.deps {
        library.push("--extern".into());
        let mut arg = OsString::from(format!("{name}="));
        arg.push(seen(&lib_of(package)?)?);
        library.push(arg);
    }
    for feature in &plan.features {
        library.push("--cfg".into());
        library.push(format!("feature=\"{feature}\"").into());
    }
    library.push(Path::new("games").join(id).join(&plan.lib).into_os_string());
    library.extend(common.iter().cloned());
    run_rustc(&jail, scratch, deps, library, timeout)?;

    let submission = out.join("libstudent_submission.rlib");
    let mut oracle: Vec<OsString> = vec![
        "--crate-name".into(),
        "grade_oracle".into(),
        "--crate-type".into(),
        "bin".into(),
        "--edition".into(),
        "2024".into(),
        "-o".into(),
        seen(&out.join(ORACLE))?.into_os_string(),
        "--extern".into(),
        {
            let mut a = OsString::from("solitaire_oracle=");
            a.push(seen(&lib_of("solitaire-oracle")?)?);
            a
        },
        "--extern".into(),
        {
            let mut a = OsString::from("submission=");
            a.push(seen(&submission)?);
            a
        },
        "-L".into(),
        dependency(&seen(&out)?),
    ];
    oracle.push(seen(&deps.oracle_dir.join("main.rs"))?.into_os_string());
    oracle.append(&mut common);
    run_rustc(&jail, scratch, deps, oracle, timeout)?;
    Ok(out.join(ORACLE))
}

fn dependency(dir: &Path) -> OsString {
    let mut arg = OsString::from("dependency=");
    arg.push(dir);
    arg
}

/// Run the compiler in the build's jail; its first error if it fails.
fn run_rustc(
    jail: &Jail,
    scratch: &Path,
    deps: &TrustedDeps,
    args: Vec<OsString>,
    timeout: Duration,
) -> Result<(), String> {
    let seen = |host: &Path| jail.path(host).unwrap_or_else(|| host.to_path_buf());
    let tmp = match jail.mode {
        sandbox::Mode::Strict => PathBuf::from("/tmp"),
        sandbox::Mode::Off => scratch.join("tmp"),
    };
    let target = Target {
        program: seen(&deps.sysroot.join("bin/rustc")),
        args,
        workdir: seen(scratch),
        env: vec![
            ("PATH".into(), "/usr/bin:/bin".into()),
            ("HOME".into(), seen(scratch).display().to_string()),
            ("TMPDIR".into(), tmp.display().to_string()),
            ("LC_ALL".into(), "C".into()),
        ],
        limits: BUILD_LIMITS,
    };
    let mut running = sandbox::spawn(jail, &target)?;
    drop(running.stdin.take());
    let (tx, rx) = mpsc::channel();
    if let Some(stderr) = running.stderr.take() {
        std::thread::spawn(move || {
            let mut text = String::new();
            let mut limited = stderr.take(MAX_MESSAGES);
            let _ = limited.read_to_string(&mut text);
            let _ = std::io::copy(&mut limited.into_inner(), &mut std::io::sink());
            let _ = tx.send(text);
        });
    }
    if let Some(mut stdout) = running.stdout.take() {
        std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
    }
    let started = Instant::now();
    let status = running.wait(timeout);
    if status.is_none() {
        running.kill();
        return Err(format!(
            "the build took more than {} s (the build's time limit)",
            timeout.as_secs()
        ));
    }
    let left = timeout
        .saturating_sub(started.elapsed())
        .max(Duration::from_secs(1));
    let messages = rx.recv_timeout(left).unwrap_or_default();
    match status {
        Some(s) if s.success() => Ok(()),
        Some(s) if s.signal() == Some(libc::SIGXFSZ) => Err(format!(
            "the compiler wrote a file over the build's limit of {} MiB",
            BUILD_LIMITS.file_bytes >> 20
        )),
        Some(s) if s.signal() == Some(libc::SIGXCPU) => Err(format!(
            "the compiler ran over the build's limit of {} s of CPU time",
            BUILD_LIMITS.cpu_seconds
        )),
        _ => Err(first_error(&messages, &seen(scratch), scratch)),
    }
}

/// The first error of the compiler's messages (`--error-format short`), with the scratch
/// directory left out of paths.
pub fn first_error(messages: &str, jail_scratch: &Path, host_scratch: &Path) -> String {
    let is_error = |l: &str| l.starts_with("error") || l.contains(": error");
    let line = messages
        .lines()
        .find(|l| is_error(l))
        .or_else(|| messages.lines().rev().find(|l| !l.trim().is_empty()))
        .unwrap_or("the build failed without a message");
    let mut text = line.trim().to_string();
    for prefix in [jail_scratch, host_scratch] {
        let mut p = prefix.display().to_string();
        p.push('/');
        text = text.replace(&p, "");
    }
    crate::capped(&text, 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_error_is_the_compilers_line_without_the_scratch_path() {
        let messages = "warning: unused import\n\
                        games/ada/src/lib.rs:3:5: error[E0432]: unresolved import `game_labyrinth`\n\
                        /work/games/ada/src/lib.rs:9:1: error: cannot find macro\n\
                        error: aborting due to 2 previous errors\n";
        assert_eq!(
            first_error(messages, Path::new("/work"), Path::new("/tmp/x")),
            "games/ada/src/lib.rs:3:5: error[E0432]: unresolved import `game_labyrinth`"
        );
        assert_eq!(
            first_error(
                "/tmp/x/games/a.rs:1:1: error: no\n",
                Path::new("/work"),
                Path::new("/tmp/x")
            ),
            "games/a.rs:1:1: error: no"
        );
    }
}
