//! `sol`: play, inspect and script every registered game without a window.
//!
//! Exit status: 0 on success (and when the reader of standard output has gone, as in
//! `sol ... | head`), 2 for a malformed or illegal move (the message names the move's 1-based
//! index, the move and the reason), 1 for any other error (arguments out of range or
//! malformed, unknown game, bad position, save or course file, a file that cannot be written),
//! each with a one-line `sol: ...` message on standard error.
// Standard output and error go through `output` (no panic on a closed or full stdout).
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod course;
mod deal;
mod histogram;
mod input;
mod limits;
mod merge;
mod ordered;
mod out_file;
mod output;
mod shard;
mod simulate;
mod simulate_csv;
mod solve;
mod tally;
mod tune;
mod usage;

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

mod grade;
mod grade_starter;
mod handout;

use clap::{Args, Parser, Subcommand};
use solitaire_core::shuffle::{below, rng_for};
use solitaire_core::{Catalog, Game, GameRecord, ReplayError, Session};

use crate::input::{CourseArg, FillArg, Filled, MovesArg};
use crate::output::{out, outln};

mod new_game;

#[derive(Parser)]
#[command(name = "sol", version, about = "Solitaire games from the command line")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the registered games: id, tab, name.
    List,
    /// Print the initial position of a deal, or the first deal the solver wins (--winnable).
    Deal(deal::DealArgs),
    /// List the legal moves, one per line, after playing the given moves.
    Moves {
        #[command(flatten)]
        start: Start,
        /// The moves to play first.
        #[command(flatten)]
        play: MovesArg,
    },
    /// Play moves and print the final position and its status.
    Play {
        #[command(flatten)]
        start: Start,
        /// The moves.
        #[command(flatten)]
        play: MovesArg,
        /// Print JSON instead of the text form.
        #[arg(long)]
        json: bool,
        /// Also save the game record (RON) to this file (`-`: standard output, the position
        /// then going to standard error).
        #[arg(long, value_name = "FILE")]
        save: Option<String>,
    },
    /// Play random legal moves and print them, space-separated.
    Walk {
        #[command(flatten)]
        start: Start,
        /// How many moves, 0 to 1000000 (fewer if the game ends first).
        #[arg(long, value_parser = limits::steps, allow_negative_numbers = true)]
        steps: usize,
        /// Seed of the random choices.
        #[arg(long, default_value_t = 0)]
        rng: u64,
    },
    /// Grade a game (a student's plugin) against a reference game, or a class from a roster.
    Grade(grade::GradeArgs),
    /// Write a game's handout: what the grader checks beyond the rules text (Markdown).
    Handout(handout::HandoutArgs),
    /// Solve a deal: full knowledge (a winning move list) or fair (a hint).
    Solve(solve::SolveArgs),
    /// Solve a range of deals in parallel and report the win rate.
    Simulate(simulate::SimulateArgs),
    /// Load a saved game, replay it and print its position.
    Replay {
        /// The saved game (RON).
        file: String,
        /// Print JSON instead of the text form.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        course: CourseArg,
    },
    /// Scaffold a new game: its crate, layout, conformance file and registration.
    NewGame(new_game::NewGame),
    /// An instructor's course kit: `sol course starter` writes the students' repository,
    /// `sol course collect` records each git submission's commit at the deadline.
    Course(course::CourseArgs),
}

#[derive(Args)]
struct Start {
    /// The game id (see `sol list`).
    game: String,
    /// The deal number.
    #[arg(long, required_unless_present = "position")]
    seed: Option<u64>,
    /// Start from a position in the text form read from this file instead of a deal.
    #[arg(long, value_name = "FILE", conflicts_with = "seed")]
    position: Option<String>,
    #[command(flatten)]
    fill: FillArg,
    #[command(flatten)]
    course: CourseArg,
}

/// A failure: the message and the exit status.
pub(crate) struct Failure(pub(crate) String, pub(crate) u8);

impl From<ReplayError> for Failure {
    fn from(e: ReplayError) -> Failure {
        let code = if matches!(e, ReplayError::Move { .. }) {
            2
        } else {
            1
        };
        Failure(e.to_string(), code)
    }
}

fn main() -> ExitCode {
    ignore_file_size_signal();
    let cli: Cli = match usage::parse() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let result = run(cli.command);
    output::flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(message, code)) => {
            output::fail(&message);
            ExitCode::from(code)
        }
    }
}

/// A write past the file size limit (`ulimit -f`) fails with an error `sol` reports (and its
/// atomic writes clean up after) instead of killing the process half-way through a file.
fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" at the start of `main`, before any
    // thread exists, installs no handler code and touches no Rust state.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

fn run(command: Command) -> Result<(), Failure> {
    let catalog = solitaire_games::catalog().map_err(|e| Failure(e.to_string(), 1))?;
    match command {
        Command::List => {
            for game in catalog.games() {
                outln!("{}\t{}", game.id(), game.name());
            }
        }
        Command::Deal(args) => deal::run(args, &catalog)?,
        Command::Moves { start, play } => {
            let (mut session, _) = start.session(&catalog)?;
            session.play_all(play.text()?.split_whitespace())?;
            let game = session.game().clone();
            for mv in game.legal_moves(session.position()) {
                outln!("{}", game.move_text(mv));
            }
        }
        Command::Play {
            start,
            play,
            json,
            save,
        } => {
            let (mut session, filled) = start.session(&catalog)?;
            let moves = play.text()?;
            let played = session.play_all(moves.split_whitespace());
            // With --json, a refused move is shown with the position before it: its category
            // and reason, as the grader compares them.
            if let (true, Err(ReplayError::Move { index, text, error })) = (json, &played)
                && let solitaire_core::PlayError::Illegal(illegal) = error
            {
                let refused = serde_json::json!({
                    "index": index,
                    "move": text,
                    "category": <&str>::from(illegal.kind),
                    "reason": illegal.reason,
                });
                print_position_with(&session, filled, Some(refused));
            }
            played?;
            if let Some(file) = save {
                let record = session.record().to_ron();
                out_file::write_whole("--save", Path::new(&file), record.as_bytes())?;
            }
            print_position(&session, json, filled);
        }
        Command::Walk { start, steps, rng } => {
            let (mut session, _) = start.session(&catalog)?;
            let game = session.game().clone();
            let mut rng = rng_for(rng);
            let mut played = Vec::new();
            for _ in 0..steps {
                let moves = game.legal_moves(session.position());
                if moves.is_empty() {
                    break;
                }
                let mv = moves[below(&mut rng, moves.len() as u64) as usize];
                session
                    .play(mv)
                    .map_err(|e| Failure(format!("walk produced an illegal move: {e}"), 1))?;
                played.push(game.move_text(mv).to_string());
            }
            outln!("{}", played.join(" "));
        }
        Command::Grade(args) => grade::run(&args, &catalog).map_err(|e| Failure(e, 1))?,
        Command::Course(args) => course::run(&args, &catalog).map_err(|e| Failure(e, 1))?,
        Command::Handout(args) => handout::run(&args, &catalog)?,
        Command::Solve(args) => solve::run(args, &catalog)?,
        Command::Simulate(args) => simulate::run(args, &catalog)?,
        Command::Replay { file, json, course } => {
            let text = input::read(&file)?;
            let record =
                GameRecord::from_ron(&text).map_err(|e| Failure(format!("{file}: {e}"), 1))?;
            let game = find(&course.catalog(&catalog)?, &record.game)?;
            let session = Session::from_record(game, &record).map_err(|e| {
                let code = if matches!(e, ReplayError::Move { .. }) {
                    2
                } else {
                    1
                };
                Failure(format!("{file}: {e}"), code)
            })?;
            print_position(&session, json, None);
        }
        Command::NewGame(args) => new_game::run(args)?,
    }
    Ok(())
}

pub(crate) fn find(catalog: &Catalog, id: &str) -> Result<Arc<Game>, Failure> {
    catalog.get(id).ok_or_else(|| {
        let ids: Vec<&str> = catalog.games().iter().map(|g| g.id()).collect();
        Failure(
            format!("unknown game {id:?}; the games are: {}", ids.join(", ")),
            1,
        )
    })
}

impl Start {
    /// The session to play, and the cards filled in its position file, if any.
    fn session(&self, catalog: &Catalog) -> Result<(Session, Option<Filled>), Failure> {
        self.fill.check(self.position.as_ref())?;
        let game = find(&self.course.catalog(catalog)?, &self.game)?;
        match (&self.position, self.seed) {
            (Some(file), _) => {
                let (pos, filled) = input::position(&game, file, self.fill)?;
                Ok((Session::from_position(game, None, pos), filled))
            }
            (None, Some(seed)) => Ok((Session::deal(game, seed), None)),
            (None, None) => Err(Failure("give --seed N or --position FILE".into(), 1)),
        }
    }
}

/// Print the position as JSON, with `filled` when cards were filled and `refused` when a move
/// was refused there.
fn print_position_with(
    session: &Session,
    filled: Option<Filled>,
    refused: Option<serde_json::Value>,
) {
    let game = session.game();
    let mut value = input::with_filled(
        serde_json::to_value(game.position_json(session.position(), session.seed()))
            .unwrap_or_default(),
        filled,
    );
    if let (Some(refused), Some(map)) = (refused, value.as_object_mut()) {
        map.insert("refused".into(), refused);
    }
    outln!("{}", serde_json::to_string(&value).unwrap_or_default());
}

/// Print the position (text form and status, or JSON with `filled` when cards were filled).
pub(crate) fn print_position(session: &Session, json: bool, filled: Option<Filled>) {
    let game = session.game();
    let pos = session.position();
    if json {
        print_position_with(session, filled, None);
    } else {
        out!("{}", game.position_text(pos));
        outln!("status: {}", game.status(pos).name());
        outln!("score: {}", game.score(pos));
    }
}
