//! Move generation + apply + undo throughput, as a plain loop (for profilers such as
//! `valgrind --tool=callgrind`); `cargo bench -p game-spider` is the measured benchmark.

use std::time::Instant;

use solitaire_core::shuffle::{below, rng_for};
use solitaire_core::{Catalog, Move, Tx, undo};

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let catalog = match Catalog::build(&[game_spider::PLUGIN], game_spider::LAYOUTS) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let Some(game) = catalog.get("spider") else {
        return;
    };
    let mut positions = Vec::new();
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
                if game.play(&mut pos, mv).is_err() {
                    break;
                }
            }
            positions.push(pos);
        }
    }
    let mut moves: Vec<Move> = Vec::new();
    let mut log = Vec::with_capacity(64);
    let mut count = 0u64;
    let start = Instant::now();
    for _ in 0..rounds {
        for pos in positions.iter_mut() {
            moves.clear();
            game.rules().legal_moves(pos, &mut moves);
            for &mv in &moves {
                log.clear();
                game.rules().apply(&mut Tx::new(pos, &mut log), mv);
                undo(pos, &log);
                count += 1;
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{count} moves in {secs:.3} s: {:.2} million moves/s",
        count as f64 / secs / 1e6
    );
}
