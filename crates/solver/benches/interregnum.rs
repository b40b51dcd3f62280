//! Benchmark: nodes per second of the exact Interregnum search (`sol solve interregnum`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use solitaire_solver::{Budget, Method, Outcome, solve_with};

/// Nodes per iteration: the search of a deal it neither wins nor proves lost within them.
const NODES: u64 = 1_000_000;

fn exact_nodes(c: &mut Criterion) {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let Some(game) = catalog.get("interregnum") else {
        return;
    };
    // Seed 20 is one of the deals of seeds 1..1000 left unknown after 10 s: the search spends
    // the whole node budget on it, so the throughput is nodes per second.
    let start = game.deal(20);
    let mut group = c.benchmark_group("interregnum-exact");
    group.sample_size(10);
    group.throughput(Throughput::Elements(NODES));
    group.bench_function("seed-20-1M-nodes", |b| {
        b.iter(|| {
            let report = solve_with(&game, &start, Budget::nodes(NODES), Method::Auto);
            assert_eq!(report.outcome, Outcome::Unknown);
            report
        })
    });
    group.finish();
}

criterion_group!(benches, exact_nodes);
criterion_main!(benches);
