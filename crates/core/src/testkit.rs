//! Helpers for writing a game's tests: hand-built positions in one line, moves by notation,
//! refusals with their reasons, and long random walks that check the engine's invariants.
//!
//! These panic with a readable message on failure, as test helpers should; they are not
//! for handling input.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::card::Card;
use crate::game::{Catalog, EmbeddedLayout, Game};
use crate::layout::Layout;
use crate::layout::LayoutError;
use crate::moves::Move;
use crate::perft::perft;
use crate::pile::Pile;
use crate::position::Position;
use crate::reading::{Choice, Reading};
use crate::rules::{Illegal, IllegalKind, Plugin, Rules, candidate_bottom_moves, candidate_moves};
use crate::shuffle::{below, rng_for};
use crate::tx::Tx;

/// Build a game from one of a crate's embedded layouts.
///
/// # Panics
/// If the layout or the plugin rejects it.
pub fn game(plugin: &Plugin, layout: &EmbeddedLayout) -> Game {
    game_from_source(plugin, layout.file, layout.source)
}

/// Build a game from layout text (for tests of layout parameters: edit the text first).
///
/// # Panics
/// If the layout or the plugin rejects it.
pub fn game_from_source(plugin: &Plugin, file: &str, source: &str) -> Game {
    let layout = Layout::parse(file, source).unwrap_or_else(|e| panic!("{e}"));
    Game::new(layout, plugin).unwrap_or_else(|e| panic!("{e}"))
}

/// The game under other readings: `[("deal", "when-stuck")]`.
///
/// # Panics
/// If the game has no such option or value.
pub fn with_readings(game: &Game, choices: &[(&str, &str)]) -> Game {
    let values = choices
        .iter()
        .map(|&(name, value)| (name.to_string(), value.to_string()))
        .collect();
    game.with_readings(&values)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A position in the text form.
///
/// # Panics
/// If the text does not parse, showing the error and the text.
pub fn pos(game: &Game, text: &str) -> Position {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// A position in the text form without the structural check: for tests of the rules'
/// defences on positions that play cannot reach (and that
/// [`Game::parse_position`](crate::Game::parse_position) refuses).
///
/// # Panics
/// If the text does not parse, showing the error and the text.
pub fn pos_unchecked(game: &Game, text: &str) -> Position {
    crate::text::parse_position(game.layout(), text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The reader's refusal of a position text, as `sol` prints it.
///
/// # Panics
/// If the position reads.
pub fn unreadable(game: &Game, text: &str) -> String {
    match game.parse_position(text) {
        Ok(_) => panic!("the position reads:\n{text}"),
        Err(e) => e.to_string(),
    }
}

/// Play one move in the notation.
///
/// # Panics
/// If the move does not parse or is refused, with the reason.
pub fn play(game: &Game, p: &mut Position, mv: &str) {
    game.play_text(p, mv)
        .unwrap_or_else(|e| panic!("{mv}: {e}\n{}", game.position_text(p)));
}

/// The category and reason of a refused move.
///
/// # Panics
/// If the move does not parse or is legal.
pub fn refusal(game: &Game, p: &Position, mv: &str) -> (IllegalKind, &'static str) {
    let m = game.parse_move(mv).unwrap_or_else(|e| panic!("{e}"));
    match game.check(p, m) {
        Ok(()) => panic!("{mv} should be refused\n{}", game.position_text(p)),
        Err(e) => (e.kind, e.reason),
    }
}

/// The pile with this id.
///
/// # Panics
/// If the game has no such pile.
pub fn pile<'a>(game: &Game, p: &'a Position, id: &str) -> &'a Pile {
    let i = game
        .layout()
        .pile_index(id)
        .unwrap_or_else(|| panic!("no pile {id}"));
    p.pile(i)
}

/// A pile's cards as the text form writes them (`5D | 9C 8H`).
///
/// # Panics
/// If the game has no such pile.
pub fn cards(game: &Game, p: &Position, id: &str) -> String {
    let pile = pile(game, p, id);
    let mut words: Vec<String> = Vec::new();
    for (i, card) in pile.cards().iter().enumerate() {
        if i == pile.face_down() && i > 0 {
            words.push("|".into());
        }
        words.push(card.to_string());
    }
    if pile.face_down() == pile.len() && !pile.is_empty() {
        words.push("|".into());
    }
    words.join(" ")
}

/// The line of the position's text form that describes pile `id` (`t1: 5D | 9C 8H`), or an
/// empty string when there is none.
pub fn text_line(game: &Game, p: &Position, id: &str) -> String {
    let prefix = format!("{id}:");
    game.position_text(p)
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_default()
        .to_string()
}

/// A set of moves in the notation, separated by spaces.
pub fn notation(game: &Game, moves: &BTreeSet<Move>) -> String {
    moves
        .iter()
        .map(|&m| game.move_text(m).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The legal moves in the notation, in the order the game lists them.
pub fn moves_text(game: &Game, p: &Position) -> Vec<String> {
    game.legal_moves(p)
        .into_iter()
        .map(|m| game.move_text(m).to_string())
        .collect()
}

/// The 13 cards of one suit and copy as text, Ace first (`descending` for King first).
pub fn suit_run(suit: char, copy: u8, descending: bool) -> String {
    let copy = if copy == 0 {
        String::new()
    } else {
        copy.to_string()
    };
    let ranks = if descending {
        "KQJT98765432A"
    } else {
        "A23456789TJQK"
    };
    ranks
        .chars()
        .map(|r| format!("{r}{suit}{copy}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Perft counts for depths 1 to `depth` from the deal of each seed.
pub fn perft_table(game: &Game, seeds: &[u64], depth: u32) -> Vec<Vec<u64>> {
    seeds
        .iter()
        .map(|&seed| {
            (1..=depth)
                .map(|d| perft(game, &mut game.deal(seed), d))
                .collect()
        })
        .collect()
}

/// The moves the rules accept out of every candidate, sorted.
pub fn accepted_moves(game: &Game, p: &Position) -> BTreeSet<Move> {
    let mut candidates = Vec::new();
    candidate_moves(p, &mut candidates);
    // Every game is asked about bottom-end moves too: the engine refuses them for games
    // that do not take cards from the bottom.
    candidate_bottom_moves(p, &mut candidates);
    candidates
        .into_iter()
        .filter(|&mv| game.check(p, mv).is_ok())
        .collect()
}

/// Play up to `steps` random legal moves from the deal of each seed, checking at every step
/// that the listed moves are exactly the accepted ones (none twice), that undo restores the
/// position and that no card appears or vanishes. Longer than the catalog-wide property
/// tests, so late-game rules (completed piles, crowned foundations) are reached.
///
/// # Panics
/// At the first broken invariant, with the seed and the position.
pub fn check_walks(game: &Game, seeds: &[u64], steps: usize) {
    for &seed in seeds {
        let mut p = game.deal(seed);
        let deck: Vec<Card> = p.sorted_cards();
        let mut rng = rng_for(seed);
        for _ in 0..steps {
            let list = game.legal_moves(&p);
            let listed: BTreeSet<Move> = list.iter().copied().collect();
            assert_eq!(
                listed.len(),
                list.len(),
                "{} seed {seed}: a move is listed twice",
                game.id()
            );
            let accepted = accepted_moves(game, &p);
            if listed != accepted {
                panic!(
                    "{} seed {seed}: listed [{}] accepted [{}]\n{}",
                    game.id(),
                    notation(game, &listed),
                    notation(game, &accepted),
                    game.position_text(&p)
                );
            }
            if list.is_empty() {
                break;
            }
            let mv = list[below(&mut rng, list.len() as u64) as usize];
            let before = p.clone();
            let mut log = Vec::new();
            game.play_logged(&mut p, mv, &mut log)
                .unwrap_or_else(|e| panic!("{}: {e}", game.move_text(mv)));
            assert_eq!(
                p.sorted_cards(),
                deck,
                "{} seed {seed}: cards changed by {}",
                game.id(),
                game.move_text(mv)
            );
            let mut undone = p.clone();
            game.undo(&mut undone, &log);
            assert_eq!(
                undone,
                before,
                "{} seed {seed}: undo of {}",
                game.id(),
                game.move_text(mv)
            );
        }
    }
}

/// On random walks from the deal of each seed (up to `steps` moves, chosen among `walked`'s
/// legal moves), how many positions `other` (the same game under other readings) lists
/// different legal moves for, and how many positions were seen: how often a reading matters.
pub fn readings_differ(walked: &Game, other: &Game, seeds: &[u64], steps: usize) -> (usize, usize) {
    let (mut differ, mut seen) = (0, 0);
    for &seed in seeds {
        let mut p = walked.deal(seed);
        let mut rng = rng_for(seed);
        for _ in 0..steps {
            let list = walked.legal_moves(&p);
            let mine: BTreeSet<Move> = list.iter().copied().collect();
            let theirs: BTreeSet<Move> = other.legal_moves(&p).into_iter().collect();
            seen += 1;
            differ += usize::from(mine != theirs);
            if list.is_empty() {
                break;
            }
            let mv = list[below(&mut rng, list.len() as u64) as usize];
            walked
                .play(&mut p, mv)
                .unwrap_or_else(|e| panic!("{}: {e}", walked.move_text(mv)));
        }
    }
    (differ, seen)
}

/// Rules for the engine's own tests: any one top face-up card moves onto any pile, and the
/// stock deals while it has cards. Nothing is ever won.
pub struct Anywhere;

impl Rules for Anywhere {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Transfer { from, count: 1, .. }
                if pos.pile(from.into()).top_face_up().is_some() =>
            {
                Ok(())
            }
            Move::Transfer { .. } => Err(Illegal::source("one face-up card at a time")),
            Move::Deal if !pos.pile(0).is_empty() => Ok(()),
            _ => Err(Illegal::stock("no")),
        }
    }
    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        if let Move::Transfer {
            from, to, count, ..
        } = mv
        {
            tx.move_cards(from.into(), to.into(), count.into());
        }
    }
    fn is_won(&self, _: &Position) -> bool {
        false
    }
}

/// The layout of [`anywhere`]: a stock, a foundation `f1` and four columns `t1` to `t4`; two
/// suits of 13 ranks, every card dealt to the stock.
pub const ANYWHERE_LAYOUT: &str = r#"(
    id: "anywhere", name: "Anywhere", version: 1, rules: "anywhere",
    deck: (suits: [Spades, Hearts], copies: 1, ranks: 13),
    table: (width: 6.0, height: 4.0),
    piles: [
        (id: "stock", kind: stock, x: 0.0, y: 0.0),
        (id: "f1", kind: foundation, x: 1.0, y: 0.0),
        (id: "t1", kind: tableau, x: 0.0, y: 2.0),
        (id: "t2", kind: tableau, x: 1.0, y: 2.0),
        (id: "t3", kind: tableau, x: 2.0, y: 2.0),
        (id: "t4", kind: tableau, x: 3.0, y: 2.0),
    ],
    deal: [Rest(pile: "stock")],
)"#;

/// The game of [`Anywhere`]'s rules on [`ANYWHERE_LAYOUT`].
///
/// # Panics
/// Never: the layout is fixed and valid.
pub fn anywhere() -> Arc<Game> {
    fn build(_: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
        Ok(Box::new(Anywhere))
    }
    let plugin = Plugin {
        name: "anywhere",
        build,
    };
    Arc::new(game_from_source(&plugin, "anywhere.ron", ANYWHERE_LAYOUT))
}

/// The reading of [`reads_catalog`]'s game: when the stock may deal.
pub const READS_DEAL: Reading = Reading {
    name: "deal",
    sentence: "When stuck, deal.",
    choices: &[
        Choice {
            value: "any-time",
            meaning: "deal whenever stock is left",
        },
        Choice {
            value: "when-stuck",
            meaning: "deal only when no other move is left",
        },
    ],
};

/// A game whose only rule is which reading it plays: `check` refuses every move with the
/// chosen value of [`READS_DEAL`] as the reason.
struct Reads(&'static str);

impl Rules for Reads {
    fn check(&self, _: &Position, _: Move) -> Result<(), Illegal> {
        Err(Illegal::unsupported(self.0))
    }
    fn apply(&self, _: &mut Tx<'_>, _: Move) {}
    fn is_won(&self, _: &Position) -> bool {
        false
    }
    fn readings(&self) -> &'static [Reading] {
        &[READS_DEAL]
    }
}

/// One game, `r` (rules `reads`), that plays the reading [`READS_DEAL`] as its layout
/// chooses; `readings` is added to the layout's fields (`readings: {"deal": "when-stuck"}`,
/// or nothing).
///
/// # Errors
/// The layout's choice is not a value of the reading.
pub fn reads_catalog(readings: &str) -> Result<Catalog, LayoutError> {
    fn build(layout: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
        Ok(Box::new(Reads(layout.reading_value(&READS_DEAL)?.value)))
    }
    let source = format!(
        r#"(id: "r", name: "R", version: 1, rules: "reads",
            deck: (suits: [Spades], copies: 1, ranks: 2), table: (width: 2.0, height: 2.0),
            piles: [(id: "stock", kind: stock, x: 0.0, y: 0.0)],
            deal: [Rest(pile: "stock")], {readings})"#
    );
    let source: &'static str = Box::leak(source.into_boxed_str());
    Catalog::build(
        &[Plugin {
            name: "reads",
            build,
        }],
        &[EmbeddedLayout {
            file: "r.ron",
            source,
        }],
    )
}

/// The value of [`READS_DEAL`] that `catalog`'s game `r` plays.
///
/// # Panics
/// If the catalog has no game `r` or its game accepts a deal.
pub fn reads_played(catalog: &Catalog) -> &'static str {
    let game = catalog.get("r").unwrap_or_else(|| panic!("no game r"));
    match game.check(&game.deal(1), Move::Deal) {
        Err(illegal) => illegal.reason,
        Ok(()) => panic!("the game accepted a deal"),
    }
}
