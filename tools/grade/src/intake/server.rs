//! The object server: `git cat-file --batch-command` in the student's sandbox, asked for one
//! object at a time over pipes. Git sees a fresh empty repository the judge made (`/git`, its
//! `GIT_DIR`) and the student's object store (`/objects`, its `GIT_OBJECT_DIRECTORY`), both
//! read-only, with every configuration file cut off (no system, global or repository
//! configuration is read: the empty repository has none), so no filter, hook, replace ref or
//! command of the student's or the instructor's runs. Every answer is read with a cap on its
//! size and before the session's deadline, and every object is checked by its id: what git
//! serves is exactly the object asked for, or an error.

use std::fs::{self, File};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::objects::{Kind, Oid, object_id};
use crate::sandbox::{self, Grant, Jail, Limits, Mount, Sandboxed, Target};

/// Where git may be, the system's first: the jail binds `/usr` and `/bin` only.
const GIT: [&str; 3] = ["/usr/bin/git", "/bin/git", "/usr/local/bin/git"];

/// The most bytes of one answer's header line.
const MAX_HEADER: usize = 200;
/// The most bytes of git's standard error kept for a message.
const MAX_STDERR: u64 = 2048;

/// The sandbox a student's repository is read in, and how long reading one may take.
#[derive(Clone, Debug)]
pub struct GitJail {
    /// The student's sandbox (mode, root, uid); its mounts are set for each repository.
    pub jail: Jail,
    /// The judge's empty repository, git's `GIT_DIR`.
    pub empty_git: PathBuf,
    /// The git program (the system's).
    pub program: PathBuf,
    /// The wall-clock time of one repository's whole session.
    pub time: Duration,
}

impl GitJail {
    /// Make the empty repository `empty_git` afresh (a `HEAD`, `objects/` and `refs/`, nothing
    /// else: no configuration) for sandboxes like `jail`, with the system's git.
    ///
    /// # Errors
    /// No git, or the directory cannot be made.
    pub fn prepare(jail: Jail, empty_git: PathBuf, time: Duration) -> Result<GitJail, String> {
        let program = GIT
            .iter()
            .map(PathBuf::from)
            .find(|p| p.is_file())
            .ok_or("no git in /usr/bin or /bin")?;
        let io = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
        if fs::symlink_metadata(&empty_git).is_ok() {
            fs::remove_dir_all(&empty_git).map_err(|e| io(&empty_git, e))?;
        }
        for dir in ["objects", "refs"] {
            let d = empty_git.join(dir);
            fs::create_dir_all(&d).map_err(|e| io(&d, e))?;
        }
        let head = empty_git.join("HEAD");
        fs::write(&head, "ref: refs/heads/main\n").map_err(|e| io(&head, e))?;
        Ok(GitJail {
            jail,
            empty_git,
            program,
            time,
        })
    }
}

/// The limits of the object server.
const LIMITS: Limits = Limits {
    address_space: 1 << 30,
    cpu_seconds: 120,
    file_bytes: 0,
    processes: 16,
    open_files: 256,
    stack_bytes: 8 << 20,
};

/// A running object server.
pub struct Server {
    running: Sandboxed,
    input: File,
    output: Answers,
    errors: mpsc::Receiver<String>,
    until: Instant,
    time: Duration,
}

/// How reading an answer stopped.
enum Stop {
    Late,
    Ended,
    Io(std::io::Error),
}

impl Server {
    /// Start git on the object store `objects` (a directory the judge checked is no link).
    ///
    /// # Errors
    /// No git, or a sandbox that does not start.
    pub fn start(settings: &GitJail, objects: &Path) -> Result<Server, String> {
        let mut jail = settings.jail.clone();
        jail.tmp_bytes = 1 << 20;
        jail.mounts = vec![
            Mount {
                host: settings.empty_git.clone(),
                jail: "/git".into(),
                grant: Grant::Read,
            },
            Mount {
                host: objects.to_path_buf(),
                jail: "/objects".into(),
                grant: Grant::Read,
            },
        ];
        let seen = |p: &Path| jail.path(p).unwrap_or_else(|| p.to_path_buf());
        let git_dir = seen(&settings.empty_git);
        let env = [
            ("GIT_DIR", git_dir.display().to_string()),
            ("GIT_OBJECT_DIRECTORY", seen(objects).display().to_string()),
            ("GIT_CONFIG_NOSYSTEM", "1".into()),
            ("GIT_CONFIG_SYSTEM", "/dev/null".into()),
            ("GIT_CONFIG_GLOBAL", "/dev/null".into()),
            ("HOME", "/nonexistent".into()),
            ("XDG_CONFIG_HOME", "/nonexistent".into()),
            ("GIT_NO_REPLACE_OBJECTS", "1".into()),
            ("GIT_ATTR_NOSYSTEM", "1".into()),
            ("GIT_TERMINAL_PROMPT", "0".into()),
            ("GIT_NO_LAZY_FETCH", "1".into()),
            ("GIT_OPTIONAL_LOCKS", "0".into()),
            ("PATH", "/usr/bin:/bin".into()),
            ("LC_ALL", "C".into()),
        ];
        let args = [
            // Small windows on the packs: a large pack is read in pieces, within the limits.
            "-c",
            "core.packedGitWindowSize=32m",
            "-c",
            "core.packedGitLimit=256m",
            "-c",
            "core.deltaBaseCacheLimit=32m",
            "cat-file",
            "--batch-command",
        ];
        let target = Target {
            program: settings.program.clone(),
            args: args.iter().map(Into::into).collect(),
            workdir: git_dir,
            env: env
                .iter()
                .map(|(k, v)| ((*k).to_string(), v.clone()))
                .collect(),
            limits: Limits {
                cpu_seconds: settings.time.as_secs().clamp(1, LIMITS.cpu_seconds),
                ..LIMITS
            },
        };
        let started = Instant::now();
        let mut running = sandbox::spawn(&jail, &target).map_err(|e| format!("git: {e}"))?;
        let input = running.stdin.take().ok_or("git has no standard input")?;
        let output = running.stdout.take().ok_or("git has no standard output")?;
        let (tx, errors) = mpsc::channel();
        if let Some(stderr) = running.stderr.take() {
            std::thread::spawn(move || {
                let mut text = String::new();
                let mut limited = stderr.take(MAX_STDERR);
                let _ = limited.read_to_string(&mut text);
                let _ = tx.send(text);
                let _ = std::io::copy(&mut limited.into_inner(), &mut std::io::sink());
            });
        }
        Ok(Server {
            running,
            input,
            output: Answers {
                file: output,
                buf: Vec::new(),
                at: 0,
            },
            errors,
            until: started + settings.time,
            time: settings.time,
        })
    }

    /// The kind and size of object `oid`, or `None` if the repository does not have it.
    ///
    /// # Errors
    /// Git ended, took longer than the session's time, or answered out of its protocol.
    pub fn info(&mut self, oid: Oid) -> Result<Option<(Kind, u64)>, String> {
        self.ask("info", oid)
    }

    /// Object `oid`, its kind and content checked against its id, or `None` if the
    /// repository does not have it.
    ///
    /// # Errors
    /// An object over `cap` bytes, content that is not the object's, or git ended, took longer
    /// than the session's time, or answered out of its protocol.
    pub fn get(&mut self, oid: Oid, cap: u64) -> Result<Option<(Kind, Vec<u8>)>, String> {
        let Some((kind, size)) = self.ask("contents", oid)? else {
            return Ok(None);
        };
        if size > cap {
            self.running.kill();
            return Err(format!(
                "the {} {oid} is {size} bytes, more than the {cap} taken",
                kind.name()
            ));
        }
        let until = self.until;
        let length = usize::try_from(size).map_err(|_| "an object too large".to_string())?;
        let mut content = self
            .output
            .exact(length + 1, until)
            .map_err(|stop| self.stopped(stop))?;
        if content.pop() != Some(b'\n') {
            return Err(self.out_of_protocol("an object without its end"));
        }
        if object_id(kind, &content) != oid {
            self.running.kill();
            return Err(format!(
                "git served other content for {oid}: the repository is corrupt"
            ));
        }
        Ok(Some((kind, content)))
    }

    /// Send `command oid` and read the answer's header.
    fn ask(&mut self, command: &str, oid: Oid) -> Result<Option<(Kind, u64)>, String> {
        if Instant::now() >= self.until {
            return Err(self.stopped(Stop::Late));
        }
        self.input
            .write_all(format!("{command} {oid}\n").as_bytes())
            .and_then(|()| self.input.flush())
            .map_err(|e| self.stopped(Stop::Io(e)))?;
        let until = self.until;
        let line = self
            .output
            .line(MAX_HEADER, until)
            .map_err(|stop| self.stopped(stop))?;
        let line = String::from_utf8_lossy(&line).into_owned();
        let words: Vec<&str> = line.split(' ').collect();
        let asked = oid.to_string();
        match words.as_slice() {
            [id, "missing"] if *id == asked => Ok(None),
            [id, kind, size] if *id == asked => match (Kind::parse(kind), size.parse()) {
                (Some(kind), Ok(size)) => Ok(Some((kind, size))),
                _ => Err(self.out_of_protocol(&line)),
            },
            _ => Err(self.out_of_protocol(&line)),
        }
    }

    fn out_of_protocol(&mut self, what: &str) -> String {
        self.running.kill();
        format!(
            "git answered out of its protocol: {:?}{}",
            crate::capped(what, 100),
            self.said()
        )
    }

    /// Why the session stopped, in words, with what git said.
    fn stopped(&mut self, stop: Stop) -> String {
        self.running.kill();
        match stop {
            Stop::Late => format!(
                "reading the repository took more than {} s (the intake's time limit)",
                self.time.as_secs()
            ),
            Stop::Ended => format!("git ended{}", self.said()),
            Stop::Io(e) => format!("git: {e}{}", self.said()),
        }
    }

    /// Git's standard error, once it ended (or was killed).
    fn said(&mut self) -> String {
        let text = self
            .errors
            .recv_timeout(Duration::from_secs(1))
            .unwrap_or_default();
        let text = text.trim();
        if text.is_empty() {
            String::new()
        } else {
            format!(": {}", crate::capped(&text.replace('\n', " / "), 300))
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.running.kill();
    }
}

/// Git's standard output, read with a deadline.
struct Answers {
    file: File,
    buf: Vec<u8>,
    at: usize,
}

impl Answers {
    /// Read more bytes, before `until`.
    fn fill(&mut self, until: Instant) -> Result<(), Stop> {
        if self.at > 0 {
            self.buf.drain(..self.at);
            self.at = 0;
        }
        if !sandbox::readable(&self.file, until) {
            return Err(Stop::Late);
        }
        let mut chunk = [0u8; 64 * 1024];
        match self.file.read(&mut chunk) {
            Ok(0) => Err(Stop::Ended),
            Ok(n) => {
                self.buf.extend_from_slice(&chunk[..n]);
                Ok(())
            }
            Err(e) => Err(Stop::Io(e)),
        }
    }

    /// A line (without its newline) of at most `max` bytes.
    fn line(&mut self, max: usize, until: Instant) -> Result<Vec<u8>, Stop> {
        loop {
            if let Some(end) = self.buf[self.at..].iter().position(|b| *b == b'\n') {
                let line = self.buf[self.at..self.at + end].to_vec();
                self.at += end + 1;
                return Ok(line);
            }
            if self.buf.len() - self.at > max {
                return Err(Stop::Io(std::io::Error::other(
                    "an answer's line is too long",
                )));
            }
            self.fill(until)?;
        }
    }

    /// Exactly `n` bytes.
    fn exact(&mut self, n: usize, until: Instant) -> Result<Vec<u8>, Stop> {
        while self.buf.len() - self.at < n {
            self.fill(until)?;
        }
        let out = self.buf[self.at..self.at + n].to_vec();
        self.at += n;
        Ok(out)
    }
}
