//! Solve a range of deals one after another and print one line per deal (for tuning):
//! `cargo run --release -p solitaire-solver --example sweep -- spider 1 20 10`.

use solitaire_solver::{Budget, Outcome, solve, verify};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let id = args.get(1).map_or("spider", |s| s.as_str());
    let from: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let to: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10);
    let limit: f64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(10.0);
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let Some(game) = catalog.get(id) else {
        eprintln!("unknown game {id}");
        return;
    };
    let (mut won, mut total_t) = (0, 0.0);
    for seed in from..=to {
        let start = game.deal(seed);
        let r = solve(&game, &start, Budget::seconds(limit));
        let t = r.elapsed.as_secs_f64();
        total_t += t;
        let len = match &r.outcome {
            Outcome::Solved(m) => {
                let ok = verify(&game, &start, m) == Ok(true);
                won += usize::from(ok);
                format!("{} {}", m.len(), if ok { "ok" } else { "BAD" })
            }
            _ => String::new(),
        };
        println!(
            "{seed}\t{}\t{}\t{:.3}s\t{} nodes\t{len}",
            r.outcome.name(),
            r.method,
            t,
            r.nodes
        );
    }
    println!("won {won} of {}, {:.3}s total", to - from + 1, total_t);
}
