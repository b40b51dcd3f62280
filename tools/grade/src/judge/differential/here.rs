//! Where a walk of differential play is, what diverged there, and the `sol` commands that get
//! there: the reference replays its deal (where the checkout has it; in a starter its side is
//! text in the finding), the candidate reads the position in its own form.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use solitaire_core::{Game, Move, Position};

use crate::judge::commands::{Checkout, Origin, sol, write_file};
use crate::judge::piles::PileMap;
use crate::judge::touched::Touched;

/// Walks longer than this many moves are replayed from a position file.
const LONG_WALK: usize = 40;

/// `sol play` when a move is played after the walk, else `sol moves`.
fn verb(extra: Option<&str>) -> &'static str {
    if extra.is_some() { "play" } else { "moves" }
}

/// One step of a walk: where it is, and how to get there with `sol`.
pub(super) struct Here<'a> {
    pub reference: &'a Game,
    pub candidate: &'a Arc<Game>,
    pub map: &'a PileMap,
    /// The course file the reference was configured by, for its commands.
    pub course: Option<&'a Path>,
    /// Where the commands run: without the reference, its side is text in the finding.
    pub checkout: &'a Checkout,
    /// The reference's legal moves here.
    pub ref_moves: &'a BTreeSet<Move>,
    pub seed: u64,
    /// The walk it is on.
    pub walk: super::Walk,
    pub played: &'a [String],
    /// The reference's position, and the same in the candidate's form.
    pub pos: &'a Position,
    pub cpos: Position,
}

/// A divergence: the rule it touches, where it happened, and what to show.
pub(super) struct Divergence {
    pub touched: Touched,
    pub seed: u64,
    pub what: String,
    pub detail: String,
    pub reproduce: Vec<String>,
}

impl Here<'_> {
    /// The reference replays the walk from its deal (then `on_reference`), where the checkout
    /// has it; the candidate is given the position in its own form (then plays
    /// `on_candidate`).
    pub fn reproduce(&self, on_reference: Option<&str>, on_candidate: Option<&str>) -> Vec<String> {
        let extra: Vec<String> = on_candidate.iter().map(|m| m.to_string()).collect();
        let mut commands = Vec::new();
        if self.checkout.has_reference() {
            commands.extend(self.on_reference(on_reference));
        }
        // A candidate with another deck cannot read the reference's cards: say so instead of
        // printing a command that fails (the layout part reports the deck).
        let text = self.candidate.position_text(&self.cpos);
        // The engine reads it with the candidate's layout: no candidate code runs here.
        let layout = self.candidate.layout();
        let read = solitaire_core::text::parse_position(layout, &text).and_then(|pos| {
            // The engine's checks of the candidate's structure (fixed when it was built).
            self.candidate.structure().check(&pos).map_err(|e| {
                let (line, col) = e.locate(layout, &text);
                let message = e.describe(layout);
                solitaire_core::text::PositionError { line, col, message }
            })
        });
        if let Err(e) = read {
            commands.push(format!(
                "# the candidate cannot read this position in its own form ({e}): its cards \
                 differ from the reference's"
            ));
            return commands;
        }
        commands.extend([
            write_file("position.txt", &text),
            sol(
                verb(on_candidate),
                self.candidate.id(),
                &Origin::File("position.txt"),
                self.checkout.candidate_course(),
                &extra,
            ),
        ]);
        commands
    }

    /// The commands that replay the walk on the reference from its deal, then `on_reference`.
    fn on_reference(&self, on_reference: Option<&str>) -> Vec<String> {
        let mut moves = self.played.to_vec();
        moves.extend(on_reference.map(str::to_string));
        // A long walk (the solver's line) is replayed from the reference's position, not
        // from its deal: its moves would make too long a command.
        let mut commands = Vec::new();
        if self.played.len() > LONG_WALK {
            commands.push(write_file(
                "reference.txt",
                &self.reference.position_text(self.pos),
            ));
            let moves: Vec<String> = on_reference.iter().map(|m| m.to_string()).collect();
            commands.push(sol(
                verb(on_reference),
                self.reference.id(),
                &Origin::File("reference.txt"),
                self.course,
                &moves,
            ));
        } else {
            commands.push(sol(
                verb(on_reference),
                self.reference.id(),
                &Origin::Seed(self.seed),
                self.course,
                &moves,
            ));
        }
        commands
    }

    pub fn divergence(
        &self,
        touched: Touched,
        what: String,
        detail: String,
        reproduce: Vec<String>,
    ) -> Divergence {
        Divergence {
            touched,
            seed: self.seed,
            what: self.where_(&what),
            detail: self.detail(&detail),
            reproduce,
        }
    }

    /// `seed 3, after 12 moves: {what}` (on the random walk), `seed 3 (walk toward the
    /// foundations), after 12 moves: {what}` (on the others).
    pub fn where_(&self, what: &str) -> String {
        let walk = match self.walk {
            super::Walk::Random => String::new(),
            other => format!(" ({})", other.name()),
        };
        format!(
            "seed {}{walk}, after {} moves: {what}",
            self.seed,
            self.played.len()
        )
    }

    /// The moves played, `detail`, where the checkout lacks the reference its legal moves
    /// here, then the position in the candidate's form.
    pub fn detail(&self, detail: &str) -> String {
        let played = if self.played.is_empty() {
            "(none)".to_string()
        } else {
            self.played.join(" ")
        };
        let reference = if self.checkout.has_reference() {
            String::new()
        } else {
            let moves: Vec<String> = self.ref_moves.iter().map(|&m| self.text(m)).collect();
            format!("the reference's legal moves here: [{}]\n", moves.join(" "))
        };
        format!(
            "moves played: {played}\n{detail}{reference}position (the candidate's form):\n{}",
            self.candidate.position_text(&self.cpos)
        )
    }

    pub fn text(&self, mv: Move) -> String {
        self.reference.move_text(mv).to_string()
    }
}
