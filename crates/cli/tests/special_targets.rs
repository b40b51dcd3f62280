//! Every flag of `sol` that writes a file, aimed at what is not a regular file: a FIFO gets the
//! whole file and stays a FIFO, a symbolic link stays the same link and its target gets the
//! file, `/dev/full` is one "No space left on device" line and stays a device, and `-` puts
//! the file, and nothing else, on standard output.
#![cfg(unix)]

mod common;

use std::fs;
use std::io::Read as _;
use std::os::unix::fs::{FileTypeExt as _, OpenOptionsExt as _, symlink};
use std::path::{Path, PathBuf};

use common::{assert_one_line_failure, names_in, scratch, sol_owned, stderr, stdout};

/// One flag that writes a file: the file's name (its extension chooses a plot's format), the
/// arguments of a small fast run that writes it to a given path, and what its bytes start and
/// end with.
struct Flag {
    flag: &'static str,
    name: &'static str,
    args: fn(&str, &Path) -> Vec<String>,
    starts: &'static [u8],
    ends: &'static [u8],
}

fn owned(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| a.to_string()).collect()
}

/// A `sol simulate` of Weisser's G(3,2,2,3,3), every deal settled in milliseconds.
fn simulate(flag: &str, file: &str) -> Vec<String> {
    common::family_simulate("1..3", "1", &[flag, file])
}

/// A roster of one registered student in `dir` (graded in a second, nothing built).
fn roster(dir: &Path) -> String {
    let file = dir.join("..").join("roster.ron");
    fs::write(&file, r#"(students: {"Ada": {"strategy": "strategy"}})"#).expect("roster");
    file.to_string_lossy().into_owned()
}

/// Every flag of `sol` that writes a file.
const FLAGS: [Flag; 8] = [
    Flag {
        flag: "play --save",
        name: "game.ron",
        args: |f, _| {
            owned(&[
                "play", "spider", "--seed", "4", "--play", "t3>t1", "--save", f,
            ])
        },
        starts: b"(",
        ends: b")",
    },
    Flag {
        flag: "simulate --csv",
        name: "deals.csv",
        args: |f, _| simulate("--csv", f),
        starts: b"seed,outcome,",
        ends: b",1..3,1/1\n",
    },
    Flag {
        flag: "simulate --plot (SVG)",
        name: "lengths.svg",
        args: |f, _| simulate("--plot", f),
        starts: b"<svg",
        ends: b"</svg>\n",
    },
    Flag {
        flag: "simulate --plot (PNG)",
        name: "lengths.png",
        args: |f, _| simulate("--plot", f),
        starts: b"\x89PNG\r\n\x1a\n",
        ends: b"IEND\xaeB`\x82",
    },
    Flag {
        flag: "deal --table",
        name: "winnable.ron",
        args: |f, _| {
            owned(&[
                "deal",
                "strategy",
                "--winnable",
                "--seeds",
                "1..2",
                "--time-limit",
                "1",
                "--jobs",
                "1",
                "--table",
                f,
            ])
        },
        starts: b"// Deals of strategy",
        ends: b"]\n",
    },
    Flag {
        flag: "handout --out",
        name: "handout.md",
        args: |f, _| owned(&["handout", "aces-up", "--out", f]),
        starts: b"# ",
        ends: b"\n",
    },
    Flag {
        flag: "grade --out",
        name: "report.md",
        args: |f, _| {
            owned(&[
                "grade", "strategy", "--seeds", "1", "--steps", "5", "--out", f,
            ])
        },
        starts: b"# Grade: `strategy` against `strategy`",
        ends: b"\n",
    },
    Flag {
        flag: "grade --class --out",
        name: "gradebook.csv",
        args: |f, dir| {
            let roster = roster(dir);
            owned(&[
                "grade", "--class", &roster, "--seeds", "1", "--steps", "5", "--out", f,
            ])
        },
        starts: b"student,game,",
        ends: b",registered,,,\n",
    },
];

impl Flag {
    /// Assert `bytes` are a whole file of this flag.
    fn assert_whole(&self, bytes: &[u8], how: &str) {
        let text = String::from_utf8_lossy(bytes);
        assert!(
            bytes.starts_with(self.starts),
            "{} {how}: {text}",
            self.flag
        );
        assert!(bytes.ends_with(self.ends), "{} {how}: {text}", self.flag);
    }

    /// Run the flag writing to `file`, from the scratch directory `dir`.
    fn run(&self, file: &str, dir: &Path) -> std::process::Output {
        sol_owned(&(self.args)(file, dir))
    }
}

/// A scratch directory for `flag` in test `test`, and a subdirectory of it.
fn dirs(test: &str, flag: &Flag) -> (PathBuf, PathBuf) {
    let tag: String = flag
        .flag
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let dir = scratch(&format!("{test}-{tag}"));
    let sub = dir.join("sub");
    fs::create_dir(&sub).expect("subdirectory");
    (dir, sub)
}

/// Make a FIFO at `path`.
fn mkfifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt as _;
    let name = std::ffi::CString::new(path.as_os_str().as_bytes()).expect("a path");
    // SAFETY: `name` is a valid NUL-terminated path that outlives the call.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0, "mkfifo");
}

fn is_fifo(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

fn is_char_device(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_char_device())
}

#[test]
fn every_writing_flag_feeds_a_fifo_whole_and_leaves_it_a_fifo() {
    for flag in &FLAGS {
        let (dir, sub) = dirs("fifo", flag);
        let fifo = sub.join(flag.name);
        mkfifo(&fifo);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                let mut got = Vec::new();
                fs::File::open(fifo)
                    .and_then(|mut f| f.read_to_end(&mut got))
                    .expect("read");
                got
            })
        };
        let out = flag.run(&fifo.to_string_lossy(), &sub);
        // A reader still waiting for a writer (sol never opened the FIFO) is let go.
        let _ = fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&fifo);
        let got = reader.join().expect("the reader ends");
        assert!(out.status.success(), "{}: {}", flag.flag, stderr(&out));
        flag.assert_whole(&got, "through a FIFO");
        assert!(is_fifo(&fifo), "{}: still a FIFO", flag.flag);
        assert_eq!(names_in(&sub), [flag.name], "{}: nothing else", flag.flag);
        let _ = fs::remove_dir_all(&dir);
    }
}

#[test]
fn every_writing_flag_writes_through_a_link_and_keeps_it() {
    for flag in &FLAGS {
        let (dir, sub) = dirs("link", flag);
        let link = dir.join(flag.name);
        let to = Path::new("sub").join(flag.name);
        fs::write(dir.join(&to), "").expect("the link's target");
        symlink(&to, &link).expect("a link");
        let out = flag.run(&link.to_string_lossy(), &sub);
        assert!(out.status.success(), "{}: {}", flag.flag, stderr(&out));
        assert_eq!(
            fs::read_link(&link).expect("still a link"),
            to,
            "{}",
            flag.flag
        );
        flag.assert_whole(&fs::read(dir.join(&to)).expect("target"), "through a link");
        assert_eq!(names_in(&sub), [flag.name], "{}: no temporary", flag.flag);
        // A dangling link creates its target.
        fs::remove_file(dir.join(&to)).expect("removed");
        let out = flag.run(&link.to_string_lossy(), &sub);
        assert!(out.status.success(), "{}: {}", flag.flag, stderr(&out));
        flag.assert_whole(
            &fs::read(dir.join(&to)).expect("made"),
            "through a dangling link",
        );
        assert_eq!(
            fs::read_link(&link).expect("still a link"),
            to,
            "{}",
            flag.flag
        );
        let _ = fs::remove_dir_all(&dir);
    }
}

#[test]
fn every_writing_flag_says_no_space_on_dev_full_and_leaves_the_device() {
    let full = Path::new("/dev/full");
    if !is_char_device(full) {
        return; // no /dev/full here: nothing to attack
    }
    for flag in &FLAGS {
        let (dir, sub) = dirs("full", flag);
        // A plot's format comes from its name: a link named like the file leads to the device.
        let target = if flag.name.ends_with(".svg") || flag.name.ends_with(".png") {
            let link = sub.join(flag.name);
            symlink(full, &link).expect("a link");
            link
        } else {
            full.to_path_buf()
        };
        let out = flag.run(&target.to_string_lossy(), &sub);
        assert_one_line_failure(&out, 1, &["No space left on device"]);
        assert!(is_char_device(full), "{}: /dev/full is a device", flag.flag);
        let _ = fs::remove_dir_all(&dir);
    }
}

#[test]
fn every_writing_flag_puts_the_file_alone_on_standard_output_for_a_dash() {
    for flag in FLAGS.iter().filter(|f| !f.name.ends_with(".png")) {
        let (dir, sub) = dirs("dash", flag);
        let out = flag.run("-", &sub);
        assert!(out.status.success(), "{}: {}", flag.flag, stderr(&out));
        flag.assert_whole(&out.stdout, "on standard output");
        assert_eq!(
            names_in(&sub),
            Vec::<String>::new(),
            "{}: no file",
            flag.flag
        );
        let _ = fs::remove_dir_all(&dir);
    }
}

#[test]
fn csv_to_standard_output_is_the_csv_and_the_summary_goes_to_standard_error() {
    let out = sol_owned(&simulate("--csv", "-"));
    assert!(out.status.success(), "{}", stderr(&out));
    let csv = stdout(&out);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 4, "the header and three rows: {csv}");
    assert!(lines[0].starts_with("seed,outcome,"), "{csv}");
    for (row, seed) in lines[1..].iter().zip(["1,", "2,", "3,"]) {
        assert!(row.starts_with(seed), "{csv}");
    }
    assert!(stderr(&out).contains("solved: "), "{}", stderr(&out));
    // The saved game and the position: the record on standard output, the position after it.
    let play = sol_owned(&owned(&[
        "play", "spider", "--seed", "4", "--play", "t3>t1", "--save", "-",
    ]));
    assert!(play.status.success(), "{}", stderr(&play));
    assert!(stdout(&play).starts_with('('), "{}", stdout(&play));
    assert!(!stdout(&play).contains("status:"), "{}", stdout(&play));
    assert!(stderr(&play).contains("status: "), "{}", stderr(&play));
}

#[test]
fn two_files_on_standard_output_are_refused_before_solving() {
    let out = sol_owned(&common::family_simulate(
        "1..3",
        "1",
        &["--csv", "-", "--plot", "-"],
    ));
    assert_one_line_failure(&out, 1, &["standard output", "--csv", "--plot"]);
    assert!(out.stdout.is_empty(), "{}", stdout(&out));
}
