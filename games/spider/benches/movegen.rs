//! Move generation + apply + undo throughput on Spider positions from fixed seeds.
//!
//! Positions: seeds 1..=50, each after 0, 15 and 30 random legal moves. One iteration
//! generates the legal moves of every position and applies and undoes each of them; the
//! throughput is reported in moves (elements) per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use solitaire_core::shuffle::{below, rng_for};
use solitaire_core::{Move, Position, Tx, undo};

fn positions(game: &solitaire_core::Game) -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 1..=50u64 {
        for steps in [0, 15, 30] {
            let mut pos = game.deal(seed);
            let mut rng = rng_for(seed * 100 + steps);
            for _ in 0..steps {
                let moves = game.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[below(&mut rng, moves.len() as u64) as usize];
                game.play(&mut pos, mv).expect("listed moves are legal");
            }
            out.push(pos);
        }
    }
    out
}

fn movegen(c: &mut Criterion) {
    let catalog = solitaire_core::Catalog::build(&[game_spider::PLUGIN], game_spider::LAYOUTS)
        .expect("layouts");
    for id in ["spider", "spider-1suit"] {
        let game = catalog.get(id).expect("registered");
        let mut positions = positions(&game);
        let mut moves: Vec<Move> = Vec::new();
        let total: usize = positions.iter().map(|p| game.legal_moves(p).len()).sum();
        let mut group = c.benchmark_group(format!("{id}/gen+apply+undo"));
        group.throughput(Throughput::Elements(total as u64));
        group.bench_function("150 positions", |b| {
            let mut log = Vec::with_capacity(64);
            b.iter(|| {
                for pos in positions.iter_mut() {
                    moves.clear();
                    game.rules().legal_moves(pos, &mut moves);
                    for &mv in &moves {
                        log.clear();
                        game.rules().apply(&mut Tx::new(pos, &mut log), mv);
                        undo(pos, &log);
                    }
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, movegen);
criterion_main!(benches);
