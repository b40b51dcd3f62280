//! The `Rules` trait every game implements, and what it answers with.

use serde::{Deserialize, Serialize};
use strum::IntoStaticStr;
use thiserror::Error;

use crate::card::Card;
use crate::layout::{Layout, LayoutError};
use crate::moves::Move;
use crate::position::Position;
use crate::reading::Reading;
use crate::structure::{Structure, StructureError};
use crate::tx::Tx;

/// Whether a game goes on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, IntoStaticStr, Serialize, Deserialize)]
#[strum(serialize_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The game goes on: a legal move is left.
    Playing,
    /// The winning condition holds.
    Won,
    /// No legal move is left.
    Lost,
}

impl Status {
    /// `playing`, `won` or `lost`.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// Which rule a refused move broke, broadly; the grader compares these.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, IntoStaticStr, Serialize, Deserialize)]
#[strum(serialize_all = "kebab-case")]
#[serde(rename_all = "kebab-case")]
pub enum IllegalKind {
    /// The cards cannot be taken from there (empty, face down, not a movable group).
    Source,
    /// The destination does not accept them.
    Target,
    /// Dealing, turning or redealing is not allowed now.
    Stock,
    /// Not allowed in the current phase, or another move is obligatory first.
    Phase,
    /// This game has no such move at all.
    Unsupported,
}

/// A refused move: its category and the rule in words.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
#[error("{reason}")]
pub struct Illegal {
    /// Which rule was broken, broadly.
    pub kind: IllegalKind,
    /// The rule in words, as players read it.
    pub reason: &'static str,
}

impl Illegal {
    /// A refusal of this kind with this reason.
    pub const fn new(kind: IllegalKind, reason: &'static str) -> Illegal {
        Illegal { kind, reason }
    }
    /// The cards cannot be taken from there ([`IllegalKind::Source`]).
    pub const fn source(reason: &'static str) -> Illegal {
        Illegal::new(IllegalKind::Source, reason)
    }
    /// The destination does not accept them ([`IllegalKind::Target`]).
    pub const fn target(reason: &'static str) -> Illegal {
        Illegal::new(IllegalKind::Target, reason)
    }
    /// Dealing or redealing is not allowed now ([`IllegalKind::Stock`]).
    pub const fn stock(reason: &'static str) -> Illegal {
        Illegal::new(IllegalKind::Stock, reason)
    }
    /// Not now: another phase, or another move first ([`IllegalKind::Phase`]).
    pub const fn phase(reason: &'static str) -> Illegal {
        Illegal::new(IllegalKind::Phase, reason)
    }
    /// The game has no such move ([`IllegalKind::Unsupported`]).
    pub const fn unsupported(reason: &'static str) -> Illegal {
        Illegal::new(IllegalKind::Unsupported, reason)
    }
    /// The refusal of a move from a pile's bottom end ([`crate::End::Bottom`]) in a game
    /// that takes cards only from the top: [`crate::Game::check`] answers it before the
    /// game's rules see the move.
    pub const TOP_ONLY: Illegal = Illegal::source("cards are taken only from the top of a pile");
}

/// A game's rules. Implement four methods; the rest have working defaults.
///
/// - [`check`](Rules::check): is this move legal here, and if not, why.
/// - [`apply`](Rules::apply): make a checked move, through the [`Tx`], including whatever
///   follows automatically (turning up uncovered cards, removing a completed suit, refilling
///   a space from the stock). Undo is the engine's, never the game's.
/// - [`is_won`](Rules::is_won): the winning condition.
/// - [`build`](Plugin::build) (on the game's [`Plugin`]): read the layout's parameters.
///
/// Override [`legal_moves`](Rules::legal_moves) for speed (the default tries every
/// candidate move against `check`), [`deal`](Rules::deal) for deals a layout script cannot
/// describe, [`score`](Rules::score) for a score, and [`structure`](Rules::structure) and
/// [`check_structure`](Rules::check_structure) for what every position of the game has in
/// shape (checked on positions read from outside).
///
/// # Examples
/// A game where any top card may go onto any other pile, won when pile 0 is empty:
/// ```
/// use solitaire_core::{Illegal, Move, Position, Rules, Tx};
///
/// struct Anywhere;
///
/// impl Rules for Anywhere {
///     fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
///         match mv {
///             Move::Transfer { from, count: 1, .. } if !pos.pile(from.into()).is_empty() => Ok(()),
///             Move::Transfer { .. } => Err(Illegal::source("move one card from a non-empty pile")),
///             _ => Err(Illegal::unsupported("this game has no stock")),
///         }
///     }
///     fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
///         if let Move::Transfer { from, to, count, .. } = mv {
///             tx.move_cards(from.into(), to.into(), count.into());
///         }
///     }
///     fn is_won(&self, pos: &Position) -> bool {
///         pos.pile(0).is_empty()
///     }
/// }
/// ```
pub trait Rules: Send + Sync + 'static {
    /// Whether `mv` is legal in `pos`; the error names the rule it breaks.
    ///
    /// # Errors
    /// An [`Illegal`] with the category and the reason in words.
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal>;

    /// Play a move that [`check`](Rules::check) accepted, with its automatic consequences.
    fn apply(&self, tx: &mut Tx<'_>, mv: Move);

    /// Whether the game is won.
    fn is_won(&self, pos: &Position) -> bool;

    /// Every legal move, appended to `out` (which the caller clears).
    ///
    /// The default tries every candidate ([`candidate_moves`]) against `check`.
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let start = out.len();
        candidate_moves(pos, out);
        if self.takes_from_bottom() {
            candidate_bottom_moves(pos, out);
        }
        let mut keep = start;
        for i in start..out.len() {
            if self.check(pos, out[i]).is_ok() {
                out[keep] = out[i];
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Whether a card may be taken from the bottom end of a pile (`t3^>f1`, Labyrinth). When
    /// false (the default), [`crate::Game::check`] refuses such moves before `check` sees
    /// them and the default [`legal_moves`](Rules::legal_moves) lists none, so `check` and
    /// `apply` see only transfers from the top and read them without their `end`
    /// (`Move::Transfer { from, to, count, .. }`).
    fn takes_from_bottom(&self) -> bool {
        false
    }

    /// Playing, won, or lost (no legal move left).
    fn status(&self, pos: &Position) -> Status {
        if self.is_won(pos) {
            return Status::Won;
        }
        let mut moves = Vec::new();
        self.legal_moves(pos, &mut moves);
        if moves.is_empty() {
            Status::Lost
        } else {
            Status::Playing
        }
    }

    /// The score of a position; 0 for games without one.
    fn score(&self, _pos: &Position) -> i32 {
        0
    }

    /// The structure every position of the game has (see [`crate::structure`]): each pile's
    /// shape (most cards, face-down cards, building order), the phases, the redeals and the
    /// marks. [`crate::Game::parse_position`] refuses positions outside it.
    ///
    /// The default is [`Structure::of`] the layout: each pile kind's defaults, ordinary play
    /// only, no redeal, no marks. Override it to give foundations their building order, to
    /// allow other phases, redeals or marks, or to change a pile's shape. It describes the
    /// game under the readings it was built with: every position play reaches under them must
    /// fit it.
    fn structure(&self, layout: &Layout) -> Structure {
        Structure::of(layout)
    }

    /// Structural rules of the game's own, checked after [`structure`](Rules::structure)'s on
    /// positions read from outside: what play never produces, in words (Spider's
    /// foundations hold complete suits). The default adds none.
    ///
    /// # Errors
    /// The pile (or phase, or counter) that breaks a rule, and the rule.
    fn check_structure(&self, _pos: &Position) -> Result<(), StructureError> {
        Ok(())
    }

    /// The places where this game's rules text allows more than one reading, each with its
    /// choices (the first is the default). The plugin's `build` reads the chosen value with
    /// [`Layout::reading`]; [`crate::Game::new`] refuses a layout that names an option the
    /// game does not declare. Default: none.
    fn readings(&self) -> &'static [Reading] {
        &[]
    }

    /// Lay out a shuffled deck (dealt from index 0 on). The default runs the layout's deal
    /// script.
    ///
    /// # Errors
    /// If the layout's deal does not fit the deck.
    fn deal(&self, layout: &Layout, deck: Vec<Card>) -> Result<Position, LayoutError> {
        layout.run_deal(deck)
    }
}

/// Every move that could be legal in an ordinary game: each transfer of 1 to all cards from the
/// top of a pile onto each other pile, then `deal` and `redeal`. (Moves from the bottom end of
/// a pile are listed by [`candidate_bottom_moves`], for the games that allow them.)
pub fn candidate_moves(pos: &Position, out: &mut Vec<Move>) {
    let n = pos.piles().len();
    for from in 0..n {
        let len = pos.pile(from).len().min(Move::MAX_COUNT);
        for to in (0..n).filter(|&to| to != from) {
            for count in 1..=len {
                out.push(Move::transfer(from, to, count));
            }
        }
    }
    out.push(Move::Deal);
    out.push(Move::Redeal);
}

/// The bottom card of each non-empty pile onto each other pile (`t3^>f1`): the candidates
/// that only games whose [`Rules::takes_from_bottom`] is true may accept.
pub fn candidate_bottom_moves(pos: &Position, out: &mut Vec<Move>) {
    let n = pos.piles().len();
    for from in (0..n).filter(|&from| !pos.pile(from).is_empty()) {
        for to in (0..n).filter(|&to| to != from) {
            out.push(Move::transfer_bottom(from, to));
        }
    }
}

/// A rules plugin: the name layouts refer to it by (`rules: "spider"`), and how to build its
/// rules from a layout's parameters.
#[derive(Clone, Copy)]
pub struct Plugin {
    /// The name layouts give in `rules:`.
    pub name: &'static str,
    /// Build the rules for a layout, reading its parameters.
    pub build: fn(&Layout) -> Result<Box<dyn Rules>, LayoutError>,
}
