//! The Aces Up board in a stage beam ([`solitaire_search::stage_beam`]): safe discards are played at
//! once, and candidates to deal from rank by [`Board::eval`].

use super::board::{Board, Step};
use super::exhaustive::Reductions;
use super::keys::KeySet;
use solitaire_search::stage_beam::StageBoard;
use solitaire_search::stage_board_methods;

impl StageBoard for Board {
    type Step = Step;
    type Seen = KeySet;
    stage_board_methods!();

    fn stock_out(&self) -> bool {
        Board::stock_out(self)
    }
    fn is_dead(&self) -> bool {
        self.dead_end()
    }
    fn rank(&mut self) -> i32 {
        self.eval()
    }
    fn deal_step(&self) -> Option<Step> {
        Board::deal_step(self)
    }
    /// A safe discard alone if there is one, else every move but the deal.
    fn within_stage(&self) -> Vec<Step> {
        let all = Reductions::ALL;
        if let Some(step) = self.safe_discard(all.lowest_discards, all.endgame_discards) {
            return vec![step];
        }
        let mut moves = Vec::new();
        self.moves(&mut moves);
        moves.retain(|s| !matches!(s, Step::Deal(_)));
        moves
    }
}
