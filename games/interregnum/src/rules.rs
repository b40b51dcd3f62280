//! Interregnum's moves: checking, applying and generating them.

use solitaire_core::{
    BuildRule, Card, Illegal, Layout, Move, Position, Rules, Structure, StructureError, Tx,
};

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
            Move::Redeal => {}
        }
    }

    fn is_won(&self, pos: &Position) -> bool {
        self.foundations
            .iter()
            .all(|&f| pos.pile(f).len() == BUILT + 1)
    }

    /// Foundations are built up regardless of suit, King then Ace, to thirteen cards.
    fn structure(&self, layout: &Layout) -> Structure {
        let mut s = Structure::of(layout);
        let up = BuildRule::UP_ANY_SUIT.wrapping();
        for &f in &self.foundations {
            s.piles[f] = s.piles[f].at_most(BUILT + 1).built(None, up);
        }
        s
    }

    /// A foundation in progress is founded one rank above its indicator and holds fewer than
    /// twelve cards (the twelfth brings the indicator at once); an indicator leaves only to
    /// crown its foundation as the thirteenth card.
    fn check_structure(&self, pos: &Position) -> Result<(), StructureError> {
        for (&f, &i) in self.foundations.iter().zip(&self.indicators) {
            let (found, indicator) = (pos.pile(f), pos.pile(i).top());
            let Some(base) = found.bottom() else {
                continue;
            };
            let rule = match indicator {
                None if found.len() <= BUILT => "an indicator leaves only to crown its foundation",
                Some(_) if found.len() >= BUILT => {
                    "a foundation of twelve cards is crowned at once by its indicator"
                }
                Some(ind) if ind.rank.up(true) != Some(base.rank) => {
                    "a foundation is founded one rank above its indicator"
                }
                _ => continue,
            };
            return Err(StructureError::pile(f, rule));
        }
        Ok(())
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
