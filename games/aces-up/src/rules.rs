//! Aces Up's moves: checking, applying and generating them.

use solitaire_core::{
    Card, FaceDown, Illegal, Layout, Move, PileKind, Position, Rank, Rules, Structure,
    StructureError, Tx,
};

use crate::AcesUp;

/// A rank's strength with the Ace high: Two 2, ..., King 13, Ace 14.
fn strength(rank: Rank) -> u8 {
    match rank {
        Rank::Ace => 14,
        r => r.value(),
    }
}

impl AcesUp {
    /// Whether some other column shows a higher card of `card`'s suit on top.
    fn beaten(&self, pos: &Position, from: usize, card: Card) -> bool {
        self.columns.iter().any(|&c| {
            c != from
                && pos.pile(c).top().is_some_and(|top| {
                    top.suit == card.suit && strength(top.rank) > strength(card.rank)
                })
        })
    }

    fn check_transfer(
        &self,
        pos: &Position,
        from: usize,
        to: usize,
        count: usize,
    ) -> Result<(), Illegal> {
        match self.kinds[from] {
            PileKind::Stock => return Err(Illegal::source("the stock is dealt with deal")),
            PileKind::Foundation => return Err(Illegal::source("discards never come back")),
            // Tableau: the only other kind the game's piles have.
            _ => {}
        }
        let card = pos
            .pile(from)
            .top()
            .ok_or(Illegal::source("the column is empty"))?;
        if count != 1 {
            return Err(Illegal::source("only the top card of a column moves"));
        }
        match self.kinds[to] {
            PileKind::Stock => Err(Illegal::target("cards never go back to the stock")),
            PileKind::Foundation if self.beaten(pos, from, card) => Ok(()),
            PileKind::Foundation => Err(Illegal::target(
                "only a card lower than another top card of its suit is discarded",
            )),
            PileKind::Tableau if pos.pile(to).is_empty() => Ok(()),
            // Tableau: the only other kind the game's piles have.
            _ => Err(Illegal::target("a card moves only into a space")),
        }
    }
}

impl Rules for AcesUp {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => self.check_transfer(pos, from.into(), to.into(), count.into()),
            Move::Deal if pos.pile(self.stock).is_empty() => {
                Err(Illegal::stock("the stock is empty"))
            }
            Move::Deal => Ok(()),
            Move::Redeal => Err(Illegal::unsupported("Aces Up has no redeal")),
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => {
                tx.move_cards(usize::from(from), usize::from(to), usize::from(count));
            }
            Move::Deal => {
                for &c in &self.columns {
                    if !tx.pos().pile(self.stock).is_empty() {
                        tx.move_cards(self.stock, c, 1);
                    }
                }
            }
            Move::Redeal => {}
        }
    }

    fn is_won(&self, pos: &Position) -> bool {
        // Only Aces are left: none in the stock, nothing else in the columns. (With a full
        // pack that is the 48 other cards discarded; said this way it holds for hand-built
        // positions too.)
        pos.pile(self.stock).is_empty()
            && self.columns.iter().all(|&c| {
                pos.pile(c)
                    .cards()
                    .iter()
                    .all(|card| card.rank == Rank::Ace)
            })
    }

    /// Every column card lies face up.
    fn structure(&self, layout: &Layout) -> Structure {
        let mut s = Structure::of(layout);
        for &c in &self.columns {
            s.piles[c] = s.piles[c].with_face_down(FaceDown::Never);
        }
        s
    }

    /// No card beats an Ace, so no Ace is ever discarded.
    fn check_structure(&self, pos: &Position) -> Result<(), StructureError> {
        if pos
            .pile(self.discard)
            .cards()
            .iter()
            .any(|c| c.rank == Rank::Ace)
        {
            return Err(StructureError::pile(
                self.discard,
                "an Ace is never discarded",
            ));
        }
        Ok(())
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        for &from in &self.columns {
            let Some(card) = pos.pile(from).top() else {
                continue;
            };
            if self.beaten(pos, from, card) {
                out.push(Move::transfer(from, self.discard, 1));
            }
            for &to in &self.columns {
                if to != from && pos.pile(to).is_empty() {
                    out.push(Move::transfer(from, to, 1));
                }
            }
        }
        if !pos.pile(self.stock).is_empty() {
            out.push(Move::Deal);
        }
    }
}
