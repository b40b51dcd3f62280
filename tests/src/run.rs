//! Running a scenario against a game: each step either holds or yields a [`Failure`] that
//! says which step, what was expected, what was found, and how to reproduce it.

use std::collections::BTreeSet;

use solitaire_core::testkit::notation;
use solitaire_core::{CardToken, Game, Move, Position};

use crate::scenario::{Scenario, Start, Step};

/// Why a scenario failed, with what is needed to reproduce it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The failing step, 1-based (0: the start itself).
    pub step: usize,
    /// The step as written.
    pub expected: String,
    /// What the game did instead.
    pub found: String,
    /// The moves played before the failing step, in the notation.
    pub moves: Vec<String>,
    /// The position at the failing step, in the text form.
    pub position: String,
}

/// A passed scenario, or why it failed.
pub type Outcome = Result<(), Failure>;

struct Runner<'a> {
    game: &'a Game,
    pos: Position,
    played: Vec<String>,
}

/// Run one scenario against `game`: parse its start, then check every step in order.
///
/// # Errors
/// The first step that does not hold.
pub fn run_scenario(game: &Game, scenario: &Scenario) -> Outcome {
    let pos = match &scenario.start {
        Start::Seed(seed) => game.deal(*seed),
        Start::Position(text) => game.parse_position(text).map_err(|e| Failure {
            step: 0,
            expected: "a readable start position".into(),
            found: format!("the position does not read: {e}"),
            moves: Vec::new(),
            position: text.clone(),
        })?,
    };
    let mut runner = Runner {
        game,
        pos,
        played: Vec::new(),
    };
    for (i, step) in scenario.steps.iter().enumerate() {
        runner.step(step).map_err(|found| Failure {
            step: i + 1,
            expected: step.describe(),
            found,
            moves: runner.played.clone(),
            position: game.position_text(&runner.pos),
        })?;
    }
    Ok(())
}

impl Runner<'_> {
    fn parse(&self, text: &str) -> Result<Move, String> {
        self.game
            .parse_move(text)
            .map_err(|e| format!("the move does not read: {e}"))
    }

    fn legal(&self, text: &str) -> Result<Move, String> {
        let mv = self.parse(text)?;
        if let Err(e) = self.game.check(&self.pos, mv) {
            return Err(format!("{text} is refused ({}: {e})", <&str>::from(e.kind)));
        }
        if !self.game.legal_moves(&self.pos).contains(&mv) {
            return Err(format!(
                "{text} is accepted but not listed among the legal moves"
            ));
        }
        Ok(mv)
    }

    fn step(&mut self, step: &Step) -> Result<(), String> {
        let game = self.game;
        match step {
            Step::Play(text) => {
                let mv = self.legal(text)?;
                game.play(&mut self.pos, mv)
                    .map_err(|e| format!("{text} is refused when played: {e}"))?;
                self.played.push(game.move_text(mv).to_string());
            }
            Step::Legal(text) => {
                self.legal(text)?;
            }
            Step::Illegal(text, kind) => {
                let mv = self.parse(text)?;
                match game.check(&self.pos, mv) {
                    Ok(()) => return Err(format!("{text} is accepted")),
                    Err(e) if e.kind != *kind => {
                        return Err(format!(
                            "{text} is refused, but as {} ({e})",
                            <&str>::from(e.kind)
                        ));
                    }
                    Err(_) => {}
                }
                if game.legal_moves(&self.pos).contains(&mv) {
                    return Err(format!(
                        "{text} is refused but listed among the legal moves"
                    ));
                }
            }
            Step::Pile(id, cards) => self.pile(id, cards)?,
            Step::Count(id, n) => {
                let found = self.pile_at(id)?.len();
                if found != *n {
                    return Err(format!("{id} holds {found} cards"));
                }
            }
            Step::FaceDown(id, n) => {
                let found = self.pile_at(id)?.face_down();
                if found != *n {
                    return Err(format!("{id} has {found} cards face down"));
                }
            }
            Step::Status(status) => {
                let found = game.status(&self.pos);
                if found != *status {
                    return Err(format!("status {}", found.name()));
                }
            }
            Step::Score(score) => {
                let found = game.score(&self.pos);
                if found != *score {
                    return Err(format!("score {found}"));
                }
            }
            Step::Phase(phase) => {
                let found = self.pos.vars().phase;
                if found != *phase {
                    return Err(format!("phase {}", found.name()));
                }
            }
            Step::Redeals(n) => {
                let found = self.pos.vars().redeals;
                if found != *n {
                    return Err(format!("{found} redeals"));
                }
            }
            Step::Moves(expected) => {
                let mut want = BTreeSet::new();
                for text in expected {
                    want.insert(self.parse(text)?);
                }
                let found: BTreeSet<Move> = game.legal_moves(&self.pos).into_iter().collect();
                if found != want {
                    return Err(format!("legal moves [{}]", notation(game, &found)));
                }
            }
        }
        Ok(())
    }

    fn pile_at(&self, id: &str) -> Result<&solitaire_core::Pile, String> {
        let index = self
            .game
            .layout()
            .pile_index(id)
            .ok_or_else(|| format!("no pile is called {id:?}"))?;
        Ok(self.pos.pile(index))
    }

    fn pile(&self, id: &str, cards: &str) -> Result<(), String> {
        let pile = self.pile_at(id)?;
        let mut want: Vec<CardToken> = Vec::new();
        let mut face_down = 0;
        for word in cards.split_whitespace() {
            if word == "|" {
                face_down = want.len();
                continue;
            }
            want.push(
                word.parse()
                    .map_err(|e| format!("the expected cards do not read: {e}"))?,
            );
        }
        if cards.trim_end().ends_with('|') {
            face_down = want.len();
        }
        let matches = pile.len() == want.len()
            && pile.face_down() == face_down
            && pile.cards().iter().zip(&want).all(|(c, t)| {
                c.rank == t.rank && c.suit == t.suit && t.deck.is_none_or(|d| d == c.deck)
            });
        if matches {
            return Ok(());
        }
        let mut text = String::new();
        for (i, card) in pile.cards().iter().enumerate() {
            if i == pile.face_down() && i > 0 {
                text.push_str(" |");
            }
            text.push_str(&format!(" {card}"));
        }
        if pile.face_down() == pile.len() && !pile.is_empty() {
            text.push_str(" |");
        }
        Err(format!("{id} holds {:?}", text.trim()))
    }
}
