//! How a search judges positions: an evaluation, a move filter and pile symmetries.

use solitaire_core::{Game, Move, PileKind, Position};

/// A game-specific guide for the searches. Lower evaluations are better.
pub trait Heuristic: Sync {
    /// The estimated distance from a win (lower is better; only the order matters).
    fn eval(&self, pos: &Position) -> i32;

    /// Whether `mv` is worth trying in `pos`. A `false` prunes the move, so a search that
    /// used it can no longer prove a deal unsolvable.
    fn keep(&self, _pos: &Position, _mv: Move) -> bool {
        true
    }

    /// Leave out of `moves` (the legal moves of `pos`) the moves that cannot change whether
    /// the deal is won: moves alike to another one kept by a symmetry, moves dominated by one
    /// kept. Unlike [`Heuristic::keep`], an exhaustive search still proves a deal lost with
    /// them left out; each reduction needs its argument. By default none.
    fn reduce(&self, _pos: &Position, _moves: &mut Vec<Move>) {}

    /// Where turning the stock commutes with every move that leaves the stock and waste
    /// alone (a layout's `turns_commute`), which piles those are (`true` by index): the
    /// depth-first search then tries plays from them after each number of turns, and the
    /// other moves before any turn. By default `None`.
    fn turn_piles(&self) -> Option<&[bool]> {
        None
    }

    /// Piles whose order does not matter in `pos` (hashed as a multiset).
    fn interchangeable(&self, _pos: &Position) -> &[usize] {
        &[]
    }

    /// The key under which the searches remember `pos`: positions with one key must play
    /// alike. By default [`key`](crate::key::key) with the [`interchangeable`] piles merged.
    ///
    /// [`interchangeable`]: Heuristic::interchangeable
    fn key(&self, pos: &Position) -> u128 {
        crate::key::key(pos, self.interchangeable(pos))
    }
}

/// A guide with every move kept (its evaluation, sound reductions, symmetries and keys still
/// used): what an exhaustive search needs to prove a deal lost.
pub struct Unpruned<'a>(pub &'a dyn Heuristic);

impl Heuristic for Unpruned<'_> {
    fn eval(&self, pos: &Position) -> i32 {
        self.0.eval(pos)
    }
    fn reduce(&self, pos: &Position, moves: &mut Vec<Move>) {
        self.0.reduce(pos, moves);
    }
    fn turn_piles(&self) -> Option<&[bool]> {
        self.0.turn_piles()
    }
    fn interchangeable(&self, pos: &Position) -> &[usize] {
        self.0.interchangeable(pos)
    }
    fn key(&self, pos: &Position) -> u128 {
        self.0.key(pos)
    }
}

/// A guide for any game: cards on foundations are progress; face-down cards under face-up
/// ones, cards on wastes and (less) cards in the stock are obstacles, and so is a card that
/// covers a lower card of its suit on a tableau, reserve or waste pile (for games that build
/// up from the Ace, that lower card must leave first).
pub struct Generic {
    foundations: Vec<usize>,
    buried: Vec<usize>,
    waste: Vec<usize>,
    stock: Vec<usize>,
}

impl Generic {
    /// The guide for `game`'s layout.
    pub fn new(game: &Game) -> Generic {
        let piles = &game.layout().piles;
        let of = |pred: &dyn Fn(PileKind) -> bool| {
            piles
                .iter()
                .enumerate()
                .filter(|(_, p)| pred(p.kind))
                .map(|(i, _)| i)
                .collect::<Vec<_>>()
        };
        Generic {
            foundations: of(&|k| k == PileKind::Foundation),
            buried: of(&|k| matches!(k, PileKind::Tableau | PileKind::Reserve)),
            waste: of(&|k| matches!(k, PileKind::Waste)),
            stock: of(&|k| matches!(k, PileKind::Stock | PileKind::Hand)),
        }
    }
}

impl Heuristic for Generic {
    fn eval(&self, pos: &Position) -> i32 {
        let founded: usize = self.foundations.iter().map(|&f| pos.pile(f).len()).sum();
        let hidden: usize = self
            .buried
            .iter()
            .map(|&p| pos.pile(p))
            .filter(|p| p.face_down() < p.len())
            .map(|p| p.face_down())
            .sum();
        let mut covering = 0;
        for &p in self.buried.iter().chain(&self.waste) {
            let cards = pos.pile(p).cards();
            for (i, &c) in cards.iter().enumerate().skip(1) {
                covering += cards[..i]
                    .iter()
                    .filter(|d| d.suit == c.suit && d.rank < c.rank)
                    .count() as i32;
            }
        }
        let count =
            |piles: &[usize]| piles.iter().map(|&p| pos.pile(p).len()).sum::<usize>() as i32;
        2 * hidden as i32 - 10 * founded as i32
            + 3 * count(&self.waste)
            + count(&self.stock)
            + 2 * covering
    }
}
