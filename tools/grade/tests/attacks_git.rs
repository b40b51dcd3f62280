//! The attack suite of the intake: git submissions that try to run code outside the sandbox
//! while they are taken, to make the judge write without bounds, to hand in a commit made
//! after the deadline, or to make the judge choke on odd refs and slow objects. Two strict
//! runs against Bristol: one at each repository's revision, one at a deadline.
//!
//! The runs pass when the control and every victim score 100, no attacker scores more than
//! its honest rules earn, every refused attacker is refused at intake with its reason (nothing
//! of it compiled), no marker of the hidden scenarios leaves the judge, no filter or command
//! of a repository's or the instructor's git configuration ran, no file outside the build
//! directory changed, the build directory stays small, no process of the run is alive
//! afterwards, and each attacker is done within seconds.
//!
//! Needs the strict sandbox (Linux with Landlock, user, PID, mount and network namespaces);
//! elsewhere it is skipped with the reason printed.

#![cfg(target_os = "linux")]

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use solitaire_grader::{ClassOptions, GradebookRow, Roster};
use support::attack::{files, grade, processes, report};
use support::class::{checkout, scaffolded, write};

const REFERENCE: &str = "bristol";
/// A comment of the hidden scenario file: only a copy of the file could carry it.
const HIDDEN_MARKER: &str = "HIDDEN-FILE-MARKER-9c2d";

/// Run git in `dir` as the test (the students' own git, making their repositories); its
/// output, trimmed.
fn git(dir: &Path, args: &[&str], input: Option<&[u8]>) -> String {
    let mut child = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["-c", "user.name=Student", "-c", "user.email=s@example.org"])
        .args(["-c", "advice.nestedTag=false"])
        .args(args)
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

/// Commit everything in `dir` as a new repository on `main`; the commit.
fn init(dir: &Path) -> String {
    git(dir, &["init", "-q", "-b", "main"], None);
    commit(dir, "the game", None)
}

/// Commit everything in `dir`, dated `date` (committer and author) if given; the commit.
fn commit(dir: &Path, message: &str, date: Option<&str>) -> String {
    git(dir, &["add", "-A"], None);
    let mut c = Command::new("git");
    c.arg("-C")
        .arg(dir)
        .args(["-c", "user.name=Student", "-c", "user.email=s@example.org"])
        .args(["commit", "-qm", message]);
    if let Some(date) = date {
        c.env("GIT_AUTHOR_DATE", date)
            .env("GIT_COMMITTER_DATE", date);
    }
    let status = c.status().unwrap_or_else(|e| panic!("git: {e}"));
    assert!(status.success(), "git commit");
    git(dir, &["rev-parse", "HEAD"], None)
}

/// A git submission of `dir` at `rev`, as a roster entry.
fn git_entry(student: &str, id: &str, dir: &Path, rev: &str) -> (String, String, String, String) {
    let repo = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    (
        student.into(),
        REFERENCE.into(),
        id.into(),
        format!("Git(repo: {repo:?}, rev: {rev:?})"),
    )
}

/// The bytes of every file below `dir`.
fn size(dir: &Path) -> u64 {
    let mut all = Vec::new();
    files(dir, &mut all);
    all.iter().map(|(_, b)| b.len() as u64).sum()
}

/// What every run and check shares.
struct Class {
    tmp: PathBuf,
    class: PathBuf,
    hidden: PathBuf,
    markers: PathBuf,
    options: ClassOptions,
}

impl Class {
    /// Grade `entries` (with `extra` roster fields) into `<name>.csv` and `<name>/`.
    fn run(
        &self,
        name: &str,
        entries: &[(String, String, String, String)],
        extra: &str,
    ) -> (Vec<GradebookRow>, BTreeMap<String, Duration>) {
        let text = support::class::roster_text(entries, Some("course.ron")).replacen(
            "(\n",
            &format!("(\n{extra}"),
            1,
        );
        let mut options = self.options.clone();
        options.out = Some(self.tmp.join(format!("{name}.csv")));
        options.reports = Some(self.tmp.join(name));
        let graded = grade(&self.class.join(format!("{name}.ron")), &text, &options);
        let (rows, times) = (graded.rows, graded.times);
        (rows, times)
    }
}

#[test]
fn no_git_submission_runs_code_writes_without_bounds_or_beats_the_deadline() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let tmp = tmp.path();
    let mut options = support::class::options(tmp, 2, 20);
    options.limits.student_seconds = 120;
    if let Err(why) = solitaire_grader::class::run::sandbox_in_force(&options) {
        eprintln!("skipped: every attack needs the strict sandbox: {why}");
        return;
    }
    let class = tmp.join("class");
    let hidden = tmp.join("hidden");
    write(
        &hidden.join("bristol.ron"),
        &format!("// {HIDDEN_MARKER}\n(game: \"bristol\", scenarios: [])\n"),
    );
    options.grade.hidden_dir = Some(hidden.clone());
    let markers = tmp.join("markers");
    std::fs::create_dir_all(&markers).unwrap_or_else(|e| panic!("{e}"));
    write(
        &class.join("course.ron"),
        "(name: \"Intake attacks\", games: {\"bristol\": ()}, allowed_crates: [\"serde\"])\n",
    );
    let t = Class {
        tmp: tmp.to_path_buf(),
        class: class.clone(),
        hidden: hidden.clone(),
        markers: markers.clone(),
        options,
    };
    let rows = at_revisions(&t);
    let honest = rows["Honest"].total.parse::<f64>().unwrap_or(f64::NAN);
    at_the_deadline(&t, honest);
}

/// The first run: every repository at its revision.
fn at_revisions(t: &Class) -> BTreeMap<String, GradebookRow> {
    let class = &t.class;
    let mut entries = Vec::new();

    let control = checkout(class, REFERENCE, "control-bristol");
    init(&control);
    entries.push(git_entry("Control", "control-bristol", &control, "main"));
    scaffolded(class, REFERENCE, "honest-bristol");
    entries.push((
        "Honest".into(),
        REFERENCE.into(),
        "honest-bristol".into(),
        "Dir(\"honest-bristol\")".into(),
    ));

    // The repository's own configuration names filters for every file; the commit's
    // attributes apply them. The script would write a marker, copy the hidden scenarios and
    // turn every file into a compile error.
    let filter = checkout(class, REFERENCE, "filter-bristol");
    let marker = t.markers.join("filter-ran");
    let leak = t.markers.join("filter-leak");
    write(&filter.join(".gitattributes"), "* filter=x\n");
    write(
        &filter.join("x.sh"),
        &format!(
            "echo ran > {}\ncat {} > {} 2>/dev/null\necho 'compile_error!(\"the filter ran\");'\n",
            marker.display(),
            t.hidden.join("bristol.ron").display(),
            leak.display()
        ),
    );
    init(&filter);
    let script = format!("sh {}", filter.join("x.sh").display());
    for key in ["smudge", "clean", "process"] {
        git(
            &filter,
            &["config", &format!("filter.x.{key}"), &script],
            None,
        );
    }
    git(&filter, &["config", "filter.x.required", "true"], None);
    entries.push(git_entry("Filter", "filter-bristol", &filter, "main"));

    // The instructor's global configuration has git-lfs's filter; the commit asks for it.
    let lfs = checkout(class, REFERENCE, "lfs-bristol");
    write(
        &lfs.join(".gitattributes"),
        "* filter=lfs diff=lfs merge=lfs\n",
    );
    init(&lfs);
    let lfs_marker = t.markers.join("lfs-ran");
    let global = t.tmp.join("instructor.gitconfig");
    let lfs_command = format!("sh -c 'echo ran > {}; cat'", lfs_marker.display());
    write(
        &global,
        &format!(
            "[filter \"lfs\"]\n\tsmudge = {lfs_command}\n\tprocess = {lfs_command}\n\
             \tclean = {lfs_command}\n\trequired = true\n"
        ),
    );
    entries.push(git_entry("Lfs", "lfs-bristol", &lfs, "main"));

    // 200 entries naming one 10 MiB blob: 2 GB written by an extraction, a few KB on disk.
    let bomb = scaffolded(class, REFERENCE, "bomb-bristol");
    init(&bomb);
    let blob = git(
        &bomb,
        &["hash-object", "-w", "--stdin"],
        Some(&vec![0u8; 10 << 20]),
    );
    let many: String = (0..200)
        .map(|i| format!("100644 blob {blob}\tcopy{i:03}.bin\n"))
        .collect();
    let tree = git(&bomb, &["mktree"], Some(many.as_bytes()));
    git(
        &bomb,
        &["read-tree", "--prefix=games/bomb-bristol/data/", &tree],
        None,
    );
    git(&bomb, &["commit", "-qm", "data"], None);
    entries.push(git_entry("Bomb", "bomb-bristol", &bomb, "main"));

    // A blob of 128 MiB (a few hundred KB packed): refused from its size, never inflated.
    let huge = scaffolded(class, REFERENCE, "huge-bristol");
    init(&huge);
    let blob = git(
        &huge,
        &["hash-object", "-w", "--stdin"],
        Some(&vec![0u8; 128 << 20]),
    );
    let info = format!("100644,{blob},games/huge-bristol/huge.bin");
    git(
        &huge,
        &["update-index", "--add", "--cacheinfo", &info],
        None,
    );
    git(&huge, &["commit", "-qm", "huge"], None);
    entries.push(git_entry("Huge", "huge-bristol", &huge, "main"));

    // A symbolic link to the hidden scenarios, and a submodule.
    let linker = scaffolded(class, REFERENCE, "linker-bristol");
    std::os::unix::fs::symlink(
        t.hidden.join("bristol.ron"),
        linker.join("games/linker-bristol/src/answers.ron"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    init(&linker);
    entries.push(git_entry("Linker", "linker-bristol", &linker, "main"));
    let moduler = scaffolded(class, REFERENCE, "moduler-bristol");
    let head = init(&moduler);
    let info = format!("160000,{head},games/moduler-bristol/vendor");
    git(
        &moduler,
        &["update-index", "--add", "--cacheinfo", &info],
        None,
    );
    git(&moduler, &["commit", "-qm", "vendor"], None);
    entries.push(git_entry("Moduler", "moduler-bristol", &moduler, "main"));

    // Refs to odd objects: a branch naming a blob, one naming a tree, a tag of a tag, a
    // branch naming an object that is not there, and HEAD naming a blob.
    let odd = scaffolded(class, REFERENCE, "odd-bristol");
    init(&odd);
    let blob = git(
        &odd,
        &["rev-parse", "HEAD:games/odd-bristol/Cargo.toml"],
        None,
    );
    let tree = git(&odd, &["rev-parse", "HEAD^{tree}"], None);
    git(&odd, &["tag", "-a", "inner", "-m", "inner"], None);
    git(&odd, &["tag", "-a", "outer", "-m", "outer", "inner"], None);
    let gone = "0123456789abcdef0123456789abcdef01234567".to_string();
    for (name, id) in [("to-blob", &blob), ("to-tree", &tree), ("gone", &gone)] {
        write(
            &odd.join(format!(".git/refs/heads/{name}")),
            &format!("{id}\n"),
        );
    }
    let odd_head = checkout(class, REFERENCE, "oddhead-bristol");
    init(&odd_head);
    let blob = git(
        &odd_head,
        &["rev-parse", "HEAD:games/oddhead-bristol/Cargo.toml"],
        None,
    );
    write(&odd_head.join(".git/HEAD"), &format!("{blob}\n"));
    let odd_refs = [
        ("Odd blob", "to-blob", "is a blob, not a commit"),
        ("Odd tree", "to-tree", "is a tree, not a commit"),
        ("Odd tag", "outer", "is a tag of a tag"),
        ("Odd gone", "gone", "is not in the repository"),
    ];
    for (student, rev, _) in odd_refs {
        entries.push(git_entry(student, "odd-bristol", &odd, rev));
    }
    entries.push(git_entry("Odd head", "oddhead-bristol", &odd_head, "HEAD"));

    let victim = checkout(class, REFERENCE, "victim-bristol");
    init(&victim);
    entries.push(git_entry("Victim", "victim-bristol", &victim, "main"));

    let mut before = Vec::new();
    files(class, &mut before);
    let hidden_before = std::fs::read(t.hidden.join("bristol.ron")).unwrap_or_default();
    // SAFETY: this test is the only one of its binary; nothing else reads the environment
    // while it is set (the judge's own git runs and cargo's inherit it, as an instructor's
    // would).
    unsafe { std::env::set_var("GIT_CONFIG_GLOBAL", &global) };
    let (rows, times) = t.run("revisions", &entries, "");
    // SAFETY: as above.
    unsafe { std::env::remove_var("GIT_CONFIG_GLOBAL") };
    std::thread::sleep(Duration::from_secs(1));
    let by: BTreeMap<String, GradebookRow> =
        rows.into_iter().map(|r| (r.student.clone(), r)).collect();
    let total = |s: &str| by[s].total.parse::<f64>().unwrap_or(f64::NAN);

    // Graded on their real content, no filter run.
    for student in ["Control", "Victim", "Filter", "Lfs"] {
        assert_eq!(total(student), 100.0, "{student}: {:?}", by[student]);
        let text = report(&t.tmp.join("revisions"), &by[student]);
        assert!(text.contains("**Total: 100 / 100**"), "{student}:\n{text}");
    }
    for m in [&marker, &leak, &lfs_marker] {
        assert!(!m.exists(), "{} exists: a filter ran", m.display());
    }
    let honest = total("Honest");
    assert!(honest < 100.0, "the scaffold is not a whole game: {honest}");

    // Refused at intake, with the reason, nothing written or compiled, within seconds.
    let mut refused = vec![
        ("Bomb", "larger than 32 MiB".to_string()),
        ("Huge", "larger than 32 MiB".to_string()),
        (
            "Linker",
            "games/linker-bristol/src/answers.ron is a symbolic link".to_string(),
        ),
        (
            "Moduler",
            "games/moduler-bristol/vendor is a submodule".to_string(),
        ),
        ("Odd head", "is a blob, not a commit".to_string()),
    ];
    refused.extend(odd_refs.map(|(s, _, why)| (s, why.to_string())));
    for (student, why) in &refused {
        let row = &by[*student];
        assert!(
            row.error.starts_with("not taken: ") && row.error.contains(why.as_str()),
            "{student}: {row:?}"
        );
        assert_eq!(total(student), 0.0, "{student}");
        let scratch = t.options.build_dir.join("students").join(row.report_name());
        assert!(
            !scratch.join("out").exists(),
            "{student}: something was built"
        );
        assert!(
            size(&scratch) < 1 << 20,
            "{student} wrote {} bytes",
            size(&scratch)
        );
        assert!(
            times[*student] < Duration::from_secs(15),
            "{student} took {:?}",
            times[*student]
        );
    }
    let build = size(&t.options.build_dir.join("students"));
    eprintln!("the students' scratch directories hold {build} bytes");

    // Nothing outside the build directory changed: the repositories, the hidden file.
    let mut after = Vec::new();
    files(class, &mut after);
    let after: BTreeMap<PathBuf, Vec<u8>> = after.into_iter().collect();
    for (path, bytes) in &before {
        assert_eq!(after.get(path), Some(bytes), "{} changed", path.display());
    }
    let roster = class.join("revisions.ron");
    let appeared: Vec<&PathBuf> = after
        .keys()
        .filter(|p| **p != roster && !before.iter().any(|(b, _)| b == *p))
        .collect();
    assert!(
        appeared.is_empty(),
        "files appeared in the class: {appeared:?}"
    );
    assert_eq!(
        std::fs::read(t.hidden.join("bristol.ron")).unwrap_or_default(),
        hidden_before
    );
    no_leak_and_no_survivor(t);
    by
}

/// The second run: a deadline, each repository's commit chosen by the collection log or the
/// push log.
fn at_the_deadline(t: &Class, honest: f64) {
    let class = &t.class;
    let control = checkout(class, REFERENCE, "control2-bristol");
    init(&control);
    // Honest at the deadline (the scaffold), the whole game after it, dated long before.
    let forger = scaffolded(class, REFERENCE, "forger-bristol");
    let submitted = init(&forger);
    let pusher = scaffolded(class, REFERENCE, "pusher-bristol");
    let pushed = init(&pusher);
    let collected_ones = vec![
        git_entry("Control two", "control2-bristol", &control, "main"),
        git_entry("Forger", "forger-bristol", &forger, "main"),
    ];
    let collect = || {
        let text = support::class::roster_text(&collected_ones, Some("course.ron")).replacen(
            "(\n",
            "(\n    collected: \"collected.csv\",\n",
            1,
        );
        let file = class.join("collect.ron");
        write(&file, &text);
        let roster = Roster::parse("collect.ron", &text).unwrap_or_else(|e| panic!("{e}"));
        let found = solitaire_grader::class::collect::collect(
            &roster,
            &file,
            &class.join("collected.csv"),
            &t.options,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(found.failures.is_empty(), "{:?}", found.failures);
        found.records
    };
    let at_deadline = collect();
    let deadline = at_deadline[0].at;
    assert_eq!(at_deadline[1].commit.to_string(), submitted);
    for (dir, id) in [(&forger, "forger-bristol"), (&pusher, "pusher-bristol")] {
        let whole = checkout(&t.tmp.join("whole"), REFERENCE, id);
        let rules = format!("games/{id}/src");
        for file in ["lib.rs", "rules.rs"] {
            let text = std::fs::read_to_string(whole.join(&rules).join(file)).unwrap_or_default();
            write(&dir.join(&rules).join(file), &text);
        }
        write(
            &dir.join(format!("games/{id}/Cargo.toml")),
            &std::fs::read_to_string(whole.join(format!("games/{id}/Cargo.toml")))
                .unwrap_or_default(),
        );
        commit(dir, "the whole game, on time", Some("2020-01-01T00:00:00Z"));
    }
    let late = git(&pusher, &["rev-parse", "HEAD"], None);
    std::thread::sleep(Duration::from_millis(1100));
    let after_deadline = collect();
    assert!(after_deadline.iter().all(|r| r.at > deadline));
    assert_ne!(after_deadline[1].commit.to_string(), submitted);
    // GitHub's push log: the scaffold pushed before the deadline, the whole game after it.
    let pushes = format!(
        "[{{\"after\": \"{pushed}\", \"ref\": \"refs/heads/main\", \
         \"timestamp\": \"2020-01-01T00:00:00Z\", \"activity_type\": \"push\"}}]\n\
         [{{\"after\": \"{late}\", \"ref\": \"refs/heads/main\", \
         \"timestamp\": \"2999-01-01T00:00:00Z\", \"activity_type\": \"push\"}}]\n"
    );
    write(&class.join("pushes/pusher-bristol.json"), &pushes);

    let mut entries = collected_ones.clone();
    entries.push(git_entry("Pusher", "pusher-bristol", &pusher, "main"));
    let extra = format!(
        "    before: \"{deadline}\",\n    collected: \"collected.csv\",\n    pushes: \"pushes\",\n"
    );
    let (rows, _) = t.run("deadline", &entries, &extra);
    let by: BTreeMap<&str, &GradebookRow> = rows.iter().map(|r| (r.student.as_str(), r)).collect();
    let total = |s: &str| by[s].total.parse::<f64>().unwrap_or(f64::NAN);
    assert_eq!(total("Control two"), 100.0, "{:?}", by["Control two"]);
    for (student, commit, record) in [
        ("Forger", &submitted, format!("collected {deadline}")),
        ("Pusher", &pushed, "pushed 2020-01-01T00:00:00Z".to_string()),
    ] {
        assert!(
            total(student) <= honest,
            "{student} scored {} over the honest scaffold's {honest}: {:?}",
            total(student),
            by[student]
        );
        assert_eq!(
            by[student].submission,
            format!(
                "git {} main ({commit}, {record}, deadline {deadline})",
                by[student].game
            )
        );
    }
    no_leak_and_no_survivor(t);
}

/// No marker of the hidden scenarios anywhere but their directory, no git or filter process
/// alive.
fn no_leak_and_no_survivor(t: &Class) {
    let mut seen = Vec::new();
    files(&t.tmp, &mut seen);
    for (path, bytes) in &seen {
        if path.starts_with(&t.hidden) {
            continue;
        }
        assert!(
            !String::from_utf8_lossy(bytes).contains(HIDDEN_MARKER),
            "{} holds the hidden scenarios' marker",
            path.display()
        );
    }
    // Only the judge's git server (its window setting is its mark) and this class's filter
    // script: other programs on the machine may run `git cat-file --batch` of their own.
    let filter = t
        .class
        .join("filter-bristol")
        .join("x.sh")
        .display()
        .to_string();
    let alive: Vec<String> = processes()
        .into_iter()
        .filter(|c| {
            (c.contains("cat-file") && c.contains("core.packedGitWindowSize=32m"))
                || c.contains(&filter)
        })
        .collect();
    assert!(alive.is_empty(), "still running: {alive:?}");
}
