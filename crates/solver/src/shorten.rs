//! A win made shorter before it is reported: its loops erased and its detours cut.
//!
//! A win is a path of positions `p0 -> p1 -> ... -> pn` from the start to a won position.
//! Walking it from the start, the shortening keeps a position and then goes on from
//! - the last place on the path where that same position stands again (the moves between
//!   are a loop that comes back to it), and
//! - through one legal move to the farthest later position of the path that move reaches
//!   (the moves it skips are a detour; when no move reaches farther, the path's own next one).
//!
//! Each kept move is a legal move from a position of the path to a later one, so the result
//! plays from the same start to the same won position and is never longer than the win. In a
//! game with unlimited redeals, positions are compared without their redeal count (which is
//! no part of the position there), so a loop that goes round the stock goes too; the end then
//! differs from the win's only in that count.

use std::collections::HashMap;

use solitaire_core::{Game, Move, Position, Vars};

/// `moves`, a win from `start`, without its loops and detours. A path the engine does not
/// play is returned as it is (the caller's replay refuses it).
pub fn shorten(game: &Game, start: &Position, moves: &[Move]) -> Vec<Move> {
    let unlimited = game.structure().unlimited_redeals;
    let same = |p: &Position| {
        if unlimited {
            Position::new(
                p.piles().to_vec(),
                Vars {
                    redeals: 0,
                    ..p.vars()
                },
            )
        } else {
            p.clone()
        }
    };
    // Under unlimited redeals the count decides no move, so the path keeps its positions
    // without it.
    let mut path = Vec::with_capacity(moves.len() + 1);
    let mut pos = start.clone();
    path.push(same(&pos));
    for &mv in moves {
        if game.play(&mut pos, mv).is_err() {
            return moves.to_vec();
        }
        path.push(same(&pos));
    }
    let last: HashMap<&Position, usize> = path.iter().enumerate().map(|(i, p)| (p, i)).collect();
    let mut short = Vec::new();
    let mut i = last[&path[0]];
    while i < moves.len() {
        let (mut to, mut step) = (last[&path[i + 1]], moves[i]);
        for mv in game.legal_moves(&path[i]) {
            let mut child = path[i].clone();
            if game.play(&mut child, mv).is_ok()
                && let Some(&j) = last.get(&same(&child))
                && j > to
            {
                (to, step) = (j, mv);
            }
        }
        short.push(step);
        i = to;
    }
    short
}

#[cfg(test)]
mod tests {
    use solitaire_core::testkit::{anywhere, pos};

    use super::*;

    #[test]
    fn loops_and_detours_go_and_the_win_still_plays_to_the_same_position() {
        let game = anywhere();
        let start = pos(&game, "stock:\nf1:\nt1: AS\nt2: 2S\nt3:\nt4:\n");
        let mv = |text: &str| game.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
        // A loop (t1 to t3 and back), a detour (t2 by way of t4), then the two cards home.
        let long: Vec<Move> = ["t1>t3", "t3>t1", "t2>t4", "t4>f1", "t1>f1"]
            .into_iter()
            .map(mv)
            .collect();
        let short = shorten(&game, &start, &long);
        assert_eq!(short, vec![mv("t2>f1"), mv("t1>f1")]);
        let end = |moves: &[Move]| {
            let mut p = start.clone();
            for &m in moves {
                game.play(&mut p, m).unwrap_or_else(|e| panic!("{e}"));
            }
            p
        };
        assert_eq!(end(&short), end(&long));
        // A path that does not play is left alone.
        let bad = vec![mv("t3>t1")];
        assert_eq!(shorten(&game, &start, &bad), bad);
    }
}
