//! Rosamund's moves: checking, applying and generating them.

use solitaire_core::{
    BuildRule, Card, FaceDown, Illegal, Layout, Move, Position, Rank, Reading, Rules, Structure,
    StructureError, Suit, Tx, Vars,
};

use crate::{Discard, Guards, READINGS, REDEALS, Role, Rosamund};

const KING_OF_SPADES: Card = Card::new(Rank::King, Suit::Spades);
const QUEEN_OF_HEARTS: Card = Card::new(Rank::Queen, Suit::Hearts);
const JACK_OF_CLUBS: Card = Card::new(Rank::Jack, Suit::Clubs);

/// All 52 cards: the foundation is then complete.
const FULL: usize = 52;

impl Rosamund {
    /// Whether `card` may be built on the foundation now.
    fn fits_foundation(&self, pos: &Position, card: Card) -> Result<(), Illegal> {
        let f = pos.pile(self.foundation);
        if f.is_empty() && !same_card(card, JACK_OF_CLUBS) {
            return Err(Illegal::target(
                "the foundation is founded with the Jack of Clubs",
            ));
        }
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
            Move::Transfer {
                from, to, count, ..
            } => self.check_transfer(pos, from.into(), to.into(), count.into()),
            Move::Deal => self.check_deal(pos),
            Move::Redeal => self.check_redeal(pos),
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => {
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

    /// The foundation runs down from the Jack regardless of suit, Ace then King; the Queen,
    /// the King and each guard is one face-up card; three redeals at most.
    fn structure(&self, layout: &Layout) -> Structure {
        let mut s = Structure::of(layout);
        let down = BuildRule::DOWN_ANY_SUIT.wrapping();
        s.piles[self.foundation] = s.piles[self.foundation].built(Some(Rank::Jack), down);
        for &p in self.guards.iter().chain([&self.queen, &self.king]) {
            s.piles[p] = s.piles[p].at_most(1).with_face_down(FaceDown::Never);
        }
        s.max_redeals = REDEALS;
        s
    }

    /// The foundation is the Jack of Clubs, with the King of Spades only as its 51st card and
    /// the Queen of Hearts only as its 52nd; the Queen and the King wait in their own places.
    fn check_structure(&self, pos: &Position) -> Result<(), StructureError> {
        let f = pos.pile(self.foundation).cards();
        if f.first().is_some_and(|&c| !same_card(c, JACK_OF_CLUBS)) {
            return Err(StructureError::pile(
                self.foundation,
                "the foundation is the Jack of Clubs",
            ));
        }
        let early = |(i, &c): (usize, &Card)| {
            (same_card(c, KING_OF_SPADES) && i != FULL - 2)
                || (same_card(c, QUEEN_OF_HEARTS) && i != FULL - 1)
        };
        if f.iter().enumerate().any(early) {
            return Err(StructureError::pile(
                self.foundation,
                "the King of Spades is built only 51st and the Queen of Hearts 52nd",
            ));
        }
        for (pile, own) in [(self.queen, QUEEN_OF_HEARTS), (self.king, KING_OF_SPADES)] {
            if pos.pile(pile).top().is_some_and(|c| !same_card(c, own)) {
                return Err(StructureError::pile(
                    pile,
                    "the Queen of Hearts and the King of Spades wait in their own places",
                ));
            }
        }
        Ok(())
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
