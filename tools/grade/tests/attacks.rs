//! The attack suite: a class graded against Bristol in one strict run, with a correct control
//! student, victims graded before and after the attackers, an honest student whose rules are
//! the unwritten scaffold, and attackers: the same scaffold plus code that tries what a
//! student who reads our source would try to get a better grade or to hurt a classmate.
//!
//! The run passes when the control and every victim score what they score alone (100), no
//! attacker scores more than the honest scaffold, no marker of the hidden scenarios or of the
//! reference's source appears in any report, gradebook cell or file outside the judge's
//! directory, no file of the judge or a classmate changed, no process of the run is alive
//! afterwards, no connection reached the host, and the run finishes within its limits.
//!
//! Needs the strict sandbox (Linux with Landlock, user, PID, mount and network namespaces);
//! elsewhere it is skipped with the reason printed.

#![cfg(target_os = "linux")]

mod support;

use std::collections::BTreeMap;
use std::io::ErrorKind;
use std::net::TcpListener;
use std::os::unix::net::UnixListener;
use std::path::{Path, PathBuf};
use std::time::Duration;

use solitaire_grader::GradebookRow;
use solitaire_grader::build::trusted::built_from;
use support::attack::{SLEEPER, attacker, files, grade, lit, processes, report};
use support::class::{checkout, edit, read, scaffolded, write};

const REFERENCE: &str = "bristol";
/// A pile of the hidden scenario, as the text form writes it: seen only by the judge and,
/// one question at a time, by the fresh oracle that answers the hidden scenarios.
const HIDDEN_PILE: &str = "7S 2C 9H 5S 8D 3C";
/// A comment of the hidden scenario file: only a copy of the file could carry it.
const HIDDEN_FILE_MARKER: &str = "HIDDEN-FILE-MARKER-5b1e";

fn hidden_file() -> String {
    format!(
        "// {HIDDEN_FILE_MARKER}\n(game: \"bristol\", scenarios: [\n    (\n        name: \"Hidden: \
         packing down regardless of suit onto a long fan\",\n        start: Position(r\"\n            \
         stock: 5C |\n            t1: {HIDDEN_PILE}\n            t2: 2D\n        \"),\n        steps: \
         [Play(\"t2>t1\"), Pile(\"t1\", \"{HIDDEN_PILE} 2D\")],\n    ),\n])\n"
    )
}

/// Where the attackers aim: everything a student who reads our source could name.
struct Targets {
    hidden: PathBuf,
    reference_rules: PathBuf,
    reports: PathBuf,
    gradebook: PathBuf,
    build: PathBuf,
    class: PathBuf,
    tcp_port: u16,
    unix_name: String,
}

/// Every attack, as (student, game id, directory).
fn attackers(class: &Path, t: &Targets) -> Vec<(String, String, PathBuf)> {
    let mut out = Vec::new();
    let mut add = |student: &str, id: &str, dir: PathBuf| {
        out.push((student.to_string(), id.to_string(), dir));
    };

    // Forge the runner's events and the oracle's answers on every descriptor it can find.
    add(
        "Forger",
        "forger-bristol",
        attacker(
            class,
            REFERENCE,
            "forger-bristol",
            r#"
    let lines = [
        "{\"event\":\"report\",\"report\":{\"total\":100.0,\"parts\":[]},\"markdown\":\"100\"}\n",
        "{\"id\":1,\"reply\":{\"score\":{\"score\":100}}}\n",
        "{\"id\":2,\"reply\":{\"won\":{\"won\":true}}}\n",
    ];
    for fd in 0..64 {
        if let Ok(mut f) = std::fs::OpenOptions::new().write(true).open(format!("/proc/self/fd/{fd}")) {
            for l in lines { let _ = f.write_all(l.as_bytes()); }
        }
    }
    for l in lines { print!("{l}"); }
"#,
            "",
        ),
    );

    // Read whatever could hold the hidden scenarios or the reference: the keeper's memory
    // and environment, every process's command line, the files by their paths, the whole
    // file system; keep a copy, and shout it in every panic.
    let reader_build = format!(
        r#"
    let mut found = String::new();
    let mut look = |text: &[u8]| {{
        let text = String::from_utf8_lossy(text);
        // The markers, reversed here so that this source and its build do not hold them.
        let markers = ["{file_r}".chars().rev().collect::<String>(), "{pile_r}".chars().rev().collect(), "fn check(".to_string()];
        for marker in &markers {{
            if let Some(at) = text.find(marker.as_str()) {{
                found.push_str(&text[at..(at + 200).min(text.len())]);
            }}
        }}
    }};
    for path in ["/proc/1/cmdline", "/proc/1/environ", "/proc/1/maps", "/proc/self/environ",
                 {hidden}, {reference}, {gradebook}] {{
        if let Ok(bytes) = std::fs::read(path) {{ look(&bytes); }}
    }}
    if let Ok(mut mem) = std::fs::File::open("/proc/1/mem") {{
        let mut buf = vec![0u8; 1 << 20];
        let _ = mem.read(&mut buf);
        look(&buf);
    }}
    if let Ok(entries) = std::fs::read_dir("/proc") {{
        for e in entries.flatten() {{
            for f in ["cmdline", "environ"] {{
                if let Ok(bytes) = std::fs::read(e.path().join(f)) {{ look(&bytes); }}
            }}
        }}
    }}
    let mut todo = vec![std::path::PathBuf::from("/")];
    let mut seen = 0;
    while let Some(dir) = todo.pop() {{
        if seen > 20000 || dir.starts_with("/proc") || dir.starts_with("/sys") || dir.starts_with("/usr") {{ continue; }}
        let Ok(entries) = std::fs::read_dir(&dir) else {{ continue }};
        for e in entries.flatten() {{
            seen += 1;
            let p = e.path();
            match e.file_type() {{
                Ok(t) if t.is_dir() => todo.push(p),
                Ok(t) if t.is_file() => if let Ok(bytes) = std::fs::read(&p) {{ look(&bytes); }},
                _ => {{}}
            }}
        }}
    }}
    let _ = std::fs::write("/tmp/attack-copy.txt", &found);
    let _ = std::fs::write("/work/attack-copy.txt", &found);
    if !found.is_empty() {{ panic!("FOUND {{found}}"); }}
"#,
        hidden = lit(&t.hidden),
        reference = lit(&t.reference_rules),
        gradebook = lit(&t.gradebook),
        file_r = HIDDEN_FILE_MARKER.chars().rev().collect::<String>(),
        pile_r = HIDDEN_PILE.chars().rev().collect::<String>(),
    );
    add(
        "Reader",
        "reader-bristol",
        attacker(class, REFERENCE, "reader-bristol", &reader_build, ""),
    );

    // Remember every position asked and put the latest in every seventh check's panic: a
    // hidden position would surface in a later check's report.
    add(
        "Spy",
        "spy-bristol",
        attacker(
            class,
            REFERENCE,
            "spy-bristol",
            "",
            r#"
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    static SEEN: Mutex<Vec<String>> = Mutex::new(Vec::new());
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let text: Vec<String> = pos.piles().iter()
        .map(|p| p.cards().iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "))
        .filter(|p| p.len() > 12)
        .collect();
    let mut seen = SEEN.lock().unwrap_or_else(|p| p.into_inner());
    seen.extend(text);
    let long: Vec<&String> = seen.iter().filter(|p| p.len() >= 17).rev().take(8).collect();
    if CALLS.fetch_add(1, Ordering::SeqCst) % 7 == 6 {
        panic!("SEEN {long:?}");
    }
"#,
        ),
    );

    // Compile the reference's rules into the submission, and the hidden file into a constant.
    let thief = scaffolded(class, REFERENCE, "thief-bristol");
    edit(
        &thief,
        "games/thief-bristol/src/lib.rs",
        "mod rules;",
        &format!(
            "mod rules;\n#[path = {}]\nmod stolen;\npub const HIDDEN: &str = include_str!({});",
            lit(&t.reference_rules),
            lit(&t.hidden)
        ),
    );
    add("Thief", "thief-bristol", thief);

    // Write into a classmate's scratch and sources, the trusted build, the reports and the
    // gradebook.
    let victim_scratch = t.build.join("students");
    let vandal_build = format!(
        r#"
    fn smash(dir: &std::path::Path, depth: u32) {{
        if depth > 8 {{ return; }}
        let Ok(entries) = std::fs::read_dir(dir) else {{
            let _ = std::fs::write(dir, "VANDALISED");
            return;
        }};
        for e in entries.flatten() {{
            let p = e.path();
            if p.is_dir() {{ smash(&p, depth + 1); }} else {{ let _ = std::fs::write(&p, "VANDALISED"); let _ = std::fs::remove_file(&p); }}
        }}
    }}
    for dir in [{scratch}, {trusted}, {reports}, {gradebook}, {class}] {{
        smash(std::path::Path::new(dir), 0);
    }}
"#,
        scratch = lit(&victim_scratch),
        trusted = lit(&t.build.join("trusted")),
        reports = lit(&t.reports),
        gradebook = lit(&t.gradebook),
        class = lit(&t.class),
    );
    add(
        "Vandal",
        "vandal-bristol",
        attacker(class, REFERENCE, "vandal-bristol", &vandal_build, ""),
    );

    // Leave a process in a session of its own that rewrites the gradebook and a classmate's
    // report after the grader is done.
    let lingerer_build = format!(
        r#"
    let script = format!("sleep {SLEEPER}; echo 'Mallory,x,bristol,15,35,35,15,100,,' >> {{}}; echo OWNED > {{}}/victim-one--victim1-bristol.md", {gradebook}, {reports});
    let _ = std::process::Command::new("setsid").args(["sh", "-c", &script])
        .stdin(std::process::Stdio::null()).stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null())
        .spawn();
    let _ = std::process::Command::new("sh").args(["-c", &format!("(sleep {SLEEPER}; echo late) &")]).spawn();
"#,
        gradebook = lit(&t.gradebook),
        reports = lit(&t.reports),
    );
    add(
        "Lingerer",
        "lingerer-bristol",
        attacker(class, REFERENCE, "lingerer-bristol", &lingerer_build, ""),
    );

    // Kill the grader: its parent, process 1, every process it may signal.
    add(
        "Killer",
        "killer-bristol",
        attacker(
            class,
            REFERENCE,
            "killer-bristol",
            r#"
    let _ = std::process::Command::new("sh").args(["-c", "kill -9 $PPID; kill -9 1; kill -9 -1"]).status();
    for pid in 1..4096 {
        let _ = std::process::Command::new("kill").args(["-9", &pid.to_string()])
            .stderr(std::process::Stdio::null()).status();
        if pid > 64 { break; }
    }
"#,
            "",
        ),
    );

    // Keep standard error open in a grandchild, then exit.
    add(
        "Holder",
        "holder-bristol",
        attacker(
            class,
            REFERENCE,
            "holder-bristol",
            &format!(
                r#"
    let _ = std::process::Command::new("sleep").arg("{SLEEPER}").spawn();
    std::process::exit(3);
"#
            ),
            "",
        ),
    );

    // Start 40 processes, reach the host's network, fill /tmp.
    let crowd_build = format!(
        r#"
    for _ in 0..40 {{
        let _ = std::process::Command::new("sleep").arg("{SLEEPER}").spawn();
    }}
    let _ = std::net::TcpStream::connect_timeout(&([127, 0, 0, 1], {port}).into(), std::time::Duration::from_secs(1));
    let _ = std::net::UdpSocket::bind("0.0.0.0:0").and_then(|s| s.send_to(b"x", ("127.0.0.1", {port})));
    if let Ok(addr) = <std::os::unix::net::SocketAddr as std::os::linux::net::SocketAddrExt>::from_abstract_name({unix:?}) {{
        let _ = std::os::unix::net::UnixStream::connect_addr(&addr);
    }}
    if let Ok(mut f) = std::fs::File::create("/tmp/attack-100mb") {{
        let chunk = vec![7u8; 1 << 20];
        for _ in 0..100 {{ if f.write_all(&chunk).is_err() {{ break; }} }}
    }}
"#,
        port = t.tcp_port,
        unix = t.unix_name,
    );
    add(
        "Crowd",
        "crowd-bristol",
        attacker(class, REFERENCE, "crowd-bristol", &crowd_build, ""),
    );

    // A manifest that does not read, 400 KB long.
    let tome = scaffolded(class, REFERENCE, "tome-bristol");
    let manifest = tome.join("games/tome-bristol/Cargo.toml");
    let mut text = read(&manifest);
    text.push_str(&format!("\njunk = \"{}\n", "A".repeat(400_000)));
    write(&manifest, &text);
    add("Tome", "tome-bristol", tome);

    // A megabyte of panic message, and a gigabyte of standard error.
    add(
        "Shouter",
        "shouter-bristol",
        attacker(
            class,
            REFERENCE,
            "shouter-bristol",
            r#"
    let line = vec![b'E'; 1 << 20];
    let mut err = std::io::stderr();
    for _ in 0..256 { if err.write_all(&line).is_err() { break; } }
"#,
            r#"panic!("{}", "A".repeat(1 << 20));"#,
        ),
    );
    out
}

#[test]
fn no_attack_gets_a_better_grade_or_hurts_a_classmate() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let tmp = tmp.path();
    let mut options = support::class::options(tmp, 3, 40);
    options.limits.student_seconds = 120;
    if let Err(why) = solitaire_grader::class::run::sandbox_in_force(&options) {
        eprintln!("skipped: every attack needs the strict sandbox: {why}");
        return;
    }
    let class = tmp.join("class");
    let hidden_dir = tmp.join("hidden");
    write(&hidden_dir.join("bristol.ron"), &hidden_file());
    options.grade.hidden_dir = Some(hidden_dir.clone());
    let tcp = TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("{e}"));
    tcp.set_nonblocking(true).unwrap_or_else(|e| panic!("{e}"));
    let unix_name = format!("solitaire-attack-{}", std::process::id());
    let unix = {
        use std::os::linux::net::SocketAddrExt;
        let addr = std::os::unix::net::SocketAddr::from_abstract_name(&unix_name)
            .unwrap_or_else(|e| panic!("{e}"));
        UnixListener::bind_addr(&addr).unwrap_or_else(|e| panic!("{e}"))
    };
    unix.set_nonblocking(true).unwrap_or_else(|e| panic!("{e}"));
    let targets = Targets {
        hidden: hidden_dir.join("bristol.ron"),
        reference_rules: built_from().join("games/bristol/src/rules.rs"),
        reports: tmp.join("reports"),
        gradebook: tmp.join("gradebook.csv"),
        build: options.build_dir.clone(),
        class: class.clone(),
        tcp_port: tcp.local_addr().map(|a| a.port()).unwrap_or_default(),
        unix_name,
    };

    let dir = |id: &str| format!("Dir({id:?})");
    let mut roster = Vec::new();
    let mut add = |student: &str, id: &str| {
        roster.push((
            student.to_string(),
            REFERENCE.to_string(),
            id.to_string(),
            dir(id),
        ));
    };
    checkout(&class, REFERENCE, "victim1-bristol");
    add("Victim One", "victim1-bristol");
    checkout(&class, REFERENCE, "control-bristol");
    add("Control", "control-bristol");
    scaffolded(&class, REFERENCE, "honest-bristol");
    add("Honest", "honest-bristol");
    let attackers = attackers(&class, &targets);
    for (student, id, _) in &attackers {
        add(student, id);
    }
    checkout(&class, REFERENCE, "victim2-bristol");
    add("Victim Two", "victim2-bristol");
    checkout(&class, REFERENCE, "victim3-bristol");
    add("Victim Three", "victim3-bristol");
    let roster_file = class.join("roster.ron");
    write(
        &class.join("course.ron"),
        "(name: \"Attack test\", games: {\"bristol\": ()}, allowed_crates: [\"serde\"])\n",
    );
    let roster_text = support::class::roster_text(&roster, Some("course.ron"));
    let victim_sources: Vec<(PathBuf, Vec<u8>)> = {
        let mut v = Vec::new();
        for id in ["victim1-bristol", "victim2-bristol", "victim3-bristol"] {
            files(&class.join(id), &mut v);
        }
        v
    };

    let graded = grade(&roster_file, &roster_text, &options);
    let (rows, times, wall) = (&graded.rows, &graded.times, graded.wall);

    // Let any survivor do its worst, then look.
    std::thread::sleep(Duration::from_secs(4));
    let by: BTreeMap<&str, &GradebookRow> = rows.iter().map(|r| (r.student.as_str(), r)).collect();
    let total = |s: &str| by[s].total.parse::<f64>().unwrap_or(f64::NAN);

    for student in ["Victim One", "Control", "Victim Two", "Victim Three"] {
        assert_eq!(total(student), 100.0, "{student}: {:?}", by[student]);
        let text = report(&targets.reports, by[student]);
        assert!(
            text.contains("**Total: 100 / 100**"),
            "{student}'s report:\n{text}"
        );
    }
    let honest = total("Honest");
    assert!(honest < 100.0, "the scaffold is not a whole game: {honest}");
    for (student, _, _) in &attackers {
        assert!(
            total(student) <= honest,
            "{student} scored {} over the honest scaffold's {honest}: {:?}",
            total(student),
            by[student.as_str()]
        );
    }
    assert!(
        by["Thief"].error.starts_with("does not build:"),
        "{:?}",
        by["Thief"]
    );
    assert!(by["Tome"].error.starts_with("refused:"), "{:?}", by["Tome"]);
    assert!(
        by["Holder"].error.starts_with("not graded:"),
        "{:?}",
        by["Holder"]
    );
    assert!(
        times["Holder"] < Duration::from_secs(60),
        "{:?}",
        times["Holder"]
    );

    // The gradebook on disk is the run's, and says no more than it should.
    let written = solitaire_grader::class::gradebook::read(&targets.gradebook)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&written, rows, "the gradebook was changed after the run");
    let csv = read(&targets.gradebook);
    for line in csv.lines() {
        assert!(
            line.len() < 2000,
            "a gradebook line of {} bytes",
            line.len()
        );
    }

    // No marker of the hidden scenarios or of the reference's source anywhere it should not
    // be: the reports, the gradebook, the students' and the build's directories, /tmp.
    let reference_lines: Vec<String> = read(&targets.reference_rules)
        .lines()
        .map(str::trim)
        .filter(|l| l.len() > 50)
        .map(String::from)
        .collect();
    let mut seen = Vec::new();
    files(tmp, &mut seen);
    for name in ["/tmp/attack-copy.txt", "/tmp/attack-100mb"] {
        assert!(!Path::new(name).exists(), "{name} reached the host");
    }
    for (path, bytes) in &seen {
        if path.starts_with(&hidden_dir) {
            continue;
        }
        let text = String::from_utf8_lossy(bytes);
        for marker in [HIDDEN_PILE, HIDDEN_FILE_MARKER] {
            assert!(
                !text.contains(marker),
                "{} holds {marker:?}",
                path.display()
            );
        }
        if path.starts_with(&targets.reports) || path == &targets.gradebook {
            for line in &reference_lines {
                assert!(
                    !text.contains(line.as_str()),
                    "{} quotes the reference: {line}",
                    path.display()
                );
            }
            assert!(
                !text.contains(&"A".repeat(600)),
                "{} holds a candidate's text uncut",
                path.display()
            );
            assert!(
                !text.contains("VANDALISED") && !text.contains("OWNED"),
                "{}",
                path.display()
            );
        }
    }
    for (path, bytes) in &victim_sources {
        assert_eq!(
            &std::fs::read(path).unwrap_or_default(),
            bytes,
            "{} changed",
            path.display()
        );
    }

    // Nothing started by a student is alive, and nothing reached the host's sockets.
    let alive: Vec<String> = processes()
        .into_iter()
        .filter(|c| c.contains(SLEEPER))
        .collect();
    assert!(alive.is_empty(), "still running: {alive:?}");
    assert!(
        matches!(tcp.accept(), Err(e) if e.kind() == ErrorKind::WouldBlock),
        "a submission connected to the host's TCP port"
    );
    assert!(
        matches!(unix.accept(), Err(e) if e.kind() == ErrorKind::WouldBlock),
        "a submission connected to the host's abstract socket"
    );
    assert!(
        wall < Duration::from_secs(900),
        "the class took {:.0} s",
        wall.as_secs_f64()
    );
}
