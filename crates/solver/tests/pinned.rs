//! Pinned answers: every line of `pinned.txt` names a position (a game's deal, or the deal
//! after a few random moves), a search and a node budget, and the answer that search gives:
//! the outcome, the length and checksum of the win, the nodes spent and the search that
//! answered (for a fair hint: the move and how the samples went). A node budget makes every
//! search deterministic, so any change to a search, a guide or the dispatch between them
//! fails here. After an intended change, the failure lists the new lines to put in the file.

use std::sync::Arc;

use game_spider::Family;
use solitaire_core::shuffle::{below, rng_for};
use solitaire_core::{Game, Layout, Position};
use solitaire_solver::{Budget, Method, Outcome, fair_solve, solve_with};

/// The game of a line: a registered id, or `family:r,s,m,c,d` (Weisser's Spider family).
fn game(name: &str) -> Arc<Game> {
    if let Some(spec) = name.strip_prefix("family:") {
        let family: Family = spec.parse().unwrap_or_else(|e| panic!("{e}"));
        let layout =
            Layout::parse("family.ron", &family.layout()).unwrap_or_else(|e| panic!("{e}"));
        return Arc::new(Game::new(layout, &game_spider::PLUGIN).unwrap_or_else(|e| panic!("{e}")));
    }
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    catalog
        .get(name)
        .unwrap_or_else(|| panic!("no game {name}"))
}

/// The position of `seed`: `N` is deal N, `N+K` deal N after K random legal moves (chosen
/// from N, stopping early where no move is left).
fn position(game: &Game, seed: &str) -> Position {
    let (deal, steps) = seed.split_once('+').unwrap_or((seed, "0"));
    let deal: u64 = deal.parse().unwrap_or_else(|e| panic!("{seed}: {e}"));
    let steps: usize = steps.parse().unwrap_or_else(|e| panic!("{seed}: {e}"));
    let mut pos = game.deal(deal);
    let mut rng = rng_for(deal);
    for _ in 0..steps {
        let moves = game.legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let mv = moves[below(&mut rng, moves.len() as u64) as usize];
        game.play(&mut pos, mv)
            .unwrap_or_else(|e| panic!("{seed}: {e}"));
    }
    pos
}

/// FNV-1a of the moves' texts, one space between them.
fn checksum(game: &Game, moves: &[solitaire_core::Move]) -> u64 {
    let text: Vec<String> = moves
        .iter()
        .map(|&m| game.move_text(m).to_string())
        .collect();
    text.join(" ").bytes().fold(0xCBF2_9CE4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    })
}

/// The answer to `game seed search budget`, as the part of a line after `=>`.
fn answer(name: &str, seed: &str, search: &str, nodes: u64) -> String {
    let game = game(name);
    let start = position(&game, seed);
    let method = match search {
        "auto" => Method::Auto,
        "dfs" => Method::Dfs,
        "bfs" => Method::Bfs,
        "beam" => Method::Beam,
        "fair" => {
            let r = fair_solve(&game, &start, Budget::nodes(nodes), 4);
            let hint = r
                .hint
                .map_or("-".to_string(), |m| game.move_text(m).to_string());
            return format!("{hint} {} {} {}", r.samples, r.solved, r.unsolvable);
        }
        other => panic!("unknown search {other}"),
    };
    let report = solve_with(&game, &start, Budget::nodes(nodes), method);
    let (length, sum) = match &report.outcome {
        Outcome::Solved(moves) => {
            let replays = solitaire_solver::verify(&game, &start, moves);
            assert_eq!(replays, Ok(true), "{name} {seed} {search}: the win replays");
            (moves.len(), checksum(&game, moves))
        }
        _ => (0, 0),
    };
    format!(
        "{} {length} {sum:016x} {} {}",
        report.outcome.name(),
        report.nodes,
        report.method
    )
}

#[test]
fn every_pinned_search_gives_its_pinned_answer() {
    let text = include_str!("pinned.txt");
    let (mut lines, mut wrong) = (0, Vec::new());
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (question, expected) = line.split_once(" => ").unwrap_or((line, ""));
        let [name, seed, search, nodes] = question.split_whitespace().collect::<Vec<_>>()[..]
        else {
            panic!("not `game seed search nodes => answer`: {line}");
        };
        let nodes: u64 = nodes.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        let got = answer(name, seed, search, nodes);
        lines += 1;
        if got != expected {
            wrong.push(format!("{question} => {got}"));
        }
    }
    assert!(lines > 0, "pinned.txt lists no search");
    assert!(
        wrong.is_empty(),
        "{} of {lines} pinned answers changed; the lines as they are now:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
