//! The conformance scenario format: one RON file per game id, a list of scenarios, each a
//! start (a seed or a position in the text form) and a list of steps that play moves and
//! state what must hold.
//!
//! ```ron
//! (game: "bristol", scenarios: [
//!     (
//!         name: "Bristol: 'Pack in descending sequence regardless of suit'",
//!         // readings: {"deal": "when-stuck"},  // optional: the readings it holds for
//!         start: Position(r"
//!             t1: KS TH
//!             t2: 4C 9S
//!         "),
//!         steps: [
//!             Play("t2>t1"),              // legal (accepted and listed), then played
//!             Pile("t1", "KS TH 9S"),     // the pile holds exactly these cards
//!             Illegal("t2>t1", target),   // refused, for this IllegalKind
//!             Status(playing),
//!         ],
//!     ),
//! ])
//! ```
//!
//! The top-level shape `(game: "<id>", scenarios: [...])` is fixed: `sol new-game` writes
//! empty files of that shape.

use serde::Deserialize;
use solitaire_core::{Game, IllegalKind, Phase, ReadingValues, Status};
use thiserror::Error;

/// One file: the game id it is written for and its scenarios.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ScenarioFile {
    /// The game id (`bristol`); the file is `games/<rules>/conformance/<game>.ron`.
    pub game: String,
    /// The scenarios, run in order, each from its own start.
    pub scenarios: Vec<Scenario>,
}

/// One scenario: where it starts, then its steps.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Scenario {
    /// What it checks; by convention it quotes the rule sentence it covers.
    pub name: String,
    /// The readings this scenario holds for (option name -> value, see
    /// `solitaire_core::reading`): it is run against the game configured that way, and a
    /// grade under a course runs it only where the course chose the same values. Options it
    /// does not name may have any value. Optional; default: none.
    #[serde(default)]
    pub readings: ReadingValues,
    /// The starting position.
    pub start: Start,
    /// Moves and expectations, in order.
    pub steps: Vec<Step>,
}

/// Where a scenario starts.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum Start {
    /// The deal of this seed (`sol deal GAME --seed N`).
    Seed(u64),
    /// A position in the engine's text form (see `solitaire_core::text`): piles not listed are
    /// empty, the `game:` line is optional, `phase:`, `redeals:` and `marks:` lines set the vars.
    Position(String),
}

/// One step: a move to play or an expectation about the current position.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum Step {
    /// The move is legal (the game accepts and lists it); it is then played.
    Play(String),
    /// The move is legal (accepted and listed), but is not played.
    Legal(String),
    /// The move is refused, with this category of reason; it is not listed either.
    Illegal(String, IllegalKind),
    /// The pile holds exactly these cards, bottom first, in the text form (`"4H 9C | KS"`,
    /// `""` for empty). A card without a copy number matches any copy.
    Pile(String, String),
    /// The pile holds this many cards.
    Count(String, usize),
    /// This many of the pile's cards are face down.
    FaceDown(String, usize),
    /// The game's status (`playing`, `won` or `lost`).
    Status(Status),
    /// The game's score.
    Score(i32),
    /// The position's phase (`play`, `opening` or `dealing`).
    Phase(Phase),
    /// How many redeals have been taken.
    Redeals(u8),
    /// The legal moves are exactly these, in any order.
    Moves(Vec<String>),
}

/// A conformance file that does not read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{file}: {message}")]
pub struct FormatError {
    /// The file name.
    pub file: String,
    /// Where and what, as RON reports it.
    pub message: String,
}

impl ScenarioFile {
    /// Read a conformance file's text; `file` only names it in errors.
    ///
    /// # Errors
    /// RON syntax, or a shape that is not a scenario file.
    pub fn parse(file: &str, text: &str) -> Result<ScenarioFile, FormatError> {
        ron::from_str(solitaire_core::strip_bom(text)).map_err(|e| FormatError {
            file: file.to_string(),
            message: e.to_string(),
        })
    }
}

impl Scenario {
    /// Whether the scenario holds for `game` as configured: every reading it names is the one
    /// the game plays.
    pub fn holds_for(&self, game: &Game) -> bool {
        self.readings.iter().all(|(name, value)| {
            game.readings()
                .iter()
                .any(|r| r.reading.name == name && r.choice.value == value)
        })
    }
}

impl Step {
    /// The step as written in a file, for reports.
    pub fn describe(&self) -> String {
        match self {
            Step::Play(m) => format!("Play({m:?})"),
            Step::Legal(m) => format!("Legal({m:?})"),
            Step::Illegal(m, k) => format!("Illegal({m:?}, {})", <&str>::from(*k)),
            Step::Pile(p, c) => format!("Pile({p:?}, {c:?})"),
            Step::Count(p, n) => format!("Count({p:?}, {n})"),
            Step::FaceDown(p, n) => format!("FaceDown({p:?}, {n})"),
            Step::Status(s) => format!("Status({})", s.name()),
            Step::Score(n) => format!("Score({n})"),
            Step::Phase(p) => format!("Phase({})", p.name()),
            Step::Redeals(n) => format!("Redeals({n})"),
            Step::Moves(ms) => format!("Moves({ms:?})"),
        }
    }
}
