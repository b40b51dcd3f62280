//! Writes to what is not a regular file: a FIFO and a device are written where they are, a
//! symbolic link is followed and kept; a regular file is still replaced whole.

use std::fs;
use std::io::{Read, Write};
use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};
use std::path::Path;

use super::{AtomicFile, write_atomic};

/// Make a FIFO at `path`.
fn mkfifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: `name` is a valid NUL-terminated path that outlives the call.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0, "mkfifo");
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn is_char_device(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_char_device())
}

#[test]
fn a_fifo_with_a_reader_gets_every_byte_and_stays_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("rows.csv");
    mkfifo(&fifo);
    // More than a pipe holds (64 KiB): the reader must be fed while the writer writes.
    let bytes: Vec<u8> = (0..300_000u32).map(|i| b'a' + (i % 26) as u8).collect();
    for piecewise in [false, true] {
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                let mut got = Vec::new();
                fs::File::open(fifo).unwrap().read_to_end(&mut got).unwrap();
                got
            })
        };
        if piecewise {
            let mut file = AtomicFile::create(&fifo).unwrap();
            for chunk in bytes.chunks(1000) {
                file.write_all(chunk).unwrap();
            }
            file.commit().unwrap();
        } else {
            write_atomic(&fifo, &bytes).unwrap();
        }
        assert!(reader.join().unwrap() == bytes, "the reader got it all");
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        assert_eq!(names(dir.path()), ["rows.csv"], "no temporary file");
    }
}

#[test]
fn a_link_keeps_pointing_where_it_did_and_its_target_gets_the_bytes() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("results")).unwrap();
    let real = dir.path().join("results/real.csv");
    fs::write(&real, "").unwrap();
    fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.path().join("link");
    symlink("results/real.csv", &link).unwrap();
    write_atomic(&link, b"seed,outcome\n").unwrap();
    assert_eq!(
        fs::read_link(&link).unwrap(),
        Path::new("results/real.csv"),
        "the link is still the same link"
    );
    assert_eq!(fs::read_to_string(&real).unwrap(), "seed,outcome\n");
    assert_eq!(
        fs::metadata(&real).unwrap().permissions().mode() & 0o777,
        0o640
    );
    assert_eq!(names(dir.path()), ["link", "results"]);
    assert_eq!(names(&dir.path().join("results")), ["real.csv"]);
}

#[test]
fn a_dangling_link_creates_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("save.ron");
    symlink("kept/save.ron", &link).unwrap();
    fs::create_dir(dir.path().join("kept")).unwrap();
    write_atomic(&link, b"(game: \"spider\")").unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("kept/save.ron")).unwrap(),
        "(game: \"spider\")"
    );
}

#[test]
fn dev_full_says_no_space_and_stays_a_device() {
    let full = Path::new("/dev/full");
    if !is_char_device(full) {
        return; // not on this system: nothing to attack
    }
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("full.csv");
    symlink(full, &link).unwrap();
    for path in [full, link.as_path()] {
        let e = write_atomic(path, b"seed,outcome\n").unwrap_err();
        assert!(e.to_string().contains("No space left on device"), "{e}");
        assert!(is_char_device(full), "/dev/full is still a device");
    }
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn dev_null_takes_the_bytes_and_stays_a_device() {
    let null = Path::new("/dev/null");
    if !is_char_device(null) {
        return;
    }
    write_atomic(null, b"gone").unwrap();
    assert!(is_char_device(null));
}

#[test]
fn a_directory_is_neither_replaced_nor_written() {
    let dir = tempfile::tempdir().unwrap();
    let inner = dir.path().join("out.csv");
    fs::create_dir(&inner).unwrap();
    fs::write(inner.join("kept"), "kept").unwrap();
    assert!(write_atomic(&inner, b"x").is_err());
    assert_eq!(fs::read_to_string(inner.join("kept")).unwrap(), "kept");
    assert_eq!(names(dir.path()), ["out.csv"]);
}

#[test]
fn a_regular_file_is_replaced_by_a_new_one_not_rewritten_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stats.ron");
    fs::write(&path, "old").unwrap();
    // A reader that opened the old file keeps reading the old file whole.
    let mut old = fs::File::open(&path).unwrap();
    write_atomic(&path, b"new").unwrap();
    let mut text = String::new();
    old.read_to_string(&mut text).unwrap();
    assert_eq!(text, "old");
    assert_eq!(fs::read_to_string(&path).unwrap(), "new");
}
