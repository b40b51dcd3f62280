//! A depth-first search with a transposition table that can pause (a node cap) and go on
//! where it stopped: the loop, stack and table of the games' exact searches. A game keeps its
//! board and reductions in a [`Walk`] (or a plain [`crate::exact::Board`]); the search runs
//! once to the end ([`Dfs::run`]) or in rounds with a search of the game's own between them
//! ([`Dfs::run_in_rounds`], a stage beam for instance).

use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use crate::key::LowBits;
use crate::outcome::{Meter, Outcome};

/// What a search found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict<S> {
    /// The moves of a win.
    Won(Vec<S>),
    /// Every reachable position was expanded: no win.
    Lost,
    /// A budget ran out.
    Unknown,
}

impl<S> Verdict<S> {
    /// The outcome for the caller: a win as the engine's moves (`moves` translates the
    /// steps), a proof of loss, or no answer.
    pub fn outcome(self, moves: impl FnOnce(Vec<S>) -> Vec<solitaire_core::Move>) -> Outcome {
        match self {
            Verdict::Won(steps) => Outcome::Solved(moves(steps)),
            Verdict::Lost => Outcome::Unsolvable,
            Verdict::Unknown => Outcome::Unknown,
        }
    }
}

/// A set of position keys: the transposition table.
pub trait KeyTable: Default {
    /// Add `key`; whether it was new.
    fn insert(&mut self, key: u128) -> bool;
    /// How many keys are in the set.
    fn len(&self) -> usize;
    /// Whether the set is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl KeyTable for HashSet<u128, BuildHasherDefault<LowBits>> {
    fn insert(&mut self, key: u128) -> bool {
        HashSet::insert(self, key)
    }
    fn len(&self) -> usize {
        HashSet::len(self)
    }
}

/// A game's board with its reductions, as the search walks it.
pub trait Walk {
    /// One move.
    type Step: Copy;
    /// The transposition table.
    type Table: KeyTable;
    /// The most keys the table may hold for a budget of `states` positions.
    fn table_limit(states: usize) -> usize {
        states
    }
    /// The key of the position.
    fn key(&self) -> u128;
    /// Whether the position is won.
    fn is_won(&self) -> bool;
    /// Whether the start (not won) is proved lost before any search.
    fn lost_at_start(&mut self) -> bool {
        false
    }
    /// Make `step`.
    fn apply(&mut self, step: Self::Step);
    /// Take back `step`, the last move made.
    fn undo(&mut self, step: Self::Step);
    /// Whether the position just reached by `step` (not won) is to be expanded: it is new to
    /// `seen` (added now) and no reduction prunes it. `branching`: `step` was one of several.
    fn admit(&mut self, step: Self::Step, branching: bool, seen: &mut Self::Table) -> bool;
    /// The moves to try from the position, into `moves` (empty).
    fn expand(&self, moves: &mut Vec<Self::Step>);
    /// Ask the memory for the table slots of the positions `moves` lead to, so that they
    /// arrive while the search works (nothing by default).
    fn prefetch(&mut self, _moves: &[Self::Step], _seen: &Self::Table) {}
}

/// The [`Walk`] methods that a walker holding its position in a field `board` has alike
/// (`is_won`, `apply`, `undo`): they call the board's own. Use it inside `impl Walk for ..`.
#[macro_export]
macro_rules! walk_board_methods {
    () => {
        fn is_won(&self) -> bool {
            self.board.is_won()
        }
        fn apply(&mut self, step: Self::Step) {
            self.board.apply(step)
        }
        fn undo(&mut self, step: Self::Step) {
            self.board.undo(step)
        }
    };
}

/// The moves of a position still to try.
struct Frame<S> {
    moves: Vec<S>,
    next: usize,
}

/// The search, which can pause and go on.
pub struct Dfs<W: Walk> {
    /// The walker, its board at the end of `path`.
    walk: W,
    seen: W::Table,
    path: Vec<W::Step>,
    frames: Vec<Frame<W::Step>>,
    pool: Vec<Vec<W::Step>>,
    /// The answer, once there is one for good (a win, a proof, or the memory budget spent).
    end: Option<Verdict<W::Step>>,
}

impl<W: Walk> Dfs<W> {
    /// A search from `board` with `reductions`, through the walker made of them.
    pub fn new<B, R>(board: B, reductions: R) -> Self
    where
        W: From<(B, R)>,
    {
        Dfs::from_walk(W::from((board, reductions)))
    }

    /// A search from `walk`'s position.
    pub fn from_walk(mut walk: W) -> Dfs<W> {
        let end = if walk.is_won() {
            Some(Verdict::Won(Vec::new()))
        } else if walk.lost_at_start() {
            Some(Verdict::Lost)
        } else {
            None
        };
        let mut dfs = Dfs {
            seen: W::Table::default(),
            path: Vec::new(),
            frames: Vec::new(),
            pool: Vec::new(),
            end,
            walk,
        };
        dfs.seen.insert(dfs.walk.key());
        dfs.push_frame();
        dfs
    }

    /// The moves of the current position, on the stack.
    fn push_frame(&mut self) {
        let mut moves = self.pool.pop().unwrap_or_default();
        moves.clear();
        self.walk.expand(&mut moves);
        self.walk.prefetch(&moves, &self.seen);
        self.frames.push(Frame { moves, next: 0 });
    }

    /// Go on for at most `cap` more nodes within `meter`'s budget: [`Verdict::Unknown`] when
    /// paused (or the memory budget is spent), the answer otherwise.
    pub fn run(&mut self, cap: u64, meter: &mut Meter) -> Verdict<W::Step> {
        if let Some(end) = &self.end {
            return end.clone();
        }
        let stop = meter.nodes.saturating_add(cap);
        while let Some(top) = self.frames.last_mut() {
            if self.seen.len() >= W::table_limit(meter.budget.states) {
                self.end = Some(Verdict::Unknown);
                return Verdict::Unknown;
            }
            if meter.exhausted() || meter.nodes >= stop {
                return Verdict::Unknown;
            }
            let Some(&step) = top.moves.get(top.next) else {
                if let Some(done) = self.frames.pop() {
                    self.pool.push(done.moves);
                }
                if let Some(step) = self.path.pop() {
                    self.walk.undo(step);
                }
                continue;
            };
            top.next += 1;
            let branching = top.moves.len() > 1;
            self.walk.apply(step);
            meter.nodes += 1;
            if self.walk.is_won() {
                self.path.push(step);
                let won = Verdict::Won(self.path.clone());
                self.end = Some(won.clone());
                return won;
            }
            if !self.walk.admit(step, branching, &mut self.seen) {
                self.walk.undo(step);
                continue;
            }
            self.path.push(step);
            self.push_frame();
        }
        self.end = Some(Verdict::Lost);
        Verdict::Lost
    }

    /// Run to an answer in rounds within `meter`'s budget: a round of `first` nodes, then of
    /// twice as many each time; after each round, `between` (given the round's size) may find
    /// a win its own way (a beam), which ends the search. The search is never restarted, so
    /// when it ends without a win the deal is proved lost; [`Verdict::Unknown`] when the time
    /// runs out first.
    pub fn run_in_rounds(
        &mut self,
        meter: &mut Meter,
        first: u64,
        mut between: impl FnMut(u64, &mut Meter) -> Option<Vec<W::Step>>,
    ) -> Verdict<W::Step> {
        let mut round = first;
        loop {
            match self.run(round, meter) {
                Verdict::Unknown => {}
                answer => return answer,
            }
            if meter.out_of_time() {
                return Verdict::Unknown;
            }
            if let Some(steps) = between(round, meter) {
                return Verdict::Won(steps);
            }
            if meter.out_of_time() {
                return Verdict::Unknown;
            }
            round = round.saturating_mul(2);
        }
    }

    /// Undo the moves of the current path (a win's included), leaving the walker's board at
    /// the start; the search cannot go on after.
    pub fn unwind(&mut self) {
        while let Some(step) = self.path.pop() {
            self.walk.undo(step);
        }
        self.frames.clear();
        self.end.get_or_insert(Verdict::Unknown);
    }
}
