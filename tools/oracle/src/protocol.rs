//! What the judge asks and the oracle answers: one JSON line per [`Request`] on the oracle's
//! standard input, one JSON line per [`Answer`] (with the request's id) on its standard
//! output. Whatever the student's code prints goes to standard error instead.

use serde::{Deserialize, Serialize};
use solitaire_core::{ReadingValues, Status};

use crate::wire::{WireIllegal, WireMove, WirePosition, WireReading, WireStep, WireStructureFault};

/// The longest answer line the judge reads, in bytes (a legal-move list of a large game
/// is far below it).
pub const MAX_ANSWER_BYTES: usize = 4 << 20;

/// The longest request line the oracle reads, in bytes.
pub const MAX_REQUEST_BYTES: usize = 16 << 20;

/// The longest panic message or error the oracle sends, in bytes (the judge cuts again).
pub const MAX_MESSAGE_BYTES: usize = 300;

/// The longest layout text the oracle sends, in bytes.
pub const MAX_LAYOUT_BYTES: usize = 1 << 20;

/// One question, numbered.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Echoed in the answer.
    pub id: u64,
    /// The question.
    pub question: Question,
}

/// What the judge may ask.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Question {
    /// Build the game `game` from the crate's layouts, with those of `readings` it declares;
    /// every later question is about it.
    Build {
        /// The game id (one of the crate's layouts).
        game: String,
        /// The course's readings for the reference.
        readings: ReadingValues,
    },
    /// Lay out this deck (cards in the text form, dealt from the first on), as the game's
    /// `Rules::deal` does.
    Deal {
        /// The shuffled deck.
        deck: String,
    },
    /// Every legal move of a position.
    LegalMoves {
        /// The position.
        pos: WirePosition,
    },
    /// Whether a move is legal; if it is, also the steps applying it takes.
    Check {
        /// The position.
        pos: WirePosition,
        /// The move.
        mv: WireMove,
    },
    /// The steps applying a checked move takes.
    Apply {
        /// The position.
        pos: WirePosition,
        /// The move.
        mv: WireMove,
    },
    /// Whether a position is won.
    IsWon {
        /// The position.
        pos: WirePosition,
    },
    /// Playing, won or lost.
    Status {
        /// The position.
        pos: WirePosition,
    },
    /// The score of a position.
    Score {
        /// The position.
        pos: WirePosition,
    },
    /// Whether a position has the game's structure (the engine's checks under the game's
    /// `Rules::structure`, then the game's own).
    CheckStructure {
        /// The position.
        pos: WirePosition,
    },
    /// Everything the judge usually asks about one position, in one answer ([`Survey`]).
    Survey {
        /// The position.
        pos: WirePosition,
    },
}

/// One answer of a [`Survey`], or the panic it raised (raised to the judge only when it
/// asks for that answer).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Item<T> {
    /// The answer.
    Answer(T),
    /// The student's code panicked, with this message.
    Panic(String),
}

/// The answers about one position: its legal moves; for each of them and each move that
/// differs from one only in where the cards go (and `deal`, `redeal`), `check` and (when
/// legal) the steps applying it takes; the legal moves asked again after those moves were
/// applied (a game with hidden state answers differently); whether it is won, its status and
/// its score. Each is computed as its own question would be, in this order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Survey {
    /// The legal moves.
    pub moves: Item<Vec<WireMove>>,
    /// Each listed move and its variants, checked (and applied when legal).
    pub checked: Vec<(WireMove, Item<Checked>)>,
    /// The legal moves, asked again.
    pub moves_again: Item<Vec<WireMove>>,
    /// Whether the position is won.
    pub won: Item<bool>,
    /// Its status.
    pub status: Item<Status>,
    /// Its score.
    pub score: Item<i32>,
}

/// A move checked: refused, or legal with the steps applying it takes (`None` if applying it
/// panicked).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checked {
    /// Why the move is refused; `None` when it is legal.
    pub refused: Option<WireIllegal>,
    /// When legal, the steps applying it takes.
    pub steps: Option<Vec<WireStep>>,
}

/// An answer to the request with the same id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// The request's id.
    pub id: u64,
    /// The answer.
    pub reply: Reply,
}

/// What the oracle answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reply {
    /// The game is built.
    Built {
        /// The layout file the game came from.
        file: String,
        /// The layout's text.
        layout: String,
        /// The readings applied (those of the course's the game declares).
        applied: ReadingValues,
        /// Every reading the game declares.
        readings: Vec<WireReading>,
        /// Whether cards may be taken from the bottom end of a pile.
        takes_from_bottom: bool,
    },
    /// A position (the answer to `deal`).
    Position {
        /// The position.
        pos: WirePosition,
    },
    /// The legal moves.
    Moves {
        /// The moves.
        moves: Vec<WireMove>,
    },
    /// The answer to `check`.
    Checked {
        /// Why the move is refused; `None` when it is legal.
        refused: Option<WireIllegal>,
        /// When legal, the steps applying it takes (`None` if applying it panicked: the
        /// judge asks `apply` and gets the panic then).
        steps: Option<Vec<WireStep>>,
    },
    /// The steps of an applied move.
    Steps {
        /// The steps.
        steps: Vec<WireStep>,
    },
    /// Whether the position is won.
    Won {
        /// The answer.
        won: bool,
    },
    /// The status.
    Status {
        /// The answer.
        status: Status,
    },
    /// The score.
    Score {
        /// The answer.
        score: i32,
    },
    /// The answer to `check-structure`.
    Structure {
        /// The first structural fault, if any.
        fault: Option<WireStructureFault>,
    },
    /// The answer to `survey`.
    Survey(Survey),
    /// The student's code panicked while answering, with this message.
    Panic {
        /// The panic message (cut to [`MAX_MESSAGE_BYTES`]).
        message: String,
    },
    /// The question cannot be answered (no game built yet, a game that does not build, a
    /// position that does not fit the game).
    Error {
        /// Why.
        message: String,
    },
}

impl Reply {
    /// The reply's kind, as the protocol names it (`moves`, `checked`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            Reply::Built { .. } => "built",
            Reply::Position { .. } => "position",
            Reply::Moves { .. } => "moves",
            Reply::Checked { .. } => "checked",
            Reply::Steps { .. } => "steps",
            Reply::Won { .. } => "won",
            Reply::Status { .. } => "status",
            Reply::Score { .. } => "score",
            Reply::Structure { .. } => "structure",
            Reply::Survey(_) => "survey",
            Reply::Panic { .. } => "panic",
            Reply::Error { .. } => "error",
        }
    }
}

impl Answer {
    /// The answer as one line of JSON, newline included.
    pub fn line(&self) -> String {
        let mut text = serde_json::to_string(self).unwrap_or_else(|e| {
            format!(
                "{{\"id\":{},\"reply\":{{\"error\":{{\"message\":\"unprintable answer: {e}\"}}}}}}",
                self.id
            )
        });
        text.push('\n');
        text
    }
}

impl Request {
    /// The request as one line of JSON, newline included.
    ///
    /// # Errors
    /// Never for the types here (all serialize); kept for the signature's honesty.
    pub fn line(&self) -> Result<String, serde_json::Error> {
        let mut text = serde_json::to_string(self)?;
        text.push('\n');
        Ok(text)
    }
}
