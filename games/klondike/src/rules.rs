//! Klondike's moves: checking and applying them, and the structure of its positions.

use solitaire_core::{
    BuildRule, Card, Direction, Illegal, Layout, Move, Position, Rank, Reading, Rules, Status,
    Structure, SuitRule, Tx,
};

use crate::{Klondike, READINGS};

/// A column: down in alternate colours.
const DOWN_ALTERNATE: BuildRule = BuildRule {
    suit: SuitRule::Alternate,
    direction: Direction::Down,
    wrap: false,
};

impl Klondike {
    fn is_column(&self, p: usize) -> bool {
        self.columns.contains(&p)
    }

    fn is_foundation(&self, p: usize) -> bool {
        self.foundations.contains(&p)
    }

    /// The cards that would move: the top `count` of `from`, face up and in order.
    fn moving<'a>(
        &self,
        pos: &'a Position,
        from: usize,
        count: usize,
    ) -> Result<&'a [Card], Illegal> {
        let pile = pos.pile(from);
        if from == self.stock {
            return Err(Illegal::source("the stock turns onto the waste with deal"));
        }
        if count > 1 && !self.is_column(from) {
            return Err(Illegal::source(
                "only a column's run moves more than one card",
            ));
        }
        if count > pile.face_up().len() {
            return Err(Illegal::source("only face-up cards move"));
        }
        let cards = pile
            .top_n(count)
            .ok_or(Illegal::source("the pile has fewer cards"))?;
        if !DOWN_ALTERNATE.is_sequence(cards) {
            return Err(Illegal::source(
                "a run moves only if it is built down in alternate colours",
            ));
        }
        Ok(cards)
    }

    fn check_transfer(
        &self,
        pos: &Position,
        from: usize,
        to: usize,
        count: usize,
    ) -> Result<(), Illegal> {
        if from == to {
            return Err(Illegal::target("a card moves to another pile"));
        }
        if self.is_foundation(from) && !self.is_column(to) {
            return Err(Illegal::target(
                "a foundation card goes back only to a column",
            ));
        }
        let cards = self.moving(pos, from, count)?;
        let Some(&first) = cards.first() else {
            return Err(Illegal::source("nothing to move"));
        };
        self.takes(pos, to, first, count)
    }

    /// Whether pile `to` takes `count` cards headed by `head`: a foundation one card, up in
    /// suit from the Ace; a column down in alternate colours, a space only a King.
    fn takes(&self, pos: &Position, to: usize, head: Card, count: usize) -> Result<(), Illegal> {
        if self.is_foundation(to) {
            if count != 1 {
                return Err(Illegal::target("a foundation takes one card at a time"));
            }
            return match pos.pile(to).top() {
                None if head.rank == Rank::Ace => Ok(()),
                None => Err(Illegal::target("a foundation is founded with an Ace")),
                Some(top) if BuildRule::UP_IN_SUIT.fits(top, head) => Ok(()),
                Some(_) => Err(Illegal::target("a foundation is built up in suit")),
            };
        }
        if !self.is_column(to) {
            return Err(Illegal::target(
                "cards go only to the foundations and the columns",
            ));
        }
        match pos.pile(to).top() {
            None if head.rank == Rank::King => Ok(()),
            None => Err(Illegal::target(
                "a space takes only a King, or a run headed by a King",
            )),
            Some(top) if DOWN_ALTERNATE.fits(top, head) => Ok(()),
            Some(_) => Err(Illegal::target(
                "a column is built down in alternate colours",
            )),
        }
    }

    fn check_redeal(&self, pos: &Position) -> Result<(), Illegal> {
        if !pos.pile(self.stock).is_empty() {
            return Err(Illegal::stock(
                "the waste turns over only when the stock is empty",
            ));
        }
        if pos.pile(self.waste).is_empty() {
            return Err(Illegal::stock("the waste is empty"));
        }
        match self.redeals {
            Some(0) => Err(Illegal::stock("one pass only: the waste never turns over")),
            Some(limit) if pos.vars().redeals >= limit => {
                Err(Illegal::stock("every pass through the stock is used"))
            }
            _ => Ok(()),
        }
    }
}

impl Rules for Klondike {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => self.check_transfer(pos, from.into(), to.into(), count.into()),
            Move::Deal if pos.pile(self.stock).is_empty() => {
                Err(Illegal::stock("the stock is empty"))
            }
            Move::Deal => Ok(()),
            Move::Redeal => self.check_redeal(pos),
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => {
                let from = usize::from(from);
                tx.move_cards(from, usize::from(to), usize::from(count));
                if self.is_column(from) {
                    tx.reveal_top(from);
                }
            }
            Move::Deal => {
                // Turned one by one, three cards land as the packet turned over would.
                let n = self.draw.min(tx.pos().pile(self.stock).len());
                for _ in 0..n {
                    tx.move_cards(self.stock, self.waste, 1);
                }
            }
            Move::Redeal => {
                let n = tx.pos().pile(self.waste).len();
                tx.gather_face_down(self.waste, self.stock, n);
                // Counted for the player; with passes unlimited the count is no part of the
                // position (`Structure::unlimited_redeals`).
                let vars = tx.pos().vars();
                tx.set_vars(vars.redealt());
            }
        }
    }

    /// The default's moves ([`solitaire_core::candidate_moves`] that `check` accepts), in the
    /// same order, found without trying the others: a pile's movable cards are its top card,
    /// or a column's run built down in alternate colours; each goes where its first card fits.
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let n = pos.piles().len();
        for from in (0..n).filter(|&p| p != self.stock) {
            let pile = pos.pile(from);
            let up = pile.face_up();
            let most = if self.is_column(from) {
                let run = up
                    .windows(2)
                    .rev()
                    .take_while(|w| DOWN_ALTERNATE.fits(w[0], w[1]))
                    .count();
                if up.is_empty() { 0 } else { run + 1 }
            } else {
                pile.len().min(1)
            };
            if most == 0 {
                continue;
            }
            let cards = pile.cards();
            for to in (0..n).filter(|&p| p != from && p != self.stock && p != self.waste) {
                if self.is_foundation(from) && !self.is_column(to) {
                    continue;
                }
                for count in 1..=most {
                    let head = cards[cards.len() - count];
                    if self.takes(pos, to, head, count).is_ok() {
                        out.push(Move::transfer(from, to, count));
                    }
                }
            }
        }
        for mv in [Move::Deal, Move::Redeal] {
            if self.check(pos, mv).is_ok() {
                out.push(mv);
            }
        }
    }

    /// Won when no card is left outside the foundations.
    fn is_won(&self, pos: &Position) -> bool {
        pos.piles()
            .iter()
            .enumerate()
            .all(|(i, pile)| self.is_foundation(i) || pile.is_empty())
    }

    /// Lost when no card can move now nor after turning the stock round as often as the
    /// passes allow: turning it only, with nothing to play, is no way on.
    fn status(&self, pos: &Position) -> Status {
        if self.is_won(pos) {
            return Status::Won;
        }
        let mut pos = pos.clone();
        let mut moves = Vec::new();
        // One pass through whatever the stock holds, a turn of the waste, and one whole pass
        // more: every card of stock and waste has then been on top of the waste, in every
        // grouping the turns can give it. Dealing moves no card between piles otherwise.
        let turns = 2 * (pos.pile(self.stock).len() + pos.pile(self.waste).len()) + 2;
        for _ in 0..turns {
            moves.clear();
            self.legal_moves(&pos, &mut moves);
            if moves.iter().any(|m| matches!(m, Move::Transfer { .. })) {
                return Status::Playing;
            }
            let Some(&turn) = moves.first() else {
                break;
            };
            let mut log = Vec::new();
            self.apply(&mut Tx::new(&mut pos, &mut log), turn);
        }
        Status::Lost
    }

    fn readings(&self) -> &'static [Reading] {
        READINGS
    }

    /// The foundations are built up in suit from the Ace; the waste turns over at most as
    /// often as the passes allow (never counted when they are unlimited).
    fn structure(&self, layout: &Layout) -> Structure {
        let mut s = Structure::of(layout);
        for &f in &self.foundations {
            s.piles[f] = s.piles[f].built(Some(Rank::Ace), BuildRule::UP_IN_SUIT);
        }
        s.max_redeals = self.redeals.unwrap_or(0);
        s.unlimited_redeals = self.redeals.is_none();
        s
    }
}
