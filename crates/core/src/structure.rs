//! The structure every position of a game has, whatever its cards: checked when a position
//! comes from outside (a position file, a save), so rules and solvers only meet positions
//! play can reach in shape.
//!
//! The engine checks what holds for every game ([`Structure::check`]): how many cards a pile
//! holds, which of its cards may lie face down, the building order of foundations, the phase
//! and the counters (redeals, marks). Each pile kind has defaults ([`PileShape::of`]); a
//! game refines them in [`crate::Rules::structure`] and adds rules of its own in
//! [`crate::Rules::check_structure`]. Missing cards are never a fault: hand-built positions
//! hold only the cards a test needs.

use thiserror::Error;

use crate::build::BuildRule;
use crate::card::{Card, Rank};
use crate::layout::Layout;
use crate::pile::{Pile, PileKind};
use crate::position::{Phase, Position};

/// Which cards of a pile may lie face down. Face-down cards are always a pile's bottom
/// cards (see [`Pile`]); this says how many of them there may be.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FaceDown {
    /// None: every card is face up (foundations, wastes, cells, hands, indicators).
    Never,
    /// Only under a face-up card: an uncovered card is turned up at once, so the top card is
    /// face up (columns dealt partly face down, as in Spider).
    Under,
    /// Any, the top card included (a stock, a face-down reserve packet).
    Any,
}

/// The building order of a pile that only ever receives cards by building (a foundation):
/// the rank it is founded with, and how each card lies on the one below it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Order {
    /// The rank of the bottom card; `None` when any rank may found the pile.
    pub base: Option<Rank>,
    /// How each card goes on the card below it.
    pub build: BuildRule,
}

/// What one pile may hold.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PileShape {
    /// The most cards the pile holds at once (1 for a cell).
    pub max_cards: usize,
    /// Which of its cards may lie face down.
    pub face_down: FaceDown,
    /// The building order its cards follow from the bottom up, if it has one.
    pub order: Option<Order>,
}

impl PileShape {
    /// The defaults of a pile kind. Cells, hands and indicators hold one card; stocks and
    /// reserves may hold face-down cards anywhere, tableau piles only under face-up ones,
    /// the other kinds none. No kind has a building order by default (games give their
    /// foundations theirs).
    pub fn of(kind: PileKind) -> PileShape {
        let (max_cards, face_down) = match kind {
            PileKind::Tableau => (usize::MAX, FaceDown::Under),
            PileKind::Stock | PileKind::Reserve => (usize::MAX, FaceDown::Any),
            PileKind::Foundation | PileKind::Waste => (usize::MAX, FaceDown::Never),
            PileKind::Cell | PileKind::Hand | PileKind::Indicator => (1, FaceDown::Never),
        };
        PileShape {
            max_cards,
            face_down,
            order: None,
        }
    }

    /// This shape holding at most `max` cards.
    pub fn at_most(self, max: usize) -> PileShape {
        PileShape {
            max_cards: max,
            ..self
        }
    }

    /// This shape with these face-down cards allowed.
    pub fn with_face_down(self, face_down: FaceDown) -> PileShape {
        PileShape { face_down, ..self }
    }

    /// This shape built from `base` (any rank when `None`) by `build`.
    pub fn built(self, base: Option<Rank>, build: BuildRule) -> PileShape {
        PileShape {
            order: Some(Order { base, build }),
            ..self
        }
    }

    fn check(&self, pile: &Pile) -> Result<(), Fault> {
        if pile.len() > self.max_cards {
            return Err(Fault::TooMany {
                found: pile.len(),
                max: self.max_cards,
            });
        }
        match self.face_down {
            FaceDown::Never if pile.face_down() > 0 => return Err(Fault::FaceDown),
            FaceDown::Under if !pile.is_empty() && pile.face_down() == pile.len() => {
                return Err(Fault::FaceDownTop);
            }
            _ => {}
        }
        if let Some(order) = self.order {
            if let (Some(want), Some(found)) = (order.base, pile.bottom())
                && found.rank != want
            {
                return Err(Fault::Base { found, want });
            }
            if let Some(w) = pile
                .cards()
                .windows(2)
                .find(|w| !order.build.fits(w[0], w[1]))
            {
                return Err(Fault::OutOfOrder {
                    below: w[0],
                    card: w[1],
                });
            }
        }
        Ok(())
    }
}

/// Every structural rule of one game: a shape for each pile (layout order), the phases its
/// positions may be in, how many redeals it allows and which piles may be marked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Structure {
    /// Each pile's shape, in layout order.
    pub piles: Vec<PileShape>,
    /// The phases play can be in.
    pub phases: Vec<Phase>,
    /// The most redeals a position may have used (unless [`Structure::unlimited_redeals`]).
    pub max_redeals: u8,
    /// Redeals (passes through the stock) are unlimited: a position counts them for the
    /// player ([`crate::Vars::redealt`]) but any count is allowed, and the count is no part of
    /// what the position is (the searches key positions without it).
    pub unlimited_redeals: bool,
    /// The piles that may be marked (bit `i` = pile `i`, as in [`crate::Vars::marks`]).
    pub markable: u64,
}

impl Structure {
    /// The defaults for a layout: each pile its kind's shape ([`PileShape::of`]), ordinary
    /// play only, no redeal, no marks.
    pub fn of(layout: &Layout) -> Structure {
        Structure {
            piles: layout.piles.iter().map(|p| PileShape::of(p.kind)).collect(),
            phases: vec![Phase::Play],
            max_redeals: 0,
            unlimited_redeals: false,
            markable: 0,
        }
    }

    /// Check the piles, the phase and the counters of `pos`.
    ///
    /// # Errors
    /// The first fault found, with where it lies.
    pub fn check(&self, pos: &Position) -> Result<(), StructureError> {
        for (i, (shape, pile)) in self.piles.iter().zip(pos.piles()).enumerate() {
            shape.check(pile).map_err(|fault| StructureError {
                place: Place::Pile(i),
                fault,
            })?;
        }
        let vars = pos.vars();
        if !self.phases.contains(&vars.phase) {
            return Err(StructureError::new(
                Place::Phase,
                Fault::Phase(vars.phase.name()),
            ));
        }
        if vars.redeals > self.max_redeals && !self.unlimited_redeals {
            return Err(StructureError::new(
                Place::Redeals,
                Fault::Redeals {
                    found: vars.redeals,
                    max: self.max_redeals,
                },
            ));
        }
        let stray = vars.marks & !self.markable;
        if stray != 0 {
            return Err(StructureError::new(
                Place::Mark(stray.trailing_zeros() as usize),
                Fault::Unmarkable,
            ));
        }
        Ok(())
    }
}

/// Where in a position a structural fault lies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Place {
    /// A pile (layout order).
    Pile(usize),
    /// The phase.
    Phase,
    /// The redeal count.
    Redeals,
    /// The mark of a pile (layout order).
    Mark(usize),
}

/// Why a position cannot occur in play.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum Fault {
    /// More cards than the pile ever holds.
    #[error("it holds {found} cards, but at most {max}")]
    TooMany {
        /// Cards found.
        found: usize,
        /// Cards the pile holds at most.
        max: usize,
    },
    /// A face-down card in a pile whose cards all lie face up.
    #[error("no card of it lies face down")]
    FaceDown,
    /// A face-down top card where an uncovered card is turned up.
    #[error("its top card is face down, but an uncovered card is turned up")]
    FaceDownTop,
    /// A built pile founded with the wrong rank.
    #[error("it is founded with rank {}, not with {found}", want.letter())]
    Base {
        /// The bottom card.
        found: Card,
        /// The rank it must have.
        want: Rank,
    },
    /// A built pile whose cards do not follow the building order.
    #[error("{card} does not build on {below}")]
    OutOfOrder {
        /// The card below.
        below: Card,
        /// The card on it.
        card: Card,
    },
    /// A phase the game does not have.
    #[error("this game is never in the {0} phase")]
    Phase(&'static str),
    /// More redeals than the game allows.
    #[error("{found} redeals used, but this game allows {max}")]
    Redeals {
        /// Redeals in the position.
        found: u8,
        /// Redeals allowed.
        max: u8,
    },
    /// A mark on a pile the game never marks, or at a time it does not.
    #[error("it is not marked in this game now")]
    Unmarkable,
    /// A rule of the game's own, in words.
    #[error("{0}")]
    Rule(&'static str),
}

/// A position that play cannot reach in shape: where, and why.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("{fault}")]
pub struct StructureError {
    /// Where the fault lies.
    pub place: Place,
    /// What is wrong.
    pub fault: Fault,
}

impl StructureError {
    /// A fault at a place.
    pub fn new(place: Place, fault: Fault) -> StructureError {
        StructureError { place, fault }
    }

    /// A game's own rule broken by pile `pile`, the rule in words.
    pub fn pile(pile: usize, rule: &'static str) -> StructureError {
        StructureError::new(Place::Pile(pile), Fault::Rule(rule))
    }

    /// The fault in words with its place named by the layout's ids (`pile t1: ...`).
    pub fn describe(&self, layout: &Layout) -> String {
        let id = |i: usize| layout.pile_ids().get(i).map_or("?", String::as_str);
        match self.place {
            Place::Pile(i) => format!("pile {}: {}", id(i), self.fault),
            Place::Phase => format!("phase: {}", self.fault),
            Place::Redeals => format!("redeals: {}", self.fault),
            Place::Mark(i) => format!("marks: pile {}: {}", id(i), self.fault),
        }
    }

    /// The 1-based line and column in `text` (the position's text form) where the fault
    /// lies: the line of the pile, `phase:`, `redeals:` or `marks:`; (1, 1) when the text
    /// does not list it.
    pub fn locate(&self, layout: &Layout, text: &str) -> (usize, usize) {
        let id = |i: usize| layout.pile_ids().get(i).map_or("", String::as_str);
        let (key, word) = match self.place {
            Place::Pile(i) => (id(i), None),
            Place::Phase => ("phase", None),
            Place::Redeals => ("redeals", None),
            Place::Mark(i) => ("marks", Some(id(i))),
        };
        find_line(text, key, word).unwrap_or((1, 1))
    }
}

/// The line whose key is `key` (case-blind, as the reader takes it) and the column of the key,
/// or of `word` among its values when given and present.
fn find_line(text: &str, key: &str, word: Option<&str>) -> Option<(usize, usize)> {
    for (n, raw) in text.lines().enumerate() {
        let line = raw.strip_prefix('\u{feff}').unwrap_or(raw);
        let content = line.split('#').next().unwrap_or("");
        let Some((k, value)) = content.split_once(':') else {
            continue;
        };
        if !k.trim().eq_ignore_ascii_case(key) {
            continue;
        }
        // The 1-based column of a slice of `line`.
        let chars_before = |s: &str| {
            let at = s.as_ptr() as usize - line.as_ptr() as usize;
            line[..at].chars().count() + 1
        };
        let col = word
            .and_then(|w| {
                let mut rest = value;
                loop {
                    let t = rest.trim_start();
                    if t.is_empty() {
                        return None;
                    }
                    let end = t.find(char::is_whitespace).unwrap_or(t.len());
                    if t[..end].eq_ignore_ascii_case(w) {
                        return Some(chars_before(t));
                    }
                    rest = &t[end..];
                }
            })
            .unwrap_or_else(|| chars_before(content.trim_start()));
        return Some((n + 1, col));
    }
    None
}

#[cfg(test)]
mod tests;
