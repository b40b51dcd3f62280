//! What every accepted position must survive: writing it back, the rules, and the solver.

use std::time::Duration;

use solitaire_core::{Game, Position};
use solitaire_solver::{Budget, Method, Outcome, fair_solve, solve_with, verify};

use crate::report::Problem;

/// Listed moves tried one by one (with undo) on each position.
const MOVES_TRIED: usize = 48;
/// Moves of the short walk from each position.
const WALK: usize = 12;
/// The solver's budget on each position: enough to run every part of a search, small
/// enough to keep cases fast.
const SOLVER: Budget = Budget {
    nodes: 300,
    time: Duration::from_millis(300),
    states: 20_000,
};

/// A property broken in `game`: the game's id is part of the signature, since each game's
/// rules fail in their own ways.
pub fn broken(game: &Game, what: &str, detail: impl Into<String>) -> Problem {
    Problem::property(&format!("{what} ({})", game.id()), detail)
}

/// The position written in the text form reads back equal, and writes the same text again.
///
/// # Errors
/// The property that failed, with the texts.
pub fn round_trip(game: &Game, pos: &Position) -> Result<(), Problem> {
    let written = game.position_text(pos);
    match game.parse_position(&written) {
        Ok(back) if &back == pos => {
            let again = game.position_text(&back);
            if again != written {
                return Err(broken(
                    game,
                    "a position's text form is not stable",
                    format!("first:\n{written}\nthen:\n{again}"),
                ));
            }
            Ok(())
        }
        Ok(back) => Err(broken(
            game,
            "an accepted position writes back to a different one",
            format!(
                "written:\n{written}\nre-read:\n{}",
                game.position_text(&back)
            ),
        )),
        Err(e) => Err(broken(
            game,
            "an accepted position writes a text the reader refuses",
            format!("{e}\n{written}"),
        )),
    }
}

/// Every listed move is accepted and undone exactly, a short walk plays, and (with `solver`)
/// the full and fair solvers run without breaking their promises.
///
/// # Errors
/// The property that failed, with the position.
pub fn exercise(game: &Game, pos: &Position, solver: bool) -> Result<(), Problem> {
    let _ = (
        game.status(pos),
        game.score(pos),
        game.position_json(pos, None),
    );
    let moves = game.legal_moves(pos);
    let at = || game.position_text(pos);
    for &mv in moves.iter().take(MOVES_TRIED) {
        let mut after = pos.clone();
        let mut log = Vec::new();
        if let Err(e) = game.play_logged(&mut after, mv, &mut log) {
            return Err(broken(
                game,
                "a listed move is refused",
                format!("{}: {e}\n{}", game.move_text(mv), at()),
            ));
        }
        let _ = (game.status(&after), game.score(&after));
        game.undo(&mut after, &log);
        if &after != pos {
            return Err(broken(
                game,
                "undo does not restore the position",
                format!("{}\n{}", game.move_text(mv), at()),
            ));
        }
    }
    let mut walk = pos.clone();
    for i in 0..WALK {
        let moves = game.legal_moves(&walk);
        if moves.is_empty() {
            break;
        }
        let mv = moves[(i * 7 + 3) % moves.len()];
        if let Err(e) = game.play(&mut walk, mv) {
            return Err(broken(
                game,
                "a listed move is refused",
                format!("{}: {e}\n{}", game.move_text(mv), game.position_text(&walk)),
            ));
        }
        let _ = game.status(&walk);
    }
    if solver {
        solve(game, pos)?;
    }
    Ok(())
}

fn solve(game: &Game, pos: &Position) -> Result<(), Problem> {
    for method in [Method::Auto, Method::Dfs] {
        let report = solve_with(game, pos, SOLVER, method);
        if let Outcome::Solved(m) = &report.outcome
            && verify(game, pos, m) != Ok(true)
        {
            return Err(broken(
                game,
                "a solution does not replay to a win",
                game.position_text(pos),
            ));
        }
    }
    if let Some(hint) = fair_solve(game, pos, SOLVER, 2).hint
        && let Err(e) = game.check(pos, hint)
    {
        return Err(broken(
            game,
            "a hint is an illegal move",
            format!("{}: {e}\n{}", game.move_text(hint), game.position_text(pos)),
        ));
    }
    Ok(())
}
