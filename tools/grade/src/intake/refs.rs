//! A student's repository as the judge finds it, without git: its git directory (a checkout's
//! `.git/` or a bare repository), its object store, and its refs, read as small files with caps
//! and never through a link: `HEAD`, loose refs under `refs/`, `packed-refs`. A revision is
//! `HEAD`, a branch, a tag, a ref under `refs/` or a full commit id; what it names is checked
//! as an object afterwards, by hash.

use std::fs::{self, OpenOptions};
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use super::objects::Oid;

/// The most bytes of a ref file (`HEAD`, a loose ref).
const MAX_REF: u64 = 4096;
/// The most bytes of `packed-refs`.
const MAX_PACKED: u64 = 8 << 20;
/// The most bytes of the repository's `config` read for its object format.
const MAX_CONFIG: u64 = 64 << 10;
/// The most symbolic refs followed from one name.
const MAX_HOPS: usize = 5;

/// A repository's git directory and object store.
#[derive(Clone, Debug)]
pub struct Repo {
    /// The git directory.
    pub git_dir: PathBuf,
    /// Its object store, `objects/`.
    pub objects: PathBuf,
}

/// What a revision names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The object.
    pub oid: Oid,
    /// The ref that holds it (`refs/heads/main`), when the revision is one.
    pub reference: Option<String>,
}

impl Repo {
    /// The repository at `path`: a checkout (`path/.git/`) or a bare repository.
    ///
    /// # Errors
    /// Not a repository, a `.git` file (a link to a git directory elsewhere) or link, an
    /// object store that is a link, a SHA-256 repository or refs in the reftable format.
    pub fn open(path: &Path) -> Result<Repo, String> {
        let shown = path.display();
        let dot_git = path.join(".git");
        let git_dir = match fs::symlink_metadata(&dot_git) {
            Ok(meta) if meta.is_dir() => dot_git,
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(format!("{shown}/.git is a symbolic link"));
            }
            Ok(_) => {
                return Err(format!(
                    "{shown}/.git is a file (a link to a git directory elsewhere): give the \
                     repository itself"
                ));
            }
            Err(_) => path.to_path_buf(),
        };
        let objects = git_dir.join("objects");
        let is_dir = |p: &Path| fs::symlink_metadata(p).is_ok_and(|m| m.is_dir());
        if !is_dir(&git_dir)
            || !is_dir(&objects)
            || small_file(&git_dir, "HEAD", MAX_REF)?.is_none()
        {
            return Err(format!(
                "{shown} is not a git repository (no objects/ and HEAD, or a link)"
            ));
        }
        if fs::symlink_metadata(git_dir.join("reftable")).is_ok() {
            return Err(format!(
                "{shown} keeps its refs in the reftable format, which is not read"
            ));
        }
        if let Some(config) = small_file(&git_dir, "config", MAX_CONFIG)? {
            let config = String::from_utf8_lossy(&config).to_ascii_lowercase();
            let sha256 = config.lines().any(|l| {
                let l: String = l.chars().filter(|c| !c.is_whitespace()).collect();
                l == "objectformat=sha256"
            });
            if sha256 {
                return Err(format!(
                    "{shown} is a SHA-256 repository, which is not read: give a SHA-1 one"
                ));
            }
        }
        Ok(Repo { git_dir, objects })
    }

    /// What `rev` names: `HEAD`, a full commit id, `refs/...`, or a tag, branch or remote
    /// branch by its short name (git's order: `refs/<rev>`, tags, branches, remotes).
    ///
    /// # Errors
    /// Any other revision, a ref that is not there or does not read.
    pub fn resolve(&self, rev: &str) -> Result<Resolved, String> {
        if rev.len() >= 40 && rev.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Oid::parse(rev).map(|oid| Resolved {
                oid,
                reference: None,
            });
        }
        if rev == "HEAD" {
            return self.follow("HEAD");
        }
        if !valid_ref_name(rev) {
            return Err(format!(
                "{:?} is not a branch, a tag or a full commit id",
                crate::capped(rev, 80)
            ));
        }
        let candidates = [
            format!("refs/{rev}"),
            format!("refs/tags/{rev}"),
            format!("refs/heads/{rev}"),
            format!("refs/remotes/{rev}"),
            format!("refs/remotes/{rev}/HEAD"),
        ];
        let from_refs = rev.strip_prefix("refs/").map(|_| rev.to_string());
        for name in from_refs.iter().chain(&candidates) {
            if self.read_ref(name)?.is_some() {
                return self.follow(name);
            }
        }
        if rev.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(format!(
                "{rev:?} is no branch or tag, nor a full commit id (give all 40 hex digits)"
            ));
        }
        Err(format!("no branch or tag {:?}", crate::capped(rev, 80)))
    }

    /// Follow the ref `name` (and the symbolic refs it names) to an object.
    fn follow(&self, name: &str) -> Result<Resolved, String> {
        let mut name = name.to_string();
        for _ in 0..MAX_HOPS {
            match self.read_ref(&name)? {
                None => {
                    return Err(format!(
                        "{name} is not there (a repository without commits?)"
                    ));
                }
                Some(Value::Object(oid)) => {
                    return Ok(Resolved {
                        oid,
                        reference: (name != "HEAD").then_some(name),
                    });
                }
                Some(Value::Symbolic(to)) => name = to,
            }
        }
        Err(format!(
            "{name}: more than {MAX_HOPS} symbolic refs in a row"
        ))
    }

    /// The value of ref `name`: its loose file, or its line of `packed-refs`.
    fn read_ref(&self, name: &str) -> Result<Option<Value>, String> {
        if name != "HEAD" && !(name.starts_with("refs/") && valid_ref_name(name)) {
            return Err(format!("{:?} is not a ref name", crate::capped(name, 80)));
        }
        if let Some(bytes) = small_file(&self.git_dir, name, MAX_REF)? {
            let text = String::from_utf8_lossy(&bytes);
            let text = text.trim_end();
            return match text.strip_prefix("ref: ") {
                Some(to) if to.starts_with("refs/") && valid_ref_name(to) => {
                    Ok(Some(Value::Symbolic(to.to_string())))
                }
                Some(to) => Err(format!(
                    "{name} names {:?}, which is not a ref",
                    crate::capped(to, 80)
                )),
                None => Oid::parse(text)
                    .map(|oid| Some(Value::Object(oid)))
                    .map_err(|e| format!("{name}: {e}")),
            };
        }
        if name == "HEAD" {
            return Ok(None);
        }
        let Some(packed) = small_file(&self.git_dir, "packed-refs", MAX_PACKED)? else {
            return Ok(None);
        };
        for line in String::from_utf8_lossy(&packed).lines() {
            if line.starts_with('#') || line.starts_with('^') {
                continue;
            }
            if let Some((id, reference)) = line.split_once(' ')
                && reference == name
            {
                return Oid::parse(id)
                    .map(|oid| Some(Value::Object(oid)))
                    .map_err(|e| format!("packed-refs, {name}: {e}"));
            }
        }
        Ok(None)
    }
}

/// A ref's value.
enum Value {
    Object(Oid),
    Symbolic(String),
}

/// The bytes of the file `rel` below `dir` (at most `cap`), reached without following a link;
/// `None` if it is not there.
///
/// # Errors
/// A link on the way, something other than a plain file, a file over the cap, a read error.
fn small_file(dir: &Path, rel: &str, cap: u64) -> Result<Option<Vec<u8>>, String> {
    let mut at = dir.to_path_buf();
    for part in rel.split('/') {
        at.push(part);
        match fs::symlink_metadata(&at) {
            Err(_) => return Ok(None),
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(format!("{rel} is a symbolic link, which is not followed"));
            }
            Ok(_) => {}
        }
    }
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(&at)
        .map_err(|e| format!("{rel}: {e}"))?;
    let meta = file.metadata().map_err(|e| format!("{rel}: {e}"))?;
    if meta.is_dir() {
        return Ok(None);
    }
    if !meta.is_file() {
        return Err(format!("{rel} is not a plain file"));
    }
    let mut bytes = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{rel}: {e}"))?;
    if bytes.len() as u64 > cap {
        return Err(format!("{rel} is larger than {cap} bytes"));
    }
    Ok(Some(bytes))
}

/// Whether `name` is a ref name git would make: printable ASCII without space, `~^:?*[\`,
/// `..` or `@{`, components that do not start with `.` or end with `.lock`, at most 256 bytes.
fn valid_ref_name(name: &str) -> bool {
    name.len() <= 256
        && !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_graphic() && !b"~^:?*[\\".contains(&b))
        && !name.contains("..")
        && !name.contains("@{")
        && !name.ends_with('.')
        && name
            .split('/')
            .all(|part| !part.is_empty() && !part.starts_with('.') && !part.ends_with(".lock"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "45b983be36b73c0788dc9cbcb76cbb80fc7bb057";
    const B: &str = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

    fn write(dir: &Path, rel: &str, text: &str) {
        let path = dir.join(rel);
        fs::create_dir_all(path.parent().unwrap_or(dir)).unwrap_or_else(|e| panic!("{e}"));
        fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
    }

    fn bare(dir: &Path) {
        fs::create_dir_all(dir.join("objects")).unwrap_or_else(|e| panic!("{e}"));
        write(dir, "HEAD", "ref: refs/heads/main\n");
    }

    #[test]
    fn revisions_resolve_through_loose_and_packed_refs() {
        let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let dir = tmp.path();
        bare(dir);
        write(dir, "refs/heads/main", &format!("{A}\n"));
        write(
            dir,
            "packed-refs",
            &format!("# pack-refs with: peeled\n{B} refs/tags/submitted\n^{A}\n"),
        );
        let repo = Repo::open(dir).unwrap_or_else(|e| panic!("{e}"));
        let oid = |hex: &str| Oid::parse(hex).unwrap_or_else(|e| panic!("{e}"));
        let main = Resolved {
            oid: oid(A),
            reference: Some("refs/heads/main".into()),
        };
        assert_eq!(repo.resolve("HEAD"), Ok(main.clone()));
        assert_eq!(repo.resolve("main"), Ok(main.clone()));
        assert_eq!(repo.resolve("refs/heads/main"), Ok(main));
        assert_eq!(repo.resolve("submitted").map(|r| r.oid), Ok(oid(B)));
        assert_eq!(
            repo.resolve(B),
            Ok(Resolved {
                oid: oid(B),
                reference: None
            })
        );
        for bad in ["main~1", "HEAD^", "45b983b", "--all", "x..y", "nope", ""] {
            assert!(repo.resolve(bad).is_err(), "{bad}");
        }
        assert!(
            repo.resolve(&"a".repeat(64))
                .is_err_and(|e| e.contains("SHA-256"))
        );
    }

    #[test]
    fn links_gitdir_files_sha256_and_reftable_are_refused() {
        let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let checkout = tmp.path().join("checkout");
        write(&checkout, ".git", "gitdir: /elsewhere\n");
        assert!(Repo::open(&checkout).is_err_and(|e| e.contains(".git is a file")));

        let linked = tmp.path().join("linked");
        bare(&linked);
        std::os::unix::fs::symlink("/etc", linked.join("refs")).unwrap_or_else(|e| panic!("{e}"));
        let repo = Repo::open(&linked).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            repo.resolve("HEAD")
                .is_err_and(|e| e.contains("symbolic link"))
        );

        let sha256 = tmp.path().join("sha256");
        bare(&sha256);
        write(&sha256, "config", "[extensions]\n\tobjectFormat = sha256\n");
        assert!(Repo::open(&sha256).is_err_and(|e| e.contains("SHA-256")));

        let reftable = tmp.path().join("reftable");
        bare(&reftable);
        fs::create_dir_all(reftable.join("reftable")).unwrap_or_else(|e| panic!("{e}"));
        assert!(Repo::open(&reftable).is_err_and(|e| e.contains("reftable")));

        let empty = tmp.path().join("empty");
        bare(&empty);
        let repo = Repo::open(&empty).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            repo.resolve("HEAD")
                .is_err_and(|e| e.contains("without commits"))
        );
        assert!(Repo::open(&tmp.path().join("none")).is_err());
    }
}
