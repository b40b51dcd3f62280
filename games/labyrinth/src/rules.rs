//! Labyrinth's moves: checking, applying and generating them.

use solitaire_core::{
    BuildRule, Card, End, FaceDown, Illegal, Layout, LayoutError, Move, Phase, PileKind, Position,
    Rank, Reading, Rules, Structure, Tx, Vars,
};

use crate::{DEAL, Labyrinth};

impl Labyrinth {
    /// Whether `card` may be built on foundation `f`: an Ace on an empty one, else the next
    /// card up in suit.
    fn fits(&self, pos: &Position, f: usize, card: Card) -> bool {
        match pos.pile(f).top() {
            None => card.rank == Rank::Ace,
            Some(top) => BuildRule::UP_IN_SUIT.fits(top, card),
        }
    }

    /// The card a move of `count` cards from column `from` would take: its top card, or its
    /// bottom card when `bottom` and the column holds two or more.
    fn check_source(
        &self,
        pos: &Position,
        from: usize,
        bottom: bool,
        count: u8,
    ) -> Result<Card, Illegal> {
        if self.kinds[from] != PileKind::Tableau {
            return Err(Illegal::source("cards are played only from the columns"));
        }
        if count != 1 {
            return Err(Illegal::source("cards move one at a time"));
        }
        let column = pos.pile(from);
        let card = if bottom {
            if column.len() < 2 {
                return Err(Illegal::source(
                    "a column's only card is played from its top",
                ));
            }
            column.bottom()
        } else {
            column.top()
        };
        card.ok_or(Illegal::source("the column is empty"))
    }

    /// Whether `card` may go onto pile `to`: only a foundation that it fits.
    fn check_target(&self, pos: &Position, to: usize, card: Card) -> Result<(), Illegal> {
        match self.kinds[to] {
            PileKind::Tableau => Err(Illegal::target("there is no packing on the columns")),
            PileKind::Stock => Err(Illegal::target("cards go only to the foundations")),
            PileKind::Foundation if self.fits(pos, to, card) => Ok(()),
            PileKind::Foundation if pos.pile(to).is_empty() => {
                Err(Illegal::target("a foundation starts with an Ace"))
            }
            // Foundation: the only other kind the game's piles have.
            _ => Err(Illegal::target(
                "foundations build up in suit from the Ace to the King",
            )),
        }
    }

    /// A deal, given whether a build is waiting.
    fn check_deal(&self, pos: &Position, waiting: impl FnOnce() -> bool) -> Result<(), Illegal> {
        if pos.pile(self.stock).is_empty() {
            return Err(Illegal::stock("the stock is empty"));
        }
        self.deal
            .check(waiting, "deal only when no card can be built")
    }

    /// The builds from either end of the columns, appended to `out`.
    fn builds(&self, pos: &Position, out: &mut Vec<Move>) {
        for &c in &self.columns {
            let column = pos.pile(c);
            let top = column.top().map(|card| (false, card));
            let bottom = column
                .bottom()
                .filter(|_| column.len() >= 2)
                .map(|card| (true, card));
            for (from_bottom, card) in [top, bottom].into_iter().flatten() {
                for &f in &self.foundations {
                    if self.fits(pos, f, card) {
                        out.push(if from_bottom {
                            Move::transfer_bottom(c, f)
                        } else {
                            Move::transfer(c, f, 1)
                        });
                    }
                }
            }
        }
    }
}

impl Rules for Labyrinth {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Transfer {
                end,
                from,
                to,
                count,
            } => {
                let card = self.check_source(pos, from.into(), end == End::Bottom, count)?;
                self.check_target(pos, to.into(), card)
            }
            Move::Deal => self.check_deal(pos, || {
                let mut builds = Vec::new();
                self.builds(pos, &mut builds);
                !builds.is_empty()
            }),
            Move::Redeal => Err(Illegal::unsupported("Labyrinth has no redeal")),
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        match mv {
            Move::Transfer { end, from, to, .. } => {
                let (from, to) = (usize::from(from), usize::from(to));
                match end {
                    End::Top => tx.move_cards(from, to, 1),
                    End::Bottom => tx.move_bottom_card(from, to),
                }
                if tx.pos().vars().phase == Phase::Opening {
                    tx.refill_spaces(self.stock, &self.columns);
                }
            }
            Move::Deal => {
                tx.set_vars(Vars {
                    phase: Phase::Play,
                    ..tx.pos().vars()
                });
                for &c in &self.columns {
                    if tx.pos().pile(self.stock).is_empty() {
                        break;
                    }
                    tx.move_cards(self.stock, c, 1);
                }
            }
            Move::Redeal => {}
        }
    }

    fn is_won(&self, pos: &Position) -> bool {
        pos.pile(self.stock).is_empty() && self.columns.iter().all(|&c| pos.pile(c).is_empty())
    }

    fn takes_from_bottom(&self) -> bool {
        true
    }

    /// Column cards lie face up (both ends are open); foundations run up in suit from the
    /// Ace; the opening phase is part of play.
    fn structure(&self, layout: &Layout) -> Structure {
        let mut s = Structure::of(layout);
        for &f in &self.foundations {
            s.piles[f] = s.piles[f].built(Some(Rank::Ace), BuildRule::UP_IN_SUIT);
        }
        for &c in &self.columns {
            s.piles[c] = s.piles[c].with_face_down(FaceDown::Never);
        }
        s.phases.push(Phase::Opening);
        s
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
        &[DEAL]
    }

    /// The layout's deal (Aces out, one row of eight, the rest in the stock), in the opening
    /// phase.
    fn deal(&self, layout: &Layout, deck: Vec<Card>) -> Result<Position, LayoutError> {
        let dealt = layout.run_deal(deck)?;
        let vars = Vars {
            phase: Phase::Opening,
            ..dealt.vars()
        };
        Ok(Position::new(dealt.piles().to_vec(), vars))
    }
}
