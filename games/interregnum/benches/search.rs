//! Benchmark: nodes per second of Interregnum's exhaustive search (`sol solve interregnum`), on a deal it
//! neither wins nor proves lost within the nodes of one iteration.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use solitaire_core::Catalog;
use solitaire_search::testkit::unknown_after;

/// Nodes per iteration.
const NODES: u64 = 1_000_000;

/// Seed 20 is one of the deals of seeds 1..1000 left unknown after 10 s.
const SEED: u64 = 20;

fn search(c: &mut Criterion) {
    let catalog = Catalog::build(&[game_interregnum::PLUGIN], game_interregnum::LAYOUTS)
        .unwrap_or_else(|e| panic!("{e}"));
    let game = catalog
        .get("interregnum")
        .unwrap_or_else(|| panic!("no interregnum"));
    let mut run = unknown_after(game_interregnum::SEARCH, &game, SEED, NODES);
    let mut group = c.benchmark_group("interregnum-exact");
    group.sample_size(10);
    group.throughput(Throughput::Elements(NODES));
    group.bench_function(format!("seed-{SEED}-1M-nodes"), |b| b.iter(&mut run));
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
