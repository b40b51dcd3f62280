//! `sol deal`: the initial position of a deal, or with `--winnable` the first deal from
//! `--seed` on that the full-knowledge solver wins.
//!
//! A deal counts as winnable only when the solver found a win within `--time-limit` and the
//! win replayed through the engine; deals not won in time are skipped (they may be winnable
//! too). At most `--tries` deals are tried, several at once (one per core), and the answer is
//! the first in seed order among those won: which deal that is depends on the time limit, not
//! on the number of cores. The defaults (half a second, 20 deals) end within ten seconds on
//! one core for every game.
//!
//! With `--seeds A..B --table FILE` it solves every deal of the range instead (on `--jobs`
//! threads) and writes the table of the deals won, a RON list of seeds with a comment header
//! that says how it was made: the app ships such tables (`games/<rules>/winnable/<id>.ron`) for the
//! games whose search is slow.

use std::path::Path;

use clap::Args;
use solitaire_core::{Catalog, Game, Session};
use solitaire_solver::winnable::{table_text, winnable_deal};
use solitaire_solver::{Budget, Win};

use crate::input::{CourseArg, FillArg};
use crate::limits::SeedRange;
use crate::output::outln;
use crate::{Failure, Start};

/// The default `--time-limit` of `--winnable`, in seconds per deal.
pub const WINNABLE_SECONDS: f64 = 0.5;

/// The default `--tries` of `--winnable`.
pub const WINNABLE_TRIES: u64 = 20;

/// `sol deal GAME (--seed N | --position FILE) [--json]`, or
/// `sol deal GAME --winnable [--seed N] [--time-limit S] [--tries T] [--json]`, or
/// `sol deal GAME --winnable --seeds A..B --table FILE [--time-limit S] [--jobs J]`.
#[derive(Args)]
pub struct DealArgs {
    /// The game id (see `sol list`).
    game: String,
    /// The deal number (with --winnable: the first deal tried, 1 by default).
    #[arg(long, required_unless_present_any = ["position", "winnable"], conflicts_with = "seeds")]
    seed: Option<u64>,
    /// Start from a position in the text form read from this file instead of a deal.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "winnable"])]
    position: Option<String>,
    #[command(flatten)]
    fill: FillArg,
    #[command(flatten)]
    course: CourseArg,
    /// Print JSON instead of the text form.
    #[arg(long)]
    json: bool,
    /// Print the first deal from --seed on that the full-knowledge solver wins (its win
    /// replayed through the engine), with its number: a `# seed: N` line in the text form, the
    /// `seed` field in JSON.
    #[arg(long)]
    winnable: bool,
    /// With --winnable: seconds the solver gets per deal, above 0 and at most 1000000.
    #[arg(long, value_name = "S", default_value_t = WINNABLE_SECONDS, requires = "winnable",
          value_parser = crate::limits::time_limit, allow_negative_numbers = true)]
    time_limit: f64,
    /// With --winnable: the most deals tried, 1 to 1000000.
    #[arg(long, value_name = "T", default_value_t = WINNABLE_TRIES, requires = "winnable",
          value_parser = crate::limits::tries, allow_negative_numbers = true)]
    tries: u64,
    /// With --winnable and --table: solve every deal A to B (inclusive) instead.
    #[arg(long, value_name = "A..B", value_parser = crate::limits::seeds, requires = "table",
          conflicts_with_all = ["tries", "json"])]
    seeds: Option<SeedRange>,
    /// With --seeds: write the deals won as a RON list of seeds, with a header that says how
    /// it was made (the app's `games/<rules>/winnable/<id>.ron`); `-`: standard output, the status
    /// line then going to standard error.
    #[arg(long, value_name = "FILE", requires_all = ["seeds", "winnable"])]
    table: Option<String>,
    /// With --table: worker threads (default: one per core).
    #[arg(long, value_name = "J", value_parser = crate::limits::jobs, requires = "table",
          allow_negative_numbers = true)]
    jobs: Option<usize>,
}

/// Run `sol deal`.
pub fn run(args: DealArgs, catalog: &Catalog) -> Result<(), Failure> {
    args.fill.check(args.position.as_ref())?;
    let start = Start {
        game: args.game.clone(),
        seed: args.seed,
        position: args.position.clone(),
        fill: args.fill,
        course: args.course.clone(),
    };
    if !args.winnable {
        let (session, filled) = start.session(catalog)?;
        crate::print_position(&session, args.json, filled);
        return Ok(());
    }
    let game = crate::find(&args.course.catalog(catalog)?, &args.game)?;
    if let (Some(seeds), Some(file)) = (args.seeds, &args.table) {
        return write_table(&game, seeds, args.time_limit, args.jobs, file);
    }
    let first = args.seed.unwrap_or(1);
    // Never past the last seed.
    let tries = args.tries.min((u64::MAX - first).saturating_add(1));
    let win = first_winnable(&game, first, tries, args.time_limit)?.ok_or_else(|| {
        Failure(
            format!(
                "no deal of {} from {first} to {} was won within {} s each (give more --tries or a \
                 longer --time-limit)",
                game.id(),
                first + (tries - 1),
                args.time_limit
            ),
            1,
        )
    })?;
    let session = Session::deal(game.clone(), win.seed);
    let tried = win.seed - first + 1;
    if args.json {
        let mut value =
            serde_json::to_value(game.position_json(session.position(), Some(win.seed)))
                .map_err(|e| Failure(format!("internal error: {e}"), 1))?;
        value["winnable"] = serde_json::json!({
            "length": win.moves.len(), "seconds": win.seconds, "tried": tried,
            "time_limit": args.time_limit,
        });
        outln!("{value}");
    } else {
        outln!("# seed: {}", win.seed);
        let before = if tried == 1 {
            "the first deal tried".to_string()
        } else {
            format!(
                "deals {first} to {} before it were not won within {} s each",
                win.seed - 1,
                args.time_limit
            )
        };
        outln!(
            "# winnable: the solver (full knowledge) won it in {} moves in {:.3} s; {before}",
            win.moves.len(),
            win.seconds,
        );
        crate::print_position(&session, false, None);
    }
    Ok(())
}

/// The first of the `tries` deals from `first` on that the solver wins within `time_limit`
/// seconds, solved one per core at once.
fn first_winnable(
    game: &Game,
    first: u64,
    tries: u64,
    time_limit: f64,
) -> Result<Option<Win>, Failure> {
    /// Why the deals stop being handed out: a win, or a failure.
    enum Stop {
        Won(Win),
        Failed(Failure),
    }
    let jobs = crate::limits::cores().min(tries as usize).max(1);
    let searched = crate::ordered::in_order(
        tries,
        jobs,
        |i| try_deal(game, first + i, time_limit),
        |_, tried| match tried {
            Ok(Some(win)) => Err(Stop::Won(win)),
            Ok(None) => Ok(()),
            Err(failure) => Err(Stop::Failed(failure)),
        },
    );
    match searched {
        Ok(()) => Ok(None),
        Err(Stop::Won(win)) => Ok(Some(win)),
        Err(Stop::Failed(failure)) => Err(failure),
    }
}

/// Solve deal `seed`: the win, if the solver finds one and it replays to a win.
fn try_deal(game: &Game, seed: u64, time_limit: f64) -> Result<Option<Win>, Failure> {
    winnable_deal(game, seed, Budget::seconds(time_limit)).map_err(|e| Failure(e, 1))
}

/// `--seeds A..B --table FILE`: solve every deal of the range, write the seeds won.
fn write_table(
    game: &Game,
    seeds: SeedRange,
    time_limit: f64,
    jobs: Option<usize>,
    file: &str,
) -> Result<(), Failure> {
    let jobs = jobs.unwrap_or_else(crate::limits::cores);
    let started = std::time::Instant::now();
    let mut won = Vec::new();
    crate::ordered::in_order(
        seeds.count(),
        jobs,
        |i| try_deal(game, seeds.seed(i), time_limit),
        |_, tried| {
            if let Some(win) = tried? {
                won.push(win.seed);
            }
            Ok::<(), Failure>(())
        },
    )?;
    let how = format!(
        "Deals of {} that the full-knowledge solver won within {time_limit} s each, every win\n\
         replayed through the engine: {} of seeds {}..{}.\n\
         Made by `sol deal {} --winnable --seeds {}..{} --time-limit {time_limit} --jobs {jobs} \\\n\
         --table FILE` in {:.0} s.",
        game.id(),
        won.len(),
        seeds.first,
        seeds.last,
        game.id(),
        seeds.first,
        seeds.last,
        started.elapsed().as_secs_f64()
    );
    let path = Path::new(file);
    crate::out_file::write_whole("--table", path, table_text(&how, &won).as_bytes())?;
    outln!(
        "{}: {} of {} deals won within {time_limit} s each, written to {}",
        game.id(),
        won.len(),
        seeds.count(),
        crate::out_file::shown(path)
    );
    Ok(())
}
