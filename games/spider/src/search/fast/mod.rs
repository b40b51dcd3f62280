//! The fast Spider search: the same guide as [`SpiderGuide`](crate::search::guide::SpiderGuide), on a compact
//! state of its own ([`state`]) instead of the engine's [`Position`], which makes every node
//! many times cheaper. It serves every layout of these rules (the three shipped
//! games and Weisser's family) whose tableau and stock hold at most 128 cards in at most 16
//! columns.
//!
//! A win found here is translated to engine moves and replayed through the engine before it
//! is reported: the engine has the last word on every move.

mod beam;
mod guide;
mod portfolio;
mod stage;
mod state;
#[cfg(test)]
mod tests;

use crate::{Removal, SpiderParams};
use solitaire_core::{Game, Move, PileKind, Position};

use crate::search::guide::Weights;
use solitaire_search::{Meter, Outcome};

use beam::beam;
use guide::{Step, apply};
use portfolio::Search;
use state::{CAP, COLS, State, Table, code};

/// A fast search set up for one start position.
pub(crate) struct Fast {
    table: Table,
    columns: Vec<usize>,
    foundations: Vec<usize>,
    optional: bool,
    weights: Weights,
    blocks: i32,
    /// Suits in the deck (the portfolio differs for one suit).
    suits: usize,
    start: State,
}

impl Fast {
    /// The fast search for `pos` of `game` (played by these rules); `None` when the game is
    /// too big.
    pub fn new(game: &Game, pos: &Position) -> Option<Fast> {
        let layout = game.layout();
        let params: SpiderParams = layout.params().ok()?;
        let columns = layout.piles_of(PileKind::Tableau);
        let foundations = layout.piles_of(PileKind::Foundation);
        let stock_pile = *layout.piles_of(PileKind::Stock).first()?;
        let stock: Vec<u8> = pos
            .pile(stock_pile)
            .cards()
            .iter()
            .rev()
            .map(|&c| code(c))
            .collect();
        let on_table: usize = columns.iter().map(|&c| pos.pile(c).len()).sum();
        let top = layout.deck.ranks;
        if columns.len() > COLS || on_table + stock.len() > CAP || top == 0 {
            return None;
        }
        let removed: usize = foundations
            .iter()
            .map(|&f| pos.pile(f).len())
            .sum::<usize>()
            / usize::from(top);
        let table = Table {
            cols: columns.len(),
            top,
            stock,
            relaxed: params.relaxed_deal,
            on_clear: params.deal_on_clear,
        };
        let start = State::from_position(pos, &columns, removed as u8, 0);
        Some(Fast {
            table,
            columns,
            foundations,
            optional: params.removal == Removal::Optional,
            weights: Weights::tuned().unwrap_or_default(),
            blocks: (layout.deck.len() / usize::from(top)) as i32,
            suits: layout.deck.suits.len(),
            start,
        })
    }

    /// The searches of the [`portfolio`] in turn until a win or the end of `meter`'s
    /// budget. A win is replayed through the engine from `pos` before it is returned.
    /// Also returns which attempt won (`b256s4`: a beam of 256, stock weight 4; `g1000x1s4`:
    /// a stage search), or `spider-fast` when none did.
    pub fn solve(&self, game: &Game, pos: &Position, meter: &mut Meter) -> (Outcome, String) {
        for attempt in portfolio::portfolio(self.suits) {
            if meter.out_of_time() {
                break;
            }
            let weights = Weights {
                stock: attempt.stock,
                ..self.weights
            };
            let mut sub = portfolio::slice(meter, attempt.nodes);
            let found = match attempt.search {
                Search::Beam { width, patience } => beam(
                    &self.table,
                    &weights,
                    self.blocks,
                    &self.start,
                    width,
                    patience,
                    &mut sub,
                ),
                Search::Stage { nodes, branch } => stage::Stages {
                    t: &self.table,
                    w: &weights,
                    blocks: self.blocks,
                    nodes,
                    branch,
                    failed: Default::default(),
                    meter: &mut sub,
                }
                .search(&self.start),
            };
            meter.nodes += sub.nodes;
            if solitaire_search::tuning::trace() {
                eprintln!(
                    "{} nodes {} in {:.3} s: {}",
                    attempt.name(),
                    sub.nodes,
                    sub.start.elapsed().as_secs_f64(),
                    if found.is_some() { "won" } else { "nothing" }
                );
            }
            if let Some(steps) = found {
                let outcome = match self.translate(game, pos, &steps) {
                    Some(moves) => Outcome::Solved(moves),
                    None => Outcome::Unknown,
                };
                return (outcome, format!("spider-fast:{}", attempt.name()));
            }
        }
        (Outcome::Unknown, "spider-fast".to_string())
    }

    /// The engine moves of `steps` from `pos`, played through the engine: `None` if the
    /// engine refuses one or the last does not win (a bug in this module, never expected).
    fn translate(&self, game: &Game, pos: &Position, steps: &[Step]) -> Option<Vec<Move>> {
        let mut engine = pos.clone();
        let mut state = self.start;
        let mut moves = Vec::with_capacity(steps.len());
        let r = usize::from(self.table.top);
        for &step in steps {
            let mv = self.engine_move(step);
            game.play(&mut engine, mv).ok()?;
            moves.push(mv);
            apply(&mut state, &self.table, step);
            if self.optional {
                // The engine keeps completed suits until they are moved: move them now, as
                // this search did.
                for &c in &self.columns {
                    let Some(&f) = self
                        .foundations
                        .iter()
                        .find(|&&f| engine.pile(f).is_empty())
                    else {
                        break;
                    };
                    let lift = Move::transfer(c, f, r);
                    if game.rules().check(&engine, lift).is_ok() {
                        game.play(&mut engine, lift).ok()?;
                        moves.push(lift);
                    }
                }
            }
        }
        debug_assert!(state.is_won(&self.table));
        game.rules().is_won(&engine).then_some(moves)
    }

    /// The engine's move for `step`.
    fn engine_move(&self, step: Step) -> Move {
        match step {
            Step::Transfer { a, b, k } => Move::transfer(
                self.columns[usize::from(a)],
                self.columns[usize::from(b)],
                usize::from(k),
            ),
            Step::Deal => Move::Deal,
        }
    }
}
