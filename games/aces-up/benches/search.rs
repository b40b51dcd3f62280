//! Benchmark: nodes per second of Aces Up's exhaustive search (`sol solve aces-up`), on a deal it
//! neither wins nor proves lost within the nodes of one iteration.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use solitaire_core::Catalog;
use solitaire_search::testkit::unknown_after;

/// Nodes per iteration.
const NODES: u64 = 1_000_000;

/// Seed 35 takes the search about 6.4 M nodes to prove lost, so it is still unknown after
/// 1 M; its search is the exhaustive one with stage beams between its rounds.
const SEED: u64 = 35;

fn search(c: &mut Criterion) {
    let catalog = Catalog::build(&[game_aces_up::PLUGIN], game_aces_up::LAYOUTS)
        .unwrap_or_else(|e| panic!("{e}"));
    let game = catalog
        .get("aces-up")
        .unwrap_or_else(|| panic!("no aces-up"));
    let mut run = unknown_after(game_aces_up::SEARCH, &game, SEED, NODES);
    let mut group = c.benchmark_group("aces-up-exact");
    group.sample_size(10);
    group.throughput(Throughput::Elements(NODES));
    group.bench_function(format!("seed-{SEED}-1M-nodes"), |b| b.iter(&mut run));
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
