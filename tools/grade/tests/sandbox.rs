//! The strict sandbox from the inside: a shell in a jail tries what a hostile student's code
//! would (read the judge's files, see or signal its processes, use the network, write where
//! it may not, leave a process behind) and each attempt fails. Skipped, with the reason
//! printed, where the kernel lacks a protection.

#![cfg(target_os = "linux")]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use solitaire_grader::sandbox::{self, Grant, Jail, Limits, Mode, Mount, Protections, Target};

fn protections(root: &Path) -> Option<Protections> {
    let found = Protections::probe(root);
    if found.missing().is_empty() {
        Some(found)
    } else {
        eprintln!(
            "skipped: the strict sandbox is not available here: {}",
            found.describe()
        );
        None
    }
}

fn limits() -> Limits {
    Limits {
        address_space: 512 << 20,
        cpu_seconds: 10,
        file_bytes: 1 << 20,
        processes: 32,
        open_files: 64,
        stack_bytes: 8 << 20,
    }
}

struct Run {
    status: Option<std::process::ExitStatus>,
    out: String,
    err: String,
}

/// Run `script` with /bin/sh in a jail that binds `work` writable at /work.
fn shell(root: &Path, work: &Path, uid: Option<(u32, u32)>, script: &str, input: &str) -> Run {
    let jail = Jail {
        mode: Mode::Strict,
        root: root.to_path_buf(),
        mounts: vec![Mount {
            host: work.to_path_buf(),
            jail: "/work".into(),
            grant: Grant::Write,
        }],
        user: uid,
        tmp_bytes: 1 << 20,
    };
    let target = Target {
        program: "/bin/sh".into(),
        args: vec!["-c".into(), script.into()],
        workdir: "/work".into(),
        env: vec![("PATH".into(), "/usr/bin:/bin".into())],
        limits: limits(),
    };
    let mut running = sandbox::spawn(&jail, &target).unwrap_or_else(|e| panic!("{e}"));
    if let Some(mut stdin) = running.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    let mut out = String::new();
    let mut err = String::new();
    if let Some(mut stdout) = running.stdout.take() {
        let _ = stdout.read_to_string(&mut out);
    }
    if let Some(mut stderr) = running.stderr.take() {
        let _ = stderr.read_to_string(&mut err);
    }
    let status = running.wait(Duration::from_secs(20));
    Run { status, out, err }
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("root")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(dir.join("work")).unwrap_or_else(|e| panic!("{e}"));
    dir
}

fn student(dir: &Path, root_mode: bool) -> Option<(u32, u32)> {
    root_mode.then(|| {
        let id = 61_900;
        std::os::unix::fs::chown(dir.join("work"), Some(id), Some(id))
            .unwrap_or_else(|e| panic!("{e}"));
        (id, id)
    })
}

#[test]
fn a_jailed_shell_sees_only_its_jail() {
    let dir = scratch("sandbox-sees");
    let Some(found) = protections(&dir.join("root")) else {
        return;
    };
    let uid = student(&dir, found.root);
    let secret = dir.join("secret.txt");
    std::fs::write(&secret, "MARKER-SECRET").unwrap_or_else(|e| panic!("{e}"));
    let script = format!(
        "id -u; ls /proc | grep -c '^[0-9]'; \
         cat {} 2>&1; cat /etc/passwd 2>&1 | head -1; \
         echo hello > /work/out.txt && echo wrote; \
         echo no > /usr/nope 2>&1 || echo usr-read-only; \
         for i in 1 2 3; do head -c 600000 /dev/zero > /tmp/f$i 2>/dev/null || echo tmp-full; done",
        secret.display()
    );
    let run = shell(&dir.join("root"), &dir.join("work"), uid, &script, "");
    eprintln!("{}\n{}", run.out, run.err);
    assert!(run.status.is_some_and(|s| s.success()), "{:?}", run.status);
    let lines: Vec<&str> = run.out.lines().collect();
    if let Some((u, _)) = uid {
        assert_eq!(lines[0], u.to_string());
    }
    assert!(!run.out.contains("MARKER-SECRET"));
    assert!(
        !run.out.contains("root:"),
        "the host's /etc/passwd is not in the jail"
    );
    assert!(run.out.contains("wrote"));
    assert_eq!(
        std::fs::read_to_string(dir.join("work/out.txt"))
            .ok()
            .as_deref(),
        Some("hello\n")
    );
    assert!(run.out.contains("usr-read-only"));
    assert!(run.out.contains("tmp-full"), "the jail's /tmp is small");
    // The jail's /proc shows its own processes only: the keeper, the shell, a pipeline.
    let processes: usize = lines
        .iter()
        .find_map(|l| l.parse().ok().filter(|n: &usize| *n < 100))
        .unwrap_or(usize::MAX);
    assert!(processes <= 6, "{processes} processes visible");
}

#[test]
fn everything_a_jailed_program_starts_ends_with_it() {
    let dir = scratch("sandbox-ends");
    let Some(found) = protections(&dir.join("root")) else {
        return;
    };
    let uid = student(&dir, found.root);
    let started = Instant::now();
    // A grandchild in its own session, holding the shell's stdout open, then the shell exits.
    let run = shell(
        &dir.join("root"),
        &dir.join("work"),
        uid,
        "setsid sh -c 'sleep 30; echo late > /work/late.txt' & echo started; exit 3",
        "",
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "the pipe stayed open"
    );
    assert_eq!(run.status.and_then(|s| s.code()), Some(3), "{}", run.err);
    std::thread::sleep(Duration::from_millis(200));
    let mut ps = String::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        if let Ok(cmd) = std::fs::read_to_string(entry.path().join("cmdline")) {
            ps.push_str(&cmd.replace('\0', " "));
            ps.push('\n');
        }
    }
    // The jailed `sleep 30`, or the shell waiting for it (whose command line names the file),
    // each a whole command line: other processes on the machine may sleep too.
    let outlived = ps
        .lines()
        .any(|l| l.trim() == "sleep 30" || l.contains("/work/late.txt"));
    assert!(!outlived, "a jailed process outlived its sandbox:\n{ps}");
    assert!(!dir.join("work/late.txt").exists());
}
