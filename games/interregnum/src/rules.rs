//! Interregnum's moves: checking, applying and generating them.

use solitaire_core::{
    BuildRule, Card, Illegal, Layout, Move, Position, Reading, Rules, Structure, StructureError, Tx,
};

use crate::{BUILT, Crown, Interregnum, READINGS, Role};

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
            Role::Indicator(n) if self.crown == Crown::ByHand => {
                return self.check_crown(pos, n, to, count);
            }
            Role::Indicator(_) => {
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
            Role::Indicator(_) => Err(Illegal::target("nothing goes on an indicator")),
            Role::Stock => Err(Illegal::target("cards never go back to the stock")),
        }
    }

    /// Crowning by hand: indicator number `n` goes onto its own foundation once that holds
    /// twelve cards.
    fn check_crown(
        &self,
        pos: &Position,
        n: usize,
        to: usize,
        count: usize,
    ) -> Result<(), Illegal> {
        if pos.pile(self.indicators[n]).is_empty() {
            return Err(Illegal::source("there is no card to move"));
        }
        if count != 1 {
            return Err(Illegal::source("only one card moves at a time"));
        }
        if pos.pile(self.foundations[n]).len() != BUILT {
            return Err(Illegal::source(
                "an indicator moves only to crown its foundation once it holds twelve cards",
            ));
        }
        if to == self.foundations[n] {
            Ok(())
        } else {
            Err(Illegal::target(
                "an indicator crowns only its own foundation",
            ))
        }
    }

    /// The foundation moves (founding, building and, by hand, crowning), appended to `out`.
    fn builds(&self, pos: &Position, out: &mut Vec<Move>) {
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
        if self.crown == Crown::ByHand {
            for (&i, &f) in self.indicators.iter().zip(&self.foundations) {
                if !pos.pile(i).is_empty() && pos.pile(f).len() == BUILT {
                    out.push(Move::transfer(i, f, 1));
                }
            }
        }
    }

    /// A deal, given whether a foundation move is waiting.
    fn check_deal(&self, pos: &Position, waiting: impl FnOnce() -> bool) -> Result<(), Illegal> {
        if pos.pile(self.stock).is_empty() {
            return Err(Illegal::stock("the stock is empty"));
        }
        self.deal.check(
            waiting,
            "deal only when no card can be founded, built or crowned",
        )
    }
}

impl Rules for Interregnum {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => self.check_transfer(pos, from.into(), to.into(), count.into()),
            Move::Deal => self.check_deal(pos, || {
                let mut builds = Vec::new();
                self.builds(pos, &mut builds);
                !builds.is_empty()
            }),
            Move::Redeal => Err(Illegal::unsupported("Interregnum has no redeal")),
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => {
                let (from, to) = (usize::from(from), usize::from(to));
                tx.move_cards(from, to, usize::from(count));
                if let (Role::Foundation(n), Crown::Automatic) = (self.roles[to], self.crown) {
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

    /// A foundation in progress is founded one rank above its indicator and holds twelve cards
    /// at most (fewer when the twelfth brings the indicator at once, `crown: automatic`); an
    /// indicator leaves only to crown its foundation as the thirteenth card.
    fn check_structure(&self, pos: &Position) -> Result<(), StructureError> {
        for (&f, &i) in self.foundations.iter().zip(&self.indicators) {
            let (found, indicator) = (pos.pile(f), pos.pile(i).top());
            let Some(base) = found.bottom() else {
                continue;
            };
            let rule = match indicator {
                None if found.len() <= BUILT => "an indicator leaves only to crown its foundation",
                Some(_) if found.len() > BUILT => "a foundation's thirteenth card is its indicator",
                Some(_) if found.len() == BUILT && self.crown == Crown::Automatic => {
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
        let start = out.len();
        self.builds(pos, out);
        let waiting = out.len() > start;
        if self.check_deal(pos, || waiting).is_ok() {
            out.push(Move::Deal);
        }
    }

    fn readings(&self) -> &'static [Reading] {
        READINGS
    }
}
