//! `solitaire-sizes GAME_DIR...` prints the size table of each game folder (paths from the
//! repository root); `solitaire-sizes --write DOC...` rewrites the tables between the
//! `<!-- sizes:begin games/<id> -->` and `<!-- sizes:end -->` markers of each document.

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cwd = std::env::current_dir().unwrap_or_else(|_| ".".into());
    let Some(root) = solitaire_sizes::root_from(&cwd) else {
        eprintln!(
            "solitaire-sizes: no workspace Cargo.toml at or above {}",
            cwd.display()
        );
        return ExitCode::FAILURE;
    };
    let (write, paths) = match args.split_first() {
        Some((flag, docs)) if flag == "--write" => (true, docs),
        _ => (false, &args[..]),
    };
    if paths.is_empty() || paths.iter().any(|p| p.starts_with('-')) {
        eprintln!(
            "usage: solitaire-sizes GAME_DIR...   (e.g. games/aces-up)\n       \
             solitaire-sizes --write DOC...  (e.g. docs/adding-a-game.md)"
        );
        return ExitCode::FAILURE;
    }
    for path in paths {
        let rel = path.trim_end_matches('/');
        let result = if write {
            let file = root.join(rel);
            std::fs::read_to_string(&file)
                .and_then(|doc| solitaire_sizes::rewrite(&root, &doc))
                .and_then(|new| std::fs::write(&file, new))
        } else {
            solitaire_sizes::table(&root, rel).map(|t| print!("{t}"))
        };
        if let Err(e) = result {
            eprintln!("solitaire-sizes: {}: {e}", Path::new(rel).display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
