//! The Interregnum board in a stage beam ([`solitaire_search::stage_beam`]): safe plays are
//! made at once, and candidates to deal from rank first by the cards a greedy play-out of the
//! rest of the game would build ([`Board::playout`]), then by [`Board::eval`] of the position
//! itself. Under `deal: when-stuck` only positions where no card can be played deal. The beam
//! proves nothing, so it may prune what the exhaustive search may not; its wins are legal.

use solitaire_search::key::Seen;
use solitaire_search::stage_beam::StageBoard;
use solitaire_search::stage_board_methods;

use super::board::{Board, Step};

impl StageBoard for Board {
    type Step = Step;
    type Seen = Seen;
    stage_board_methods!();

    fn stock_out(&self) -> bool {
        self.stock_left() == 0
    }
    fn is_dead(&self) -> bool {
        Board::is_dead(self)
    }
    fn rank(&mut self) -> i32 {
        self.eval() - 64 * self.playout()
    }
    /// Always a deal: the beam deals only while the stock lasts.
    fn deal_step(&self) -> Option<Step> {
        Some(Step::Deal(self.stock_left().min(self.wastes.len()) as u8))
    }
    fn may_deal(&self) -> bool {
        !self.when_stuck || self.stuck()
    }
    /// A safe play alone if there is one, else every play (no deal).
    fn within_stage(&self) -> Vec<Step> {
        if let Some(step) = self.safe_play() {
            return vec![step];
        }
        let mut moves = Vec::new();
        self.moves(true, true, &mut moves);
        moves.retain(|s| !matches!(s, Step::Deal(_)));
        moves
    }
}
