//! The targets: how each makes a case from the seeds, and what it checks.

mod cli;
mod layout;
mod moves;
mod play;
mod position;
mod reshape;
mod save;
mod sol;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use solitaire_core::{Catalog, Game, Plugin};

use crate::Target;
use crate::case::Case;
use crate::corpus::Corpus;
use crate::driver::Options;
use crate::mutate::Mutator;
use crate::report::Problem;
use crate::rng::Rng;
use crate::tokens::{COMMON, NOTATION, RON};

/// How a case ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The reader accepted the input and every property held.
    Accepted,
    /// The reader refused the input with an error, as it should have.
    Refused,
    /// A property failed or something panicked.
    Failed(Problem),
    /// `sol` did not finish in time (reported, not a failure).
    Slow(Problem),
}

/// Whether an in-process reader accepted its input (and every property held after).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Read {
    /// Accepted.
    Accepted,
    /// Refused with a typed error.
    Refused,
}

/// What an in-process check found.
pub type Verdict = Result<Read, Problem>;

/// What the targets share: the games, the seeds, the mutators and a scratch directory.
pub struct Context {
    /// Every registered game.
    pub catalog: Catalog,
    /// Every registered rules plugin.
    pub plugins: Vec<Plugin>,
    /// The seeds.
    pub corpus: Corpus,
    /// Mutations for the position and move notations.
    pub text: Mutator,
    /// Mutations for RON (layouts and saves).
    pub ron: Mutator,
    /// The `sol` binary, for the `cli` target.
    pub sol: Option<PathBuf>,
    /// How long one `sol` run may take.
    pub timeout: Duration,
    /// A directory of this context's own for the files `sol` reads and writes.
    pub scratch: PathBuf,
}

impl Context {
    /// Build the catalog and the seeds.
    ///
    /// # Errors
    /// If a registered layout does not build.
    pub fn new(opts: &Options) -> Result<Context, String> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let catalog = solitaire_games::catalog().map_err(|e| e.to_string())?;
        let corpus = Corpus::build(&catalog);
        let scratch = std::env::temp_dir().join(format!(
            "solitaire-fuzz-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        Ok(Context {
            catalog,
            plugins: solitaire_games::plugins(),
            corpus,
            text: Mutator::new(&[COMMON, NOTATION]),
            ron: Mutator::new(&[COMMON, RON, NOTATION]),
            sol: opts.sol.clone(),
            timeout: opts.timeout,
            scratch,
        })
    }

    /// The game a case names.
    ///
    /// # Errors
    /// If it names none or an unknown one (a malformed saved case).
    pub fn game(&self, case: &Case) -> Result<Arc<Game>, Problem> {
        let id = case.game.as_deref().unwrap_or("");
        self.catalog
            .get(id)
            .ok_or_else(|| Problem::property("setup: the case names no registered game", id))
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.scratch);
    }
}

/// A new case of `target`.
pub fn generate(target: Target, ctx: &Context, rng: &mut Rng) -> Case {
    match target {
        Target::Position => position::generate(ctx, rng),
        Target::Save => save::generate(ctx, rng),
        Target::Moves => moves::generate(ctx, rng),
        Target::Layout => layout::generate(ctx, rng),
        Target::Cli => cli::generate(ctx, rng),
    }
}

/// Check a case against its target's properties (panics propagate to the caller).
pub fn check(ctx: &Context, case: &Case) -> Outcome {
    let result = match case.target {
        Target::Position => position::check(ctx, case),
        Target::Save => save::check(ctx, case),
        Target::Moves => moves::check(ctx, case),
        Target::Layout => layout::check(ctx, case),
        Target::Cli => return sol::check(ctx, case),
    };
    match result {
        Ok(Read::Accepted) => Outcome::Accepted,
        Ok(Read::Refused) => Outcome::Refused,
        Err(p) => Outcome::Failed(p),
    }
}
