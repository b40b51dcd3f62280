//! Spider's moves: checking, applying and generating them.

use solitaire_core::{
    BuildRule, Card, End, Illegal, Layout, Move, Pile, PileId, PileKind, Position, Rank, Rules,
    Structure, StructureError, Tx,
};

use crate::{MAX_COLUMNS, Removal, Spider};

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
        if self.kinds[from] != PileKind::Tableau {
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
        match self.kinds[to] {
            PileKind::Stock => Err(Illegal::target("cards cannot go back to the stock")),
            PileKind::Foundation => {
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
            // Tableau: the only other kind the game's piles have.
            _ => {
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
            Move::Transfer {
                from, to, count, ..
            } => self.check_transfer(pos, from.into(), to.into(), count.into()),
            Move::Deal => self.check_deal(pos),
            Move::Redeal => Err(Illegal::unsupported("Spider has no redeal")),
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => {
                let (from, to) = (usize::from(from), usize::from(to));
                tx.move_cards(from, to, usize::from(count));
                tx.reveal_top(from);
                if self.kinds[to] == PileKind::Tableau {
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
        // One pass over the columns: each one's top face-up rank and movable run, and for
        // every rank the set of columns (a bit each) whose top face-up card has that rank.
        let mut tips = [(0u8, 0u8); MAX_COLUMNS];
        let mut topped_by = [0u16; 15];
        let mut empty = 0u16;
        for (i, &c) in self.columns.iter().enumerate() {
            let pile = pos.pile(c);
            match pile.top_face_up() {
                Some(card) => {
                    let rank = card.rank.value();
                    tips[i] = (rank, movable_run(pile) as u8);
                    topped_by[usize::from(rank)] |= 1 << i;
                }
                None if pile.is_empty() => empty |= 1 << i,
                None => {}
            }
        }
        for (i, &from) in self.columns.iter().enumerate() {
            let (tip, run) = tips[i];
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
            let from_id = PileId::of(from);
            let first = out.len();
            // The run's card at depth k (1-based) has rank tip + k - 1 and fits on a column
            // topped by rank tip + k.
            for count in 1..=run {
                let onto = usize::from(tip + count);
                if onto >= topped_by.len() {
                    break;
                }
                let mut targets = topped_by[onto] & !(1 << i);
                while targets != 0 {
                    let j = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    out.push(Move::Transfer {
                        end: End::Top,
                        from: from_id,
                        to: PileId::of(self.columns[j]),
                        count,
                    });
                }
            }
            let mut spaces = empty;
            while spaces != 0 {
                let j = spaces.trailing_zeros() as usize;
                spaces &= spaces - 1;
                for count in 1..=run {
                    out.push(Move::Transfer {
                        end: End::Top,
                        from: from_id,
                        to: PileId::of(self.columns[j]),
                        count,
                    });
                }
            }
            // List by destination, as `sol moves` always has (a stable sort keeps the counts
            // into a space in increasing order).
            out[first..].sort_by_key(|m| match *m {
                Move::Transfer { to, .. } => to.index(),
                _ => 0,
            });
        }
        if self.check_deal(pos).is_ok() {
            out.push(Move::Deal);
        }
    }

    fn score(&self, pos: &Position) -> i32 {
        self.woods_score(pos)
    }

    /// Foundations run down in suit from the top rank (the King).
    fn structure(&self, layout: &Layout) -> Structure {
        let mut s = Structure::of(layout);
        let top = Rank::from_value(self.top_rank);
        for &f in &self.foundations {
            s.piles[f] = s.piles[f].built(top, BuildRule::DOWN_IN_SUIT);
        }
        s
    }

    /// A foundation holds one complete suit or nothing.
    fn check_structure(&self, pos: &Position) -> Result<(), StructureError> {
        let suit = usize::from(self.top_rank);
        match self
            .foundations
            .iter()
            .find(|&&f| !pos.pile(f).is_empty() && pos.pile(f).len() != suit)
        {
            Some(&f) => Err(StructureError::pile(
                f,
                "a foundation holds one complete suit, King to Ace, or nothing",
            )),
            None => Ok(()),
        }
    }
}
