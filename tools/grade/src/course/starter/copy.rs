//! Which files of the course's checkout a starter copies, and how: the left-out games'
//! folders, the desktop app, the collection's own test suites, benchmarks and CI stay out; the
//! manifests and the registry lose their lines naming a left-out game.

use std::collections::BTreeSet;

/// Top-level paths never in a starter.
const LEFT_OUT: [&str; 5] = [
    "crates/app/",
    "tools/fuzz/",
    ".ci/",
    "tests/tests/",
    "target/",
];

/// Whether the file `rel` stays out of a starter that leaves out the game folders `games`.
pub(super) fn left_out(rel: &str, games: &BTreeSet<String>) -> bool {
    if LEFT_OUT.iter().any(|p| rel.starts_with(p)) || rel == "Cargo.lock" {
        return true;
    }
    // The collection's own test suites and benchmarks (crates' and tools' `tests/`,
    // `benches/`): they exercise every game, the assigned ones too. The examples' benchmarks
    // go with them (their manifests lose their `[[bench]]` tables).
    let parts: Vec<&str> = rel.split('/').collect();
    if parts.len() > 3
        && (matches!(parts[0], "crates" | "tools") && matches!(parts[2], "tests" | "benches")
            || parts[0] == "games" && parts[2] == "benches")
    {
        return true;
    }
    parts.len() > 2 && parts[0] == "games" && games.contains(parts[1])
}

/// A kept text file, without what names the left-out game crates `games`: their dependency
/// lines in manifests, their lines in the registry (with the doc comment above a line that
/// goes), their profile tables; and the app's place as the default member.
pub(super) fn transform(rel: &str, text: &str, games: &BTreeSet<String>) -> String {
    let manifest = rel.ends_with("Cargo.toml");
    if !manifest && rel != "crates/registry/src/lib.rs" {
        return text.to_string();
    }
    let mut out: Vec<String> = Vec::new();
    let mut skipping_table = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            let table = trimmed.trim_matches(|c| c == '[' || c == ']');
            skipping_table = manifest
                && (table == "bench"
                    || table == "test"
                    || games
                        .iter()
                        .any(|c| table == format!("profile.dev.package.game-{c}")));
        }
        if skipping_table {
            continue;
        }
        let names_left_out = games.iter().any(|c| {
            let snake = c.replace('-', "_");
            trimmed.starts_with(&format!("game-{c} "))
                || trimmed.starts_with(&format!("game-{c}."))
                || trimmed.contains(&format!("game_{snake}::"))
        }) || trimmed.starts_with("solitaire-fuzz");
        if names_left_out {
            while out
                .last()
                .is_some_and(|l| l.trim_start().starts_with("///"))
            {
                out.pop();
            }
            continue;
        }
        if manifest && trimmed.starts_with("default-members") {
            out.push("default-members = [\"crates/cli\"]".into());
            continue;
        }
        out.push(line.to_string());
    }
    let mut text = out.join("\n");
    text.push('\n');
    if manifest {
        text = text.replace(", \"tools/fuzz\"", "");
    }
    text
}

/// The root manifest `text` without `"games/*"` in its members: a starter that keeps no game
/// folder (its course assigns them all) would otherwise not build, a glob that matches nothing
/// stopping cargo. `sol new-game` puts it back with the student's game.
pub(super) fn without_games_glob(text: &str) -> String {
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            if line.trim_start().starts_with("members") {
                line.replace("\"games/*\", ", "")
                    .replace(", \"games/*\"", "")
                    .replace("\"games/*\"", "")
            } else {
                line.to_string()
            }
        })
        .collect();
    let mut out = lines.join("\n");
    if text.ends_with('\n') {
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_left_out_game_leaves_no_line_in_the_registry_or_a_manifest() {
        let games = BTreeSet::from(["spider".to_string()]);
        let registry = "/// Spider's family.\npub use game_spider::Family;\n\n\
                        pub fn plugins() {\n    game_spider::PLUGIN,\n    game_klondike::PLUGIN,\n}\n";
        assert_eq!(
            transform("crates/registry/src/lib.rs", registry, &games),
            "\npub fn plugins() {\n    game_klondike::PLUGIN,\n}\n"
        );
        let manifest = "[workspace]\nmembers = [\"crates/*\", \"tools/fuzz\"]\n\
                        default-members = [\"crates/app\"]\n[workspace.dependencies]\n\
                        game-spider = { path = \"games/spider\" }\n\
                        [profile.dev.package.game-spider]\nopt-level = 2\n[profile.release]\n";
        assert_eq!(
            transform("Cargo.toml", manifest, &games),
            "[workspace]\nmembers = [\"crates/*\"]\ndefault-members = [\"crates/cli\"]\n\
             [workspace.dependencies]\n[profile.release]\n"
        );
        assert!(left_out("games/spider/src/lib.rs", &games));
        assert!(left_out("crates/cli/tests/cli.rs", &games));
        assert!(left_out("games/klondike/benches/search.rs", &games));
        assert!(left_out("Cargo.lock", &games));
        assert!(!left_out("crates/cli/src/main.rs", &games));
    }

    #[test]
    fn a_starter_without_games_has_no_games_glob() {
        let root = "[workspace]\nmembers = [\"crates/*\", \"games/*\", \"tests\"]\n\
                    [workspace.dependencies]\ngame-x = { path = \"games/x\" }\n";
        assert_eq!(
            without_games_glob(root),
            "[workspace]\nmembers = [\"crates/*\", \"tests\"]\n\
             [workspace.dependencies]\ngame-x = { path = \"games/x\" }\n"
        );
        assert_eq!(
            without_games_glob("members = [\"games/*\"]\n"),
            "members = []\n"
        );
    }
}
