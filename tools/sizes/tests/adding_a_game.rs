//! The size table in `docs/adding-a-game.md` is the command's output for the current tree.

use std::path::Path;

#[test]
fn the_size_table_of_adding_a_game_is_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let doc = "docs/adding-a-game.md";
    let text = std::fs::read_to_string(root.join(doc)).unwrap_or_else(|e| panic!("{doc}: {e}"));
    assert!(
        text.contains(solitaire_sizes::BEGIN),
        "{doc} has no size table markers"
    );
    let current = solitaire_sizes::rewrite(&root, &text).unwrap_or_else(|e| panic!("{doc}: {e}"));
    if current != text {
        let diff: Vec<String> = text
            .lines()
            .zip(current.lines())
            .filter(|(a, b)| a != b)
            .map(|(a, b)| format!("  doc:     {a}\n  command: {b}"))
            .take(5)
            .collect();
        panic!(
            "the size table in {doc} is stale; regenerate it with\n\n    \
             cargo run -q -p solitaire-sizes -- --write {doc}\n\nfirst differences:\n{}",
            diff.join("\n")
        );
    }
}
