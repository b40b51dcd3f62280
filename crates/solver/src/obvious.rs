//! Move ranking for front ends: the obvious move for a clicked card, the foundation move for
//! a double click, and a hint. Only legal moves are ranked, and only face-up cards and pile
//! sizes are looked at, so a hint never gives away a face-down card.
//!
//! Destinations rank, best first: a foundation (Spider: a completed suit), onto a card of
//! the same suit, onto any card, into a non-tableau pile (cell, reserve), into an empty pile;
//! ties go to the nearest pile, then the leftmost.

use solitaire_core::{End, Game, Move, PileKind, Position};

/// How good a transfer's destination is; lower is better.
fn destination_rank(game: &Game, pos: &Position, from: usize, to: usize, count: usize) -> u8 {
    let kind = game.layout().piles[to].kind;
    let src = pos.pile(from);
    let head = src.cards().get(src.len().saturating_sub(count)).copied();
    let dst = pos.pile(to);
    match (kind, dst.top_face_up(), head) {
        (PileKind::Foundation, ..) => 0,
        (_, Some(top), Some(head)) if top.suit == head.suit => 1,
        (_, Some(_), _) => 2,
        (PileKind::Tableau, None, _) if !dst.is_empty() => 2,
        (PileKind::Tableau, None, _) => 4,
        _ => 3,
    }
}

/// The legal transfers from the top of a pile (moves from a pile's bottom end, `t3^>f1`, are
/// ranked apart by [`bottom_foundation_move`]).
fn transfers(game: &Game, pos: &Position) -> Vec<(usize, usize, usize)> {
    game.legal_moves(pos)
        .into_iter()
        .filter_map(|m| match m {
            Move::Transfer {
                end: End::Top,
                from,
                to,
                count,
            } => Some((usize::from(from), usize::from(to), usize::from(count))),
            _ => None,
        })
        .collect()
}

/// Where the top `count` cards of pile `from` most likely should go, if anywhere is legal.
pub fn obvious_move(game: &Game, pos: &Position, from: usize, count: usize) -> Option<Move> {
    transfers(game, pos)
        .into_iter()
        .filter(|&(f, _, c)| f == from && c == count)
        .min_by_key(|&(f, t, c)| (destination_rank(game, pos, f, t, c), f.abs_diff(t), t))
        .map(|(f, t, c)| Move::transfer(f, t, c))
}

/// A legal move from pile `from` to a foundation, if there is one (a double click).
pub fn foundation_move(game: &Game, pos: &Position, from: usize) -> Option<Move> {
    transfers(game, pos)
        .into_iter()
        .filter(|&(f, t, _)| f == from && game.layout().piles[t].kind == PileKind::Foundation)
        .min_by_key(|&(_, t, c)| (c, t))
        .map(|(f, t, c)| Move::transfer(f, t, c))
}

/// A move worth showing the player: to a foundation, then one that turns up a card or
/// empties a pile, then building in suit, then any other progress; a deal when nothing else
/// helps. Moves that only shift cards between two equal places are left out.
pub fn hint(game: &Game, pos: &Position) -> Option<Move> {
    let best = transfers(game, pos)
        .into_iter()
        .filter_map(|(f, t, c)| {
            let src = pos.pile(f);
            let rank = destination_rank(game, pos, f, t, c);
            let below = src.len().checked_sub(c + 1).filter(|&i| src.is_face_up(i));
            let frees = c == src.face_up().len();
            let score = match rank {
                0 => 0,
                _ if frees && src.face_down() > 0 => 1,
                4 if frees => return None, // a whole pile into a space achieves nothing
                1 | 2 if frees => 2,
                1 => 3,
                _ if below.is_none() => 4,
                _ => {
                    // Leaving a face-up card behind only helps if the cards are better off.
                    let head = src.cards()[src.len() - c];
                    let under = src.cards()[below?];
                    let already = under.rank.value() == head.rank.value() + 1;
                    if already && (rank != 1 || under.suit == head.suit) {
                        return None;
                    }
                    5
                }
            };
            Some((score, f, t, c))
        })
        .min();
    match best {
        Some((0, f, t, c)) => Some(Move::transfer(f, t, c)),
        best => {
            bottom_foundation_move(game, pos).or(best.map(|(_, f, t, c)| Move::transfer(f, t, c)))
        }
    }
    .or_else(|| {
        [Move::Deal, Move::Redeal]
            .into_iter()
            .find(|&m| game.check(pos, m).is_ok())
    })
}

/// A legal move of a pile's bottom card onto a foundation (Labyrinth), if there is one.
pub fn bottom_foundation_move(game: &Game, pos: &Position) -> Option<Move> {
    game.legal_moves(pos).into_iter().find(|m| {
        matches!(*m, Move::Transfer { end: End::Bottom, to, .. }
            if game.layout().piles[usize::from(to)].kind == PileKind::Foundation)
    })
}

#[cfg(test)]
mod tests;
