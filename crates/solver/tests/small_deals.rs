//! A wrong "lost" is caught here: on every game's small deals (`SearchPlugin::small`), under
//! every combination of readings its search serves, the engine's plain exhaustive search
//! (depth-first through the rules, no pruning) decides each deal, and the game's own search
//! must never contradict it: no deal it calls lost that the plain search wins, none it calls
//! won that the plain search proves lost (its wins are replayed through the engine too).

use std::collections::BTreeMap;

use solitaire_search::testkit::{engine_dfs, reading_combinations};
use solitaire_solver::{Budget, Generic, Method, Outcome, search_plugin, verify};

/// Positions the plain search may take on one small deal.
const PLAIN_NODES: u64 = 2_000_000;
/// Positions the game's own search may take on one small deal.
const OWN_NODES: u64 = 2_000_000;

/// What was checked for one game under one combination of readings.
#[derive(Default)]
struct Tally {
    won: usize,
    lost: usize,
    /// Decided by the plain search, left unknown by the game's own.
    own_unknown: usize,
    /// Left undecided by the plain search within its budget (not compared).
    plain_unknown: usize,
}

#[test]
fn no_game_search_contradicts_the_plain_search_on_small_deals() {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    let mut without = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for game in catalog.games() {
        let Some(search) = search_plugin(game) else {
            continue;
        };
        if !seen.insert(search.name) {
            continue;
        }
        let small = (search.small)();
        if small.is_empty() {
            without.push(search.name);
            continue;
        }
        for deal in &small {
            for values in reading_combinations(&deal.game) {
                let configured = deal
                    .game
                    .with_readings(&values)
                    .unwrap_or_else(|e| panic!("{}: {e}", deal.label));
                if search.unserved(&configured).is_some() {
                    continue;
                }
                let what = format!("{} ({}) under {values:?}", search.name, deal.label);
                let tally = tallies
                    .entry(format!("{} {values:?}", search.name))
                    .or_default();
                let plain = engine_dfs(
                    &configured,
                    &Generic::new(&configured),
                    &deal.start,
                    PLAIN_NODES,
                );
                let own = (search.solve)(
                    &configured,
                    &deal.start,
                    Budget::nodes(OWN_NODES),
                    Method::Auto,
                )
                .unwrap_or_else(|| panic!("{what}: the search declines a reading it serves"))
                .outcome;
                if let Outcome::Solved(moves) = &own {
                    assert_eq!(
                        verify(&configured, &deal.start, moves),
                        Ok(true),
                        "{what}: the win does not replay"
                    );
                }
                match (&plain, &own) {
                    (Outcome::Unknown, _) => tally.plain_unknown += 1,
                    (_, Outcome::Unknown) => tally.own_unknown += 1,
                    (Outcome::Solved(_), Outcome::Solved(_)) => tally.won += 1,
                    (Outcome::Unsolvable, Outcome::Unsolvable) => tally.lost += 1,
                    (plain, own) => panic!(
                        "{what}: the plain search says {}, the game's own {}",
                        plain.name(),
                        own.name()
                    ),
                }
            }
        }
    }
    for (key, t) in &tallies {
        eprintln!(
            "{key}: {} won, {} lost alike; {} left unknown by the game's search, {} by the plain",
            t.won, t.lost, t.own_unknown, t.plain_unknown
        );
    }
    assert!(
        without.is_empty(),
        "every game's search names its small deals; these name none: {}",
        without.join(", ")
    );
    let decided: usize = tallies.values().map(|t| t.won + t.lost).sum();
    let lost: usize = tallies.values().map(|t| t.lost).sum();
    assert!(decided >= 20 && lost >= 5, "{decided} decided, {lost} lost");
}
