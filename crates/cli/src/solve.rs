//! `sol solve`: solve one deal (or a position) with full or fair knowledge.

use std::sync::Arc;

use clap::{Args, ValueEnum};
use solitaire_core::{Catalog, Game, Layout, Position};
use solitaire_solver::{Budget, Method, Outcome, fair_solve, seconds, solve_with, verify};

use crate::Failure;
use crate::input::{CourseArg, FillArg, Filled, with_filled};
use crate::output::outln;

/// Which search to run.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum MethodArg {
    /// DFS with a transposition table first, then beam searches of growing width.
    Auto,
    /// DFS with a transposition table only (no pruning: may prove unsolvable).
    Dfs,
    /// Complete breadth-first search (shortest wins; small games only).
    Bfs,
    /// Beam searches only.
    Beam,
}

impl MethodArg {
    /// The name on the command line (`auto`, `dfs`, `bfs`, `beam`).
    pub fn name(self) -> &'static str {
        match self {
            MethodArg::Auto => "auto",
            MethodArg::Dfs => "dfs",
            MethodArg::Bfs => "bfs",
            MethodArg::Beam => "beam",
        }
    }
}

impl From<MethodArg> for Method {
    fn from(m: MethodArg) -> Method {
        match m {
            MethodArg::Auto => Method::Auto,
            MethodArg::Dfs => Method::Dfs,
            MethodArg::Bfs => Method::Bfs,
            MethodArg::Beam => Method::Beam,
        }
    }
}

/// The game options shared by `solve` and `simulate`.
#[derive(Args)]
pub struct GameArgs {
    /// The game id (see `sol list`); with --family, a Spider game whose rules to use.
    pub game: String,
    /// Play Weisser's Spider family member G(r,s,m,c,d) instead of the game's own layout.
    #[arg(long, value_name = "R,S,M,C,D", conflicts_with = "course")]
    pub family: Option<String>,
    #[command(flatten)]
    pub course: CourseArg,
    /// Stop each search after this many seconds, above 0 and at most 1000000 (the answer is
    /// then `unknown`).
    #[arg(long, default_value_t = 30.0, value_name = "S", value_parser = crate::limits::time_limit,
          allow_negative_numbers = true)]
    pub time_limit: f64,
    /// Stop each search after this many generated positions.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// The search to run.
    #[arg(long, value_enum, default_value = "auto")]
    pub method: MethodArg,
    /// For tuning runs: set a knob of the game's own search (repeatable; `sol solve GAME
    /// --tune help` lists them). Nothing else sets them: the app never does.
    #[arg(long, value_name = "KNOB=VALUE")]
    pub tune: Vec<String>,
    /// For tuning runs: print what each attempt of the game's own search did, on standard
    /// error.
    #[arg(long)]
    pub trace: bool,
}

impl GameArgs {
    /// The game: a registered one, or the family member; with its search's tuning knobs set.
    pub fn game(&self, catalog: &Catalog) -> Result<Arc<Game>, Failure> {
        let game = self.untuned(catalog)?;
        crate::tune::set(&game, &self.tune, self.trace)?;
        Ok(game)
    }

    fn untuned(&self, catalog: &Catalog) -> Result<Arc<Game>, Failure> {
        let game = crate::find(&self.course.catalog(catalog)?, &self.game)?;
        let Some(spec) = &self.family else {
            return Ok(game);
        };
        if game.layout().rules != "spider" {
            return Err(Failure(
                format!("--family needs a Spider game, not {:?}", self.game),
                1,
            ));
        }
        let (id, text) = solitaire_games::spider_family(spec).map_err(|e| Failure(e, 1))?;
        let layout =
            Layout::parse(&format!("{id}.ron"), &text).map_err(|e| Failure(e.to_string(), 1))?;
        let plugin = solitaire_games::plugins()
            .into_iter()
            .find(|p| p.name == "spider")
            .ok_or_else(|| Failure("the spider plugin is not registered".into(), 1))?;
        Game::new(layout, &plugin)
            .map(Arc::new)
            .map_err(|e| Failure(e.to_string(), 1))
    }

    /// The search budget.
    pub fn budget(&self) -> Budget {
        let mut b = Budget::seconds(self.time_limit);
        if let Some(n) = self.nodes {
            b.nodes = n;
        }
        b
    }
}

/// `sol solve GAME --seed N [--full|--fair] [--time-limit S] [--json]`.
#[derive(Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The deal number.
    #[arg(long, required_unless_present = "position")]
    pub seed: Option<u64>,
    /// Start from a position in the text form read from this file instead of a deal.
    #[arg(long, value_name = "FILE", conflicts_with = "seed")]
    pub position: Option<String>,
    #[command(flatten)]
    pub fill: FillArg,
    /// The solver sees every card, face-down ones and the stock too (the default).
    #[arg(long, conflicts_with = "fair")]
    pub full: bool,
    /// The solver sees only what a player sees, and suggests a move (hint).
    #[arg(long)]
    pub fair: bool,
    /// Sampled worlds for --fair (1 to 10000).
    #[arg(long, default_value_t = 8, value_parser = crate::limits::samples, allow_negative_numbers = true)]
    pub samples: usize,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Run `sol solve`.
pub fn run(args: SolveArgs, catalog: &Catalog) -> Result<(), Failure> {
    let game = args.game.game(catalog)?;
    args.fill.check(args.position.as_ref())?;
    let (start, filled): (Position, Option<Filled>) = match (&args.position, args.seed) {
        (Some(file), _) => crate::input::position(&game, file, args.fill)?,
        (None, Some(seed)) => (game.deal(seed), None),
        (None, None) => return Err(Failure("give --seed N or --position FILE".into(), 1)),
    };
    let budget = args.game.budget();
    if args.fair {
        let t = std::time::Instant::now();
        let r = fair_solve(&game, &start, budget, args.samples);
        let hint = r.hint.map(|m| game.move_text(m).to_string());
        if args.json {
            let v = serde_json::json!({
                "game": game.id(), "seed": args.seed, "knowledge": "fair",
                "hint": hint, "samples": r.samples, "samples_solved": r.solved,
                "samples_unsolvable": r.unsolvable, "seconds": seconds(t.elapsed()),
            });
            outln!("{}", with_filled(v, filled));
        } else {
            outln!("game: {}", game.id());
            if let Some(seed) = args.seed {
                outln!("seed: {seed}");
            }
            outln!("knowledge: fair (hidden cards sampled from what a player sees)");
            outln!("hint: {}", hint.as_deref().unwrap_or("none"));
            outln!(
                "samples: {} solved of {} ({} proved unsolvable)",
                r.solved,
                r.samples,
                r.unsolvable
            );
            outln!("time: {:.3} s", seconds(t.elapsed()));
        }
        return Ok(());
    }
    let report = solve_with(&game, &start, budget, args.game.method.into());
    let moves = match &report.outcome {
        Outcome::Solved(m) => m.clone(),
        _ => Vec::new(),
    };
    if let Outcome::Solved(m) = &report.outcome
        && verify(&game, &start, m) != Ok(true)
    {
        return Err(Failure(
            "internal error: the solution does not replay to a win".into(),
            1,
        ));
    }
    let texts: Vec<String> = moves
        .iter()
        .map(|&m| game.move_text(m).to_string())
        .collect();
    if args.json {
        let v = serde_json::json!({
            "game": game.id(), "seed": args.seed, "knowledge": "full",
            "outcome": report.outcome.name(), "length": texts.len(), "moves": texts,
            "seconds": seconds(report.elapsed), "nodes": report.nodes, "method": report.method,
            "own_search": solitaire_solver::own_search(&game).describe(),
            "why": report.why,
        });
        outln!("{}", with_filled(v, filled));
    } else {
        outln!("game: {}", game.id());
        if let Some(seed) = args.seed {
            outln!("seed: {seed}");
        }
        outln!("knowledge: full (the solver sees face-down cards and the stock)");
        outln!("outcome: {}", report.outcome.name());
        if matches!(report.outcome, Outcome::Solved(_)) {
            outln!("length: {}", texts.len());
            outln!("moves: {}", texts.join(" "));
        }
        outln!("time: {:.3} s", seconds(report.elapsed));
        outln!("nodes: {}", report.nodes);
        outln!("method: {}", report.method);
        if let Some(why) = &report.why {
            outln!("why: {why}");
        }
        if let solitaire_solver::OwnSearch::Unserved(reading) = solitaire_solver::own_search(&game)
        {
            outln!("own search: not for {reading} (the generic search answered)");
        }
    }
    Ok(())
}
