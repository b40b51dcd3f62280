//! The text form of positions: one line per pile, face-down cards before a `|`.
//!
//! ```text
//! game: spider
//! stock: 4H 9C KS ... |
//! f1:
//! t1: 4H 9C KS 2D 7S | 6D
//! t2: 5S 5S1 | 9H 8H
//! ```
//! - A pile line is `ID: CARDS`, cards bottom (buried) first and top last. Cards left of `|`
//!   are face down; without a `|` all are face up; `ID:` alone is an empty pile.
//! - A card is rank (`A23456789TJQK`), suit (`SHDC`) and, for the second and later copies in
//!   multi-pack games, the copy number: `4H1` is the second pack's Four of Hearts. A card
//!   written without a copy number takes the first copy not written elsewhere.
//! - Header lines, all optional: `game: ID` (must match), `phase: play|opening|dealing`,
//!   `redeals: N`, `marks: ID ID ...` (marked piles, see [`crate::Vars`]).
//! - `status:` and `score:` lines (as `sol play` prints them) are ignored.
//! - `--` is a face-down card left unknown (problems as published show only the face-up
//!   cards). It must lie left of `|`. [`parse_position`] refuses it; [`parse_position_filled`]
//!   (and [`crate::Game::parse_position_filled`]) fills every `--` with the cards the text does
//!   not name, shuffled from a fill seed (ChaCha8, reproducible forever).
//! - `#` starts a comment. Piles not listed are empty. The reader accepts lower case and `10`,
//!   and skips a byte-order mark at the start of the text.
//! - Errors give the line and the column in characters (not bytes), as editors count them.
//!
//! The writer lists every pile in layout order with copy numbers only where needed, so
//! writing then reading gives back the same position.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use thiserror::Error;

use crate::card::{Card, CardToken};
use crate::layout::Layout;
use crate::position::{Phase, Position, Vars};

/// A malformed position text: where and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {col}: {message}")]
pub struct PositionError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

/// Write a position in the text form.
pub fn write_position(layout: &Layout, pos: &Position) -> String {
    write_masked(layout, pos, &[])
}

/// Write a position in the text form, with the cards at `unknown` (pile, index in the pile)
/// written as [`UNKNOWN_CARD`].
pub(crate) fn write_masked(layout: &Layout, pos: &Position, unknown: &[(usize, usize)]) -> String {
    let mut out = format!("game: {}\n", layout.id);
    let vars = pos.vars();
    if vars.phase != Phase::Play {
        let _ = writeln!(out, "phase: {}", vars.phase.name());
    }
    if vars.redeals != 0 {
        let _ = writeln!(out, "redeals: {}", vars.redeals);
    }
    if vars.marks != 0 {
        let marked: Vec<&str> = (0..layout.piles.len())
            .filter(|&i| vars.is_marked(i))
            .map(|i| layout.piles[i].id.as_str())
            .collect();
        let _ = writeln!(out, "marks: {}", marked.join(" "));
    }
    for (p, (spec, pile)) in layout.piles.iter().zip(pos.piles()).enumerate() {
        out.push_str(&spec.id);
        out.push(':');
        for (i, card) in pile.cards().iter().enumerate() {
            if i == pile.face_down() && i > 0 {
                out.push_str(" |");
            }
            if unknown.contains(&(p, i)) {
                let _ = write!(out, " {UNKNOWN_CARD}");
            } else {
                let _ = write!(out, " {card}");
            }
        }
        if pile.face_down() == pile.len() && !pile.is_empty() {
            out.push_str(" |");
        }
        out.push('\n');
    }
    out
}

/// `text` without one leading UTF-8 byte-order mark (U+FEFF), which some editors write at the
/// start of a file. Every reader of the project's text forms (positions, saves, layouts,
/// course files, move lists) starts with this.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

struct Token<'a> {
    text: &'a str,
    line: usize,
    col: usize,
}

/// Read a position in the text form and check it against the layout: pile ids, cards that
/// belong to the deck, no card more often than the deck holds it. A position with unknown
/// cards (`--`) is refused here: read it with [`parse_position_filled`].
///
/// # Errors
/// A [`PositionError`] naming the line, column and problem.
pub fn parse_position(layout: &Layout, text: &str) -> Result<Position, PositionError> {
    read_sketch(layout, text)?.into_position()
}

/// Read the text form, unknown cards (`--`) left as gaps.
fn read_sketch(layout: &Layout, text: &str) -> Result<Sketch, PositionError> {
    let mut vars = Vars::default();
    let mut piles: Vec<Option<(Vec<Token<'_>>, Option<usize>)>> =
        (0..layout.piles.len()).map(|_| None).collect();
    for (n, raw) in strip_bom(text).lines().enumerate() {
        let line = n + 1;
        let content = raw.split('#').next().unwrap_or("");
        if content.trim().is_empty() {
            continue;
        }
        let err = |col: usize, message: String| PositionError { line, col, message };
        let (key, value) = content.split_once(':').ok_or_else(|| {
            err(
                1,
                format!("expected `ID: CARDS`, found {:?}", content.trim()),
            )
        })?;
        let key_col = content.chars().take_while(|c| c.is_whitespace()).count() + 1;
        let value_col = key.chars().count() + 2;
        let key = key.trim().to_ascii_lowercase();
        let words: Vec<Token<'_>> = tokens(value, line, value_col);
        match key.as_str() {
            // What `sol play` prints after a position; informational, ignored when read.
            "status" | "score" => {}
            "game" => {
                let t = single(&words).ok_or_else(|| {
                    err(value_col, format!("write one game id: game: {}", layout.id))
                })?;
                if t.text != layout.id {
                    return Err(err(
                        t.col,
                        format!("this is a {} position, not {:?}", layout.id, t.text),
                    ));
                }
            }
            "phase" => {
                let t = single(&words).ok_or_else(|| {
                    err(
                        value_col,
                        "write one phase: play, opening or dealing".into(),
                    )
                })?;
                vars.phase = t.text.to_ascii_lowercase().parse().map_err(|_| {
                    err(
                        t.col,
                        format!("unknown phase {:?}: play, opening or dealing", t.text),
                    )
                })?;
            }
            "redeals" => {
                let t = single(&words).ok_or_else(|| err(value_col, "write one number".into()))?;
                vars.redeals = t
                    .text
                    .bytes()
                    .all(|b| b.is_ascii_digit())
                    .then(|| t.text.parse().ok())
                    .flatten()
                    .ok_or_else(|| {
                        err(t.col, format!("{:?} is not a number of redeals", t.text))
                    })?;
            }
            "marks" => {
                for t in &words {
                    let i = layout
                        .pile_index(&t.text.to_ascii_lowercase())
                        .filter(|&i| i < 64)
                        .ok_or_else(|| {
                            err(t.col, format!("no markable pile is called {:?}", t.text))
                        })?;
                    vars.marks |= 1 << i;
                }
            }
            id => {
                let i = layout.pile_index(id).ok_or_else(|| {
                    err(
                        key_col,
                        format!("no pile is called {id:?} in {}", layout.id),
                    )
                })?;
                if piles[i].is_some() {
                    return Err(err(key_col, format!("pile {id:?} is listed twice")));
                }
                let mut cards = Vec::new();
                let mut bar = None;
                for t in words {
                    if t.text == "|" {
                        if bar.is_some() {
                            return Err(err(t.col, "only one `|` per pile".into()));
                        }
                        bar = Some(cards.len());
                    } else {
                        cards.push(t);
                    }
                }
                piles[i] = Some((cards, bar));
            }
        }
    }
    resolve_cards(layout, piles, vars)
}

fn single<'a, 'b>(words: &'b [Token<'a>]) -> Option<&'b Token<'a>> {
    match words {
        [t] => Some(t),
        _ => None,
    }
}

/// The words of `value` and each `|`, with their columns in characters (`value` starts at
/// column `base_col`).
fn tokens(value: &str, line: usize, base_col: usize) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    let chars = value
        .char_indices()
        .chain(std::iter::once((value.len(), ' ')));
    for (col, (i, c)) in (base_col..).zip(chars) {
        let sep = c.is_whitespace() || c == '|';
        match (start, sep) {
            (None, false) => start = Some((i, col)),
            (Some((s, start_col)), true) => {
                out.push(Token {
                    text: &value[s..i],
                    line,
                    col: start_col,
                });
                start = None;
            }
            _ => {}
        }
        if c == '|' {
            out.push(Token {
                text: &value[i..i + 1],
                line,
                col,
            });
        }
    }
    out
}

type PileTokens<'a> = Vec<Option<(Vec<Token<'a>>, Option<usize>)>>;

fn resolve_cards(
    layout: &Layout,
    piles: PileTokens<'_>,
    vars: Vars,
) -> Result<Sketch, PositionError> {
    let mut parsed: Vec<Vec<(Option<CardToken>, &Token<'_>)>> = Vec::new();
    let mut taken: HashSet<Card> = HashSet::new();
    for (cards, bar) in piles.iter().flatten() {
        let mut row = Vec::new();
        for (i, t) in cards.iter().enumerate() {
            if t.text == UNKNOWN_CARD {
                if bar.is_none_or(|b| i >= b) {
                    return Err(PositionError {
                        line: t.line,
                        col: t.col,
                        message: format!(
                            "`{UNKNOWN_CARD}` is a face-down card left unknown: write it left \
                             of `|` (a face-up card must be named)"
                        ),
                    });
                }
                row.push((None, t));
                continue;
            }
            let card: CardToken =
                t.text
                    .parse()
                    .map_err(|e: crate::card::CardParseError| PositionError {
                        line: t.line,
                        col: t.col,
                        message: e.to_string(),
                    })?;
            // A card without a copy number names the first copy: a card the deck lacks
            // altogether (a heart in a spades-only deck) is refused here, not as a surplus.
            let c = Card {
                rank: card.rank,
                suit: card.suit,
                deck: card.deck.unwrap_or(0),
            };
            if !layout.deck.contains(c) {
                return Err(PositionError {
                    line: t.line,
                    col: t.col,
                    message: format!("{} is not a card of this game's deck", t.text),
                });
            }
            if card.deck.is_some() && !taken.insert(c) {
                return Err(PositionError {
                    line: t.line,
                    col: t.col,
                    message: format!("{} appears twice", t.text),
                });
            }
            row.push((Some(card), t));
        }
        parsed.push(row);
    }
    let mut next_free: HashMap<(u8, u8), u8> = HashMap::new();
    let mut rows = parsed.into_iter();
    let mut sketch = Sketch {
        piles: Vec::with_capacity(piles.len()),
        unknown: Vec::new(),
        vars,
    };
    for (p, entry) in piles.iter().enumerate() {
        let Some((_, bar)) = entry else {
            sketch.piles.push((Vec::new(), 0));
            continue;
        };
        let row = rows.next().unwrap_or_default();
        let mut cards = Vec::with_capacity(row.len());
        for (i, (card, t)) in row.into_iter().enumerate() {
            let Some(card) = card else {
                sketch.unknown.push(Gap {
                    pile: p,
                    index: i,
                    line: t.line,
                    col: t.col,
                });
                cards.push(None);
                continue;
            };
            let resolved = match card.deck {
                Some(deck) => Card {
                    rank: card.rank,
                    suit: card.suit,
                    deck,
                },
                None => {
                    let slot = next_free
                        .entry((card.rank as u8, card.suit as u8))
                        .or_insert(0);
                    loop {
                        let c = Card {
                            rank: card.rank,
                            suit: card.suit,
                            deck: *slot,
                        };
                        if !layout.deck.contains(c) {
                            return Err(PositionError {
                                line: t.line,
                                col: t.col,
                                message: format!(
                                    "{} appears more often than the deck holds it",
                                    t.text
                                ),
                            });
                        }
                        *slot += 1;
                        if taken.insert(c) {
                            break c;
                        }
                    }
                }
            };
            cards.push(Some(resolved));
        }
        sketch.piles.push((cards, bar.unwrap_or(0)));
    }
    Ok(sketch)
}

mod fill;

use fill::{Gap, Sketch};

pub use fill::{FilledPosition, UNKNOWN_CARD, parse_position_filled};

#[cfg(test)]
pub(crate) mod tests;
