//! Fuzz targets for every reader of outside input, runnable on the stable toolchain.
//!
//! Each [`Target`] draws cases from the project's own valid inputs (every registered game's
//! deals and random-walk positions in the text form, the conformance positions and moves,
//! saves of random walks, the layouts, real `sol` command lines), mutates them
//! ([`mutate::Mutator`]: character and byte flips, interesting tokens such as `|`, `^`, `:`,
//! huge numbers, `-1`, `+3`, `inf`, `nan`, a BOM, multibyte UTF-8 and NUL, deletions,
//! duplications, line shuffles, splices of two inputs) and checks properties:
//!
//! - every target: nothing panics (the panic's location and message are reported);
//! - `position`: an accepted text writes back and re-reads to an equal position, and the
//!   rules and the solver handle it (listed moves are legal, undo restores the position);
//! - `save`: an accepted save replays or gives a typed error; a replayed game saves and
//!   replays again to the same position;
//! - `moves`: an accepted move text is written canonically and re-reads to the same move;
//!   playing it by text agrees with playing it parsed, and undo restores the position;
//! - `layout`: an accepted layout builds with each registered plugin or is refused with an
//!   error; a built game deals, writes and re-reads its deals, and plays;
//! - `cli`: `sol` never exits with 101 or by a signal, exits 0, 1 or 2, and prints at most
//!   one line on standard error when it fails.
//!
//! [`run`] runs one target; the `solitaire-fuzz` binary runs long campaigns and saves failing
//! cases (see `docs/fuzzing.md`).

pub mod case;
pub mod catch;
pub mod corpus;
pub mod driver;
pub mod mutate;
pub mod report;
pub mod rng;
pub mod targets;
pub mod tokens;

use serde::{Deserialize, Serialize};
use strum::{EnumIter, EnumString, IntoStaticStr};

pub use case::Case;
pub use driver::{Options, replay, run};
pub use report::{Failure, Problem, Report};

/// A reader under test.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Debug,
    EnumIter,
    EnumString,
    IntoStaticStr,
    Serialize,
    Deserialize,
)]
#[strum(serialize_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum Target {
    /// `Game::parse_position`: the text form of positions.
    Position,
    /// `GameRecord::from_ron` and `Session::from_record`: saved games and their replay.
    Save,
    /// `Game::parse_move`, `MoveText` and `Game::play_text`: the move notation.
    Moves,
    /// `Layout::parse` and `Game::new` with every registered plugin.
    Layout,
    /// The `sol` binary, run as a child process.
    Cli,
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.into())
    }
}

/// A bug that another change is fixing: failures whose signature contains every part of
/// `signature` are reported as known and do not fail a run.
#[derive(Debug)]
pub struct KnownBug {
    /// The targets it shows in.
    pub targets: &'static [Target],
    /// Every part must occur in the failure's signature.
    pub signature: &'static [&'static str],
    /// The fix that owns it.
    pub owner: &'static str,
}

/// Known bugs whose fixes are under way elsewhere (issue 12, "Hardening"). Empty this list
/// once those fixes are merged: the short-budget tests must then pass without it.
pub const KNOWN_BUGS: &[KnownBug] = &[KnownBug {
    targets: &[Target::Layout],
    signature: &["property: a deal makes a position the game's own reader refuses"],
    owner: "validation per game: Game::new does not check a layout's deal against the game's structure (a plugin built on another game's layout)",
}];
