//! Rosamund's moves: checking, applying and generating them.

use solitaire_core::{Card, Illegal, Move, Position, Rank, Reading, Rules, Suit, Tx, Vars};

use crate::{Discard, Guards, READINGS, REDEALS, Role, Rosamund};

const KING_OF_SPADES: Card = Card::new(Rank::King, Suit::Spades);
const QUEEN_OF_HEARTS: Card = Card::new(Rank::Queen, Suit::Hearts);

/// All 52 cards: the foundation is then complete.
const FULL: usize = 52;

impl Rosamund {
    /// Whether `card` may be built on the foundation now.
    fn fits_foundation(&self, pos: &Position, card: Card) -> Result<(), Illegal> {
        let f = pos.pile(self.foundation);
        let wanted = f.top().map_or(Some(Rank::Jack), |top| top.rank.down(true));
        if wanted != Some(card.rank) {
            return Err(Illegal::target(
                "the foundation builds down one rank at a time, regardless of suit",
            ));
        }
        if same_card(card, KING_OF_SPADES) && f.len() != FULL - 2 {
            return Err(Illegal::target(
                "the King of Spades is built only as the 51st card",
            ));
        }
        if same_card(card, QUEEN_OF_HEARTS) && f.len() != FULL - 1 {
            return Err(Illegal::target(
                "the Queen of Hearts is built only as the last card",
            ));
        }
        Ok(())
    }

    /// Whether some guard can be built now (the obligation is in force).
    fn guard_is_buildable(&self, pos: &Position) -> bool {
        self.guards.iter().any(|&g| {
            pos.pile(g)
                .top_face_up()
                .is_some_and(|c| self.fits_foundation(pos, c).is_ok())
        })
    }

    /// Refuse every move but a guard build while a guard can be built, when the reading makes
    /// that obligatory.
    fn obligation(&self, pos: &Position) -> Result<(), Illegal> {
        if self.guard_duty == Guards::Obligatory && self.guard_is_buildable(pos) {
            Err(Illegal::phase(
                "a guard that can be built must be built first",
            ))
        } else {
            Ok(())
        }
    }

    fn check_transfer(
        &self,
        pos: &Position,
        from: usize,
        to: usize,
        count: usize,
    ) -> Result<(), Illegal> {
        match self.roles[from] {
            Role::Stock => return Err(Illegal::source("turn stock cards with deal")),
            Role::Foundation => return Err(Illegal::source("cards never leave the foundation")),
            Role::Packet => {
                return Err(Illegal::source(
                    "the King's guards only refill the guards' spaces",
                ));
            }
            Role::Hand | Role::Waste | Role::Guard | Role::King | Role::Queen => {}
        }
        if count != 1 {
            return Err(Illegal::source("only one card moves at a time"));
        }
        let Some(card) = pos.pile(from).top_face_up() else {
            return Err(Illegal::source("there is no card to move there"));
        };
        match self.roles[to] {
            Role::Foundation => self.fits_foundation(pos, card)?,
            Role::Waste if self.roles[from] == Role::Hand => {
                if self.discard == Discard::UnplayableOnly
                    && self.fits_foundation(pos, card).is_ok()
                {
                    // The obligation to build a guard, if any, is the reason to report first.
                    self.obligation(pos)?;
                    return Err(Illegal::target(
                        "a turned card that can be built must be built",
                    ));
                }
            }
            Role::Waste => {
                return Err(Illegal::target("only the turned card goes to a waste pile"));
            }
            _ => {
                return Err(Illegal::target(
                    "cards go only to the foundation, or from the hand to a waste pile",
                ));
            }
        }
        if self.roles[from] == Role::Guard && self.roles[to] == Role::Foundation {
            Ok(())
        } else {
            self.obligation(pos)
        }
    }

    fn check_deal(&self, pos: &Position) -> Result<(), Illegal> {
        if !pos.pile(self.hand).is_empty() {
            return Err(Illegal::stock(
                "build the turned card or put it on a waste pile before turning the next",
            ));
        }
        if pos.pile(self.stock).is_empty() {
            return Err(Illegal::stock("the stock is empty"));
        }
        self.obligation(pos)
    }

    fn check_redeal(&self, pos: &Position) -> Result<(), Illegal> {
        if !pos.pile(self.stock).is_empty() || !pos.pile(self.hand).is_empty() {
            return Err(Illegal::stock(
                "redeal only when the stock and the hand are empty",
            ));
        }
        if pos.vars().redeals >= REDEALS {
            return Err(Illegal::stock("all three redeals are used"));
        }
        if self.wastes.iter().all(|&w| pos.pile(w).is_empty()) {
            return Err(Illegal::stock("the waste piles are empty"));
        }
        self.obligation(pos)
    }
}

fn same_card(a: Card, b: Card) -> bool {
    a.rank == b.rank && a.suit == b.suit
}

impl Rules for Rosamund {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Transfer { from, to, count } => {
                self.check_transfer(pos, from.into(), to.into(), count.into())
            }
            Move::TransferBottom { .. } => Err(Illegal::TOP_ONLY),
            Move::Deal => self.check_deal(pos),
            Move::Redeal => self.check_redeal(pos),
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        match mv {
            Move::Transfer { from, to, count } => {
                let (from, to) = (usize::from(from), usize::from(to));
                tx.move_cards(from, to, usize::from(count));
                if self.roles[from] == Role::Guard
                    && tx.pos().pile(from).is_empty()
                    && !tx.pos().pile(self.packet).is_empty()
                {
                    // Moved face up: the card lands on an empty pile.
                    tx.move_cards(self.packet, from, 1);
                }
            }
            Move::Deal => tx.move_cards(self.stock, self.hand, 1),
            Move::TransferBottom { .. } => {}
            Move::Redeal => {
                // Waste 3 goes down first, turned over, so waste 1's bottom card ends on top.
                for &w in self.wastes.iter().rev() {
                    let n = tx.pos().pile(w).len();
                    tx.gather_face_down(w, self.stock, n);
                }
                let vars = tx.pos().vars();
                tx.set_vars(Vars {
                    redeals: vars.redeals + 1,
                    ..vars
                });
            }
        }
    }

    fn is_won(&self, pos: &Position) -> bool {
        pos.pile(self.foundation).len() == FULL
    }

    fn readings(&self) -> &'static [Reading] {
        READINGS
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let mut candidates = Vec::with_capacity(24);
        for &from in &self.sources {
            if pos.pile(from).is_empty() {
                continue;
            }
            candidates.push(Move::transfer(from, self.foundation, 1));
            if from == self.hand {
                for &w in &self.wastes {
                    candidates.push(Move::transfer(from, w, 1));
                }
            }
        }
        candidates.push(Move::Deal);
        candidates.push(Move::Redeal);
        out.extend(
            candidates
                .into_iter()
                .filter(|&mv| self.check(pos, mv).is_ok()),
        );
    }
}
