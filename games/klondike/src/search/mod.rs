//! Klondike's own search: every deal is either won (the moves, replayed through the engine by
//! the caller) or proved lost by an exhaustive search, unless a budget runs out first.
//!
//! A deal some card of which can never go home, even under rules relaxed so that nothing once
//! possible stops being possible ([`dead`]), is lost at once. Otherwise a narrow beam of the
//! generic search (with the layout's declarations) tries first: it finds
//! most wins in milliseconds, and short ones. Then the exhaustive search, depth first with a
//! transposition table, runs on a compact board of its own ([`board`]: the cards the stock's
//! turns can bring up are its moves, so a turn is never a position of its own) with the
//! reductions of [`walk`] (the dead-end test among them), each argued in
//! `games/klondike/SEARCH.md` and tested against the search without it. Wins are translated
//! to engine moves here: a talon card's play is the turns that bring it to the top
//! of the waste, then the play.
//!
//! Served: passes unlimited, draw three or one (the other passes readings go to the generic
//! search).

pub(crate) mod board;
pub(crate) mod dead;
#[cfg(test)]
mod dead_tests;
pub mod small;
#[cfg(test)]
mod tests;
pub(crate) mod walk;

use solitaire_core::{Card, Game, Move, PileKind, Position};
use solitaire_search::pausable::Dfs;
use solitaire_search::{
    Budget, Declared, Generic, Meter, Method, Outcome, Report, SearchPlugin, Served, beam,
};

use crate::{DRAW, Draw, PASSES, Passes};
use board::{Board, Code, HOME, Step};
use walk::{Reductions, Walker};

/// Klondike's search for the solver: its own for [`Method::Auto`] with passes unlimited.
pub const SEARCH: SearchPlugin = SearchPlugin {
    name: "klondike",
    guide: |_| None,
    solve,
    serves: &[Served {
        reading: &crate::DRAW,
        values: &["three", "one"],
    }],
    knobs: &[],
    small: small::family,
};

/// The search of `start` within `budget` ([`Method::Auto`] only), reported as `beam` when
/// the first narrow beam wins, `klondike-exact` otherwise (and when the deal is hopeless from
/// the start, [`dead`]); `None` for another method or a
/// game it does not serve.
pub fn solve(game: &Game, start: &Position, budget: Budget, method: Method) -> Option<Report> {
    if method != Method::Auto {
        return None;
    }
    let exact = Exact::new(game, start)?;
    let mut meter = Meter::new(budget);
    if let Some(card) = dead::stranded(&exact.board) {
        let mut report = meter.report(Outcome::Unsolvable, "klondike-exact");
        report.why = exact.stranded_words(card);
        return Some(report);
    }
    let guide = Declared::wrap(game, Box::new(Generic::new(game)));
    let first = beam::beam(
        game.rules(),
        guide.as_ref(),
        start,
        NARROW,
        &mut meter,
        &mut false,
    );
    if first != Outcome::Unknown {
        return Some(meter.report(first, "beam"));
    }
    let outcome = exact.solve(&mut meter);
    Some(meter.report(outcome, "klondike-exact"))
}

/// The width of the first beam: it wins most won deals in milliseconds, with short wins.
const NARROW: usize = 256;

/// The exact search set up for one position.
pub(crate) struct Exact<'g> {
    stock: usize,
    waste: usize,
    foundations: Vec<usize>,
    columns: Vec<usize>,
    start: Position,
    game: &'g Game,
    pub(crate) board: Board,
}

/// Whether `pos` is a position play can reach, as the board assumes: every card of the deck
/// once, each foundation the Ace up of one suit (no two of the same suit), and each column's
/// face-up cards one run built down in alternate colours. A position text can say otherwise;
/// the generic search serves it then.
fn well_formed(game: &Game, pos: &Position, foundations: &[usize], columns: &[usize]) -> bool {
    let mut seen = [false; 64];
    let mut count = 0;
    for pile in pos.piles() {
        for &card in pile.cards() {
            let c = usize::from(code(card));
            if c >= 64 || seen[c] || !game.layout().deck.contains(card) {
                return false;
            }
            seen[c] = true;
            count += 1;
        }
    }
    let mut suits = [false; 4];
    let foundations_ok = foundations.iter().all(|&f| {
        let cards = pos.pile(f).cards();
        let Some(first) = cards.first() else {
            return true;
        };
        let suit = first.suit as usize;
        let fresh = !std::mem::replace(&mut suits[suit & 3], true);
        fresh
            && (cards.iter().enumerate())
                .all(|(i, c)| c.suit == first.suit && usize::from(c.rank.value()) == i + 1)
    });
    let runs_ok = columns.iter().all(|&c| {
        let up = pos.pile(c).face_up();
        up.windows(2).all(|w| {
            w[0].rank.value() == w[1].rank.value() + 1 && w[0].suit.is_red() != w[1].suit.is_red()
        })
    });
    count == game.layout().deck.len() && foundations_ok && runs_ok
}

/// The board's code of `card`.
pub(crate) fn code(card: Card) -> Code {
    ((card.suit as u8) << 4) | card.rank.value()
}

impl<'g> Exact<'g> {
    /// Why the card `stranded` ([`dead::stranded`]) makes the position lost, in words: it is
    /// the lowest such card of its suit, so the card below it can go home and it is this card
    /// that no play frees.
    fn stranded_words(&self, stranded: Code) -> Option<String> {
        let card = self
            .start
            .piles()
            .iter()
            .flat_map(|p| p.cards())
            .find(|&&c| code(c) == stranded)?;
        Some(format!(
            "{} can never go home: no play ever frees it, since the cards over it (or the \
             turns of the stock before it) can never all get out of its way (the dead-end \
             test, games/klondike/SEARCH.md, \"Dead ends\")",
            card.face()
        ))
    }

    /// The search for `pos` of `game` (played by these rules); `None` unless its passes are
    /// unlimited and it has the piles the plugin accepts with foundations built from the Ace.
    pub fn new(game: &'g Game, pos: &Position) -> Option<Exact<'g>> {
        let layout = game.layout();
        if pos.piles().len() != layout.piles.len()
            || layout.reading_of(&PASSES, &Passes::ALL).ok()? != Passes::Unlimited
            || layout.deck.copies != 1
        {
            return None;
        }
        let draw = match layout.reading_of(&DRAW, &Draw::ALL).ok()? {
            Draw::Three => 3,
            Draw::One => 1,
        };
        let one = |kind| match layout.piles_of(kind).as_slice() {
            [p] => Some(*p),
            _ => None,
        };
        let (stock, waste) = (one(PileKind::Stock)?, one(PileKind::Waste)?);
        let foundations = layout.piles_of(PileKind::Foundation);
        if foundations.is_empty() {
            return None;
        }
        let columns = layout.piles_of(PileKind::Tableau);
        let mut home = [0u8; 4];
        for &f in &foundations {
            let pile = pos.pile(f);
            if let Some(top) = pile.top() {
                home[top.suit as usize] = top.rank.value();
            }
        }
        if !well_formed(game, pos, &foundations, &columns) {
            return None;
        }
        let cols = columns
            .iter()
            .map(|&c| {
                let pile = pos.pile(c);
                let cards = pile.cards().iter().map(|&x| code(x)).collect();
                (cards, u8::try_from(pile.face_down()).unwrap_or(u8::MAX))
            })
            .collect();
        let talon: Vec<Code> = (pos.pile(waste).cards().iter())
            .chain(pos.pile(stock).cards().iter().rev())
            .map(|&c| code(c))
            .collect();
        let red = [0, 1, 2, 3]
            .map(|s| (layout.deck.suits.iter()).any(|x| *x as usize == s && x.is_red()));
        let suits = (layout.deck.suits.iter()).fold(0u8, |m, &x| m | (1 << (x as u8 & 3)));
        let board = Board::new(
            cols,
            home,
            talon,
            u8::try_from(pos.pile(waste).len()).ok()?,
            draw,
            red,
            suits,
        )?;
        Some(Exact {
            stock,
            waste,
            foundations,
            columns,
            start: pos.clone(),
            game,
            board,
        })
    }

    /// Search within `meter`'s budget: the exhaustive search ([`Reductions::ALL`]), which wins
    /// or proves the deal lost by seeing every position it can reach.
    pub fn solve(&self, meter: &mut Meter) -> Outcome {
        let mut dfs: Dfs<Walker> = Dfs::new(self.board.clone(), Reductions::ALL);
        let verdict = dfs.run(u64::MAX, meter);
        verdict.outcome(|steps| self.engine_moves(steps.iter().map(|s| s.0)))
    }

    /// The engine's moves for `steps` from the start, replayed as they are translated (a step
    /// the engine refuses ends the list; the caller's replay refuses it).
    pub(crate) fn engine_moves(&self, steps: impl IntoIterator<Item = Step>) -> Vec<Move> {
        let mut pos = self.start.clone();
        let mut out = Vec::new();
        let play = |pos: &mut Position, mv: Move, out: &mut Vec<Move>| {
            out.push(mv);
            self.game.play(pos, mv).is_ok()
        };
        for step in steps {
            let ok = match step {
                Step::Talon { card, to, .. } => {
                    let mut turns = 0;
                    let limit = 2 * (pos.pile(self.stock).len() + pos.pile(self.waste).len()) + 2;
                    while pos.pile(self.waste).top().map(code) != Some(card) && turns < limit {
                        let turn = if pos.pile(self.stock).is_empty() {
                            Move::Redeal
                        } else {
                            Move::Deal
                        };
                        if !play(&mut pos, turn, &mut out) {
                            return out;
                        }
                        turns += 1;
                    }
                    let to = if to == HOME {
                        self.foundation_for(&pos, card)
                    } else {
                        self.columns[usize::from(to)]
                    };
                    play(&mut pos, Move::transfer(self.waste, to, 1), &mut out)
                }
                Step::Home { from, card, .. } => {
                    let to = self.foundation_for(&pos, card);
                    play(
                        &mut pos,
                        Move::transfer(self.columns[usize::from(from)], to, 1),
                        &mut out,
                    )
                }
                Step::Shift {
                    from, to, count, ..
                } => play(&mut pos, self.column_move(from, to, count), &mut out),
                Step::Swap {
                    from,
                    to,
                    count,
                    card,
                    ..
                } => {
                    play(&mut pos, self.column_move(from, to, count), &mut out) && {
                        let from = self.columns[usize::from(from)];
                        let home = self.foundation_for(&pos, card);
                        play(&mut pos, Move::transfer(from, home, 1), &mut out)
                    }
                }
                Step::Down { suit, to } => {
                    let from = self.foundation_for(&pos, (suit << 4) | 1);
                    play(
                        &mut pos,
                        Move::transfer(from, self.columns[usize::from(to)], 1),
                        &mut out,
                    )
                }
            };
            if !ok {
                break;
            }
        }
        out
    }

    /// The engine's move of the top `count` cards of board column `from` onto board column `to`.
    fn column_move(&self, from: u8, to: u8, count: u8) -> Move {
        let column = |c: u8| self.columns[usize::from(c)];
        Move::transfer(column(from), column(to), usize::from(count))
    }

    /// The foundation of `card`'s suit: the one its Ace is on, or the first empty one.
    fn foundation_for(&self, pos: &Position, card: Code) -> usize {
        let suit = card >> 4;
        let mine = |&&f: &&usize| pos.pile(f).bottom().is_some_and(|b| b.suit as u8 == suit);
        let empty = |&&f: &&usize| pos.pile(f).is_empty();
        (self.foundations.iter().find(mine))
            .or_else(|| self.foundations.iter().find(empty))
            .copied()
            .unwrap_or(self.foundations[0])
    }
}
