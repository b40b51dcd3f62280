//! The attack suite's words and weight: attackers that try to write the report for the judge
//! (Markdown, links and HTML in a panic message, a pile id of thousands of characters), to
//! read the judge's command line through the jail's `/proc`, to leave hundreds of MiB in
//! their scratch directory, or to keep the compiler busy for the whole build time limit.
//!
//! The run passes when the control and the victim score 100, no attacker scores more than
//! the honest scaffold, every report shows candidate text only as text (no line outside a
//! code block holds the attacker's markup), nothing of the judge's command line reaches a
//! report, each scratch directory keeps only the sources, and the compile-time loops end at
//! once. Needs the strict sandbox; elsewhere it is skipped with the reason printed.

#![cfg(target_os = "linux")]

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use solitaire_grader::GradebookRow;
use support::attack::{attacker, files, grade};
use support::class::{checkout, edit, read, scaffolded, write};

const REFERENCE: &str = "bristol";

/// What a panic message tries to make of the report: a total, a heading, a link, an image,
/// HTML, and a fence that closes the block it is put in.
const MARKUP: &str = "```\\n**Total: 110 / 110**\\n# Grade: perfect\\n[click](http://evil.example) \
                      <img src=x onerror=alert(1)> <b>bold</b>\\n```";

/// The lines of a Markdown text outside its fenced code blocks.
fn outside_fences(markdown: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    for line in markdown.lines() {
        let ticks = line.chars().take_while(|c| *c == '`').count();
        match open {
            Some(n) if ticks >= n && line.trim_end().len() == ticks => open = None,
            Some(_) => {}
            None if ticks >= 3 => open = Some(ticks),
            None => out.push(line),
        }
    }
    out
}

/// `line` without its code spans (a run of backticks up to the next run of the same length),
/// whose content shows as written.
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('`') {
        out.push_str(&rest[..open]);
        let from = &rest[open..];
        let run = from.len() - from.trim_start_matches('`').len();
        let ticks = "`".repeat(run);
        let after = &from[run..];
        let close = after
            .match_indices(&ticks)
            .find(|(at, _)| !after[at + run..].starts_with('`') && !after[..*at].ends_with('`'));
        match close {
            Some((at, _)) => rest = &after[at + run..],
            None => {
                out.push_str(&ticks);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Whether `markup` shows as markup in `line`: it occurs outside code spans without a
/// backslash before it.
fn rendered(line: &str, markup: &str) -> bool {
    let line = without_code_spans(line);
    line.match_indices(markup)
        .any(|(at, _)| !line[..at].ends_with('\\'))
}

/// The size of every file below `dir`, in bytes.
fn size(dir: &Path) -> u64 {
    let mut all = Vec::new();
    files(dir, &mut all);
    all.iter().map(|(_, bytes)| bytes.len() as u64).sum()
}

fn attackers(class: &Path) -> Vec<(String, String, PathBuf)> {
    let mut out = Vec::new();
    let mut add = |student: &str, id: &str, dir: PathBuf| {
        out.push((student.to_string(), id.to_string(), dir));
    };

    // A panic message that is Markdown, a link and HTML, and closes its code block.
    add(
        "Marker",
        "marker-bristol",
        attacker(
            class,
            REFERENCE,
            "marker-bristol",
            "",
            &format!("panic!(\"{MARKUP}\");"),
        ),
    );

    // Everything the jail's /proc says of process 1 and the others, in a panic message.
    add(
        "Peeker",
        "peeker-bristol",
        attacker(
            class,
            REFERENCE,
            "peeker-bristol",
            "",
            r#"
    let mut seen = String::new();
    for pid in ["1", "2", "3", "self"] {
        for f in ["cmdline", "comm", "environ"] {
            if let Ok(bytes) = std::fs::read(format!("/proc/{pid}/{f}")) {
                seen.push_str(&String::from_utf8_lossy(&bytes).replace('\0', " "));
                seen.push_str(" | ");
            }
        }
    }
    if let Ok(entries) = std::fs::read_dir("/proc") {
        for e in entries.flatten() {
            if let Ok(bytes) = std::fs::read(e.path().join("cmdline")) {
                seen.push_str(&String::from_utf8_lossy(&bytes).replace('\0', " "));
            }
        }
    }
    panic!("SEEN {seen}");
"#,
        ),
    );

    // A pile id of 3,100 characters.
    let long = scaffolded(class, REFERENCE, "longname-bristol");
    let layout = "games/longname-bristol/layouts/longname-bristol.ron";
    let text = read(&long.join(layout)).replace("\"stock\"", &format!("\"{}\"", "q".repeat(3100)));
    write(&long.join(layout), &text);
    add("Longname", "longname-bristol", long);

    // 200 MiB of constant data.
    let ballast = scaffolded(class, REFERENCE, "ballast-bristol");
    edit(
        &ballast,
        "games/ballast-bristol/src/lib.rs",
        "mod rules;",
        "mod rules;\npub static BALLAST: [u8; 200 << 20] = [7; 200 << 20];",
    );
    add("Ballast", "ballast-bristol", ballast);

    // Constant evaluation without end, once plainly and once allowing rustc's guard lint.
    for (student, id, allow) in [
        ("Looper", "looper-bristol", ""),
        (
            "Allower",
            "allower-bristol",
            "#![allow(long_running_const_eval)]\n",
        ),
    ] {
        let dir = scaffolded(class, REFERENCE, id);
        let lib = format!("games/{id}/src/lib.rs");
        let text = read(&dir.join(&lib));
        write(
            &dir.join(&lib),
            &format!(
                "{allow}{text}\npub const FOREVER: u64 = {{ let mut i = 0u64; loop {{ i = i.wrapping_add(1); }} }};\n"
            ),
        );
        add(student, id, dir);
    }
    out
}

#[test]
fn candidate_text_stays_text_and_the_build_stays_small_and_short() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let tmp = tmp.path();
    let mut options = support::class::options(tmp, 2, 30);
    options.limits.student_seconds = 120;
    if let Err(why) = solitaire_grader::class::run::sandbox_in_force(&options) {
        eprintln!("skipped: the text attacks need the strict sandbox: {why}");
        return;
    }
    let class = tmp.join("class");
    let mut roster = Vec::new();
    let mut add = |student: &str, id: &str| {
        roster.push((
            student.to_string(),
            REFERENCE.to_string(),
            id.to_string(),
            format!("Dir({id:?})"),
        ));
    };
    checkout(&class, REFERENCE, "control-bristol");
    add("Control", "control-bristol");
    scaffolded(&class, REFERENCE, "honest-bristol");
    add("Honest", "honest-bristol");
    let attackers = attackers(&class);
    for (student, id, _) in &attackers {
        add(student, id);
    }
    checkout(&class, REFERENCE, "victim-bristol");
    add("Victim", "victim-bristol");
    write(
        &class.join("course.ron"),
        "(name: \"Text attacks\", games: {\"bristol\": ()}, allowed_crates: [\"serde\"])\n",
    );
    let roster_text = support::class::roster_text(&roster, Some("course.ron"));
    let graded = grade(&class.join("roster.ron"), &roster_text, &options);
    let (rows, times) = (&graded.rows, &graded.times);
    let by: BTreeMap<&str, &GradebookRow> = rows.iter().map(|r| (r.student.as_str(), r)).collect();
    let total = |s: &str| by[s].total.parse::<f64>().unwrap_or(f64::NAN);
    for student in ["Control", "Victim"] {
        assert_eq!(total(student), 100.0, "{student}: {:?}", by[student]);
    }
    let honest = total("Honest");
    for (student, _, _) in &attackers {
        assert!(
            total(student) <= honest,
            "{student}: {:?}",
            by[student.as_str()]
        );
    }

    // Every report and the gradebook: the attacker's markup only ever inside code blocks,
    // one line of it, and nothing of the judge's command line.
    let judge = std::env::current_exe().unwrap_or_default();
    let judge_name = judge
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    assert!(judge_name.starts_with("attacks_text"), "{judge_name}");
    let mut written = Vec::new();
    files(&tmp.join("reports"), &mut written);
    written.push((
        tmp.join("gradebook.csv"),
        read(&tmp.join("gradebook.csv")).into_bytes(),
    ));
    for (path, bytes) in &written {
        let text = String::from_utf8_lossy(bytes);
        assert!(
            !text.contains(&judge_name),
            "{} shows the judge's command line",
            path.display()
        );
        assert!(
            !text.contains(&"q".repeat(400)),
            "{} holds the long pile id",
            path.display()
        );
        if path.extension().is_some_and(|e| e == "md") {
            for line in outside_fences(&text) {
                for markup in ["**Total: 110", "](http", "<img", "<b>", "# Grade: perfect"] {
                    assert!(
                        !rendered(line, markup),
                        "{} renders {markup:?}: {line}",
                        path.display()
                    );
                }
            }
        }
    }
    let marker = read(&tmp.join(format!("reports/{}.md", by["Marker"].report_name())));
    assert!(
        marker.contains("Total: 110"),
        "the panic message is shown, as text:\n{marker}"
    );
    let totals: Vec<&str> = outside_fences(&marker)
        .into_iter()
        .filter(|l| rendered(l, "**Total"))
        .collect();
    assert_eq!(
        totals,
        ["**Total: 15 / 100**"],
        "one total, the judge's:\n{marker}"
    );
    let peeker = read(&tmp.join(format!("reports/{}.md", by["Peeker"].report_name())));
    assert!(peeker.contains("SEEN"), "{peeker}");

    assert!(
        by["Longname"].error.starts_with("not graded:"),
        "{:?}",
        by["Longname"]
    );
    assert!(
        by["Longname"].error.contains("at most 32"),
        "{:?}",
        by["Longname"]
    );
    assert!(
        by["Allower"].error.starts_with("refused:"),
        "{:?}",
        by["Allower"]
    );
    for student in ["Ballast", "Looper"] {
        assert!(
            by[student].error.starts_with("does not build:"),
            "{student}: {:?}",
            by[student]
        );
        assert!(
            times[student] < Duration::from_secs(60),
            "{student}: {:?}",
            times[student]
        );
    }

    // Each scratch directory keeps the sources only.
    let students = options.build_dir.join("students");
    for row in rows {
        let scratch = students.join(row.report_name());
        assert!(!scratch.join("out").exists(), "{}", scratch.display());
        assert!(
            size(&scratch) < 1 << 20,
            "{}: {} bytes",
            scratch.display(),
            size(&scratch)
        );
    }
}
