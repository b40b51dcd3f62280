//! A starter tried as a student would, with the real tools: `cargo test` in the fresh
//! starter, then every command of its README as printed (it builds `sol`, scaffolds
//! `my-game` and self-checks it), then, once `my-game` plays the reference's rules, every
//! command of each handout as printed with `my-game` for `YOUR-GAME`; then the term's end
//! ([`super::term`]): a reading broken, the self-check, the class grade, its exports and its
//! report's commands.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use super::markdown::{Printed, commands};
use super::starter::Written;

/// The id `sol new-game "My Game"` gives, as the README's commands use it.
const STUDENT: &str = "my-game";

/// Run `script` with `sh` in the starter `dir`, `bin` first on PATH, offline; its exit code,
/// and what it printed.
fn shell(dir: &Path, script: &str) -> (i32, String) {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("starter-target");
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .args(["-c", script])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .env("CARGO_NET_OFFLINE", "true")
        .env("PATH", path)
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap_or_else(|e| panic!("sh: {e}"));
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), printed)
}

/// Run each command as printed (with the student's id for the placeholders): exit 0, or 2
/// where its line shows a refused move.
fn run_printed(dir: &Path, printed: &[Printed]) {
    for command in printed {
        let text = command
            .text
            .replace("YOUR-GAME", STUDENT)
            .replace("<your id>", STUDENT);
        let started = Instant::now();
        let (code, out) = shell(dir, &text);
        let want = if command.refused { 2 } else { 0 };
        assert_eq!(code, want, "`{text}`:\n{out}");
        eprintln!("ran in {:.1?}: {text}", started.elapsed());
    }
}

/// Make the scaffolded `my-game` play the reference `rules`' rules: its crate's sources and
/// layout from the collection, under the student's id, playing the course's `readings`.
fn write_the_game(workspace: &Path, dir: &Path, rules: &str, readings: &str) {
    let game = dir.join("games").join(STUDENT);
    let copy = |from: &str, to: &str| {
        let text = std::fs::read_to_string(workspace.join("games").join(rules).join(from))
            .unwrap_or_else(|e| panic!("{from}: {e}"))
            .replace(&format!("\"{rules}\""), &format!("\"{STUDENT}\""))
            .replace(&format!("{rules}.ron"), &format!("{STUDENT}.ron"))
            .replace(&format!("games/{rules}/"), &format!("games/{STUDENT}/"))
            .replace("#[cfg(test)]\nmod tests;\n", "");
        std::fs::write(game.join(to), text).unwrap_or_else(|e| panic!("{to}: {e}"));
    };
    copy("src/lib.rs", "src/lib.rs");
    copy("src/rules.rs", "src/rules.rs");
    copy(
        &format!("layouts/{rules}.ron"),
        &format!("layouts/{STUDENT}.ron"),
    );
    let layout = game.join(format!("layouts/{STUDENT}.ron"));
    let text = std::fs::read_to_string(&layout).unwrap_or_else(|e| panic!("{e}"));
    let text = text.replacen(
        &format!("rules: \"{STUDENT}\","),
        &format!("rules: \"{STUDENT}\",\n    readings: {readings},"),
        1,
    );
    std::fs::write(&layout, text).unwrap_or_else(|e| panic!("{e}"));
    let _ = std::fs::remove_file(game.join("src/tests.rs"));
}

/// The whole walk, for a starter of a course assigning one game.
pub fn run_everything(w: &Written) {
    let dir = &w.out;
    let started = Instant::now();
    let (code, out) = shell(dir, "cargo test --workspace --offline -q");
    let tail: String = out
        .chars()
        .skip(out.chars().count().saturating_sub(6000))
        .collect();
    assert_eq!(code, 0, "cargo test in the fresh starter:\n...{tail}");
    eprintln!("cargo test in the fresh starter: {:.0?}", started.elapsed());

    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap_or_default();
    let started = Instant::now();
    run_printed(dir, &commands(&readme));
    eprintln!("the README's commands: {:.0?}", started.elapsed());

    let workspace = solitaire_grader::build::trusted::built_from();
    for (id, game) in &w.course.games {
        let readings: Vec<String> = game
            .readings
            .iter()
            .map(|(k, v)| format!("{k:?}: {v:?}"))
            .collect();
        let readings = format!("{{{}}}", readings.join(", "));
        let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
        let rules = catalog
            .get(id)
            .map(|g| g.layout().rules.clone())
            .unwrap_or_else(|| panic!("{id}"));
        write_the_game(&workspace, dir, &rules, &readings);
        let handout = std::fs::read_to_string(dir.join(format!("handouts/{id}.md")))
            .unwrap_or_else(|e| panic!("{e}"));
        let started = Instant::now();
        run_printed(dir, &commands(&handout));
        eprintln!("the handout's commands: {:.0?}", started.elapsed());
        let started = Instant::now();
        super::term::grade_the_term(w, id, &|script| shell(dir, script));
        eprintln!(
            "the self-check and the class grade: {:.0?}",
            started.elapsed()
        );
    }
}
