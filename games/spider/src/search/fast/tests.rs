//! The compact state against the engine, and wins replayed through it.

use solitaire_core::{Game, Layout, PileKind};
use solitaire_search::{Budget, Meter, Outcome, verify};

use super::Fast;
use super::guide::{Parts, moves};
use super::state::State;
use crate::{LAYOUTS, PLUGIN};

/// The shipped layout of game `id`.
fn catalog_game(id: &str) -> Game {
    let layout = LAYOUTS
        .iter()
        .find(|l| l.file.ends_with(&format!("/{id}.ron")))
        .unwrap_or_else(|| panic!("no game {id}"));
    solitaire_core::testkit::game(&PLUGIN, layout)
}

/// Spider with suits kept on the tableau until the player moves them (Woods' rule).
fn optional_removal() -> Game {
    let source = LAYOUTS[0]
        .source
        .replace("removal: Automatic", "removal: Optional");
    assert!(source.contains("removal: Optional"));
    let layout = Layout::parse("spider-optional.ron", &source).unwrap_or_else(|e| panic!("{e}"));
    Game::new(layout, &PLUGIN).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_compact_state_follows_the_engine_move_by_move() {
    for id in ["spider", "spider-2suit", "spider-1suit"] {
        let game = catalog_game(id);
        let foundations = game.layout().piles_of(PileKind::Foundation);
        for seed in 1..=4u64 {
            let start = game.deal(seed);
            let fast = Fast::new(&game, &start).unwrap_or_else(|| panic!("{id} is Spider"));
            let (t, w) = (&fast.table, &fast.weights);
            let (mut state, mut pos) = (fast.start, start.clone());
            let mut rng = seed;
            let mut steps = Vec::new();
            for _ in 0..400 {
                moves(&state, t, &mut steps);
                if steps.is_empty() {
                    break;
                }
                rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let step = steps[(rng >> 33) as usize % steps.len()];
                let parts = Parts::of(&state, t, w);
                let mut child = state;
                super::guide::apply(&mut child, t, step);
                assert_eq!(
                    parts.child(&child, t, w, fast.blocks, step),
                    Parts::of(&child, t, w).total(&child, t, w, fast.blocks),
                    "{id} seed {seed}: incremental key and evaluation after {step:?}"
                );
                let mv = fast.engine_move(step);
                game.play(&mut pos, mv)
                    .unwrap_or_else(|e| panic!("{id} seed {seed}: {mv:?} refused: {e}"));
                state = child;
                let removed = foundations
                    .iter()
                    .filter(|&&f| !pos.pile(f).is_empty())
                    .count();
                let mirror = State::from_position(&pos, &fast.columns, removed as u8, state.dealt);
                assert_eq!(mirror, state, "{id} seed {seed} after {mv:?}");
            }
        }
    }
}

#[test]
fn wins_replay_through_the_engine_with_either_removal_rule() {
    let optional = optional_removal();
    let games = [
        catalog_game("spider-1suit"),
        catalog_game("spider-2suit"),
        catalog_game("spider"),
        optional,
    ];
    for game in &games {
        let start = game.deal(3);
        let fast = Fast::new(game, &start).unwrap_or_else(|| panic!("Spider"));
        let mut meter = Meter::new(Budget::seconds(60.0));
        let (Outcome::Solved(moves), _) = fast.solve(game, &start, &mut meter) else {
            panic!("{}: deal 3 is won within a minute", game.id());
        };
        assert_eq!(verify(game, &start, &moves), Ok(true), "{}", game.id());
    }
}
