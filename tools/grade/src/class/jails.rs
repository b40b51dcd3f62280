//! The sandboxes of a class run, set up once before any submission is read: the jail every
//! student's git reading, build and oracle run in (its root under the build directory), each
//! student's uid (counting up from the base when the judge is root, skipping the system's
//! users), and the judge's empty repository that git reads a student's objects through.

use std::path::Path;
use std::time::Duration;

use crate::class::roster::ClassError;
use crate::class::run::{ClassOptions, sandbox_in_force};
use crate::intake::GitJail;
use crate::sandbox::{Jail, Mode};

/// Every student's sandbox, before its uid and mounts.
#[derive(Clone, Debug)]
pub struct Jails {
    /// The jail: mode, root, the size of `/tmp`.
    pub jail: Jail,
    root: bool,
    uid_base: u32,
    git: GitJail,
}

impl Jails {
    /// Check that the sandbox can run here and that nothing secret lies where every sandbox
    /// may read (`/usr`), and make the jail's root and the empty repository.
    ///
    /// # Errors
    /// A strict sandbox this machine cannot give, a secret under `/usr`, a directory that
    /// cannot be made.
    pub fn prepare(options: &ClassOptions, roster_dir: &Path) -> Result<Jails, ClassError> {
        let build_dir = &options.build_dir;
        let jail_root = build_dir.join("jail");
        std::fs::create_dir_all(&jail_root)
            .map_err(|e| ClassError::at(&jail_root, e.to_string()))?;
        sandbox_in_force(options).map_err(|e| ClassError::at(build_dir, e))?;
        if options.sandbox == Mode::Strict {
            let mut secrets = vec![options.workspace.clone(), roster_dir.to_path_buf()];
            secrets.extend(options.grade.hidden_dir.clone());
            secrets.extend(options.reports.clone());
            secrets.extend(options.out.clone());
            for secret in secrets {
                let path = secret.canonicalize().unwrap_or(secret);
                if path.starts_with("/usr") {
                    return Err(ClassError::at(
                        &path,
                        "lies under /usr, which every student's sandbox may read: keep the \
                         course, the roster, the hidden scenarios and the reports elsewhere",
                    ));
                }
            }
        }
        let jail = Jail {
            mode: options.sandbox,
            root: jail_root,
            mounts: Vec::new(),
            user: None,
            tmp_bytes: 16 << 20,
        };
        let empty_git = build_dir.join("intake").join("empty.git");
        let time = Duration::from_secs(options.limits.intake_seconds);
        let git = GitJail::prepare(jail.clone(), empty_git.clone(), time)
            .map_err(|e| ClassError::at(&empty_git, e))?;
        // SAFETY: geteuid only reads the process's credentials.
        let root = options.sandbox == Mode::Strict && unsafe { libc::geteuid() } == 0;
        Ok(Jails {
            jail,
            root,
            uid_base: options.uid_base,
            git,
        })
    }

    /// The uid and gid of the student at `index` in the roster (root only): counting up from
    /// the base, skipping the uids the system's user list has.
    pub fn user(&self, index: usize) -> Option<(u32, u32)> {
        if !self.root {
            return None;
        }
        let taken = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
        let taken: Vec<u32> = taken
            .lines()
            .filter_map(|l| l.split(':').nth(2)?.parse().ok())
            .collect();
        (self.uid_base..)
            .filter(|u| !taken.contains(u))
            .nth(index)
            .map(|u| (u, u))
    }

    /// The sandbox the git repository of the student at `index` is read in, for at most
    /// `time` (never more than the intake's limit).
    pub fn git(&self, index: usize, time: Duration) -> GitJail {
        let mut git = self.git.clone();
        git.jail.user = self.user(index);
        git.time = git.time.min(time);
        git
    }
}
