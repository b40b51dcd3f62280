//! Woods' score for Spider (see the crate doc and docs/rules-notes.md).

use solitaire_core::{Position, Rules};

use crate::Spider;

impl Spider {
    /// 10 per turned-up card, 15 per column cleared of face-down cards, 2 per face-up card on
    /// the next higher card of its suit, 50 per removed suit; a won game with suits still in the
    /// tableau scores them as removed, plus 2 per suit after the third.
    pub(crate) fn woods_score(&self, pos: &Position) -> i32 {
        let face_down: usize = self.columns.iter().map(|&c| pos.pile(c).face_down()).sum();
        let turned = self.dealt_face_down.saturating_sub(face_down);
        let cleared = self
            .columns_with_face_down
            .iter()
            .filter(|&&c| pos.pile(c).face_down() == 0)
            .count();
        let r = usize::from(self.top_rank);
        let removed: usize = self
            .foundations
            .iter()
            .map(|&f| pos.pile(f).len() / r)
            .sum();
        let base = 10 * turned + 15 * cleared;
        if self.is_won(pos) {
            let kept = self
                .columns
                .iter()
                .filter(|&&c| !pos.pile(c).is_empty())
                .count();
            return (base + 50 * (removed + kept) + 2 * kept.saturating_sub(3)) as i32;
        }
        let pairs: usize = self
            .columns
            .iter()
            .map(|&c| {
                let up = pos.pile(c).face_up();
                up.windows(2)
                    .filter(|w| w[1].is_next_below_in_suit(w[0]))
                    .count()
            })
            .sum();
        (base + 2 * pairs + 50 * removed) as i32
    }
}
