//! Each game's own search serves exactly the readings it declares (`SearchPlugin::serves`):
//! under every combination of its layouts' reading values, the solver calls it exactly where
//! the declaration says it serves, and there the search answers (it never declines a reading
//! it declares, which would leave a deal to the generic search unannounced).

use solitaire_search::testkit::reading_combinations;
use solitaire_solver::{Budget, Method, OwnSearch, own_search, search_plugin};

#[test]
fn every_search_serves_exactly_the_readings_it_declares() {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let mut checked = 0;
    for game in catalog.games() {
        let Some(search) = search_plugin(game) else {
            assert_eq!(own_search(game), OwnSearch::None);
            continue;
        };
        for served in search.serves {
            let name = served.reading.name;
            let reading = game
                .readings()
                .iter()
                .find(|r| r.reading.name == name)
                .unwrap_or_else(|| {
                    panic!("{}: the search serves {name}, not a reading", game.id())
                });
            for value in served.values {
                assert!(
                    reading.reading.choices.iter().any(|c| c.value == *value),
                    "{}: {name} has no value {value}",
                    game.id()
                );
            }
        }
        for values in reading_combinations(game) {
            let configured = game
                .with_readings(&values)
                .unwrap_or_else(|e| panic!("{}: {e}", game.id()));
            let declared = search.unserved(&configured).is_none();
            let answered = (search.solve)(
                &configured,
                &configured.deal(1),
                Budget::nodes(1),
                Method::Auto,
            )
            .is_some();
            assert_eq!(
                declared,
                answered,
                "{} under {values:?}: declared {}, its solve {}",
                game.id(),
                if declared { "served" } else { "not served" },
                if answered { "answers" } else { "declines" }
            );
            let status = own_search(&configured);
            assert_eq!(status == OwnSearch::Serves, declared, "{status:?}");
            checked += 1;
        }
    }
    eprintln!("{checked} layouts and reading combinations checked");
    assert!(checked > 20, "{checked}");
}
