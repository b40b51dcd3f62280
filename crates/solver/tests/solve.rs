//! Solver tests: every win replays to `won`; exhaustive answers match on small games.

use std::sync::Arc;

use game_spider::Family;
use solitaire_core::{Game, Layout, Move, PileKind, Position};
use solitaire_solver::{Budget, Method, Outcome, fair, hint, solve, solve_with, verify};

fn catalog_game(id: &str) -> Arc<Game> {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    catalog.get(id).unwrap_or_else(|| panic!("no game {id}"))
}

fn family(spec: &str) -> Game {
    let f: Family = spec.parse().unwrap_or_else(|e| panic!("{e}"));
    let layout = Layout::parse("family.ron", &f.layout()).unwrap_or_else(|e| panic!("{e}"));
    Game::new(layout, &game_spider::PLUGIN).unwrap_or_else(|e| panic!("{e}"))
}

fn assert_replays(game: &Game, start: &Position, outcome: &Outcome) {
    if let Outcome::Solved(moves) = outcome {
        assert_eq!(verify(game, start, moves), Ok(true), "{}", game.id());
    }
}

#[test]
fn family_layouts_deal_the_thesis_boards() {
    let g = family("4,2,2,3,3");
    let p = g.deal(1);
    let cols = g.layout().piles_of(PileKind::Tableau);
    let hidden: usize = cols.iter().map(|&c| p.pile(c).face_down()).sum();
    assert_eq!(hidden, 7);
    assert_eq!(p.pile(0).len(), 6);
    assert_eq!(p.pile(cols[0]).face_down(), 3);
    assert_eq!(p.pile(cols[2]).face_down(), 2);
    let spider = family("13,4,2,10,6");
    let q = spider.deal(1);
    assert_eq!(q.pile(0).len(), 50);
}

/// DFS and complete BFS are both exhaustive: they must agree on every small deal, and every
/// win they report must replay.
#[test]
fn exhaustive_searches_agree_on_tiny_family_members() {
    for spec in [
        "3,2,2,3,2",
        "4,2,2,3,3",
        "4,1,2,2,2",
        "2,1,1,1,1",
        "2,1,1,1,2",
    ] {
        let game = family(spec);
        for seed in 1..=12 {
            let start = game.deal(seed);
            let d = solve_with(&game, &start, Budget::nodes(500_000), Method::Dfs);
            let b = solve_with(&game, &start, Budget::nodes(500_000), Method::Bfs);
            assert_ne!(d.outcome, Outcome::Unknown, "{spec} seed {seed}");
            assert_eq!(
                d.outcome.name(),
                b.outcome.name(),
                "{spec} seed {seed}: dfs and bfs disagree"
            );
            assert_replays(&game, &start, &d.outcome);
            assert_replays(&game, &start, &b.outcome);
            if let (Outcome::Solved(dm), Outcome::Solved(bm)) = (&d.outcome, &b.outcome) {
                assert!(bm.len() <= dm.len(), "bfs finds the shortest win");
            }
        }
    }
}

/// Weisser's G2 table: G(2,1,1,1,1) is lost for both arrangements (a hidden card under the
/// only column), G(2,1,1,2,1) is always won, G(1,1,2,1,2) is won thanks to the amended deal.
#[test]
fn weisser_g2_cases() {
    for seed in 1..=4 {
        let g = family("2,1,1,1,1");
        let s = g.deal(seed);
        assert_eq!(
            solve(&g, &s, Budget::nodes(10_000)).outcome,
            Outcome::Unsolvable
        );
        let g = family("2,1,1,2,1");
        let s = g.deal(seed);
        assert!(matches!(
            solve(&g, &s, Budget::nodes(10_000)).outcome,
            Outcome::Solved(_)
        ));
        let g = family("1,1,2,1,2");
        let s = g.deal(seed);
        let r = solve(&g, &s, Budget::nodes(10_000));
        assert_eq!(r.outcome, Outcome::Solved(vec![Move::Deal]));
    }
}

#[test]
fn hand_made_positions_lost_in_one_or_two_moves_are_unsolvable() {
    let game = catalog_game("spider");
    let parse = |t: &str| game.parse_position(t).unwrap_or_else(|e| panic!("{e}"));
    // No move at all: ten columns, no card one rank below a top card, an empty stock.
    let rest = "t4: TD\nt5: QC\nt6: 2S\nt7: 8C\nt8: TC\nt9: 2D\nt10: 8S";
    let dead = parse(&format!("t1: 5D\nt2: 4C 2H\nt3: 8H\n{rest}"));
    assert!(game.legal_moves(&dead).is_empty());
    assert_eq!(
        solve(&game, &dead, Budget::nodes(1000)).outcome,
        Outcome::Unsolvable
    );
    // One move (the 4 onto the 5, turning up a queen), then nothing.
    let one = parse(&format!("t1: 5D\nt2: QS | 4H\nt3: 8H\n{rest}"));
    assert_eq!(game.legal_moves(&one).len(), 1);
    assert_eq!(
        solve(&game, &one, Budget::nodes(1000)).outcome,
        Outcome::Unsolvable
    );
    // A few moves (the 4 onto the 5, the 3 onto the 4, a 2 onto the 3), then nothing.
    let two = parse(&format!("t1: 5D\nt2: QS | 4H\nt3: QH | 3C\n{rest}"));
    assert!(!game.legal_moves(&two).is_empty());
    assert_eq!(
        solve(&game, &two, Budget::nodes(100_000)).outcome,
        Outcome::Unsolvable
    );
    // Won in one move: the ace completes a suit.
    let suit = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S";
    let win = parse(&format!("t1: {suit}\nt2: AS"));
    let r = solve(&game, &win, Budget::nodes(1000));
    assert_eq!(r.outcome.name(), "solved");
    assert_replays(&game, &win, &r.outcome);
}

#[test]
fn spider_one_suit_deal_is_solved_and_replays() {
    let game = catalog_game("spider-1suit");
    let start = game.deal(4);
    let r = solve(&game, &start, Budget::seconds(20.0));
    assert_eq!(r.outcome.name(), "solved");
    assert_replays(&game, &start, &r.outcome);
}

/// Every registered game: a small budget, and whatever is reported as solved replays.
#[test]
fn every_game_answers_honestly_on_a_small_budget() {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    for game in catalog.games() {
        for seed in 1..=2 {
            let start = game.deal(seed);
            let r = solve(game, &start, Budget::nodes(20_000));
            assert_replays(game, &start, &r.outcome);
        }
    }
}

#[test]
fn fair_hints_are_legal_and_samples_keep_what_is_seen() {
    let game = catalog_game("spider-1suit");
    let start = game.deal(3);
    let s = fair::sample(&start, 9);
    assert_eq!(s.sorted_cards(), start.sorted_cards());
    for (a, b) in s.piles().iter().zip(start.piles()) {
        assert_eq!(a.face_up(), b.face_up());
        assert_eq!(a.face_down(), b.face_down());
    }
    let mv = hint(&game, &start, Budget::nodes(30_000)).unwrap_or_else(|| panic!("no hint"));
    assert!(game.check(&start, mv).is_ok());
}

/// A column whose top card is face down: play never leaves one (an uncovered card turns up),
/// so the reader refuses it; built by hand all the same, every search of all three Spider
/// games answers without a panic (the fast search's move list indexed the empty face-up run
/// of such a column), and whatever it reports as solved replays.
#[test]
fn spider_solver_face_down_top_is_refused_not_a_panic() {
    let text = "t1: AS |\nt2: KS\n";
    for id in ["spider", "spider-2suit", "spider-1suit"] {
        let game = catalog_game(id);
        let err = game
            .parse_position(text)
            .err()
            .unwrap_or_else(|| panic!("{id}: a face-down top card reads"));
        assert_eq!(
            err.to_string(),
            "line 1, column 1: pile t1: its top card is face down, but an uncovered card is turned up"
        );
        let start = solitaire_core::testkit::pos_unchecked(&game, text);
        for method in [Method::Auto, Method::Beam, Method::Dfs, Method::Bfs] {
            let r = solve_with(&game, &start, Budget::nodes(2_000), method);
            assert_replays(&game, &start, &r.outcome);
        }
        let r = fair::fair_solve(&game, &start, Budget::nodes(2_000), 2);
        if let Some(mv) = r.hint {
            game.check(&start, mv)
                .unwrap_or_else(|e| panic!("{id}: hint refused: {e}"));
        }
    }
}

/// Found by the generated-positions property: a beam that runs out of moves without ever
/// cutting a level (here Strategy's guide prunes the rest) was widened again and again until the
/// width overflowed. A wider beam would only search the same positions: the search stops. (No
/// Ace is left, so the exhaustive search proves the position lost.)
#[test]
fn a_beam_that_never_cuts_is_not_widened_until_it_overflows() {
    let game = catalog_game("strategy");
    let start = game
        .parse_position("stock: KS |\nhand: 8C\np5: 2H\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let beam = solve_with(&game, &start, Budget::nodes(1_000), Method::Beam);
    assert_eq!(beam.outcome, Outcome::Unknown);
    let auto = solve_with(&game, &start, Budget::nodes(1_000), Method::Auto);
    assert_eq!(auto.outcome, Outcome::Unsolvable);
}

/// Found by fuzzing `sol solve --fair --samples N`: 2^32 samples divided the time budget by
/// zero (a panic), and 2^64 - 1 samples ran far past the budget.
#[test]
fn fair_solving_keeps_to_its_budget_however_many_samples() {
    let game = catalog_game("aces-up");
    let start = game.deal(1);
    for samples in [1 << 32, usize::MAX] {
        let budget = Budget {
            nodes: 40,
            ..Budget::seconds(30.0)
        };
        let report = fair::fair_solve(&game, &start, budget, samples);
        assert!((1..=40).contains(&report.samples), "{}", report.samples);
    }
}

/// The generic search tries one narrow beam before its exhaustive phase: a Rosamund deal is
/// won within far fewer nodes than the fifth of the budget the DFS would take first, and
/// Labyrinth's largest search of seeds 1..10000 (seed 3472) is still proved lost.
#[test]
fn the_generic_search_wins_by_a_narrow_beam_first_and_still_proves_losses() {
    let budget = 5_000_000;
    let rosamund = catalog_game("rosamund");
    let start = rosamund.deal(1);
    let report = solve_with(&rosamund, &start, Budget::nodes(budget), Method::Auto);
    assert!(matches!(report.outcome, Outcome::Solved(_)), "{report:?}");
    assert_eq!(report.method, "beam");
    assert!(report.nodes < budget / 5, "{} nodes", report.nodes);
    assert_replays(&rosamund, &start, &report.outcome);

    let labyrinth = catalog_game("labyrinth");
    let report = solve_with(
        &labyrinth,
        &labyrinth.deal(3472),
        Budget::nodes(budget),
        Method::Auto,
    );
    assert_eq!(report.outcome, Outcome::Unsolvable, "{report:?}");
}
