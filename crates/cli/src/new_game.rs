//! `sol new-game`: scaffold a new game in the checkout around the current directory.

use std::path::PathBuf;

use clap::Args;
use solitaire_files::Course;
use solitaire_scaffold::{Request, find_workspace_root, format_sources, scaffold};

use crate::Failure;
use crate::output::outln;

/// The arguments of `sol new-game`.
#[derive(Args)]
pub struct NewGame {
    /// The name menus show, e.g. "Aces Up".
    name: String,
    /// The game id (default: derived from the name, e.g. aces-up).
    #[arg(long)]
    id: Option<String>,
    /// Start from this game's deck, piles and deal, and its rules in words (never a game the
    /// course assigns: that would be its answer).
    #[arg(long, value_name = "GAME")]
    like: Option<String>,
    /// The course this game is written for: `--like` refuses the games it assigns.
    #[arg(long, value_name = "COURSE.ron")]
    course: Option<PathBuf>,
}

/// Create the game's crate, layout and conformance file, register it, and say what is next.
pub fn run(args: NewGame) -> Result<(), Failure> {
    let fail = |e: solitaire_scaffold::ScaffoldError| Failure(e.to_string(), 1);
    let here = std::env::current_dir().map_err(|e| Failure(e.to_string(), 1))?;
    let root = find_workspace_root(&here).map_err(fail)?;
    let request =
        Request::new(&args.name, args.id.as_deref(), args.like.as_deref()).map_err(fail)?;
    if let Some(file) = &args.course {
        let course = Course::read_file(file).map_err(|e| Failure(e.to_string(), 1))?;
        request
            .check_course(&course, &file.display().to_string())
            .map_err(fail)?;
    }
    let report = scaffold(&root, &request).map_err(fail)?;
    for path in &report.created {
        outln!("created {}", path.display());
    }
    for path in &report.edited {
        outln!("edited  {}", path.display());
    }
    if !format_sources(&root, &request.id) {
        outln!(
            "(rustfmt did not run: `cargo fmt -p game-{}` tidies the sources)",
            request.id
        );
    }
    let id = &request.id;
    outln!();
    outln!(
        "{} is registered as a work in progress: `sol list` shows it; every move is",
        request.name
    );
    outln!("refused until its rules are written. Next: the rules in words in");
    outln!("games/{id}/src/lib.rs, then `check`, `apply` and `is_won` in games/{id}/src/rules.rs,");
    outln!("a test per rule in games/{id}/src/tests.rs (docs/adding-a-game.md walks through it).");
    Ok(())
}
