//! A guide that adds what a layout declares ([`solitaire_core::declarations`]) and what its
//! structure says about passes to any other guide: interchangeable piles keyed as multisets
//! and filled once, safe cards sent home as the only move, and the redeal count left out of
//! the key when redeals are unlimited.
//!
//! The arguments for the reductions are in [`solitaire_core::declarations`];
//! [`crate::testkit::check_declarations`] tests a game's declarations against the search
//! without them.

use solitaire_core::{End, Game, Move, Pile, PileKind, Position, Vars};

use crate::heuristic::Heuristic;
use crate::key::{face, key_grouped};

/// Card faces as bits (a face is [`face`]: rank and suit, below 64).
type Faces = u64;

/// The cards that may be built on each face in the tableau, and on those, and so on: what
/// must all be home before a card of that face is safe to send home.
struct SafeHome {
    /// For each face, the faces that could end up above it.
    covers: [Faces; 64],
    /// How many cards of each face the deck has.
    copies: [u8; 64],
    foundations: Vec<usize>,
    /// Piles a safe card may go home from: neither stock, waste nor hand (taking a card from
    /// the waste changes what later deals turn up).
    sources: Vec<bool>,
}

impl SafeHome {
    /// Probe the rules with each pair of faces: the second offered from one tableau pile onto
    /// the first, alone on another; `None` where the layout has fewer than two piles to probe.
    fn probe(game: &Game) -> Option<SafeHome> {
        let layout = game.layout();
        let tableau = layout.piles_of(PileKind::Tableau);
        let host = *tableau.first()?;
        let source = tableau.get(1).copied().or_else(|| {
            (0..layout.piles.len())
                .find(|&p| p != host && layout.piles[p].kind != PileKind::Foundation)
        })?;
        let cards = layout.deck.cards();
        let mut copies = [0u8; 64];
        let mut faces: Vec<solitaire_core::Card> = Vec::new();
        for &c in &cards {
            let f = usize::from(face(c));
            if copies[f] == 0 {
                faces.push(c);
            }
            copies[f] += 1;
        }
        let mut on = [0 as Faces; 64];
        let mut piles = vec![Pile::default(); layout.piles.len()];
        for &a in &faces {
            piles[host] = Pile::new(vec![a], 0);
            for &b in &faces {
                piles[source] = Pile::new(vec![b], 0);
                let probe = Position::new(piles.clone(), Vars::default());
                if game.check(&probe, Move::transfer(source, host, 1)).is_ok() {
                    on[usize::from(face(a))] |= 1 << face(b);
                }
            }
        }
        // The closure: what may be built on a face, and on those, until nothing is added.
        let mut covers = on;
        loop {
            let mut grew = false;
            for cover in covers.iter_mut() {
                let mut more = *cover;
                let mut bits = *cover;
                while bits != 0 {
                    let g = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    more |= on[g];
                }
                if more != *cover {
                    *cover = more;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        let sources = layout
            .piles
            .iter()
            .map(|p| {
                !matches!(
                    p.kind,
                    PileKind::Foundation | PileKind::Stock | PileKind::Waste | PileKind::Hand
                )
            })
            .collect();
        Some(SafeHome {
            covers,
            copies,
            foundations: layout.piles_of(PileKind::Foundation),
            sources,
        })
    }

    /// The faces whose every card is on a foundation in `pos`.
    fn home(&self, pos: &Position) -> Faces {
        let mut count = [0u8; 64];
        for &f in &self.foundations {
            for &c in pos.pile(f).cards() {
                count[usize::from(face(c))] += 1;
            }
        }
        (0..64)
            .filter(|&f| self.copies[f] > 0 && count[f] == self.copies[f])
            .fold(0, |bits, f| bits | 1 << f)
    }

    /// A move of one safe card home in `pos` among `moves`, if there is one.
    fn find(&self, pos: &Position, moves: &[Move]) -> Option<Move> {
        let mut home: Option<Faces> = None;
        moves.iter().copied().find(|&mv| {
            let Move::Transfer {
                end,
                from,
                to,
                count: 1,
            } = mv
            else {
                return false;
            };
            let (from, to) = (usize::from(from), usize::from(to));
            if !self.foundations.contains(&to) || !self.sources[from] {
                return false;
            }
            let pile = pos.pile(from);
            let card = match end {
                End::Top => pile.top(),
                End::Bottom => pile.bottom(),
            };
            let Some(card) = card else { return false };
            let home = *home.get_or_insert_with(|| self.home(pos));
            self.covers[usize::from(face(card))] & !home == 0
        })
    }
}

/// A guide with a layout's declarations added to another guide.
pub struct Declared {
    inner: Box<dyn Heuristic>,
    groups: Vec<Vec<usize>>,
    redeals: bool,
    safe: Option<SafeHome>,
    turn_piles: Option<Vec<bool>>,
}

impl Declared {
    /// `inner` with what `game`'s layout declares and its structure says about redeals; just
    /// `inner` when there is nothing to add.
    pub fn wrap(game: &Game, inner: Box<dyn Heuristic>) -> Box<dyn Heuristic> {
        let declared = &game.layout().declarations;
        let unlimited = game.structure().unlimited_redeals;
        if declared.is_empty() && !unlimited {
            return inner;
        }
        Box::new(Declared {
            inner,
            groups: declared.interchangeable.clone(),
            redeals: !unlimited,
            safe: if declared.safe_home {
                SafeHome::probe(game)
            } else {
                None
            },
            turn_piles: declared.turns_commute.then(|| {
                let piles = &game.layout().piles;
                piles
                    .iter()
                    .map(|p| matches!(p.kind, PileKind::Stock | PileKind::Waste))
                    .collect()
            }),
        })
    }

    /// Whether `mv` fills an empty pile of a group that has an empty pile before it.
    fn fills_a_later_space(&self, pos: &Position, mv: Move) -> bool {
        let Move::Transfer { to, .. } = mv else {
            return false;
        };
        let to = usize::from(to);
        if !pos.pile(to).is_empty() {
            return false;
        }
        self.groups
            .iter()
            .any(|g| g.contains(&to) && g.iter().find(|&&p| pos.pile(p).is_empty()) != Some(&to))
    }
}

impl Heuristic for Declared {
    fn eval(&self, pos: &Position) -> i32 {
        self.inner.eval(pos)
    }

    fn keep(&self, pos: &Position, mv: Move) -> bool {
        self.inner.keep(pos, mv)
    }

    /// The inner guide's reductions, then: a safe card home as the only move, if there is
    /// one; else of the moves into the empty piles of a group, only those into its first.
    fn reduce(&self, pos: &Position, moves: &mut Vec<Move>) {
        self.inner.reduce(pos, moves);
        if let Some(mv) = self.safe.as_ref().and_then(|s| s.find(pos, moves)) {
            moves.clear();
            moves.push(mv);
            return;
        }
        if !self.groups.is_empty() {
            moves.retain(|&mv| !self.fills_a_later_space(pos, mv));
        }
    }

    fn turn_piles(&self) -> Option<&[bool]> {
        self.turn_piles.as_deref()
    }

    /// The declared groups, with the inner guide's own interchangeable piles (those in no
    /// declared group) as one more.
    fn key(&self, pos: &Position) -> u128 {
        let own = self.inner.interchangeable(pos);
        if own.is_empty() {
            return key_grouped(pos, &self.groups, self.redeals);
        }
        let mut groups = self.groups.clone();
        groups.push(
            own.iter()
                .copied()
                .filter(|p| !self.groups.iter().any(|g| g.contains(p)))
                .collect(),
        );
        key_grouped(pos, &groups, self.redeals)
    }
}
