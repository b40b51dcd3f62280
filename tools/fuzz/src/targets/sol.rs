//! Running `sol` on a case and judging how it ended: exit status, signal, standard error.

use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::case::Case;
use crate::catch::Panic;
use crate::report::{Problem, blank};
use crate::targets::{Context, Outcome};

/// Virtual memory `sol` may use (KiB): a runaway allocation fails instead of taking the
/// machine down.
const MEMORY_KIB: u64 = 4 << 20;
/// Standard error kept for the report.
const STDERR_KEPT: u64 = 1 << 16;

/// Run `sol` with the case's arguments, files and standard output, and judge the ending.
pub fn check(ctx: &Context, case: &Case) -> Outcome {
    let Some(sol) = &ctx.sol else {
        return Outcome::Failed(Problem::property(
            "setup: no sol binary",
            "the cli target needs the path of `sol`",
        ));
    };
    let dir = ctx.scratch.join("case");
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = write_files(&dir, case) {
        return Outcome::Failed(Problem::property(
            "setup: cannot write the case",
            e.to_string(),
        ));
    }
    let args: Vec<String> = case.args.iter().map(|a| expand(a, case, &dir)).collect();
    let shown = format!(
        "sol {}",
        args.iter()
            .map(|a| format!("{a:?}"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let mut child = match spawn(sol, &args, &dir, case.closed_stdout) {
        Ok(c) => c,
        Err(e) => {
            return Outcome::Failed(Problem::property("setup: cannot run sol", e.to_string()));
        }
    };
    let stderr = child.stderr.take().map(|mut pipe| {
        std::thread::spawn(move || {
            let mut kept = Vec::new();
            let _ = (&mut pipe).take(STDERR_KEPT).read_to_end(&mut kept);
            let _ = std::io::copy(&mut pipe, &mut std::io::sink());
            kept
        })
    });
    let status = wait(&mut child, ctx.timeout);
    let stderr = stderr
        .and_then(|t| t.join().ok())
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    judge(status, &stderr, &shown, &case.args, ctx.timeout)
}

fn write_files(dir: &Path, case: &Case) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (name, bytes) in &case.files {
        std::fs::write(dir.join(name), bytes)?;
    }
    Ok(())
}

/// `@NAME` in an argument becomes the path of the case's file `NAME`.
fn expand(arg: &str, case: &Case, dir: &Path) -> String {
    let mut out = arg.to_string();
    for (name, _) in &case.files {
        let path = dir.join(name);
        out = out.replace(&format!("@{name}"), &path.to_string_lossy());
    }
    out
}

fn spawn(sol: &Path, args: &[String], dir: &Path, closed_stdout: bool) -> std::io::Result<Child> {
    let mut cmd = if cfg!(unix) {
        let mut sh = Command::new("sh");
        sh.arg("-c")
            .arg(format!(
                "ulimit -v {MEMORY_KIB} 2>/dev/null; exec \"$0\" \"$@\""
            ))
            .arg(sol);
        sh
    } else {
        Command::new(sol)
    };
    cmd.args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stderr(Stdio::piped());
    if closed_stdout {
        cmd.stdout(Stdio::piped());
    } else {
        cmd.stdout(Stdio::null());
    }
    let mut child = cmd.spawn()?;
    // The reader of standard output goes away at once, as `sol ... | head -0` would.
    drop(child.stdout.take());
    Ok(child)
}

/// The exit status, or `None` when the time ran out (the child is then killed).
fn wait(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + limit;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

fn judge(
    status: Option<ExitStatus>,
    stderr: &str,
    shown: &str,
    args: &[String],
    limit: Duration,
) -> Outcome {
    let lines: Vec<&str> = stderr.lines().collect();
    let detail = |status: &str| {
        let tail: Vec<&str> = lines.iter().take(12).copied().collect();
        format!("{shown}\n{status}\nstderr:\n{}", tail.join("\n"))
    };
    let Some(status) = status else {
        let command = args
            .iter()
            .find(|a| !a.starts_with('-'))
            .map_or("", String::as_str);
        return Outcome::Slow(Problem {
            signature: format!(
                "slow: sol {} ran over {} s",
                blank(command),
                limit.as_secs()
            ),
            detail: detail("killed at the time limit"),
        });
    };
    let Some(code) = status.code() else {
        let first = lines.first().map_or("", |l| l);
        return Outcome::Failed(Problem {
            signature: format!("sol ended by a signal: {status}: {}", blank(first)),
            detail: detail(&status.to_string()),
        });
    };
    let problem = if code == 101 {
        let mut p = Problem::panic(&panic_of(stderr));
        p.signature = format!("sol {}", p.signature);
        p.detail = detail("exit 101 (a panic)");
        Some(p)
    } else if !(0..=2).contains(&code) {
        Some(Problem {
            signature: format!("sol exits with {code}"),
            detail: detail(&format!("exit {code}")),
        })
    } else if code != 0 && lines.len() != 1 {
        let first = lines.first().map_or("(nothing)", |l| l);
        Some(Problem {
            signature: format!(
                "sol fails with {} lines on stderr (exit {code}): {}",
                if lines.len() > 1 { "several" } else { "no" },
                blank(first)
            ),
            detail: detail(&format!("exit {code}")),
        })
    } else {
        None
    };
    match problem {
        Some(p) => Outcome::Failed(p),
        None if code == 0 => Outcome::Accepted,
        None => Outcome::Refused,
    }
}

/// The panic `sol` reported on standard error (`thread 'main' panicked at FILE:L:C:` then
/// the message).
fn panic_of(stderr: &str) -> Panic {
    let mut lines = stderr.lines();
    while let Some(line) = lines.next() {
        if let Some(at) = line.find("panicked at ") {
            let location = line[at + "panicked at ".len()..]
                .trim_end_matches(':')
                .to_string();
            let message = lines.next().unwrap_or("").to_string();
            return Panic { location, message };
        }
    }
    Panic {
        location: "unknown".into(),
        message: stderr.lines().next().unwrap_or("").to_string(),
    }
}
