//! `sol simulate`: solve a range of deals (or one shard of it) in parallel and summarize them;
//! `--merge` puts the shards' CSVs back together into the report of the whole range.

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use solitaire_core::{Catalog, Game};
use solitaire_solver::stats::wilson;
use solitaire_solver::{Outcome, solve_with, verify};

use crate::Failure;
use crate::limits::SeedRange;
use crate::out_file::{OutFile, is_stdout};
use crate::output::outln;
use crate::shard::Shard;
use crate::simulate_csv::{HEADER, KNOWLEDGE, Row, Run, millisecond};
use crate::solve::GameArgs;
use crate::tally::Tally;

/// `sol simulate GAME --seeds A..B [--shard K/N] [--jobs J] [--time-limit S] [--csv FILE]
/// [--plot FILE.svg|png]`, or `sol simulate GAME --merge A.csv B.csv ... [--csv FILE]
/// [--plot FILE]`.
#[derive(Args)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The deals, `A..B` inclusive (or one number), at most 10000000 of them.
    #[arg(long, value_name = "A..B", value_parser = crate::limits::seeds,
          required_unless_present = "merge")]
    pub seeds: Option<SeedRange>,
    /// Solve only shard K of N of the deals: every N-th deal from the K-th on (A+K-1,
    /// A+K-1+N, ...), 1 <= K <= N, N at most the number of deals. Merge the shards' CSVs with
    /// --merge.
    #[arg(long, value_name = "K/N", value_parser = crate::shard::parse)]
    pub shard: Option<Shard>,
    /// Combine the CSVs of every shard of one run (the same game, readings, method, limits and
    /// seeds) into the report, CSV and plot of the whole run; the limits are the shards'.
    #[arg(long, value_name = "CSV", num_args = 1..,
          conflicts_with_all = ["seeds", "shard", "jobs", "time_limit", "nodes", "method"])]
    pub merge: Vec<String>,
    /// Deals solved at once (default: one per core; at most 4 per core and 256).
    #[arg(long, value_name = "J", value_parser = crate::limits::jobs, allow_negative_numbers = true)]
    pub jobs: Option<usize>,
    /// Write one line per deal to this CSV file (seed, outcome, length, seconds, nodes, method,
    /// knowledge, then the run: game, readings, search, time_limit, node_limit, seeds, shard),
    /// row by row as the deals finish, in seed order (`-`: standard output, the summary then
    /// going to standard error).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<String>,
    /// Draw a histogram of winning path lengths to this file: SVG or PNG (900x500 pixels),
    /// by the extension (`-`: SVG to standard output, the summary then going to standard
    /// error).
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub plot: Option<String>,
    /// The solver sees every card (the only mode of `simulate`).
    #[arg(long)]
    pub full: bool,
}

/// The CSV file of `--csv`, written row by row: a regular file into a temporary file next to
/// it, put in place whole at the end (an interrupted run leaves the previous file as it was);
/// standard output (`-`), a FIFO or a device as the rows come.
struct Csv {
    out: OutFile,
    /// The run columns every row ends with.
    run: String,
}

impl Csv {
    fn create(file: &str, run: &Run) -> Result<Csv, Failure> {
        let mut csv = Csv {
            out: OutFile::create("--csv", Path::new(file))?,
            run: run.columns(),
        };
        csv.line(HEADER)?;
        Ok(csv)
    }

    fn line(&mut self, line: &str) -> Result<(), Failure> {
        self.out.write(format!("{line}\n").as_bytes())
    }

    fn row(&mut self, r: &Row) -> Result<(), Failure> {
        let line = r.line(&self.run);
        self.line(&line)
    }

    fn commit(self) -> Result<(), Failure> {
        self.out.commit()
    }
}

/// Where the rows of a run go, in seed order: the CSV, the summary's counts; then the files
/// and the summary at the end.
pub(crate) struct Report {
    run: Run,
    csv: Option<Csv>,
    plot: Option<String>,
    tally: Tally,
}

impl Report {
    /// A report of `run`: the CSV is created (its directory must exist) and the plot's format
    /// checked (and standard output claimed for either) before any deal is solved or read.
    pub(crate) fn create(
        run: Run,
        csv: Option<&str>,
        plot: Option<&str>,
    ) -> Result<Report, Failure> {
        if let Some(plot) = plot {
            crate::histogram::Format::of(plot).map_err(|e| Failure(format!("{plot}: {e}"), 1))?;
            if is_stdout(Path::new(plot)) {
                crate::output::claim_for("--plot").map_err(|e| Failure(e, 1))?;
            }
        }
        let csv = csv.map(|file| Csv::create(file, &run)).transpose()?;
        Ok(Report {
            run,
            csv,
            plot: plot.map(str::to_string),
            tally: Tally::default(),
        })
    }

    /// Count the next row (the rows come in seed order).
    pub(crate) fn add(&mut self, row: &Row) -> Result<(), Failure> {
        if let Some(csv) = &mut self.csv {
            csv.row(row)?;
        }
        self.tally.add(row.outcome, row.length, row.seconds);
        Ok(())
    }

    /// Put the CSV in place, draw the plot and print the summary, ending with `last_line`.
    pub(crate) fn finish(self, game: &Game, last_line: &str) -> Result<(), Failure> {
        let t = &self.tally;
        // The files first: a reader of the summary that goes away early (`| head`) loses none.
        if let Some(csv) = self.csv {
            csv.commit()?;
        }
        if let Some(file) = &self.plot {
            let title = format!(
                "{}: {} of {} won ({:.2}%), knowledge {KNOWLEDGE}",
                game.id(),
                t.solved,
                t.deals,
                100.0 * t.win_rate()
            );
            let image = crate::histogram::draw(file, &title, &t.lengths)
                .map_err(|e| Failure(format!("{file}: {e}"), 1))?;
            crate::out_file::write_whole("--plot", Path::new(file), &image)?;
        }
        let (lo, hi) = wilson(t.solved as usize, t.deals as usize);
        let run = &self.run;
        let shard = if run.shard == Shard::WHOLE {
            String::new()
        } else {
            format!(" (shard {}: {} deals)", run.shard, t.deals)
        };
        outln!(
            "game: {}  knowledge: {KNOWLEDGE}  seeds: {}..{}{shard}  time limit: {} s",
            game.id(),
            run.seeds.first,
            run.seeds.last,
            run.time_limit
        );
        outln!(
            "solved: {}  unsolvable: {}  unknown: {}  (of {})",
            t.solved,
            t.unsolvable,
            t.unknown,
            t.deals
        );
        outln!(
            "win rate: {:.2}% (95% CI {:.2}%..{:.2}%, Wilson); every win replayed through the \
             engine",
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
        outln!("{last_line}");
        Ok(())
    }
}

/// Run `sol simulate`: the deals are solved on `--jobs` threads, each row written to the CSV
/// and counted in the summary as soon as the deals before it are. With `--merge`, the rows
/// come from the shards' CSVs instead.
pub fn run(args: SimulateArgs, catalog: &Catalog) -> Result<(), Failure> {
    let game = args.game.game(catalog)?;
    if !args.merge.is_empty() {
        return crate::merge::run(
            &game,
            &args.merge,
            args.csv.as_deref(),
            args.plot.as_deref(),
        );
    }
    let seeds = args
        .seeds
        .ok_or_else(|| Failure("give --seeds A..B or --merge".into(), 1))?;
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    if shard.count > seeds.count() {
        return Err(Failure(
            format!(
                "--shard {shard}: give at most as many shards as deals (1 to {} for --seeds \
                 {}..{})",
                seeds.count(),
                seeds.first,
                seeds.last
            ),
            1,
        ));
    }
    let run = Run {
        game: game.id().to_string(),
        readings: crate::simulate_csv::readings(&game),
        search: args.game.method.name().to_string(),
        time_limit: args.game.time_limit.to_string(),
        node_limit: args.game.nodes.map(|n| n.to_string()).unwrap_or_default(),
        seeds,
        shard,
    };
    let mut report = Report::create(run, args.csv.as_deref(), args.plot.as_deref())?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| crate::limits::cores().min(crate::limits::MAX_JOBS));
    let deals = shard.deals(seeds);
    let bar = ProgressBar::new(deals);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals, {elapsed} ({eta} left) {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let budget = args.game.budget();
    let method = args.game.method.into();
    let started = Instant::now();
    let finished = crate::ordered::in_order(
        deals,
        jobs,
        |j| one(&game, shard.seed(seeds, j), budget, method),
        |_, row| {
            let row = row?;
            bar.inc(1);
            report.add(&row)
        },
    );
    bar.finish_and_clear();
    finished?;
    let wall = started.elapsed().as_secs_f64();
    report.finish(&game, &format!("wall time: {wall:.1} s"))
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
        seconds: millisecond(report.elapsed.as_secs_f64()),
        nodes: report.nodes,
        method: report.method,
    })
}
