//! Spider's moves: checking, applying and generating them.

use solitaire_core::{Card, Illegal, Move, Pile, Position, Rules, Tx};

use crate::{MAX_COLUMNS, Removal, Role, Spider};

/// Length of the run at the top of `pile` that is face up, in one suit and in sequence.
pub(crate) fn movable_run(pile: &Pile) -> usize {
    let up = pile.face_up();
    let Some((&top, rest)) = up.split_last() else {
        return 0;
    };
    let mut len = 1;
    let mut below = top;
    for &card in rest.iter().rev() {
        if !below.is_next_below_in_suit(card) {
            break;
        }
        len += 1;
        below = card;
    }
    len
}

impl Spider {
    /// Whether the top of `pile` is a complete suit, from the top rank down to Ace.
    pub(crate) fn has_complete_suit(&self, pile: &Pile) -> bool {
        let r = usize::from(self.top_rank);
        pile.top().is_some_and(|c| c.rank.value() == 1)
            && pile.face_up().len() >= r
            && movable_run(pile) >= r
            && {
                let head = pile.cards()[pile.len() - r];
                head.rank.value() == self.top_rank
            }
    }

    fn first_empty_foundation(&self, pos: &Position) -> Option<usize> {
        self.foundations
            .iter()
            .copied()
            .find(|&f| pos.pile(f).is_empty())
    }

    fn check_transfer(
        &self,
        pos: &Position,
        from: usize,
        to: usize,
        count: usize,
    ) -> Result<(), Illegal> {
        if self.roles[from] != Role::Column {
            return Err(Illegal::source("cards move only from the columns"));
        }
        let src = pos.pile(from);
        if count > src.face_up().len() {
            return Err(Illegal::source("face-down cards cannot move"));
        }
        if count > movable_run(src) {
            return Err(Illegal::source(
                "only a run in one suit and in sequence moves as a unit",
            ));
        }
        let head: Card = src.cards()[src.len() - count];
        match self.roles[to] {
            Role::Stock => Err(Illegal::target("cards cannot go back to the stock")),
            Role::Foundation => {
                if count != usize::from(self.top_rank) || head.rank.value() != self.top_rank {
                    return Err(Illegal::target(
                        "only a complete suit from King to Ace goes to a foundation",
                    ));
                }
                if self.first_empty_foundation(pos) != Some(to) {
                    return Err(Illegal::target(
                        "a completed suit goes to the first empty foundation",
                    ));
                }
                Ok(())
            }
            Role::Column => {
                let dst = pos.pile(to);
                let Some(top) = dst.top() else {
                    return Ok(());
                };
                if dst.top_face_up().is_none() {
                    return Err(Illegal::target("cards go only onto a face-up card"));
                }
                if head.rank.value() + 1 == top.rank.value() {
                    Ok(())
                } else if head.rank.value() == self.top_rank {
                    Err(Illegal::target("a King can only go to an empty column"))
                } else if top.rank.value() == 1 {
                    Err(Illegal::target("nothing goes on an Ace"))
                } else {
                    Err(Illegal::target("a card goes only on the next higher rank"))
                }
            }
        }
    }

    fn check_deal(&self, pos: &Position) -> Result<(), Illegal> {
        if pos.pile(self.stock).is_empty() {
            return Err(Illegal::stock("the stock is empty"));
        }
        let cleared =
            self.params.deal_on_clear && self.columns.iter().all(|&c| pos.pile(c).is_empty());
        if !self.params.relaxed_deal
            && !cleared
            && self.columns.iter().any(|&c| pos.pile(c).is_empty())
        {
            return Err(Illegal::stock("fill every empty column before dealing"));
        }
        Ok(())
    }

    /// Remove a completed suit from `column` if removal is automatic, then turn up its top.
    fn settle(&self, tx: &mut Tx<'_>, column: usize) {
        if self.params.removal == Removal::Automatic
            && self.has_complete_suit(tx.pos().pile(column))
            && let Some(f) = self.first_empty_foundation(tx.pos())
        {
            tx.move_cards(column, f, usize::from(self.top_rank));
        }
        tx.reveal_top(column);
    }
}

impl Rules for Spider {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Transfer { from, to, count } => {
                self.check_transfer(pos, from.into(), to.into(), count.into())
            }
            Move::Deal => self.check_deal(pos),
            Move::Redeal => Err(Illegal::unsupported("Spider has no redeal")),
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        match mv {
            Move::Transfer { from, to, count } => {
                let (from, to) = (usize::from(from), usize::from(to));
                tx.move_cards(from, to, usize::from(count));
                tx.reveal_top(from);
                if self.roles[to] == Role::Column {
                    self.settle(tx, to);
                }
            }
            Move::Deal => {
                for &c in &self.columns {
                    if tx.pos().pile(self.stock).is_empty() {
                        break;
                    }
                    tx.move_cards(self.stock, c, 1);
                }
                for &c in &self.columns {
                    self.settle(tx, c);
                }
            }
            Move::Redeal => {}
        }
    }

    fn is_won(&self, pos: &Position) -> bool {
        pos.pile(self.stock).is_empty()
            && self.columns.iter().all(|&c| {
                let p = pos.pile(c);
                p.is_empty() || (p.len() == usize::from(self.top_rank) && self.has_complete_suit(p))
            })
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        // One pass over the columns first: (top face-up rank or 0, movable run, is empty).
        let mut tops = [(0u8, 0u8, false); MAX_COLUMNS];
        for (slot, &c) in tops.iter_mut().zip(&self.columns) {
            let pile = pos.pile(c);
            let run = movable_run(pile);
            let tip = pile.top_face_up().map_or(0, |card| card.rank.value());
            *slot = (tip, run as u8, pile.is_empty());
        }
        let tops = &tops[..self.columns.len()];
        for (i, &from) in self.columns.iter().enumerate() {
            let (tip, run, _) = tops[i];
            if run == 0 {
                continue;
            }
            if tip == 1
                && usize::from(run) >= usize::from(self.top_rank)
                && self.has_complete_suit(pos.pile(from))
                && let Some(f) = self.first_empty_foundation(pos)
            {
                out.push(Move::transfer(from, f, usize::from(self.top_rank)));
            }
            for (j, &to) in self.columns.iter().enumerate() {
                let (top, _, empty) = tops[j];
                if j == i {
                    continue;
                }
                if empty {
                    for count in 1..=run {
                        out.push(Move::Transfer {
                            from: from as u8,
                            to: to as u8,
                            count,
                        });
                    }
                } else {
                    // The card that fits is one rank below `top`; the run holds ranks
                    // tip ..= tip + run - 1, the card of rank `want` at depth want - tip.
                    // (`top` is 0 for a face-down top card: nothing fits.)
                    let want = top.wrapping_sub(1);
                    if want >= tip && want - tip < run {
                        out.push(Move::Transfer {
                            from: from as u8,
                            to: to as u8,
                            count: want - tip + 1,
                        });
                    }
                }
            }
        }
        if self.check_deal(pos).is_ok() {
            out.push(Move::Deal);
        }
    }

    fn score(&self, pos: &Position) -> i32 {
        self.woods_score(pos)
    }
}
