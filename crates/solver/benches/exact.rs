//! Benchmark: nodes per second of the exact searches of Interregnum, Sixes and Sevens and
//! Aces Up, and of Sly Fox's play-outs (`sol solve interregnum`, `sol solve sixes-and-sevens`,
//! `sol solve aces-up`, `sol solve sly-fox`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use solitaire_solver::{Budget, Method, Outcome, solve_with};

/// Nodes per iteration: the search of a deal it neither wins nor proves lost within them.
const NODES: u64 = 1_000_000;

/// The group `name`: the search of `game`'s deal `seed`, left unknown after 1,000,000 nodes,
/// so that the throughput is nodes per second.
fn exact_group(c: &mut Criterion, name: &str, game: &str, seed: u64) {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let Some(game) = catalog.get(game) else {
        return;
    };
    let start = game.deal(seed);
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.throughput(Throughput::Elements(NODES));
    group.bench_function(format!("seed-{seed}-1M-nodes"), |b| {
        b.iter(|| {
            let report = solve_with(&game, &start, Budget::nodes(NODES), Method::Auto);
            assert_eq!(report.outcome, Outcome::Unknown);
            report
        })
    });
    group.finish();
}

/// Seed 20 is one of the Interregnum deals of seeds 1..1000 left unknown after 10 s.
fn interregnum(c: &mut Criterion) {
    exact_group(c, "interregnum-exact", "interregnum", 20);
}

/// Seed 3 is one of the Sixes and Sevens deals of seeds 1..1000 left unknown after 10 s; its
/// search is the exact one for half the nodes and the beam searches for the other half.
fn sixes_and_sevens(c: &mut Criterion) {
    exact_group(c, "sixes-and-sevens-exact", "sixes-and-sevens", 3);
}

/// Seed 26 is one of the Sly Fox deals of seeds 1..1000 left unknown after 10 s; its search is
/// the nested play-outs for half the nodes (a node: a move of a play-out) and the beam
/// searches for the other half.
fn sly_fox(c: &mut Criterion) {
    exact_group(c, "sly-fox-playout", "sly-fox", 26);
}

/// Seed 35 takes the Aces Up search about 6.4 M nodes to prove lost, so it is still unknown
/// after 1 M; its search is the exhaustive one with stage beams between its rounds.
fn aces_up(c: &mut Criterion) {
    exact_group(c, "aces-up-exact", "aces-up", 35);
}

criterion_group!(benches, interregnum, sixes_and_sevens, sly_fox, aces_up);
criterion_main!(benches);
