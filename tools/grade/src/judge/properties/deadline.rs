//! The solver on the candidate's rules with a deadline: a search through a slow oracle ends
//! when its time is up, as an unknown answer, never as a fault of the student's (the solver
//! reads its own clock only every few thousand positions, far apart through an oracle).

use std::panic::{AssertUnwindSafe, catch_unwind, panic_any, resume_unwind};
use std::sync::Arc;
use std::time::Instant;

use solitaire_core::{
    Card, Game, Illegal, Layout, LayoutError, Move, Position, Reading, Rules, Status, Structure,
    StructureError, Tx,
};
use solitaire_solver::{Budget, Outcome, solve};

/// What a search that ran out of time unwinds with.
struct OutOfTime;

/// The candidate's rules, each answer given only before `until`.
struct Deadline {
    game: Arc<Game>,
    until: Instant,
}

impl Deadline {
    fn rules(&self) -> &dyn Rules {
        if Instant::now() >= self.until {
            panic_any(OutOfTime);
        }
        self.game.rules()
    }
}

impl Rules for Deadline {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        self.rules().check(pos, mv)
    }
    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        self.rules().apply(tx, mv);
    }
    fn is_won(&self, pos: &Position) -> bool {
        self.rules().is_won(pos)
    }
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        self.rules().legal_moves(pos, out);
    }
    fn takes_from_bottom(&self) -> bool {
        self.game.rules().takes_from_bottom()
    }
    fn status(&self, pos: &Position) -> Status {
        self.rules().status(pos)
    }
    fn score(&self, pos: &Position) -> i32 {
        self.rules().score(pos)
    }
    fn structure(&self, layout: &Layout) -> Structure {
        self.game.rules().structure(layout)
    }
    fn check_structure(&self, pos: &Position) -> Result<(), StructureError> {
        self.rules().check_structure(pos)
    }
    fn readings(&self) -> &'static [Reading] {
        self.game.rules().readings()
    }
    fn deal(&self, layout: &Layout, deck: Vec<Card>) -> Result<Position, LayoutError> {
        self.rules().deal(layout, deck)
    }
}

/// The solver's answer on `start`, a position of `game`, within `budget` and before `until`:
/// the positions it generated (its whole budget when the time ran out) and its winning line,
/// if it found one. A fault of the candidate's (a panic, an oracle's) unwinds as ever.
pub(crate) fn solve_by(
    game: &Arc<Game>,
    start: &Position,
    budget: Budget,
    until: Instant,
) -> (u64, Option<Vec<Move>>) {
    let rules = Deadline {
        game: game.clone(),
        until,
    };
    let search = catch_unwind(AssertUnwindSafe(|| {
        let timed = Game::from_rules(game.layout().clone(), Box::new(rules))?;
        Ok::<_, LayoutError>(solve(&timed, start, budget))
    }));
    match search {
        Ok(Ok(report)) => match report.outcome {
            Outcome::Solved(line) => (report.nodes, Some(line)),
            Outcome::Unsolvable | Outcome::Unknown => (report.nodes, None),
        },
        Ok(Err(_)) => (0, None),
        Err(payload) if payload.is::<OutOfTime>() => (budget.nodes, None),
        Err(payload) => resume_unwind(payload),
    }
}
