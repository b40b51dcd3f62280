//! German Patience's moves: checking, applying and generating them.

use solitaire_core::{
    BuildRule, Card, Direction, FaceDown, Illegal, Layout, LayoutError, Move, Phase, Pile,
    PileKind, Position, Reading, Rules, Structure, StructureError, SuitRule, Tx, Vars,
};

use crate::{FULL, GermanPatience, READINGS, Turned};

/// Up by one rank, any suit, King followed by Ace.
const BUILD: BuildRule = BuildRule {
    suit: SuitRule::Any,
    direction: Direction::Up,
    wrap: true,
};

/// Whether a pile is complete: thirteen cards, out of play.
fn is_complete(pile: &Pile) -> bool {
    pile.len() >= FULL
}

impl GermanPatience {
    /// The turned card waiting face up on top of the stock (only under the `direct` reading).
    fn turned_card(&self, pos: &Position) -> Option<Card> {
        match self.turned {
            Turned::ViaWaste => None,
            Turned::Direct => pos.pile(self.stock).top_face_up(),
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
        let card: Card = match self.kinds[from] {
            PileKind::Tableau if is_complete(src) => {
                return Err(Illegal::source("a completed pile is out of play"));
            }
            PileKind::Tableau | PileKind::Waste => src
                .top_face_up()
                .ok_or(Illegal::source("there is no card to move"))?,
            // Stock: the only other kind the game's piles have.
            _ => src.top().ok_or(Illegal::source("the stock is empty"))?,
        };
        if count != 1 {
            return Err(Illegal::source("only one card moves at a time"));
        }
        let turned = from == self.stock && self.turned_card(pos).is_some();
        match self.kinds[to] {
            PileKind::Stock => Err(Illegal::target("cards never go back to the stock")),
            PileKind::Waste if turned => Ok(()),
            PileKind::Waste => Err(Illegal::target(
                "only a card turned from the stock goes to the waste",
            )),
            // Tableau: the only other kind the game's piles have.
            _ => {
                let dst = pos.pile(to);
                if is_complete(dst) {
                    return Err(Illegal::target("a completed pile is out of play"));
                }
                match dst.top() {
                    None => {
                        if self.kinds[from] == PileKind::Tableau {
                            Err(Illegal::target(
                                "an empty pile is filled only from the stock or the waste",
                            ))
                        } else if pos.vars().phase == Phase::Opening {
                            Err(Illegal::phase(
                                "before the first turn empty piles are refilled by themselves",
                            ))
                        } else {
                            Ok(())
                        }
                    }
                    Some(_) if self.kinds[from] == PileKind::Stock && !turned => {
                        Err(Illegal::source(match self.turned {
                            Turned::ViaWaste => {
                                "a stock card goes only into an empty pile; turn it to the waste to build it"
                            }
                            Turned::Direct => {
                                "a stock card goes only into an empty pile until it is turned"
                            }
                        }))
                    }
                    Some(top) if BUILD.fits(top, card) => Ok(()),
                    Some(_) => Err(Illegal::target(
                        "a card goes only on a card one rank lower (King then Ace)",
                    )),
                }
            }
        }
    }

    fn check_deal(&self, pos: &Position) -> Result<(), Illegal> {
        if pos.pile(self.stock).is_empty() {
            Err(Illegal::stock("the stock is empty"))
        } else if self.turned_card(pos).is_some() {
            Err(Illegal::stock(
                "build the turned card, fill a space with it or discard it before turning the next",
            ))
        } else {
            Ok(())
        }
    }
}

impl Rules for GermanPatience {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => self.check_transfer(pos, from.into(), to.into(), count.into()),
            Move::Deal => self.check_deal(pos),
            Move::Redeal => Err(Illegal::unsupported("German Patience has no redeal")),
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        match mv {
            Move::Transfer {
                from, to, count, ..
            } => {
                let (from, to) = (usize::from(from), usize::from(to));
                tx.move_cards(from, to, usize::from(count));
                if self.kinds[to] == PileKind::Tableau && is_complete(tx.pos().pile(to)) {
                    tx.turn_down(to);
                }
                if tx.pos().vars().phase == Phase::Opening {
                    tx.refill_spaces(self.stock, &self.piles);
                }
            }
            Move::Deal => {
                match self.turned {
                    Turned::ViaWaste => tx.move_cards(self.stock, self.waste, 1),
                    Turned::Direct => {
                        tx.reveal_top(self.stock);
                    }
                }
                let vars = tx.pos().vars();
                tx.set_vars(Vars {
                    phase: Phase::Play,
                    ..vars
                });
            }
            Move::Redeal => {}
        }
    }

    fn is_won(&self, pos: &Position) -> bool {
        self.piles.iter().all(|&p| pos.pile(p).len() == FULL)
    }

    /// Piles are built up from any card, to thirteen cards at most; the opening phase is part
    /// of play.
    fn structure(&self, layout: &Layout) -> Structure {
        let mut s = Structure::of(layout);
        for &p in &self.piles {
            s.piles[p] = s.piles[p]
                .at_most(FULL)
                .with_face_down(FaceDown::Any)
                .built(None, BUILD);
        }
        s.phases.push(Phase::Opening);
        s
    }

    /// Only a complete pile lies face down, all of it; the waste is empty until the first
    /// deal ends the opening. Under `stock: direct` the stock's top card is the only one turned
    /// face up, and none is before the first deal.
    fn check_structure(&self, pos: &Position) -> Result<(), StructureError> {
        for &p in &self.piles {
            let pile = pos.pile(p);
            if pile.face_down() > 0 && !(is_complete(pile) && pile.face_down() == pile.len()) {
                return Err(StructureError::pile(
                    p,
                    "only a complete pile lies face down, and all of it",
                ));
            }
        }
        if pos.vars().phase == Phase::Opening && !pos.pile(self.waste).is_empty() {
            return Err(StructureError::pile(
                self.waste,
                "the waste is empty until the first deal ends the opening",
            ));
        }
        let stock = pos.pile(self.stock);
        let turned = stock.len() - stock.face_down();
        if self.turned == Turned::Direct
            && (turned > 1 || (turned == 1 && pos.vars().phase == Phase::Opening))
        {
            return Err(StructureError::pile(
                self.stock,
                "one stock card at a time is turned face up, by a deal",
            ));
        }
        Ok(())
    }

    fn readings(&self) -> &'static [Reading] {
        READINGS
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let opening = pos.vars().phase == Phase::Opening;
        let mut sources: Vec<(usize, Card)> = self
            .piles
            .iter()
            .filter(|&&p| !is_complete(pos.pile(p)))
            .filter_map(|&p| pos.pile(p).top_face_up().map(|c| (p, c)))
            .collect();
        if let Some(c) = pos.pile(self.waste).top_face_up() {
            sources.push((self.waste, c));
        }
        let turned = self.turned_card(pos);
        if let Some(c) = turned {
            sources.push((self.stock, c));
            out.push(Move::transfer(self.stock, self.waste, 1));
        }
        for &(from, card) in &sources {
            for &to in &self.piles {
                if to == from {
                    continue;
                }
                let dst = pos.pile(to);
                let ok = match dst.top() {
                    None => self.kinds[from] != PileKind::Tableau && !opening,
                    Some(top) => !is_complete(dst) && BUILD.fits(top, card),
                };
                if ok {
                    out.push(Move::transfer(from, to, 1));
                }
            }
        }
        // A stock card not yet turned may fill an empty pile (a turned one was listed above).
        if !opening && !pos.pile(self.stock).is_empty() && turned.is_none() {
            for &to in &self.piles {
                if pos.pile(to).is_empty() {
                    out.push(Move::transfer(self.stock, to, 1));
                }
            }
        }
        if self.check_deal(pos).is_ok() {
            out.push(Move::Deal);
        }
    }

    /// The layout's deal, in the opening phase.
    fn deal(&self, layout: &Layout, deck: Vec<Card>) -> Result<Position, LayoutError> {
        let dealt = layout.run_deal(deck)?;
        Ok(Position::new(
            dealt.piles().to_vec(),
            Vars {
                phase: Phase::Opening,
                ..dealt.vars()
            },
        ))
    }
}
