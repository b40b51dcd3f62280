//! Benchmark: nodes per second of Sly Fox's search (its nested play-outs) (`sol solve sly-fox`), on a deal it
//! neither wins nor proves lost within the nodes of one iteration.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use solitaire_core::Catalog;
use solitaire_search::testkit::unknown_after;

/// Nodes per iteration.
const NODES: u64 = 1_000_000;

/// Seed 26 is one of the deals of seeds 1..1000 left unknown after 10 s; its search is the
/// nested play-outs for half the nodes (a node: a move of a play-out) and the beam searches
/// for the other half.
const SEED: u64 = 26;

fn search(c: &mut Criterion) {
    let catalog = Catalog::build(&[game_sly_fox::PLUGIN], game_sly_fox::LAYOUTS)
        .unwrap_or_else(|e| panic!("{e}"));
    let game = catalog
        .get("sly-fox")
        .unwrap_or_else(|| panic!("no sly-fox"));
    let mut run = unknown_after(game_sly_fox::SEARCH, &game, SEED, NODES);
    let mut group = c.benchmark_group("sly-fox-playout");
    group.sample_size(10);
    group.throughput(Throughput::Elements(NODES));
    group.bench_function(format!("seed-{SEED}-1M-nodes"), |b| b.iter(&mut run));
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
