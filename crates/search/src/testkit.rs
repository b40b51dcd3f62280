//! What a game's search tests need: its board compared with the engine move by move on random
//! games, its pausable search run in slices, its stage beam's wins replayed, its whole search
//! tried on deals.

use std::collections::BTreeSet;
use std::ops::RangeInclusive;

use solitaire_core::shuffle::{below, rng_for};
use solitaire_core::{Declarations, Game, Layout, Move, Plugin, Position};

use crate::declared::Declared;
use crate::exact::Board;
use crate::heuristic::{Generic, Heuristic, Unpruned};
use crate::outcome::{Budget, Meter, Outcome, Report, verify};
use crate::pausable::{Dfs, Verdict, Walk};
use crate::plugin::{Method, SearchPlugin};
use crate::stage_beam::{StageBoard, stage_beam};

/// The text of each of `moves` in `game` (to compare a board's moves with the engine's).
pub fn move_texts(game: &Game, moves: impl IntoIterator<Item = Move>) -> BTreeSet<String> {
    moves
        .into_iter()
        .map(|m| game.move_text(m).to_string())
        .collect()
}

/// A board that the tests compare with the engine move by move.
pub trait Checked: Board + Clone {
    /// What the board holds, to compare with a board made from the engine's position.
    type Snapshot: PartialEq + std::fmt::Debug;
    /// The board's contents.
    fn snapshot(&self) -> Self::Snapshot;
    /// Every legal move (without the reductions, as the engine lists them).
    fn legal(&self, out: &mut Vec<Self::Step>);
}

/// Play random games of `game` from seeds `seeds` on the board (`board_of` makes one from a
/// position; `engine_move` translates its steps) and the engine side by side: the same
/// position, the same legal moves and the same end after every move; undoing every move
/// restores the start and its key.
///
/// # Panics
/// At the first difference, naming the seed and the move.
pub fn check_random_games<B: Checked>(
    game: &Game,
    seeds: RangeInclusive<u64>,
    board_of: impl Fn(&Position) -> B,
    engine_move: impl Fn(B::Step) -> Move,
) {
    let mut rng = rng_for(*seeds.start());
    for seed in seeds {
        let mut pos = game.deal(seed);
        let start = board_of(&pos);
        let mut board = start.clone();
        let mut played = Vec::new();
        loop {
            assert_eq!(board.snapshot(), board_of(&pos).snapshot(), "seed {seed}");
            assert_eq!(board.is_won(), game.rules().is_won(&pos), "seed {seed}");
            let mut steps = Vec::new();
            board.legal(&mut steps);
            let ours = move_texts(game, steps.iter().map(|&s| engine_move(s)));
            let engine = move_texts(game, game.legal_moves(&pos));
            assert_eq!(ours, engine, "seed {seed} after {} moves", played.len());
            if steps.is_empty() || played.len() > 300 {
                break;
            }
            let step = steps[below(&mut rng, steps.len() as u64) as usize];
            if let Err(e) = game.play(&mut pos, engine_move(step)) {
                panic!("seed {seed}: the board's move is illegal: {e}");
            }
            board.apply(step);
            played.push(step);
        }
        for &step in played.iter().rev() {
            board.undo(step);
        }
        assert_eq!(board.snapshot(), start.snapshot(), "seed {seed}");
        assert_eq!(board.key(), start.key(), "undo restores the key");
    }
}

/// Run `dfs` in slices of `slice` nodes (within 50 M nodes) until it answers: the answer and
/// how many times it paused.
pub fn run_in_slices<W: Walk>(dfs: &mut Dfs<W>, slice: u64) -> (Verdict<W::Step>, u32) {
    let mut meter = Meter::new(Budget::nodes(50_000_000));
    let mut pauses = 0;
    loop {
        match dfs.run(slice, &mut meter) {
            Verdict::Unknown => pauses += 1,
            v => return (v, pauses),
        }
    }
}

/// Run a stage beam of `width` within `nodes` from each of `boards`; every win found must pass
/// `wins` (a replay of legal moves). How many boards were won.
///
/// # Panics
/// When a win does not pass `wins`.
pub fn beam_wins<B: StageBoard>(
    boards: impl IntoIterator<Item = B>,
    width: usize,
    nodes: u64,
    wins: impl Fn(&B, &[B::Step]) -> bool,
) -> usize {
    let mut found = 0;
    for (i, board) in boards.into_iter().enumerate() {
        let mut meter = Meter::new(Budget::nodes(nodes));
        if let Some(steps) = stage_beam(&board, width, &mut meter) {
            assert!(wins(&board, &steps), "board {i}");
            found += 1;
        }
    }
    found
}

/// The plain depth-first search through the engine's rules within `nodes` (no pruning;
/// `guide`'s sound reductions, order, symmetries and keys): what a board's search is checked
/// against.
pub fn engine_dfs(game: &Game, guide: &dyn Heuristic, start: &Position, nodes: u64) -> Outcome {
    crate::dfs::dfs(game.rules(), &Unpruned(guide), start, Budget::nodes(nodes)).outcome
}

/// Check what `layout` declares to the searches ([`crate::Declared`]: interchangeable piles,
/// safe moves home) against the search without it: on every deal of `seeds`, the exhaustive
/// depth-first search through the engine (the generic guide's order, no pruning) decides
/// alike with the declarations and without them (the same layout with none), each within
/// `nodes`. Gives what it compared: the deals won and lost, and how many positions each
/// search took in all.
///
/// # Panics
/// When the layout does not build with `plugin`, or at the first deal decided differently
/// or left undecided by either search (then `nodes` is too small for the deals).
pub fn check_declarations(
    plugin: &Plugin,
    layout: &Layout,
    seeds: RangeInclusive<u64>,
    nodes: u64,
) -> Compared {
    let declared = Game::new(layout.clone(), plugin).expect("the layout builds");
    let mut bare = layout.clone();
    bare.declarations = Declarations::default();
    let plain = Game::new(bare, plugin).expect("the layout builds");
    let mut compared = Compared::default();
    for seed in seeds {
        let start = declared.deal(seed);
        let decide = |game: &Game| {
            let guide = Declared::wrap(game, Box::new(Generic::new(game)));
            let report = crate::dfs::dfs(
                game.rules(),
                &Unpruned(guide.as_ref()),
                &start,
                Budget::nodes(nodes),
            );
            if let Outcome::Solved(moves) = &report.outcome {
                assert_eq!(
                    verify(game, &start, moves),
                    Ok(true),
                    "seed {seed}: a win replays"
                );
            }
            (
                report.outcome != Outcome::Unsolvable,
                report.outcome != Outcome::Unknown,
                report.nodes,
            )
        };
        let (won, decided, with) = decide(&declared);
        let (won_plain, decided_plain, without) = decide(&plain);
        assert!(
            decided && decided_plain,
            "seed {seed}: undecided within {nodes} nodes (decided with the declarations: \
             {decided}; without: {decided_plain})"
        );
        assert_eq!(
            won, won_plain,
            "seed {seed}: the declarations change the outcome"
        );
        compared.won += u32::from(won);
        compared.lost += u32::from(!won);
        compared.with += with;
        compared.without += without;
    }
    compared
}

/// What [`check_declarations`] compared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Compared {
    /// Deals won (by both searches).
    pub won: u32,
    /// Deals lost (proved by both).
    pub lost: u32,
    /// Positions searched with the declarations, in all.
    pub with: u64,
    /// Positions searched without them, in all.
    pub without: u64,
}

/// Beam searches of growing width from 256 through the engine's rules, steered by `guide`,
/// within `nodes`: the generic search a game's guide serves.
pub fn guided_beams(game: &Game, guide: &dyn Heuristic, start: &Position, nodes: u64) -> Outcome {
    let mut meter = Meter::new(Budget::nodes(nodes));
    crate::beam::widening(game.rules(), guide, start, 256, &mut meter)
}

/// The game's own search (`search`, [`Method::Auto`]) of `start` within `budget`.
///
/// # Panics
/// When the search does not serve the position.
pub fn own_search(search: &SearchPlugin, game: &Game, start: &Position, budget: Budget) -> Report {
    match (search.solve)(game, start, budget, Method::Auto) {
        Some(report) => report,
        None => panic!("{} does not serve the position", search.name),
    }
}

/// Solve deal `seed` of `game` within `nodes` by `search` (its own search, [`Method::Auto`]):
/// checks that it answered as `method` and that a win replays through the engine; whether it
/// was won.
///
/// # Panics
/// When the search does not serve the deal, answers as another method, or its win does not
/// replay.
pub fn solved_and_replayed(
    search: &SearchPlugin,
    game: &Game,
    seed: u64,
    nodes: u64,
    method: &str,
) -> bool {
    let start = game.deal(seed);
    let report = own_search(search, game, &start, Budget::nodes(nodes));
    assert_eq!(report.method, method, "seed {seed}");
    let Outcome::Solved(moves) = &report.outcome else {
        return false;
    };
    assert_eq!(verify(game, &start, moves), Ok(true), "seed {seed}");
    true
}

/// Give each deal of `seeds` of `game` a minute of `search`, check that its wins replay
/// through the engine and print what each came to and which deals were settled (for the
/// ignored tests of the hardest deals).
///
/// # Panics
/// When the search does not serve a deal or a win does not replay.
pub fn try_hardest_deals(search: &SearchPlugin, game: &Game, seeds: &[u64]) {
    let mut settled = Vec::new();
    for &seed in seeds {
        let start = game.deal(seed);
        let Some(report) = (search.solve)(game, &start, Budget::seconds(60.0), Method::Auto) else {
            panic!("seed {seed}: {} does not serve the deal", search.name);
        };
        if let Outcome::Solved(moves) = &report.outcome {
            assert_eq!(verify(game, &start, moves), Ok(true), "seed {seed}");
        }
        println!(
            "seed {seed}: {} in {:?}",
            report.outcome.name(),
            report.elapsed
        );
        if report.outcome != Outcome::Unknown {
            settled.push(seed);
        }
    }
    println!("settled: {settled:?}");
}

/// A benchmark's iteration over one deal that a game's own search leaves unknown: the search
/// (`plugin`'s, [`Method::Auto`]) of deal `seed` of `game` within `nodes` nodes, so that a
/// run's throughput is `nodes` nodes.
///
/// # Panics
/// When `plugin` does not serve the deal, or decides it within `nodes` (then the deal is
/// the wrong one to measure throughput with).
pub fn unknown_after(
    plugin: SearchPlugin,
    game: &Game,
    seed: u64,
    nodes: u64,
) -> impl FnMut() -> Report {
    let start = game.deal(seed);
    move || {
        let report = (plugin.solve)(game, &start, Budget::nodes(nodes), Method::Auto)
            .unwrap_or_else(|| panic!("{} does not serve deal {seed}", plugin.name));
        assert_eq!(report.outcome, Outcome::Unknown, "deal {seed}");
        report
    }
}

/// Every combination of the values of `game`'s readings (each a full choice of every reading),
/// to play a game under each.
pub fn reading_combinations(game: &Game) -> Vec<solitaire_core::ReadingValues> {
    let mut out = vec![solitaire_core::ReadingValues::new()];
    for chosen in game.readings() {
        let reading = chosen.reading;
        out = out
            .into_iter()
            .flat_map(|values| {
                reading.choices.iter().map(move |choice| {
                    let mut values = values.clone();
                    values.insert(reading.name.to_string(), choice.value.to_string());
                    values
                })
            })
            .collect();
    }
    out
}

/// Run `search` and the engine's plain search (depth-first, the generic guide, no pruning)
/// on each of `deals` within `nodes` each: the same outcome on every deal, decided, every win
/// replayed. Gives how many were won and lost.
///
/// # Panics
/// At the first deal the searches decide differently, a deal left undecided, a win that does
/// not replay, or a deal the search does not serve.
pub fn small_deals_decided_alike(
    search: &SearchPlugin,
    deals: &[crate::plugin::Small],
    nodes: u64,
) -> (usize, usize) {
    let (mut won, mut lost) = (0, 0);
    for deal in deals {
        let report = (search.solve)(&deal.game, &deal.start, Budget::nodes(nodes), Method::Auto)
            .unwrap_or_else(|| panic!("{}: not served", deal.label));
        let plain = engine_dfs(&deal.game, &Generic::new(&deal.game), &deal.start, nodes);
        assert_eq!(report.outcome.name(), plain.name(), "{}", deal.label);
        match report.outcome {
            Outcome::Solved(moves) => {
                assert_eq!(
                    verify(&deal.game, &deal.start, &moves),
                    Ok(true),
                    "{}",
                    deal.label
                );
                won += 1;
            }
            Outcome::Unsolvable => lost += 1,
            Outcome::Unknown => panic!("{}: decided", deal.label),
        }
    }
    (won, lost)
}
