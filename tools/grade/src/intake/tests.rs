//! The intake on real repositories made by the system's git, read with git as a plain child
//! process (`Mode::Off`: the strict sandbox's own tests are `tests/attacks_git.rs`): a commit
//! taken file by file, a bare repository's packed refs and packs, links, submodules and oversized trees refused before anything is
//! written, odd refs refused with a reason, and a server that stalls ended at its time limit.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::listing::Listing;
use super::objects::Oid;
use super::{GitJail, git::Session, open, plant::plant, refs::Repo};
use crate::sandbox::{Jail, Mode};

/// Run the system's git in `dir` (trusted: the test's own repository), its output trimmed.
fn git(dir: &Path, args: &[&str], input: Option<&[u8]>) -> String {
    let mut child = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["-c", "user.name=Student", "-c", "user.email=s@example.org"])
        .args(["-c", "advice.nestedTag=false"])
        .args(args)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("git: {e}"));
    if let (Some(bytes), Some(mut stdin)) = (input, child.stdin.take()) {
        std::io::Write::write_all(&mut stdin, bytes).unwrap_or_else(|e| panic!("{e}"));
    }
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    assert!(out.status.success(), "git {args:?}");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap_or(path)).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
}

/// A repository with game `ada` committed on `main`.
fn repo(tmp: &Path) -> PathBuf {
    let dir = tmp.join("repo");
    write(&dir.join("games/ada/Cargo.toml"), "[package]\n");
    write(&dir.join("games/ada/src/lib.rs"), "pub fn rules() {}\n");
    write(&dir.join("games/ada/layouts/ada.ron"), "()\n");
    write(&dir.join("games/ada/target/junk"), "build output\n");
    write(&dir.join("crates/core/src/lib.rs"), "\n");
    git(&dir, &["init", "-q", "-b", "main"], None);
    git(&dir, &["add", "-A"], None);
    git(&dir, &["commit", "-qm", "ada"], None);
    dir
}

fn jail(tmp: &Path, time: Duration) -> GitJail {
    let jail = Jail {
        mode: Mode::Off,
        root: tmp.join("jail"),
        mounts: Vec::new(),
        user: None,
        tmp_bytes: 0,
    };
    GitJail::prepare(jail, tmp.join("empty.git"), time).unwrap_or_else(|e| panic!("{e}"))
}

fn wanted() -> Vec<(String, bool)> {
    vec![
        ("games/ada".into(), true),
        ("assets/layouts/ada.ron".into(), false),
    ]
}

/// A commit on branch `name` whose `games/ada` folder is `main`'s plus the tree entries
/// `extra` (`<mode> <type> <id>\t<name>` lines, as `git mktree` reads them).
fn commit_with(dir: &Path, name: &str, extra: &[String]) -> String {
    let mut ada = git(dir, &["ls-tree", "main:games/ada"], None);
    for line in extra {
        ada.push('\n');
        ada.push_str(line);
    }
    let ada = git(dir, &["mktree"], Some(format!("{ada}\n").as_bytes()));
    let games = git(
        dir,
        &["mktree"],
        Some(format!("040000 tree {ada}\tada\n").as_bytes()),
    );
    let root = git(
        dir,
        &["mktree"],
        Some(format!("040000 tree {games}\tgames\n").as_bytes()),
    );
    let commit = git(dir, &["commit-tree", &root, "-m", name], None);
    git(
        dir,
        &["update-ref", &format!("refs/heads/{name}"), &commit],
        None,
    );
    commit
}

fn ok<T>(r: Result<T, String>) -> T {
    r.unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_commit_is_taken_file_by_file_and_tags_lead_to_it() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let dir = repo(tmp.path());
    let head = git(&dir, &["rev-parse", "HEAD"], None);
    git(&dir, &["tag", "-a", "submitted", "-m", "done"], None);
    let jail = jail(tmp.path(), Duration::from_secs(30));
    let mut opened = ok(open(&dir, "repo", "submitted", &jail, None));
    assert_eq!(opened.from, format!("git repo submitted ({head})"));
    assert_eq!(ok(opened.session.game_ids()), ["ada"]);
    let listing = ok(opened.session.list(&wanted()));
    let paths: Vec<&str> = listing.files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "games/ada/Cargo.toml",
            "games/ada/layouts/ada.ron",
            "games/ada/src/lib.rs"
        ]
    );
    let dest = tmp.path().join("dest");
    ok(plant(&listing, &dest, |f, out| opened.session.fill(f, out)));
    let lib = std::fs::read_to_string(dest.join("games/ada/src/lib.rs")).unwrap_or_default();
    assert_eq!(lib, "pub fn rules() {}\n");
    assert!(!dest.join("games/ada/target").exists());
    assert!(!dest.join("crates").exists());
}

#[test]
fn a_bare_repository_with_packed_refs_and_objects_reads_as_its_checkout() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let dir = repo(tmp.path());
    git(&dir, &["tag", "submitted"], None);
    let head = git(&dir, &["rev-parse", "HEAD"], None);
    let bare = tmp.path().join("bare.git");
    let (from, to) = (dir.display().to_string(), bare.display().to_string());
    git(
        tmp.path(),
        &["clone", "-q", "--bare", "--no-local", &from, &to],
        None,
    );
    assert!(bare.join("packed-refs").is_file());
    let jail = jail(tmp.path(), Duration::from_secs(30));
    for rev in [
        "HEAD",
        "main",
        "submitted",
        "refs/heads/main",
        head.as_str(),
    ] {
        let mut opened = ok(open(&bare, "bare.git", rev, &jail, None));
        assert_eq!(opened.session.commit.to_string(), head, "{rev}");
        assert_eq!(ok(opened.session.game_ids()), ["ada"]);
    }
}

#[test]
fn the_repositorys_own_configuration_is_never_read() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let dir = repo(tmp.path());
    let marker = tmp.path().join("filter-ran");
    let script = format!("touch {}; cat", marker.display());
    write(&dir.join(".gitattributes"), "* filter=x\n");
    git(&dir, &["add", ".gitattributes"], None);
    git(&dir, &["commit", "-qm", "attributes"], None);
    for (key, value) in [
        ("filter.x.smudge", script.as_str()),
        ("filter.x.clean", script.as_str()),
        ("filter.x.process", script.as_str()),
        ("core.fsmonitor", script.as_str()),
        ("core.hooksPath", "/tmp"),
    ] {
        git(&dir, &["config", key, value], None);
    }
    let jail = jail(tmp.path(), Duration::from_secs(30));
    let mut opened = ok(open(&dir, "repo", "HEAD", &jail, None));
    let listing = ok(opened.session.list(&wanted()));
    let dest = tmp.path().join("dest");
    ok(plant(&listing, &dest, |f, out| opened.session.fill(f, out)));
    assert!(dest.join("games/ada/src/lib.rs").is_file());
    assert!(!marker.exists(), "a filter of the repository ran");
}

#[test]
fn links_submodules_and_oversized_trees_are_refused_before_writing() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let dir = repo(tmp.path());
    let head = git(&dir, &["rev-parse", "HEAD"], None);
    let target = git(
        &dir,
        &["hash-object", "-w", "--stdin"],
        Some(b"/etc/passwd"),
    );
    commit_with(
        &dir,
        "link",
        &[format!("120000 blob {target}\tanswers.ron")],
    );
    commit_with(&dir, "module", &[format!("160000 commit {head}\tvendor")]);
    let big = vec![0u8; 10 << 20];
    let blob = git(&dir, &["hash-object", "-w", "--stdin"], Some(&big));
    let many: String = (0..200)
        .map(|i| format!("100644 blob {blob}\tcopy{i:03}\n"))
        .collect();
    let tree = git(&dir, &["mktree"], Some(many.as_bytes()));
    commit_with(&dir, "bomb", &[format!("040000 tree {tree}\tdata")]);
    let jail = jail(tmp.path(), Duration::from_secs(30));
    for (branch, why) in [
        ("link", "games/ada/answers.ron is a symbolic link"),
        ("module", "games/ada/vendor is a submodule"),
        ("bomb", "larger than 32 MiB"),
    ] {
        let mut opened = ok(open(&dir, "repo", branch, &jail, None));
        let listed: Result<Listing<Oid>, String> = opened.session.list(&wanted());
        assert!(
            listed.as_ref().is_err_and(|e| e.contains(why)),
            "{branch}: {:?}",
            listed.map(|l| l.files.len())
        );
    }
}

#[test]
fn odd_refs_are_refused_with_a_reason() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let dir = repo(tmp.path());
    let blob = git(&dir, &["rev-parse", "HEAD:games/ada/Cargo.toml"], None);
    let tree = git(&dir, &["rev-parse", "HEAD^{tree}"], None);
    git(&dir, &["tag", "-a", "inner", "-m", "inner"], None);
    git(&dir, &["tag", "-a", "outer", "-m", "outer", "inner"], None);
    // Refs git itself would not write to a branch, written as a student's repository may hold
    // them.
    let missing = "1234567890123456789012345678901234567890";
    for (name, id) in [
        ("to-blob", &blob),
        ("to-tree", &tree),
        ("to-nothing", &missing.into()),
    ] {
        write(
            &dir.join(format!(".git/refs/heads/{name}")),
            &format!("{id}\n"),
        );
    }
    let jail = jail(tmp.path(), Duration::from_secs(30));
    for (rev, why) in [
        ("to-blob", "is a blob, not a commit"),
        ("to-tree", "is a tree, not a commit"),
        ("outer", "is a tag of a tag"),
        ("to-nothing", "is not in the repository"),
        ("nowhere", "no branch or tag"),
        ("HEAD~1", "not a branch, a tag or a full commit id"),
    ] {
        let opened = open(&dir, "repo", rev, &jail, None).map(|o| o.from);
        assert!(
            opened.as_ref().is_err_and(|e| e.contains(why)),
            "{rev}: {opened:?}"
        );
    }
    let repo = ok(Repo::open(&dir));
    assert_eq!(
        ok(repo.resolve("HEAD")).reference.as_deref(),
        Some("refs/heads/main")
    );
}

#[test]
fn a_blob_over_the_budget_and_a_stalled_server_end_in_time() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let dir = repo(tmp.path());
    let huge = vec![0u8; 40 << 20];
    let blob = git(&dir, &["hash-object", "-w", "--stdin"], Some(&huge));
    commit_with(&dir, "huge", &[format!("100644 blob {blob}\thuge.bin")]);
    let jail = jail(tmp.path(), Duration::from_secs(30));
    let started = Instant::now();
    let mut opened = ok(open(&dir, "repo", "huge", &jail, None));
    let listed = opened.session.list(&wanted()).map(|l| l.files.len());
    assert!(
        listed
            .as_ref()
            .is_err_and(|e| e.contains("larger than 32 MiB")),
        "{listed:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(10));

    // A server that never answers: the session ends at its time limit.
    let stall = tmp.path().join("stall.sh");
    write(&stall, "#!/bin/sh\nexec sleep 30\n");
    let mut perms = std::fs::metadata(&stall)
        .unwrap_or_else(|e| panic!("{e}"))
        .permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&stall, perms).unwrap_or_else(|e| panic!("{e}"));
    let mut slow = super::server::GitJail {
        program: stall,
        ..jail
    };
    slow.time = Duration::from_secs(1);
    let started = Instant::now();
    let stalled =
        Session::open(&slow, &ok(Repo::open(&dir)), ok(Oid::parse(&blob))).map(|s| s.commit);
    assert!(
        stalled
            .as_ref()
            .is_err_and(|e| e.contains("took more than 1 s")),
        "{stalled:?}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}
