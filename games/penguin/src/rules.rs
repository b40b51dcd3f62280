//! Penguin's moves and deal: checking, applying and generating them.

use solitaire_core::{
    BuildRule, Card, Direction, FaceDown, Illegal, Layout, LayoutError, Move, Pile, PileKind,
    Position, Rank, Rules, Structure, StructureError, SuitRule, Tx, Vars,
};

use crate::Penguin;

/// Foundations: up in suit, King to Ace.
const BUILD: BuildRule = BuildRule {
    suit: SuitRule::Same,
    direction: Direction::Up,
    wrap: true,
};

/// Tableau: down in suit, Ace to King.
const PACK: BuildRule = BuildRule {
    suit: SuitRule::Same,
    direction: Direction::Down,
    wrap: true,
};

/// Cards in a complete foundation.
const SUIT_LEN: usize = 13;

/// Length of the proper sequence at the top of `pile` (in suit, down, wrapping).
pub(crate) fn movable_run(pile: &Pile) -> usize {
    let cards = pile.face_up();
    let Some((&top, rest)) = cards.split_last() else {
        return 0;
    };
    let mut len = 1;
    let mut above = top;
    for &card in rest.iter().rev() {
        if !PACK.fits(card, above) {
            break;
        }
        len += 1;
        above = card;
    }
    len
}

impl Penguin {
    /// The rank of the bases: the bottom card of any foundation that holds one.
    fn base_rank(&self, pos: &Position) -> Option<Rank> {
        self.foundations
            .iter()
            .find_map(|&f| pos.pile(f).bottom())
            .map(|c| c.rank)
    }

    /// The rank that may fill a space: one below the bases.
    fn space_rank(&self, pos: &Position) -> Option<Rank> {
        self.base_rank(pos).and_then(|r| r.down(true))
    }

    fn check_foundation(&self, pos: &Position, to: usize, card: Card) -> Result<(), Illegal> {
        let f = pos.pile(to);
        match f.top() {
            None if self.base_rank(pos) == Some(card.rank) => Ok(()),
            None => Err(Illegal::target(
                "an empty foundation takes only the penguin's rank",
            )),
            Some(top) if BUILD.fits(top, card) => Ok(()),
            Some(_) => Err(Illegal::target(
                "a foundation builds up in suit, from King to Ace as needed",
            )),
        }
    }

    fn check_column(&self, pos: &Position, to: usize, head: Card) -> Result<(), Illegal> {
        match pos.pile(to).top() {
            None if self.space_rank(pos) == Some(head.rank) => Ok(()),
            None => Err(Illegal::target(
                "a space takes only a card one rank below the bases",
            )),
            Some(top) if PACK.fits(top, head) => Ok(()),
            Some(_) => Err(Illegal::target(
                "the tableau packs down in suit, from Ace to King as needed",
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
        let src = pos.pile(from);
        match self.kinds[from] {
            PileKind::Foundation => {
                return Err(Illegal::source("cards never leave the foundations"));
            }
            PileKind::Tableau if count > movable_run(src) => {
                return Err(Illegal::source(
                    "only a sequence in suit and down in rank moves as a unit",
                ));
            }
            PileKind::Cell if count > 1 => {
                return Err(Illegal::source("a flipper card moves alone"));
            }
            PileKind::Cell if src.top_face_up().is_none() => {
                return Err(Illegal::source("there is no face-up card to move"));
            }
            // Tableau or cell: the only other kinds the game's piles have.
            _ => {}
        }
        let head = src.cards()[src.len() - count];
        match self.kinds[to] {
            PileKind::Foundation if count > 1 => Err(Illegal::target(
                "cards are built on a foundation one at a time",
            )),
            PileKind::Foundation => self.check_foundation(pos, to, head),
            PileKind::Cell if self.kinds[from] == PileKind::Cell => Err(Illegal::target(
                "flipper cards never move to another flipper cell",
            )),
            PileKind::Cell if count > 1 => Err(Illegal::target("a flipper cell holds one card")),
            PileKind::Cell if !pos.pile(to).is_empty() => {
                Err(Illegal::target("a flipper cell holds one card"))
            }
            PileKind::Cell => Ok(()),
            // Tableau: the only other kind the game's piles have.
            _ => self.check_column(pos, to, head),
        }
    }
}

impl Rules for Penguin {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => self.check_transfer(pos, from.into(), to.into(), count.into()),
            Move::Deal => Err(Illegal::unsupported("Penguin has no stock")),
            Move::Redeal => Err(Illegal::unsupported("Penguin has no redeal")),
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        if let Move::Transfer {
            from, to, count, ..
        } = mv
        {
            tx.move_cards(usize::from(from), usize::from(to), usize::from(count));
        }
    }

    fn is_won(&self, pos: &Position) -> bool {
        self.foundations
            .iter()
            .all(|&f| pos.pile(f).len() == SUIT_LEN)
    }

    /// Every card lies face up; foundations are built up in suit, King then Ace, to thirteen
    /// cards.
    fn structure(&self, layout: &Layout) -> Structure {
        let mut s = Structure::of(layout);
        for shape in &mut s.piles {
            *shape = shape.with_face_down(FaceDown::Never);
        }
        for &f in &self.foundations {
            s.piles[f] = s.piles[f].at_most(SUIT_LEN).built(None, BUILD);
        }
        s
    }

    /// Every foundation is founded with the penguin's rank.
    fn check_structure(&self, pos: &Position) -> Result<(), StructureError> {
        let base = self.base_rank(pos);
        match self
            .foundations
            .iter()
            .find(|&&f| pos.pile(f).bottom().is_some_and(|c| Some(c.rank) != base))
        {
            Some(&f) => Err(StructureError::pile(
                f,
                "every foundation is founded with the penguin's rank",
            )),
            None => Ok(()),
        }
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let space_rank = self.space_rank(pos);
        let sources = self.columns.iter().chain(&self.cells);
        for &from in sources {
            let src = pos.pile(from);
            let Some(top) = src.top_face_up() else {
                continue;
            };
            let is_column = self.kinds[from] == PileKind::Tableau;
            let run = if is_column { movable_run(src) } else { 1 };
            let run_cards = &src.cards()[src.len() - run..];
            for &f in &self.foundations {
                if self.check_foundation(pos, f, top).is_ok() {
                    out.push(Move::transfer(from, f, 1));
                }
            }
            if is_column {
                for &c in &self.cells {
                    if pos.pile(c).is_empty() {
                        out.push(Move::transfer(from, c, 1));
                    }
                }
            }
            for &to in &self.columns {
                if to == from {
                    continue;
                }
                let wanted = match pos.pile(to).top() {
                    None => space_rank.map(|r| (r, None)),
                    Some(t) => t.rank.down(true).map(|r| (r, Some(t.suit))),
                };
                let Some((rank, suit)) = wanted else {
                    continue;
                };
                // The run holds each rank at most once: its card of the wanted rank heads
                // the only group that joins.
                if let Some(i) = run_cards
                    .iter()
                    .position(|c| c.rank == rank && suit.is_none_or(|s| s == c.suit))
                {
                    out.push(Move::transfer(from, to, run - i));
                }
            }
        }
    }

    /// Deal the beak to the first column, then seven rows across the columns; each other
    /// card of the beak's rank goes to the next foundation as it turns up, and the next card
    /// takes its place.
    fn deal(&self, layout: &Layout, deck: Vec<Card>) -> Result<Position, LayoutError> {
        let short = || layout.error("deal", "the deal needs more cards than the deck has");
        let mut piles: Vec<Vec<Card>> = vec![Vec::new(); layout.piles.len()];
        let mut cards = deck.into_iter();
        let beak = cards.next().ok_or_else(short)?;
        piles[self.columns[0]].push(beak);
        let mut bases = self.foundations.iter();
        let mut found = |card: Card, piles: &mut Vec<Vec<Card>>| match bases.next() {
            Some(&f) => {
                piles[f].push(card);
                Ok(())
            }
            None => Err(layout.error("deal", "more cards of the penguin's rank than foundations")),
        };
        let rows = self.columns.len();
        for row in 0..rows {
            for (i, &col) in self.columns.iter().enumerate() {
                if row == 0 && i == 0 {
                    continue;
                }
                loop {
                    let card = cards.next().ok_or_else(short)?;
                    if card.rank == beak.rank {
                        found(card, &mut piles)?;
                    } else {
                        piles[col].push(card);
                        break;
                    }
                }
            }
        }
        for card in cards {
            if card.rank != beak.rank {
                return Err(layout.error("deal", "cards are left over after the deal"));
            }
            found(card, &mut piles)?;
        }
        Ok(Position::new(
            piles.into_iter().map(|c| Pile::new(c, 0)).collect(),
            Vars::default(),
        ))
    }
}
