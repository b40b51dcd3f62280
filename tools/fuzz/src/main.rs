//! `solitaire-fuzz`: long fuzzing runs of one or every target, and replays of saved failures.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use solitaire_fuzz::targets::Outcome;
use solitaire_fuzz::{Options, Target, replay, run};
use strum::IntoEnumIterator;

#[derive(Parser)]
#[command(
    name = "solitaire-fuzz",
    about = "Fuzz the readers of positions, saves, moves, layouts and the sol command line"
)]
struct Args {
    /// The target: position, save, moves, layout, cli, or all.
    #[arg(long, default_value = "all")]
    target: String,
    /// Cases per target.
    #[arg(long, default_value_t = 10_000)]
    cases: u64,
    /// The seed of the cases (the same seed gives the same cases).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where failing cases are saved, one directory each.
    #[arg(long, default_value = "fuzz-failures")]
    out: PathBuf,
    /// The `sol` binary for the cli target (default: `sol` beside this program).
    #[arg(long)]
    sol: Option<PathBuf>,
    /// Seconds one `sol` run may take.
    #[arg(long, default_value_t = 10)]
    timeout: u64,
    /// Replay these saved cases instead of fuzzing.
    #[arg(long, num_args = 1.., value_name = "DIR")]
    replay: Vec<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let sol = args.sol.clone().or_else(|| {
        let exe = std::env::current_exe().ok()?;
        Some(exe.with_file_name(format!("sol{}", std::env::consts::EXE_SUFFIX)))
    });
    let opts = Options {
        cases: args.cases,
        seed: args.seed,
        sol,
        timeout: Duration::from_secs(args.timeout),
        out: Some(args.out.clone()),
        progress: true,
    };
    if !args.replay.is_empty() {
        return replay_all(&args.replay, &opts);
    }
    let targets: Vec<Target> = if args.target == "all" {
        Target::iter().collect()
    } else {
        match args.target.parse() {
            Ok(t) => vec![t],
            Err(_) => {
                eprintln!("solitaire-fuzz: unknown target {:?}", args.target);
                return ExitCode::from(2);
            }
        }
    };
    if targets.contains(&Target::Cli) && !opts.sol.as_ref().is_some_and(|p| p.exists()) {
        eprintln!(
            "solitaire-fuzz: the cli target needs `sol`: build it (`cargo build --release -p sol-cli`) or pass --sol PATH"
        );
        return ExitCode::from(2);
    }
    let mut passed = true;
    for target in targets {
        let started = Instant::now();
        let report = run(target, &opts);
        print!("{report}");
        println!("  ({:.1} s)", started.elapsed().as_secs_f64());
        passed &= report.passed();
    }
    if passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn replay_all(dirs: &[PathBuf], opts: &Options) -> ExitCode {
    let mut passed = true;
    for dir in dirs {
        match replay(dir, opts) {
            Ok((case, outcome)) => {
                println!("{}: {} {:?}", dir.display(), case.target, case.args);
                match outcome {
                    Outcome::Accepted => println!("  passes now (accepted)"),
                    Outcome::Refused => println!("  passes now (refused with an error)"),
                    Outcome::Failed(p) | Outcome::Slow(p) => {
                        passed = false;
                        println!("  {}\n{}", p.signature, p.detail);
                    }
                }
            }
            Err(e) => {
                passed = false;
                eprintln!("solitaire-fuzz: {e}");
            }
        }
    }
    if passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
