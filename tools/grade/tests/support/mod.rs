//! Test support: running a report's reproduce commands through the engine, as `sol` runs
//! them, for candidates that are not registered.

#[allow(dead_code)] // not every test file that shares this module uses it
pub mod attack;
#[allow(dead_code)] // not every test file that shares this module uses it
pub mod class;
#[allow(dead_code)] // not every test file that shares this module uses it
pub mod markdown;
#[allow(dead_code)] // not every test file that shares this module uses it
pub mod mutant;
#[allow(dead_code)] // not every test file that shares this module uses it
pub mod printed;
#[allow(dead_code)] // not every test file that shares this module uses it
pub mod starter;
#[allow(dead_code)] // not every test file that shares this module uses it
pub mod student;
#[allow(dead_code)] // not every test file that shares this module uses it
pub mod term;
#[allow(dead_code)] // not every test file that shares this module uses it
pub mod win;

use std::collections::BTreeMap;
use std::sync::Arc;

use solitaire_core::{
    Choice, Game, Illegal, Layout, LayoutError, Move, Plugin, Position, Reading, Rules, Tx,
};

/// A reading of Bristol's "never refilled" for the tests of readings: the default keeps emptied
/// fans empty, `any-card` lets any single card fill one.
pub const REFILL: Reading = Reading {
    name: "refill",
    sentence: "A vacancy made by clearing off a fan is never refilled.",
    choices: &[
        Choice {
            value: "never",
            meaning: "an emptied fan stays empty",
        },
        Choice {
            value: "any-card",
            meaning: "any single card may fill an emptied fan",
        },
    ],
};

/// Bristol's rules that declare [`REFILL`] (and play Bristol whatever is chosen).
struct DeclaresRefill(Box<dyn Rules>);

impl Rules for DeclaresRefill {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        self.0.check(pos, mv)
    }
    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        self.0.apply(tx, mv);
    }
    fn is_won(&self, pos: &Position) -> bool {
        self.0.is_won(pos)
    }
    fn readings(&self) -> &'static [Reading] {
        &[REFILL]
    }
}

fn declares_refill(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    layout.reading_value(&REFILL)?;
    Ok(Box::new(DeclaresRefill((game_bristol::PLUGIN.build)(
        layout,
    )?)))
}

/// Bristol with the [`REFILL`] option declared, at its default.
#[allow(dead_code)] // not every test file that shares this module uses it
pub fn bristol_declaring_refill() -> Game {
    let plugin = Plugin {
        name: "bristol-declaring-refill",
        build: declares_refill,
    };
    let layout = game_bristol::LAYOUTS[0].source;
    let layout = Layout::parse("bristol.ron", layout).unwrap_or_else(|e| panic!("{e}"));
    Game::new(layout, &plugin).unwrap_or_else(|e| panic!("{e}"))
}

/// Words of a command line: spaces separate, double or single quotes group.
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => out.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    out
}

/// Run `sol deal|moves|play GAME (--seed N | --position FILE) [--course FILE] [--play M]`
/// with `games` by id and the files written so far. A `play` may end on a refused move (it
/// shows the refusal, and `sol` exits 2 there); anything else that `sol` would refuse is an
/// error naming the command.
fn run_sol(
    line: &str,
    games: &[Arc<Game>],
    files: &BTreeMap<String, String>,
) -> Result<(), String> {
    // `--json` changes only how `sol` prints.
    let w: Vec<String> = words(line).into_iter().filter(|w| w != "--json").collect();
    let fail = |why: String| Err(format!("`{line}`: {why}"));
    let (Some(verb), Some(id)) = (w.get(1), w.get(2)) else {
        return fail("not a sol command".into());
    };
    let Some(game) = games.iter().find(|g| g.id() == id.as_str()) else {
        return fail(format!("unknown game {id:?}"));
    };
    let mut args = BTreeMap::new();
    for pair in w[3..].chunks(2) {
        match pair {
            [flag, value] => args.insert(flag.as_str(), value.as_str()),
            _ => return fail("a flag without its value".into()),
        };
    }
    let mut pos = match (args.get("--seed"), args.get("--position")) {
        (Some(seed), None) => match seed.parse() {
            Ok(seed) => game.deal(seed),
            Err(e) => return fail(e.to_string()),
        },
        (None, Some(file)) => {
            let Some(text) = files.get(*file) else {
                return fail(format!("{file} was not written"));
            };
            match game.parse_position(text) {
                Ok(pos) => pos,
                Err(e) => return fail(format!("{file}: {e}")),
            }
        }
        _ => return fail("give --seed or --position".into()),
    };
    let moves: Vec<&str> = args
        .get("--play")
        .map_or(Vec::new(), |m| m.split_whitespace().collect());
    for (i, text) in moves.iter().enumerate() {
        let last = i + 1 == moves.len();
        match game.play_text(&mut pos, text) {
            Ok(_) => {}
            Err(solitaire_core::PlayError::Illegal(_)) if last && verb == "play" => {}
            Err(e) => return fail(format!("move {} {text}: {e}", i + 1)),
        }
    }
    if !["deal", "moves", "play"].contains(&verb.as_str()) {
        return fail(format!("unknown command {verb}"));
    }
    Ok(())
}

/// Run every command of a report's finding in order: here-documents write files, `sol`
/// commands run against `games` by id.
///
/// # Errors
/// The first command that would fail, and why.
#[allow(dead_code)] // not every test file that shares this module uses it
pub fn run_commands(commands: &[String], games: &[Arc<Game>]) -> Result<(), String> {
    let mut files = BTreeMap::new();
    for command in commands {
        if let Some(rest) = command.strip_prefix("cat > ") {
            let (head, body) = rest.split_once('\n').unwrap_or((rest, ""));
            let file = head.split_whitespace().next().unwrap_or("").to_string();
            let Some(text) = body.strip_suffix("EOF") else {
                return Err(format!(
                    "`{command}`: the here-document does not end with EOF"
                ));
            };
            files.insert(file, text.to_string());
        } else if command.starts_with("# ") {
            // A note where no command could run, as a shell comment.
        } else if command.starts_with("sol ") {
            run_sol(command, games, &files)?;
        } else {
            return Err(format!("`{command}` is neither a file nor a sol command"));
        }
    }
    Ok(())
}
