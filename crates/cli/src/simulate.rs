//! `sol simulate`: solve a range of deals in parallel and summarize them.

use std::io::Write as _;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use solitaire_core::files::AtomicFile;
use solitaire_core::{Catalog, Game};
use solitaire_solver::stats::wilson;
use solitaire_solver::{Outcome, solve_with, verify};

use crate::Failure;
use crate::limits::SeedRange;
use crate::output::outln;
use crate::solve::GameArgs;
use crate::tally::Tally;

/// `sol simulate GAME --seeds A..B [--jobs J] [--time-limit S] [--csv FILE] [--plot FILE.svg|png]`.
#[derive(Args)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The deals, `A..B` inclusive (or one number), at most 10000000 of them.
    #[arg(long, value_name = "A..B", value_parser = crate::limits::seeds)]
    pub seeds: SeedRange,
    /// Deals solved at once (default: one per core; at most 4 per core and 256).
    #[arg(long, value_name = "J", value_parser = crate::limits::jobs, allow_negative_numbers = true)]
    pub jobs: Option<usize>,
    /// Write one line per deal (seed, outcome, length, seconds, nodes, method, knowledge) to
    /// this CSV file, row by row as the deals finish, in seed order.
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

/// The CSV file of `--csv`, written row by row into a temporary file next to it and put in
/// place whole at the end (an interrupted run leaves the previous file as it was).
struct Csv {
    file: String,
    out: AtomicFile,
}

impl Csv {
    fn create(file: &str) -> Result<Csv, Failure> {
        let mut csv = Csv {
            file: file.to_string(),
            out: AtomicFile::create(Path::new(file))
                .map_err(|e| Failure(format!("{file}: {e}"), 1))?,
        };
        csv.line(format_args!(
            "seed,outcome,length,seconds,nodes,method,knowledge"
        ))?;
        Ok(csv)
    }

    fn line(&mut self, args: std::fmt::Arguments) -> Result<(), Failure> {
        writeln!(self.out, "{args}").map_err(|e| Failure(format!("{}: {e}", self.file), 1))
    }

    fn row(&mut self, r: &Row) -> Result<(), Failure> {
        let len = r.length.map(|l| l.to_string()).unwrap_or_default();
        self.line(format_args!(
            "{},{},{},{:.3},{},{},{KNOWLEDGE}",
            r.seed, r.outcome, len, r.seconds, r.nodes, r.method
        ))
    }

    fn commit(self) -> Result<(), Failure> {
        let file = self.file;
        self.out
            .commit()
            .map_err(|e| Failure(format!("{file}: {e}"), 1))
    }
}

/// Run `sol simulate`: the deals are solved on `--jobs` threads, each row written to the CSV
/// and counted in the summary as soon as the deals before it are.
pub fn run(args: SimulateArgs, catalog: &Catalog) -> Result<(), Failure> {
    let game = args.game.game(catalog)?;
    let seeds = args.seeds;
    if let Some(plot) = &args.plot {
        crate::histogram::Format::of(plot).map_err(|e| Failure(format!("{plot}: {e}"), 1))?;
    }
    let mut csv = args.csv.as_deref().map(Csv::create).transpose()?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| crate::limits::cores().min(crate::limits::MAX_JOBS));
    let bar = ProgressBar::new(seeds.count());
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals, {elapsed} ({eta} left) {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let budget = args.game.budget();
    let method = args.game.method.into();
    let started = Instant::now();
    let mut tally = Tally::default();
    let finished = crate::ordered::in_order(
        seeds.count(),
        jobs,
        |i| one(&game, seeds.seed(i), budget, method),
        |_, row| {
            let row = row?;
            bar.inc(1);
            if let Some(csv) = &mut csv {
                csv.row(&row)?;
            }
            tally.add(row.outcome, row.length, row.seconds);
            Ok::<(), Failure>(())
        },
    );
    bar.finish_and_clear();
    finished?;
    let wall = started.elapsed().as_secs_f64();
    let t = &tally;
    // The files first: a reader of the summary that goes away early (`| head`) loses none.
    if let Some(csv) = csv {
        csv.commit()?;
    }
    if let Some(file) = &args.plot {
        let title = format!(
            "{}: {} of {} won ({:.2}%), knowledge {KNOWLEDGE}",
            game.id(),
            t.solved,
            t.deals,
            100.0 * t.win_rate()
        );
        crate::histogram::draw(file, &title, &t.lengths)
            .map_err(|e| Failure(format!("{file}: {e}"), 1))?;
    }
    let (lo, hi) = wilson(t.solved as usize, t.deals as usize);
    outln!(
        "game: {}  knowledge: {KNOWLEDGE}  seeds: {}..{}  time limit: {} s",
        game.id(),
        seeds.first,
        seeds.last,
        args.game.time_limit
    );
    outln!(
        "solved: {}  unsolvable: {}  unknown: {}  (of {})",
        t.solved,
        t.unsolvable,
        t.unknown,
        t.deals
    );
    outln!(
        "win rate: {:.2}% (95% CI {:.2}%..{:.2}%, Wilson); every win replayed through the engine",
        100.0 * t.win_rate(),
        100.0 * lo,
        100.0 * hi
    );
    if let Some((min, med, mean, max)) = t.lengths.spread() {
        outln!("path length: min {min} median {med} mean {mean:.1} max {max}");
    }
    if let Some((min, med, mean, max)) = t.millis.spread() {
        let p99 = t.millis.quantile(0.99).map_or(max, |ms| ms as f64);
        let s = |ms: f64| ms / 1000.0;
        outln!(
            "solve time (s): min {:.3} median {:.3} mean {:.3} p99 {:.3} max {:.3}",
            s(min),
            s(med),
            s(mean),
            s(p99),
            s(max)
        );
    }
    outln!("wall time: {wall:.1} s");
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
