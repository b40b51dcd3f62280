//! Benchmarks: nodes per second of the generic DFS, and per-deal Spider solve time.

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use solitaire_solver::{Budget, Method, solve_with};

fn generic_nodes(c: &mut Criterion) {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    // Games whose DFS uses the whole budget, so the throughput is nodes per second.
    let mut group = c.benchmark_group("dfs-100k-nodes");
    group.sample_size(10);
    group.throughput(Throughput::Elements(100_000));
    for id in ["spider", "german-patience", "sly-fox", "strategy"] {
        let Some(game) = catalog.get(id) else {
            continue;
        };
        let start = game.deal(1);
        group.bench_function(id, |b| {
            b.iter(|| solve_with(&game, &start, Budget::nodes(100_000), Method::Dfs))
        });
    }
    group.finish();
}

fn spider_deals(c: &mut Criterion) {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let mut group = c.benchmark_group("spider-solve");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for id in ["spider", "spider-2suit", "spider-1suit"] {
        let Some(game) = catalog.get(id) else {
            continue;
        };
        let starts: Vec<_> = (1..=5).map(|s| game.deal(s)).collect();
        group.bench_function(format!("{id}-seeds-1-5"), |b| {
            b.iter(|| {
                for start in &starts {
                    solve_with(&game, start, Budget::seconds(30.0), Method::Auto);
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, generic_nodes, spider_deals);
criterion_main!(benches);
