//! The fair solver on Don Woods' worked Spider positions (`assets/positions/woods`): it never
//! looks at the face-down cards, so the fill seed that chose a file's unknown cards does not
//! change its samples or its answer.

use std::path::Path;

use solitaire_core::{Game, Position};
use solitaire_solver::{Budget, fair};

fn spider() -> std::sync::Arc<Game> {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    catalog
        .get("spider")
        .unwrap_or_else(|| panic!("spider is registered"))
}

/// The Woods file `name`, its unknown cards filled with `fill_seed`.
fn woods(game: &Game, name: &str, fill_seed: u64) -> Position {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/positions/woods")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    game.parse_position_filled(&text, fill_seed)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .position
}

#[test]
fn fair_samples_do_not_depend_on_the_fill() {
    let game = spider();
    for name in ["02-which-column-to-dig.txt", "08-a-friendly-deck.txt"] {
        let a = woods(&game, name, 0);
        let b = woods(&game, name, 5);
        assert_ne!(a, b, "{name}: the fills differ");
        for k in 0..3 {
            assert_eq!(
                fair::sample(&a, k),
                fair::sample(&b, k),
                "{name}, sample {k}"
            );
        }
    }
}

/// Example 5 (two deals left, every tableau card face up): one sample of 200,000 positions
/// is enough for the full search to win it, whichever fill (as `sol solve --fair` on a
/// release build finds in a fraction of a second).
#[test]
fn the_fair_hint_on_a_woods_example_is_the_same_for_every_fill() {
    let game = spider();
    let budget = Budget {
        nodes: 200_000,
        ..Budget::seconds(600.0)
    };
    let answers: Vec<_> = [0, 5]
        .into_iter()
        .map(|seed| {
            let start = woods(&game, "05-two-deals-left.txt", seed);
            let r = fair::fair_solve(&game, &start, budget, 1);
            if let Some(mv) = r.hint {
                assert!(game.check(&start, mv).is_ok(), "the hint is legal");
            }
            (r.hint.map(|m| game.move_text(m).to_string()), r.solved)
        })
        .collect();
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0].1, 1, "the sample is won within the budget");
    assert!(answers[0].0.is_some());
}
