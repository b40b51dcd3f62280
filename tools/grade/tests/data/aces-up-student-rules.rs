//! My Aces Up moves. (Test data for tests/similarity.rs: an implementation of Aces Up written
//! from its rules text into the scaffold `sol new-game --like aces-up` makes, without looking
//! at games/aces-up, as a student would.)

use solitaire_core::{Card, Illegal, Move, Position, Rank, Rules, Tx};

use crate::{Role, StudentAcesUp};

impl StudentAcesUp {
    /// The indexes of all piles with this role.
    fn all(&self, wanted: Role) -> Vec<usize> {
        let mut found = vec![];
        for (i, role) in self.roles.iter().enumerate() {
            if *role == wanted {
                found.push(i);
            }
        }
        found
    }

    fn the_stock(&self) -> usize {
        self.all(Role::Stock)[0]
    }

    fn the_discard(&self) -> usize {
        self.all(Role::Foundation)[0]
    }

    /// Can this card go to the discard pile? Only if another column shows a bigger card of
    /// the same suit on top (aces count as 14).
    fn can_discard(&self, pos: &Position, column: usize, card: Card) -> bool {
        let value = |c: Card| if c.rank == Rank::Ace { 14 } else { c.rank.value() };
        for other in self.all(Role::Tableau) {
            if other == column {
                continue;
            }
            if let Some(top) = pos.pile(other).top() {
                if top.suit == card.suit && value(top) > value(card) {
                    return true;
                }
            }
        }
        false
    }
}

impl Rules for StudentAcesUp {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        if mv == Move::Redeal {
            return Err(Illegal::unsupported("no redeal in this game"));
        }
        if mv == Move::Deal {
            if pos.pile(self.the_stock()).is_empty() {
                return Err(Illegal::stock("nothing left to deal"));
            }
            return Ok(());
        }
        let Move::Transfer { from, to, count, .. } = mv else {
            return Err(Illegal::TOP_ONLY);
        };
        let (from, to) = (usize::from(from), usize::from(to));
        if self.roles[from] != Role::Tableau {
            return Err(Illegal::source("cards only move from the columns"));
        }
        if usize::from(count) > 1 {
            return Err(Illegal::source("one card at a time"));
        }
        let card = match pos.pile(from).top() {
            Some(card) => card,
            None => return Err(Illegal::source("that column has no card")),
        };
        if self.roles[to] == Role::Foundation {
            if self.can_discard(pos, from, card) {
                Ok(())
            } else {
                Err(Illegal::target("no higher card of this suit is showing"))
            }
        } else if self.roles[to] == Role::Tableau && pos.pile(to).is_empty() {
            Ok(())
        } else {
            Err(Illegal::target("only empty columns can take a card"))
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        if let Move::Transfer { from, to, count, .. } = mv {
            tx.move_cards(usize::from(from), usize::from(to), usize::from(count));
        } else if mv == Move::Deal {
            let stock = self.the_stock();
            for column in self.all(Role::Tableau) {
                if tx.pos().pile(stock).is_empty() {
                    break;
                }
                tx.move_cards(stock, column, 1);
            }
        }
    }

    /// Won once only aces are left in the columns and the stock is gone.
    fn is_won(&self, pos: &Position) -> bool {
        if !pos.pile(self.the_stock()).is_empty() {
            return false;
        }
        let mut left = 0;
        for column in self.all(Role::Tableau) {
            for card in pos.pile(column).cards() {
                if card.rank != Rank::Ace {
                    return false;
                }
                left += 1;
            }
        }
        left + pos.pile(self.the_discard()).len() == self.cards
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let columns = self.all(Role::Tableau);
        for &column in &columns {
            let Some(card) = pos.pile(column).top() else {
                continue;
            };
            if self.can_discard(pos, column, card) {
                out.push(Move::transfer(column, self.the_discard(), 1));
            }
            for &space in &columns {
                if space != column && pos.pile(space).is_empty() {
                    out.push(Move::transfer(column, space, 1));
                }
            }
        }
        if !pos.pile(self.the_stock()).is_empty() {
            out.push(Move::Deal);
        }
    }
}
