//! The command line: real `sol` command lines, with their arguments and input files mutated.

use solitaire_core::Game;

use crate::Target;
use crate::case::Case;
use crate::rng::Rng;
use crate::targets::Context;
use crate::targets::reshape::reshape_text;
use crate::tokens::COMMON;

/// Flags of `sol`'s commands, inserted anywhere.
const FLAGS: &[&str] = &[
    "--seed",
    "--position",
    "--fill-seed",
    "--json",
    "--play",
    "--save",
    "--steps",
    "--rng",
    "--family",
    "--time-limit",
    "--nodes",
    "--method",
    "--full",
    "--fair",
    "--samples",
    "--seeds",
    "--jobs",
    "--csv",
    "--plot",
    "--course",
    "--help",
    "--version",
    "-h",
    "-V",
    "--",
    "-",
    "--unknown",
    "-x",
];

/// Values substituted for arguments.
const VALUES: &[&str] = &[
    "list",
    "deal",
    "moves",
    "play",
    "walk",
    "solve",
    "simulate",
    "replay",
    "help",
    "spider",
    "aces-up",
    "sly-fox",
    "nosuchgame",
    "Spider",
    "auto",
    "dfs",
    "bfs",
    "beam",
    "1..2",
    "0..0",
    "5..1",
    "1..=3",
    "..",
    "1..18446744073709551615",
    "4,2,2,3,3",
    "13,4,255,16,255",
    "0,0,0,0,0",
    "G(1,1,1,1,1)",
    "t1>t2",
    "t1^>f1",
    "deal deal",
    "",
    " ",
    "/dev/null",
    "/dev/zero",
    ".",
    "missing.txt",
    "out.svg",
    "out.png",
    "out.txt",
    "@position",
    "@save",
];

/// Flags whose value names a file `sol` writes: kept inside the case's directory.
const WRITES: &[&str] = &["--save", "--csv", "--plot", "--out"];

/// A real command line for a random game, its arguments or input files mutated.
pub fn generate(ctx: &Context, rng: &mut Rng) -> Case {
    let game = rng.pick(ctx.catalog.games()).clone();
    let id = game.id();
    let mut case = Case::new(Target::Cli, Some(id));
    case.args = command(&game, rng);
    for (name, seeds) in [
        ("position", ctx.corpus.positions_of(id)),
        ("save", saves_of(ctx, id)),
    ] {
        if !seeds.is_empty() {
            let text = rng.pick(&seeds).to_string();
            let text = match rng.below(4) {
                0 => text,
                1 if name == "position" => reshape_text(&game, &text, rng).unwrap_or(text),
                _ => ctx.text.mutate(&text, &seeds, rng),
            };
            let mut bytes = text.into_bytes();
            if rng.one_in(12) && !bytes.is_empty() {
                let i = rng.below(bytes.len());
                bytes[i] |= 0x80;
            }
            case.set(name, bytes);
        }
    }
    // Most cases keep a well-formed command line, so that they reach the readers behind it
    // rather than stop at the argument parser.
    match rng.below(6) {
        0 | 1 => {}
        2 | 3 => mutate_value(&mut case.args, ctx, rng),
        _ => {
            for _ in 0..rng.range(1, 2) {
                mutate_args(&mut case.args, ctx, rng);
            }
        }
    }
    case.closed_stdout = rng.one_in(10);
    // No operating system passes a NUL inside an argument.
    for arg in &mut case.args {
        arg.retain(|c| c != '\0');
    }
    keep_writes_inside(&mut case.args);
    case
}

fn saves_of<'a>(ctx: &'a Context, id: &str) -> Vec<&'a str> {
    ctx.corpus
        .saves
        .iter()
        .filter(|s| s.game == id)
        .map(|s| s.text.as_str())
        .collect()
}

/// One of the command lines the README and scripts use.
fn command(game: &Game, rng: &mut Rng) -> Vec<String> {
    let id = game.id();
    let seed = rng.pick(&[1u64, 2, 7, 42]).to_string();
    let play = walk(game, *rng.pick(&[1u64, 2, 7, 42]), rng);
    let mut args: Vec<&str> = match rng.below(16) {
        0 => vec!["list"],
        1 if rng.one_in(2) => vec![*rng.pick(&["--help", "--version", "help"])],
        1 => vec!["handout", id],
        2 => vec![
            *rng.pick(&["deal", "play", "solve", "simulate", "replay"]),
            "--help",
        ],
        3 => vec!["deal", id, "--seed", &seed],
        4 => vec!["deal", id, "--position", "@position"],
        5 => vec!["moves", id, "--seed", &seed, "--play", &play],
        6 => vec!["moves", id, "--position", "@position"],
        7 => vec!["play", id, "--seed", &seed, "--play", &play],
        8 => vec![
            "play", id, "--seed", &seed, "--play", &play, "--save", "out.ron",
        ],
        9 => vec!["play", id, "--position", "@position", "--play", "deal"],
        10 => vec!["walk", id, "--seed", &seed, "--steps", "20", "--rng", "3"],
        11 => vec!["replay", "@save"],
        12 => vec![
            "solve",
            id,
            "--seed",
            &seed,
            "--nodes",
            "300",
            "--time-limit",
            "2",
        ],
        13 => vec![
            "solve",
            id,
            "--position",
            "@position",
            "--nodes",
            "300",
            "--time-limit",
            "2",
        ],
        14 => vec![
            "solve",
            id,
            "--seed",
            &seed,
            "--fair",
            "--samples",
            "2",
            "--nodes",
            "200",
        ],
        _ => vec![
            "simulate", id, "--seeds", "1..2", "--nodes", "200", "--jobs", "1",
        ],
    };
    match args[0] {
        "deal" | "play" | "replay" | "solve" if rng.one_in(2) => args.push("--json"),
        "solve" if rng.one_in(2) => args.extend(["--method", *rng.pick(&["dfs", "bfs", "beam"])]),
        "simulate" if rng.one_in(2) => args.extend(["--csv", "out.csv", "--plot", "out.svg"]),
        _ => {}
    }
    if args[0] == "solve" && id.starts_with("spider") && rng.one_in(3) {
        args.extend(["--family", "4,2,2,3,3"]);
    }
    args.into_iter().map(str::to_string).collect()
}

/// A few random legal moves from the deal of `seed`, space-separated.
fn walk(game: &Game, seed: u64, rng: &mut Rng) -> String {
    let mut pos = game.deal(seed);
    let mut moves = Vec::new();
    for _ in 0..rng.below(5) {
        let legal = game.legal_moves(&pos);
        if legal.is_empty() {
            break;
        }
        let mv = *rng.pick(&legal);
        if game.play(&mut pos, mv).is_err() {
            break;
        }
        moves.push(game.move_text(mv).to_string());
    }
    moves.join(" ")
}

/// A change to one value (an argument after the command that is not a flag).
fn mutate_value(args: &mut [String], ctx: &Context, rng: &mut Rng) {
    let values: Vec<usize> = (1..args.len())
        .filter(|&i| !args[i].starts_with('-'))
        .collect();
    if values.is_empty() {
        return;
    }
    let i = *rng.pick(&values);
    args[i] = if rng.one_in(2) {
        value(rng)
    } else {
        ctx.text.once(&args[i], &[], rng)
    };
}

/// One change to the arguments.
fn mutate_args(args: &mut Vec<String>, ctx: &Context, rng: &mut Rng) {
    let i = rng.below(args.len());
    match rng.below(8) {
        0 if !args.is_empty() => args[i] = value(rng),
        1 if !args.is_empty() => args[i] = ctx.text.once(&args[i], &[], rng),
        2 if !args.is_empty() => {
            args.remove(i);
        }
        3 if !args.is_empty() => {
            let copy = args[i].clone();
            args.insert(i, copy);
        }
        4 if args.len() > 1 => {
            let next = (i + 1) % args.len();
            args.swap(i, next);
        }
        5 if i + 1 < args.len() && args[i].starts_with("--") => {
            let value = args.remove(i + 1);
            args[i] = format!("{}={value}", args[i]);
        }
        6 => {
            let at = rng.below(args.len() + 1);
            args.insert(at, (*rng.pick(FLAGS)).to_string());
            if rng.one_in(2) {
                args.insert(at + 1, value(rng));
            }
        }
        _ => {
            let at = rng.below(args.len() + 1);
            args.insert(at, value(rng));
        }
    }
}

/// A value for an argument: a word of `sol`'s vocabulary or an interesting token.
fn value(rng: &mut Rng) -> String {
    let list = if rng.one_in(2) { VALUES } else { COMMON };
    (*rng.pick(list)).to_string()
}

/// Files `sol` is asked to write stay in the case's directory (the fuzzer may run as root):
/// an absolute or `..` path after `--save`, `--csv`, `--plot` or `--out` becomes `out.txt`.
fn keep_writes_inside(args: &mut [String]) {
    let unsafe_path = |p: &str| {
        p != "/dev/null" && (p.starts_with('/') || p.starts_with('~') || p.contains(".."))
    };
    for i in 0..args.len() {
        if let Some((flag, value)) = args[i].split_once('=')
            && WRITES.contains(&flag)
            && unsafe_path(value)
        {
            args[i] = format!("{flag}=out.txt");
        }
        if WRITES.contains(&args[i].as_str()) && i + 1 < args.len() && unsafe_path(&args[i + 1]) {
            args[i + 1] = "out.txt".into();
        }
    }
}
