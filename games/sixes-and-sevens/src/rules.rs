//! Sixes and Sevens' moves: checking, applying and generating them, and the deal.

use solitaire_core::{
    BuildRule, Card, Direction, FaceDown, Fault, Illegal, Layout, LayoutError, Move, Pile, Place,
    Position, Rank, Reading, Rules, Structure, StructureError, Tx, Vars,
};

use crate::{READINGS, Release, Role, SixesAndSevens};

/// Building down in suit, without wrap (the Kings' half).
const DOWN_IN_SUIT: BuildRule = BuildRule {
    direction: Direction::Down,
    ..BuildRule::UP_IN_SUIT
};

impl SixesAndSevens {
    /// Whether the card on top of pile `from` may be played now.
    fn available(&self, pos: &Position, from: usize) -> Result<Card, Illegal> {
        let card = match self.roles[from] {
            Role::Outer | Role::Waste => pos.pile(from).top(),
            Role::Inner => {
                if !self.released(pos, from, pos.vars().marks) {
                    return Err(Illegal::source(
                        "an inner-frame card is available only once an outer cell beside it is empty",
                    ));
                }
                pos.pile(from).top()
            }
            Role::Aces | Role::Kings => {
                return Err(Illegal::source("cards on the foundations stay there"));
            }
            Role::Stock | Role::Reserve => {
                return Err(Illegal::source(
                    "stock and reserve cards come into play only by dealing",
                ));
            }
        };
        card.ok_or(Illegal::source("the pile is empty"))
    }

    /// Whether `card` may go on centre cell `to`.
    fn accepts(&self, pos: &Position, to: usize, card: Card) -> Result<(), Illegal> {
        let top = pos.pile(to).top();
        match (self.roles[to], top) {
            (Role::Aces, None) if card.rank == Rank::Ace => Ok(()),
            (Role::Aces, None) => Err(Illegal::target(
                "an empty cell in the top two rows takes only an Ace",
            )),
            (Role::Kings, None) if card.rank == Rank::King => Ok(()),
            (Role::Kings, None) => Err(Illegal::target(
                "an empty cell in the bottom two rows takes only a King",
            )),
            (Role::Aces, Some(top))
                if top.rank < Rank::Six && BuildRule::UP_IN_SUIT.fits(top, card) =>
            {
                Ok(())
            }
            (Role::Aces, Some(_)) => Err(Illegal::target("Aces build up in suit to the Six")),
            (Role::Kings, Some(top)) if top.rank > Rank::Seven && DOWN_IN_SUIT.fits(top, card) => {
                Ok(())
            }
            (Role::Kings, Some(_)) => Err(Illegal::target("Kings build down in suit to the Seven")),
            _ => Err(Illegal::target("cards go only to the centre square")),
        }
    }

    fn check_transfer(
        &self,
        pos: &Position,
        from: usize,
        to: usize,
        count: u8,
    ) -> Result<(), Illegal> {
        let card = self.available(pos, from)?;
        if count != 1 {
            return Err(Illegal::source("cards move one at a time"));
        }
        self.accepts(pos, to, card)
    }

    /// Whether inner cell `i` holds a released card: an outer cell beside it is empty, or
    /// (once open) `marks` says it was released and it has not been built since.
    fn released(&self, pos: &Position, i: usize, marks: u64) -> bool {
        self.outer_neighbours[i]
            .iter()
            .any(|&o| pos.pile(o).is_empty())
            || (self.release == Release::OnceOpen
                && marks & (1 << i) != 0
                && !pos.pile(i).is_empty())
    }

    /// The marks of the inner cells holding a released card, given the marks before.
    fn released_marks(&self, pos: &Position, marks: u64) -> u64 {
        self.inner
            .iter()
            .filter(|&&i| !pos.pile(i).is_empty() && self.released(pos, i, marks))
            .fold(0, |set, &i| set | (1 << i))
    }

    /// The builds from `sources` (frame cells or the waste), appended to `out`.
    fn builds(&self, pos: &Position, sources: &[usize], out: &mut Vec<Move>) {
        for &from in sources {
            let Ok(card) = self.available(pos, from) else {
                continue;
            };
            for &f in &self.foundations {
                if self.accepts(pos, f, card).is_ok() {
                    out.push(Move::transfer(from, f, 1));
                }
            }
        }
    }

    /// A deal from the stock or a turn of the reserve, given whether a frame card builds.
    fn check_deal(&self, pos: &Position, waiting: impl FnOnce() -> bool) -> Result<(), Illegal> {
        if !pos.pile(self.stock).is_empty() {
            if !self.frames.iter().any(|&c| pos.pile(c).is_empty()) {
                return Err(Illegal::stock("there is no gap in the frames to fill"));
            }
            return self
                .deal
                .check(waiting, "deal only when no frame card can be built");
        }
        if pos.pile(self.reserve).is_empty() {
            return Err(Illegal::stock("the stock and the reserve are used up"));
        }
        self.turn.check(
            waiting,
            "turn the reserve only when no frame card can be built",
        )
    }
}

impl Rules for SixesAndSevens {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => self.check_transfer(pos, from.into(), to.into(), count),
            Move::Deal => self.check_deal(pos, || {
                let mut builds = Vec::new();
                self.builds(pos, &self.frames, &mut builds);
                !builds.is_empty()
            }),
            Move::Redeal => Err(Illegal::unsupported("Sixes and Sevens has no redeal")),
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        // Once open, the cards released before the move stay released after it.
        let before = tx.pos().vars();
        let released = (self.release == Release::OnceOpen)
            .then(|| self.released_marks(tx.pos(), before.marks));
        match mv {
            Move::Transfer { from, to, .. } => {
                tx.move_cards(usize::from(from), usize::from(to), 1);
            }
            Move::Deal if tx.pos().pile(self.stock).is_empty() => {
                tx.move_cards(self.reserve, self.waste, 1);
            }
            Move::Deal => tx.refill_spaces(self.stock, &self.frames),
            Move::Redeal => {}
        }
        if let Some(released) = released {
            let marks = self.released_marks(tx.pos(), released);
            if marks != before.marks {
                tx.set_vars(Vars { marks, ..before });
            }
        }
    }

    fn is_won(&self, pos: &Position) -> bool {
        pos.piles()
            .iter()
            .zip(&self.roles)
            .all(|(p, role)| matches!(role, Role::Aces | Role::Kings) || p.is_empty())
    }

    /// A frame cell holds one face-up card; the Aces' half builds up in suit to the Six, the
    /// Kings' half down in suit to the Seven; under `release: once-open` the marks are the
    /// inner cells holding a released card.
    fn structure(&self, layout: &Layout) -> Structure {
        let mut s = Structure::of(layout);
        for &c in &self.frames {
            s.piles[c] = s.piles[c].at_most(1).with_face_down(FaceDown::Never);
        }
        for &f in &self.foundations {
            s.piles[f] = match self.roles[f] {
                Role::Aces => s.piles[f]
                    .at_most(6)
                    .built(Some(Rank::Ace), BuildRule::UP_IN_SUIT),
                _ => s.piles[f].at_most(7).built(Some(Rank::King), DOWN_IN_SUIT),
            };
        }
        if self.release == Release::OnceOpen {
            s.markable = self.inner.iter().fold(0, |m, &i| m | (1 << i));
        }
        s
    }

    /// A released mark lies on an inner cell that holds a card (building the card clears it).
    fn check_structure(&self, pos: &Position) -> Result<(), StructureError> {
        match self
            .inner
            .iter()
            .find(|&&i| pos.vars().is_marked(i) && pos.pile(i).is_empty())
        {
            Some(&i) => Err(StructureError::new(Place::Mark(i), Fault::Unmarkable)),
            None => Ok(()),
        }
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let start = out.len();
        self.builds(pos, &self.frames, out);
        let waiting = out.len() > start;
        self.builds(pos, &[self.waste], out);
        if self.check_deal(pos, || waiting).is_ok() {
            out.push(Move::Deal);
        }
    }

    fn readings(&self) -> &'static [Reading] {
        READINGS
    }

    /// The layout's deal (centre, inner frame, outer frame, stock), then the centre sorted
    /// out: its other cards go face down to the reserve, first removed at the bottom, and an
    /// Ace or King in the wrong half moves to the first empty cell of its own half.
    fn deal(&self, layout: &Layout, deck: Vec<Card>) -> Result<Position, LayoutError> {
        let dealt = layout.run_deal(deck)?;
        let mut piles: Vec<Pile> = dealt.piles().to_vec();
        let mut reserve = Vec::new();
        let mut strays = Vec::new();
        for &f in &self.foundations {
            let cards = piles[f].cards().to_vec();
            piles[f] = Pile::default();
            for card in cards {
                // A cell takes one base; a layout dealing more than one card to a cell sends
                // the other bases to the first empty cells of their half.
                match (card.rank, self.roles[f]) {
                    (Rank::Ace, Role::Aces) | (Rank::King, Role::Kings) if piles[f].is_empty() => {
                        piles[f] = Pile::new(vec![card], 0);
                    }
                    (Rank::Ace, _) => strays.push((Role::Aces, card)),
                    (Rank::King, _) => strays.push((Role::Kings, card)),
                    _ => reserve.push(card),
                }
            }
        }
        for (half, card) in strays {
            let cell = self
                .foundations
                .iter()
                .copied()
                .find(|&f| self.roles[f] == half && piles[f].is_empty())
                .ok_or_else(|| {
                    layout.error("deal", "more than eight Aces or Kings in the centre")
                })?;
            piles[cell] = Pile::new(vec![card], 0);
        }
        let face_down = reserve.len();
        piles[self.reserve] = Pile::new(reserve, face_down);
        Ok(Position::new(piles, dealt.vars()))
    }
}
