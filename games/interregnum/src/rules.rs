//! Interregnum's moves: checking, applying and generating them.

use solitaire_core::{Card, Illegal, Move, Position, Rules, Tx};

use crate::{BUILT, Interregnum, Role};

impl Interregnum {
    /// Whether `card` may go on foundation number `n` now.
    fn fits(&self, pos: &Position, n: usize, card: Card) -> Result<(), Illegal> {
        let found = pos.pile(self.foundations[n]);
        if found.len() > BUILT {
            return Err(Illegal::target("a crowned foundation is complete"));
        }
        if found.len() == BUILT {
            return Err(Illegal::target(
                "only the indicator crowns a foundation as its thirteenth card",
            ));
        }
        match found.top() {
            None => {
                let indicator = pos.pile(self.indicators[n]).top();
                if indicator.and_then(|i| i.rank.up(true)) == Some(card.rank) {
                    Ok(())
                } else {
                    Err(Illegal::target(
                        "a foundation is founded with a card one rank above its indicator",
                    ))
                }
            }
            Some(top) if top.rank.up(true) == Some(card.rank) => Ok(()),
            Some(_) => Err(Illegal::target(
                "a card goes only on a card one rank lower (King then Ace)",
            )),
        }
    }

    fn check_transfer(
        &self,
        pos: &Position,
        from: usize,
        to: usize,
        count: usize,
    ) -> Result<(), Illegal> {
        let card = match self.roles[from] {
            Role::Waste => pos
                .pile(from)
                .top_face_up()
                .ok_or(Illegal::source("there is no card to move"))?,
            Role::Stock => return Err(Illegal::source("stock cards are dealt to the waste piles")),
            Role::Indicator => {
                return Err(Illegal::source(
                    "an indicator moves only to crown its completed foundation",
                ));
            }
            Role::Foundation(_) => {
                return Err(Illegal::source("cards never leave the foundations"));
            }
        };
        if count != 1 {
            return Err(Illegal::source("only one card moves at a time"));
        }
        match self.roles[to] {
            Role::Foundation(n) => self.fits(pos, n, card),
            Role::Waste => Err(Illegal::target("nothing is packed on the waste piles")),
            Role::Indicator => Err(Illegal::target("nothing goes on an indicator")),
            Role::Stock => Err(Illegal::target("cards never go back to the stock")),
        }
    }

    fn check_deal(&self, pos: &Position) -> Result<(), Illegal> {
        if pos.pile(self.stock).is_empty() {
            Err(Illegal::stock("the stock is empty"))
        } else {
            Ok(())
        }
    }
}

impl Rules for Interregnum {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Transfer { from, to, count } => {
                self.check_transfer(pos, from.into(), to.into(), count.into())
            }
            Move::TransferBottom { .. } => Err(Illegal::TOP_ONLY),
            Move::Deal => self.check_deal(pos),
            Move::Redeal => Err(Illegal::unsupported("Interregnum has no redeal")),
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        match mv {
            Move::Transfer { from, to, count } => {
                let (from, to) = (usize::from(from), usize::from(to));
                tx.move_cards(from, to, usize::from(count));
                if let Role::Foundation(n) = self.roles[to] {
                    let indicator = self.indicators[n];
                    if tx.pos().pile(to).len() == BUILT && !tx.pos().pile(indicator).is_empty() {
                        tx.move_cards(indicator, to, 1);
                    }
                }
            }
            Move::Deal => {
                for &w in &self.wastes {
                    if tx.pos().pile(self.stock).is_empty() {
                        break;
                    }
                    tx.move_cards(self.stock, w, 1);
                }
            }
            Move::Redeal | Move::TransferBottom { .. } => {}
        }
    }

    fn is_won(&self, pos: &Position) -> bool {
        self.foundations
            .iter()
            .all(|&f| pos.pile(f).len() == BUILT + 1)
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        for &w in &self.wastes {
            let Some(card) = pos.pile(w).top_face_up() else {
                continue;
            };
            for (n, &f) in self.foundations.iter().enumerate() {
                if self.fits(pos, n, card).is_ok() {
                    out.push(Move::transfer(w, f, 1));
                }
            }
        }
        if self.check_deal(pos).is_ok() {
            out.push(Move::Deal);
        }
    }
}
