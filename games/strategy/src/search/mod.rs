//! Strategy's own search: every deal is either won (the moves, replayed through the engine
//! here and again by the caller) or proved lost, unless a budget runs out first.
//!
//! The search ([`orders`]) looks for a build order of the cards under which the deal's turned
//! cards can be split into as many falling sequences as there are piles; the argument that
//! this is the same question as the game's is in `games/strategy/SEARCH.md`. A winning order
//! becomes moves here: each turned card goes, by patience sorting, on the pile whose top comes
//! soonest after it in the order (an empty pile when none does), and once the stock is placed
//! the cards are built in the order found.
//!
//! It answers for positions where no card lies on a pile yet (the start of a deal, or a card
//! turned into the hand) under either reading of `aces`; other positions go to the generic
//! search, steered by Strategy's guide ([`guide`]).

pub mod guide;
pub(crate) mod orders;
pub mod small;
#[cfg(test)]
mod tests;

use solitaire_core::{Card, Game, Move, PileKind, Position, Rank};
use solitaire_search::{Budget, Heuristic, Meter, Method, Outcome, Report, SearchPlugin, Served};

use guide::StrategyGuide;
use orders::{Order, Reductions, Verdict};

/// Strategy's search for the solver: the search over build orders for [`Method::Auto`], and
/// its guide for the generic searches.
pub const SEARCH: SearchPlugin = SearchPlugin {
    name: "strategy",
    guide: |game| StrategyGuide::new(game).map(|g| Box::new(g) as Box<dyn Heuristic>),
    solve,
    serves: &[Served {
        reading: &crate::ACES,
        values: &["automatic", "by-hand"],
    }],
    knobs: &[],
    small: small::family,
};

/// The search over build orders of `start` within `budget` ([`Method::Auto`] only), reported
/// as `strategy-exact`; `None` for another method or a position it does not serve.
pub fn solve(game: &Game, start: &Position, budget: Budget, method: Method) -> Option<Report> {
    if method != Method::Auto {
        return None;
    }
    let exact = Exact::new(game, start)?;
    Some(Meter::run(budget, "strategy-exact", |meter| {
        exact.solve(game, start, meter)
    }))
}

/// The exact search set up for one position.
pub(crate) struct Exact {
    stock: usize,
    hand: usize,
    foundations: Vec<usize>,
    piles: Vec<usize>,
    /// The non-Ace cards in the order they will be turned (the hand's card first).
    turned: Vec<Card>,
    pub(crate) order: Order,
}

impl Exact {
    /// The search for `pos` of `game` (played by these rules); `None` unless the game has
    /// one pack of at most four suits, and no card lies on a pile or beyond an Ace on a
    /// foundation.
    pub fn new(game: &Game, pos: &Position) -> Option<Exact> {
        let layout = game.layout();
        if layout.deck.copies != 1 {
            return None;
        }
        let one = |kind| match layout.piles_of(kind).as_slice() {
            [p] => Some(*p),
            _ => None,
        };
        let (stock, hand) = (one(PileKind::Stock)?, one(PileKind::Hand)?);
        let foundations = layout.piles_of(PileKind::Foundation);
        let piles = layout.piles_of(PileKind::Waste);
        if piles.is_empty()
            || piles.len() > orders::MAX_PILES
            || piles.iter().any(|&p| !pos.pile(p).is_empty())
            || foundations.iter().any(|&f| pos.pile(f).len() > 1)
        {
            return None;
        }
        let suits: Vec<_> = layout.deck.suits.clone();
        if suits.len() > 4 {
            return None;
        }
        let hand_cards = pos.pile(hand).cards().iter().rev();
        let coming = hand_cards.chain(pos.pile(stock).cards().iter().rev());
        let turned: Vec<Card> = coming.filter(|c| c.rank != Rank::Ace).copied().collect();
        let mut times = vec![vec![0u8; usize::from(layout.deck.ranks).saturating_sub(1)]; 4];
        for (i, card) in turned.iter().enumerate() {
            let s = suits.iter().position(|&s| s == card.suit)?;
            let slot = times[s].get_mut(usize::from(card.rank.value()) - 2)?;
            *slot = u8::try_from(i + 1).ok()?;
        }
        times.truncate(suits.len());
        // Every non-Ace card of the pack is still to come (no card has been built).
        if times.iter().flatten().any(|&t| t == 0) {
            return None;
        }
        Some(Exact {
            stock,
            hand,
            foundations,
            piles: piles.clone(),
            turned,
            order: Order {
                suits: times,
                piles: piles.len(),
            },
        })
    }

    /// Search within `meter`'s budget; a win is played through the engine from `start`.
    pub fn solve(&self, game: &Game, start: &Position, meter: &mut Meter) -> Outcome {
        match orders::search(&self.order, Reductions::ALL, meter) {
            Verdict::Won(order) => self
                .moves(game, start, &order)
                .map_or(Outcome::Unknown, Outcome::Solved),
            Verdict::Lost => Outcome::Unsolvable,
            Verdict::Unknown => Outcome::Unknown,
        }
    }

    /// The engine's moves for the build order `order` (the suit of each card built, as
    /// indices into the deck's suits), played from `start`; `None` if the engine refuses one
    /// (which a correct search never causes).
    fn moves(&self, game: &Game, start: &Position, order: &[u8]) -> Option<Vec<Move>> {
        // Each non-Ace card's place in the build order, by turning time.
        let mut rank_of = vec![0usize; self.turned.len() + 1];
        let mut built = vec![0usize; self.order.suits.len()];
        for (place, &s) in order.iter().enumerate() {
            let s = usize::from(s);
            rank_of[usize::from(self.order.suits[s][built[s]])] = place;
            built[s] += 1;
        }
        let mut pos = start.clone();
        let mut moves = Vec::new();
        let mut play = |pos: &mut Position, mv: Move| -> Option<()> {
            game.play(pos, mv).ok()?;
            moves.push(mv);
            Some(())
        };
        // The build-order place of each pile's top card.
        let mut tops: Vec<Option<usize>> = vec![None; self.piles.len()];
        let mut time = 0;
        while !pos.pile(self.hand).is_empty() || !pos.pile(self.stock).is_empty() {
            if pos.pile(self.hand).is_empty() {
                play(&mut pos, Move::Deal)?;
            }
            let Some(card) = pos.pile(self.hand).top() else {
                continue;
            };
            if card.rank == Rank::Ace {
                let f = *self.foundations.iter().find(|&&f| pos.pile(f).is_empty())?;
                play(&mut pos, Move::transfer(self.hand, f, 1))?;
                continue;
            }
            time += 1;
            let place = rank_of[time];
            let above = (0..tops.len()).filter(|&i| tops[i].is_some_and(|t| t > place));
            let pile = above
                .min_by_key(|&i| tops[i])
                .or_else(|| tops.iter().position(Option::is_none))?;
            tops[pile] = Some(place);
            play(&mut pos, Move::transfer(self.hand, self.piles[pile], 1))?;
        }
        let mut by_place = vec![None; self.turned.len()];
        for (time, &card) in self.turned.iter().enumerate() {
            by_place[rank_of[time + 1]] = Some(card);
        }
        for card in by_place {
            let card = card?;
            let p = *self
                .piles
                .iter()
                .find(|&&p| pos.pile(p).top() == Some(card))?;
            let below = |f: &&usize| {
                pos.pile(**f)
                    .top()
                    .is_some_and(|t| t.suit == card.suit && t.rank.value() + 1 == card.rank.value())
            };
            let f = *self.foundations.iter().find(below)?;
            play(&mut pos, Move::transfer(p, f, 1))?;
        }
        Some(moves)
    }
}
