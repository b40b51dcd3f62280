//! `sol simulate`: solve a range of deals in parallel and summarize them.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use solitaire_core::{Catalog, Game};
use solitaire_solver::stats::{quantile, spread, wilson};
use solitaire_solver::{Outcome, solve_with, verify};

use crate::Failure;
use crate::solve::GameArgs;

/// `sol simulate GAME --seeds A..B [--jobs J] [--time-limit S] [--csv FILE] [--plot FILE.svg|png]`.
#[derive(Args)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The deals, `A..B` inclusive (or one number).
    #[arg(long, value_name = "A..B")]
    pub seeds: String,
    /// Deals solved at once (default: every core).
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
    /// Write one line per deal (seed, outcome, length, seconds, nodes, method, knowledge) to
    /// this CSV file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<String>,
    /// Draw a histogram of winning path lengths to this file: SVG or PNG (900x500 pixels),
    /// by the extension.
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub plot: Option<String>,
    /// The solver sees every card (the only mode of `simulate`).
    #[arg(long)]
    pub full: bool,
}

/// The knowledge mode of every `simulate` search: the solver sees every card.
const KNOWLEDGE: &str = "full";

/// One solved deal.
struct Row {
    seed: u64,
    outcome: &'static str,
    length: Option<usize>,
    seconds: f64,
    nodes: u64,
    method: String,
}

fn parse_seeds(s: &str) -> Result<(u64, u64), Failure> {
    let bad = || {
        Failure(
            format!("{s:?} is not a seed range: write A..B, e.g. 1..1000"),
            1,
        )
    };
    let (a, b) = match s.split_once("..") {
        Some((a, b)) => (a.trim(), b.trim().trim_start_matches('=')),
        None => (s.trim(), s.trim()),
    };
    let (a, b) = (
        a.parse::<u64>().map_err(|_| bad())?,
        b.parse::<u64>().map_err(|_| bad())?,
    );
    if a > b {
        return Err(bad());
    }
    Ok((a, b))
}

/// Run `sol simulate`.
pub fn run(args: SimulateArgs, catalog: &Catalog) -> Result<(), Failure> {
    let game = args.game.game(catalog)?;
    let (a, b) = parse_seeds(&args.seeds)?;
    if let Some(plot) = &args.plot {
        crate::histogram::Format::of(plot).map_err(|e| Failure(format!("{plot}: {e}"), 1))?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
        .map_err(|e| Failure(format!("cannot start the workers: {e}"), 1))?;
    let bar = ProgressBar::new(b - a + 1);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals, {elapsed} ({eta} left) {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let budget = args.game.budget();
    let method = args.game.method.into();
    let started = Instant::now();
    let rows: Vec<Result<Row, Failure>> = pool.install(|| {
        (a..=b)
            .into_par_iter()
            .map(|seed| {
                let row = one(&game, seed, budget, method);
                bar.inc(1);
                row
            })
            .collect()
    });
    bar.finish_and_clear();
    let rows: Vec<Row> = rows.into_iter().collect::<Result<_, _>>()?;
    let wall = started.elapsed().as_secs_f64();
    if let Some(file) = &args.csv {
        let mut text = String::from("seed,outcome,length,seconds,nodes,method,knowledge\n");
        for r in &rows {
            let len = r.length.map(|l| l.to_string()).unwrap_or_default();
            let _ = writeln!(
                text,
                "{},{},{},{:.3},{},{},{KNOWLEDGE}",
                r.seed, r.outcome, len, r.seconds, r.nodes, r.method
            );
        }
        std::fs::write(file, text).map_err(|e| Failure(format!("{file}: {e}"), 1))?;
    }
    let lengths: Vec<f64> = rows
        .iter()
        .filter_map(|r| r.length)
        .map(|l| l as f64)
        .collect();
    let times: Vec<f64> = rows.iter().map(|r| r.seconds).collect();
    let n = rows.len();
    let count = |o: &str| rows.iter().filter(|r| r.outcome == o).count();
    let (solved, unsolvable, unknown) = (count("solved"), count("unsolvable"), count("unknown"));
    let (lo, hi) = wilson(solved, n);
    println!(
        "game: {}  knowledge: {KNOWLEDGE}  seeds: {a}..{b}  time limit: {} s",
        game.id(),
        args.game.time_limit
    );
    println!("solved: {solved}  unsolvable: {unsolvable}  unknown: {unknown}  (of {n})");
    println!(
        "win rate: {:.2}% (95% CI {:.2}%..{:.2}%, Wilson); every win replayed through the engine",
        100.0 * solved as f64 / n.max(1) as f64,
        100.0 * lo,
        100.0 * hi
    );
    if let Some((min, med, mean, max)) = spread(&lengths) {
        println!("path length: min {min} median {med} mean {mean:.1} max {max}");
    }
    if let Some((min, med, mean, max)) = spread(&times) {
        let p99 = quantile(&times, 0.99).unwrap_or(max);
        println!(
            "solve time (s): min {min:.3} median {med:.3} mean {mean:.3} p99 {p99:.3} max {max:.3}"
        );
    }
    println!("wall time: {wall:.1} s");
    if let Some(file) = &args.plot {
        let title = format!(
            "{}: {solved} of {n} won ({:.2}%), knowledge {KNOWLEDGE}",
            game.id(),
            100.0 * solved as f64 / n.max(1) as f64
        );
        crate::histogram::draw(file, &title, &lengths)
            .map_err(|e| Failure(format!("{file}: {e}"), 1))?;
    }
    Ok(())
}

fn one(
    game: &Arc<Game>,
    seed: u64,
    budget: solitaire_solver::Budget,
    method: solitaire_solver::Method,
) -> Result<Row, Failure> {
    let start = game.deal(seed);
    let report = solve_with(game, &start, budget, method);
    let length = match &report.outcome {
        Outcome::Solved(moves) => {
            if verify(game, &start, moves) != Ok(true) {
                return Err(Failure(
                    format!("internal error: seed {seed}: the solution does not replay to a win"),
                    1,
                ));
            }
            Some(moves.len())
        }
        _ => None,
    };
    Ok(Row {
        seed,
        outcome: report.outcome.name(),
        length,
        seconds: report.elapsed.as_secs_f64(),
        nodes: report.nodes,
        method: report.method,
    })
}
