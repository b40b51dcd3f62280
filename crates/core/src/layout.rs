//! Layouts: a game described as data in a RON file (`games/<rules>/layouts/<id>.ron`).
//!
//! A layout names the game and its rules plugin, the plugin's parameters, the cards used,
//! every pile (id, kind, where it lies on the table, how it fans) and the initial deal as a
//! script. The `sol` command line and the desktop app read the same files.
//!
//! # Schema, by example
//! ```ron
//! (
//!     id: "spider",                  // stable game id: lowercase words joined by '-'
//!     name: "Spider",                // shown in menus
//!     version: 1,                    // bump when the deal or the rules change; saved games
//!                                    // record it
//!     rules: "spider",               // the rules plugin (several layouts may share one)
//!     summary: "Build suits from King to Ace in ten columns.",   // one line for the menu
//!     rules_text: "Longer rules in plain words ...",             // the rules panel (optional)
//!     automatic: "What the game does by itself as part of a move ...",  // for handouts
//!                                    // (`sol handout`): what happens automatically (optional)
//!     work_in_progress: false,       // true while the game is unfinished (`sol new-game`
//!                                    // sets it): menus mark it; optional, default false
//!     deck: (suits: [Spades, Hearts, Diamonds, Clubs], copies: 2, ranks: 13),
//!     card_scale: 1.0,               // cards drawn at this size (optional, default 1)
//!     table: (width: 11.2, height: 6.0),    // the table's size in table units (see below)
//!     piles: [
//!         // One entry per pile, in the order positions list them. Table units: a card is
//!         // 1.0 wide and 1.4 high; x grows right, y grows down; (x, y) is the card's
//!         // top-left corner. fan: None | Down | Right | Left | Up. show_count: draw the
//!         // number of cards beside the pile.
//!         (id: "stock", kind: stock, x: 0.1, y: 0.1, show_count: true),
//!         (id: "f1", kind: foundation, x: 2.3, y: 0.1),
//!         (id: "t1", kind: tableau, x: 0.1, y: 1.8, fan: Down),
//!     ],
//!     deal: [
//!         // The shuffled deck is dealt from its first card on.
//!         // Rows: one card to each listed pile in turn, `rows` times. Ranges like
//!         // "t1..t10" name several piles.
//!         Rows(piles: ["t1..t10"], rows: 4, face: Down),
//!         // Fill: `count` cards onto one pile.
//!         Fill(pile: "t1", count: 1, face: Up),
//!         // Extract: take the first copy of each named card out of the deck (wherever it
//!         // lies) onto the matching pile, face up.
//!         Extract(cards: ["AS", "AH"], piles: ["f1", "f2"]),
//!         // Rest: every remaining card face down onto one pile; the next card of the deck
//!         // ends on top, so the stock continues the deal order.
//!         Rest(pile: "stock"),
//!     ],
//!     params: (suits: 4),            // the plugin's own parameters (see its docs)
//!     // Where the rules text allows more than one reading, the game declares options
//!     // (see `crate::reading`); a layout may choose (optional, default: each option's first).
//!     readings: {},
//!     // What the searches may assume (optional; see `crate::declarations` for the argument
//!     // behind each): piles the rules treat alike, whose order in a position does not matter,
//!     // whether a card nothing could ever be built on goes home at once, and whether turning
//!     // the stock commutes with the moves that leave the stock and waste alone.
//!     search: (
//!         interchangeable: [["f1..f8"], ["t1..t10"]],
//!         safe_home: true,
//!         turns_commute: false,
//!     ),
//! )
//! ```
//!
//! # Passes through the stock
//! How often a waste turns over (or cards are gathered and dealt again) is the rules' to say,
//! often through a reading: [`crate::Structure::max_redeals`] caps the count a position
//! keeps, and [`crate::Structure::unlimited_redeals`] says there is no cap. With no cap, a
//! position still counts its passes for the player (`redeals: N` in its text, up to 255;
//! [`crate::Vars::redealt`]), but the count is no part of what the position is: the searches
//! key positions without it, so going round the stock once more is not a new position.

use std::collections::HashMap;
use std::fmt;

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::card::{Card, CardToken, Rank, Suit};
use crate::declarations::{Declarations, DeclarationsFile};
use crate::moves::{Move, PileId};
use crate::pile::{Pile, PileKind};
use crate::position::{Position, Vars};

/// The longest pile id a layout may give, in characters: ids name piles in moves, positions
/// and reports.
pub const MAX_PILE_ID: usize = 32;
use crate::reading::ReadingValues;
use crate::text::strip_bom;

/// The cards a game uses: `copies` packs of the listed suits, ranks Ace up to `ranks`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DeckSpec {
    /// The suits, in canonical order.
    pub suits: Vec<Suit>,
    /// How many packs.
    pub copies: u8,
    #[serde(default = "thirteen")]
    /// How many ranks from the Ace up (13 for a full pack).
    pub ranks: u8,
}

fn thirteen() -> u8 {
    13
}

impl DeckSpec {
    /// Every card in canonical order: pack by pack, suit by suit (`S H D C` as listed), Ace up.
    pub fn cards(&self) -> Vec<Card> {
        let mut cards = Vec::with_capacity(self.len());
        for deck in 0..self.copies {
            for &suit in &self.suits {
                for &rank in &Rank::ALL[..usize::from(self.ranks)] {
                    cards.push(Card { rank, suit, deck });
                }
            }
        }
        cards
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        usize::from(self.copies) * self.suits.len() * usize::from(self.ranks)
    }

    /// Whether the deck holds no card.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `card` belongs to this deck.
    pub fn contains(&self, card: Card) -> bool {
        card.deck < self.copies
            && card.rank.value() <= self.ranks
            && self.suits.contains(&card.suit)
    }
}

/// Which way a pile's cards spread on the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum Fan {
    /// Stacked square: only the top card shows.
    #[default]
    None,
    /// Each card below the one before it.
    Down,
    /// Each card to the right of the one before it.
    Right,
    /// Each card to the left of the one before it.
    Left,
    /// Each card above the one before it.
    Up,
}

/// Face up or face down.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Face {
    /// Face up: its rank and suit show.
    Up,
    /// Face down.
    Down,
}

/// One pile of the layout.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct PileSpec {
    /// The id moves and positions name the pile by (`t1`, `stock`): lowercase letters and digits,
    /// at most [`MAX_PILE_ID`] of them.
    pub id: String,
    /// What the pile is for.
    pub kind: PileKind,
    /// Left edge, in table units.
    pub x: f32,
    /// Top edge, in table units.
    pub y: f32,
    #[serde(default)]
    /// Which way its cards spread.
    pub fan: Fan,
    #[serde(default)]
    /// Draw the number of cards beside the pile.
    pub show_count: bool,
    /// An optional caption for the app (`"Waste 1"`).
    #[serde(default)]
    pub label: Option<String>,
}

/// One step of the initial deal.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum DealStep {
    /// One card to each pile in turn, `rows` times.
    Rows {
        /// The piles, in dealing order; ranges like `"t1..t10"` allowed.
        piles: Vec<String>,
        #[serde(default = "one")]
        /// How many rounds (default 1).
        rows: u32,
        /// Face up or down.
        face: Face,
    },
    /// `count` cards onto one pile.
    Fill {
        /// The pile.
        pile: String,
        /// How many cards.
        count: u32,
        /// Face up or down.
        face: Face,
    },
    /// The first copy of each named card, taken out of the deck onto the matching pile.
    Extract {
        /// The cards to take out (`"AS"`).
        cards: Vec<String>,
        /// The pile each card goes to, in the same order.
        piles: Vec<String>,
    },
    /// All remaining cards, face down, the next one on top.
    Rest {
        /// The pile (usually the stock).
        pile: String,
    },
}

fn one() -> u32 {
    1
}

/// The table's size in table units (a card is 1.0 x 1.4).
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct TableSize {
    /// Width in table units.
    pub width: f32,
    /// Height in table units.
    pub height: f32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LayoutFile<P> {
    id: String,
    name: String,
    version: u32,
    rules: String,
    #[serde(default)]
    summary: String,
    #[serde(default)]
    rules_text: String,
    #[serde(default)]
    automatic: String,
    #[serde(default)]
    work_in_progress: bool,
    deck: DeckSpec,
    #[serde(default = "unit_scale")]
    card_scale: f32,
    table: TableSize,
    piles: Vec<PileSpec>,
    deal: Vec<DealStep>,
    #[serde(default)]
    params: P,
    #[serde(default)]
    readings: ReadingValues,
    #[serde(default)]
    search: DeclarationsFile,
}

fn unit_scale() -> f32 {
    1.0
}

/// A malformed layout: the file, where in it, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct LayoutError {
    /// The file.
    pub file: String,
    /// 1-based line and column; 0 when the problem has no single place.
    pub line: usize,
    /// 1-based column; 0 when there is no single place.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.col, self.message
            )
        } else {
            write!(f, "{}: {}", self.file, self.message)
        }
    }
}

/// A checked layout. Build one with [`Layout::parse`].
#[derive(Clone, Debug)]
pub struct Layout {
    /// The stable game id (`spider`).
    pub id: String,
    /// The name menus show (`Spider`).
    pub name: String,
    /// The layout version: bumped when the deal or rules change; saves record it.
    pub version: u32,
    /// The name of the rules plugin (`spider`).
    pub rules: String,
    /// One line for the menu.
    pub summary: String,
    /// Longer rules in plain words, for the rules panel.
    pub rules_text: String,
    /// What the game does by itself as part of a move (turning up a card, refilling a space,
    /// founding an Ace), in plain words, for handouts; empty when nothing does.
    pub automatic: String,
    /// The game is unfinished (scaffolded by `sol new-game`, its rules or scenarios not done
    /// yet): it is registered and listed, and menus mark it as a work in progress.
    pub work_in_progress: bool,
    /// The cards used.
    pub deck: DeckSpec,
    /// The size cards are drawn at (1 is the default).
    pub card_scale: f32,
    /// The table's size in table units.
    pub table: TableSize,
    /// Every pile, in position order.
    pub piles: Vec<PileSpec>,
    /// The initial deal, as a script.
    pub deal: Vec<DealStep>,
    /// The readings this layout chooses where the rules text is ambiguous (option name ->
    /// value; see [`crate::reading`]); options not named play their default.
    pub readings: ReadingValues,
    /// What the layout tells the searches (its `search:` section; see
    /// [`crate::declarations`]).
    pub declarations: Declarations,
    file: String,
    source: String,
    index: HashMap<String, usize>,
    ids: Vec<String>,
}

impl Layout {
    /// Read and check a layout from RON text; `file` names it in errors. A byte-order mark in
    /// front is skipped.
    ///
    /// # Errors
    /// A [`LayoutError`] with file, line, column and reason: RON syntax, unknown or missing
    /// fields, duplicate or malformed pile ids, deal steps naming unknown piles or cards, a
    /// deal that needs more cards than the deck has.
    pub fn parse(file: &str, source: &str) -> Result<Layout, LayoutError> {
        let source = strip_bom(source);
        let raw: LayoutFile<IgnoredAny> = parse_ron(file, source)?;
        let mut layout = Layout {
            id: raw.id,
            name: raw.name,
            version: raw.version,
            rules: raw.rules,
            summary: raw.summary,
            rules_text: raw.rules_text,
            automatic: raw.automatic,
            work_in_progress: raw.work_in_progress,
            deck: raw.deck,
            card_scale: raw.card_scale,
            table: raw.table,
            piles: raw.piles,
            deal: raw.deal,
            readings: raw.readings,
            declarations: Declarations::default(),
            file: file.to_string(),
            source: source.to_string(),
            index: HashMap::new(),
            ids: Vec::new(),
        };
        layout.check()?;
        layout.declarations = layout.declared(&raw.search)?;
        Ok(layout)
    }

    /// The layout's parameters for its rules plugin, read as the plugin's own type.
    ///
    /// # Errors
    /// A [`LayoutError`] pointing into the file when the parameters do not fit `P`.
    pub fn params<P: DeserializeOwned + Default>(&self) -> Result<P, LayoutError> {
        parse_ron::<LayoutFile<P>>(&self.file, &self.source).map(|raw| raw.params)
    }

    /// The file this layout came from.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The text this layout was read from (without a byte-order mark).
    pub fn source(&self) -> &str {
        &self.source
    }

    /// An error about this layout, located at the first mention of `needle` if there is one.
    pub fn error(&self, needle: &str, message: impl Into<String>) -> LayoutError {
        let (line, col) = locate(&self.source, needle);
        LayoutError {
            file: self.file.clone(),
            line,
            col,
            message: message.into(),
        }
    }

    /// The index of the pile with this id.
    pub fn pile_index(&self, id: &str) -> Option<usize> {
        self.index.get(id).copied()
    }

    /// The index of the pile with this id, or an error naming it.
    ///
    /// # Errors
    /// If the layout has no such pile.
    pub fn require_pile(&self, id: &str) -> Result<usize, LayoutError> {
        self.pile_index(id)
            .ok_or_else(|| self.error(&self.id, format!("this game needs a pile {id:?}")))
    }

    /// The index of the pile with this id, which must be of `kind`: a game's stock must be a
    /// stock pile (as one of the columns too, it would be dealt onto itself).
    ///
    /// # Errors
    /// If the layout has no such pile, or it is of another kind.
    pub fn require_pile_of(&self, id: &str, kind: PileKind) -> Result<usize, LayoutError> {
        let i = self.require_pile(id)?;
        if self.piles[i].kind != kind {
            return Err(self.error(
                &format!("\"{id}\""),
                format!("pile {id:?} must be a {} pile", kind.name()),
            ));
        }
        Ok(i)
    }

    /// Each pile's kind, in layout order, for a game that plays only piles of `kinds`: a pile
    /// of another kind is refused (`"<game> has no waste piles"`, located at its id).
    ///
    /// # Errors
    /// The first pile whose kind is not among `kinds`.
    pub fn pile_kinds(&self, game: &str, kinds: &[PileKind]) -> Result<Vec<PileKind>, LayoutError> {
        self.piles
            .iter()
            .map(|spec| {
                if kinds.contains(&spec.kind) {
                    Ok(spec.kind)
                } else {
                    Err(self.error(
                        &format!("\"{}\"", spec.id),
                        format!("{game} has no {} piles", spec.kind.name()),
                    ))
                }
            })
            .collect()
    }

    /// Pile ids in layout order.
    pub fn pile_ids(&self) -> &[String] {
        &self.ids
    }

    /// Indices of all piles of one kind, in layout order.
    pub fn piles_of(&self, kind: PileKind) -> Vec<usize> {
        (0..self.piles.len())
            .filter(|&i| self.piles[i].kind == kind)
            .collect()
    }

    /// An empty position with this layout's piles.
    pub fn empty_position(&self) -> Position {
        Position::new(vec![Pile::default(); self.piles.len()], Vars::default())
    }

    /// Run the deal script on a shuffled deck.
    ///
    /// # Errors
    /// If the script needs more cards than are left, or names a card the deck lacks.
    pub fn run_deal(&self, mut deck: Vec<Card>) -> Result<Position, LayoutError> {
        let mut piles: Vec<Vec<Card>> = vec![Vec::new(); self.piles.len()];
        let mut face_down = vec![0usize; self.piles.len()];
        deck.reverse(); // pop() now yields the deck's first card
        let short = |what: &str| self.error(what, "the deal needs more cards than the deck has");
        for step in &self.deal {
            match step {
                DealStep::Rows {
                    piles: ids,
                    rows,
                    face,
                } => {
                    let targets = self.expand(ids)?;
                    // Rounds over no pile deal nothing, however many (and must not take
                    // billions of empty turns).
                    let rounds = if targets.is_empty() { 0 } else { *rows };
                    for _ in 0..rounds {
                        for &t in &targets {
                            let card = deck.pop().ok_or_else(|| short("Rows"))?;
                            place(&mut piles[t], &mut face_down[t], card, *face);
                        }
                    }
                }
                DealStep::Fill { pile, count, face } => {
                    let t = self.pile_or_err(pile)?;
                    for _ in 0..*count {
                        let card = deck.pop().ok_or_else(|| short("Fill"))?;
                        place(&mut piles[t], &mut face_down[t], card, *face);
                    }
                }
                DealStep::Extract { cards, piles: ids } => {
                    let targets = self.expand(ids)?;
                    for (name, &t) in cards.iter().zip(&targets) {
                        let want = self.card_name(name)?;
                        // The deck is reversed: the last matching entry is the first in
                        // deal order.
                        let at = deck
                            .iter()
                            .rposition(|c| c.rank == want.rank && c.suit == want.suit)
                            .ok_or_else(|| {
                                self.error(name, format!("no {name} is left to extract"))
                            })?;
                        let card = deck.remove(at);
                        place(&mut piles[t], &mut face_down[t], card, Face::Up);
                    }
                }
                DealStep::Rest { pile } => {
                    let t = self.pile_or_err(pile)?;
                    for card in deck.drain(..) {
                        place(&mut piles[t], &mut face_down[t], card, Face::Down);
                    }
                }
            }
        }
        if !deck.is_empty() {
            return Err(self.error(
                "deal",
                format!(
                    "{} cards are left over after the deal: end it with Rest",
                    deck.len()
                ),
            ));
        }
        let piles = piles
            .into_iter()
            .zip(face_down)
            .map(|(cards, fd)| Pile::new(cards, fd))
            .collect();
        Ok(Position::new(piles, Vars::default()))
    }

    /// Pile indices for a list of ids and ranges (`"t1..t10"`).
    ///
    /// # Errors
    /// If an id is unknown or a range is malformed.
    pub fn expand(&self, ids: &[String]) -> Result<Vec<usize>, LayoutError> {
        let mut out = Vec::new();
        for id in ids {
            if let Some((a, b)) = id.split_once("..") {
                let (pa, na) = split_number(a);
                let (pb, nb) = split_number(b);
                match (na, nb) {
                    (Some(na), Some(nb)) if pa == pb && na <= nb => {
                        for n in na..=nb {
                            out.push(self.pile_or_err(&format!("{pa}{n}"))?);
                        }
                    }
                    _ => {
                        return Err(
                            self.error(id, format!("{id:?} is not a range like \"t1..t10\""))
                        );
                    }
                }
            } else {
                out.push(self.pile_or_err(id)?);
            }
        }
        Ok(out)
    }

    /// The `search:` section resolved to pile indices and checked.
    fn declared(&self, file: &DeclarationsFile) -> Result<Declarations, LayoutError> {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for names in &file.interchangeable {
            let group = self.expand(names)?;
            let first = names.first().map_or("interchangeable", String::as_str);
            if group.len() < 2 {
                return Err(self.error(first, "an interchangeable group needs two piles or more"));
            }
            if group
                .iter()
                .any(|&p| self.piles[p].kind != self.piles[group[0]].kind)
            {
                return Err(self.error(first, "an interchangeable group's piles are of one kind"));
            }
            for (i, &p) in group.iter().enumerate() {
                if group[..i].contains(&p) || groups.iter().any(|g| g.contains(&p)) {
                    return Err(self.error(
                        first,
                        format!(
                            "pile {:?} is in an interchangeable group twice",
                            self.ids[p]
                        ),
                    ));
                }
            }
            groups.push(group);
        }
        if file.safe_home && self.piles_of(PileKind::Foundation).is_empty() {
            return Err(self.error("safe_home", "safe_home needs a foundation pile"));
        }
        if file.turns_commute && self.piles_of(PileKind::Stock).is_empty() {
            return Err(self.error("turns_commute", "turns_commute needs a stock pile"));
        }
        Ok(Declarations {
            interchangeable: groups,
            safe_home: file.safe_home,
            turns_commute: file.turns_commute,
        })
    }

    fn pile_or_err(&self, id: &str) -> Result<usize, LayoutError> {
        self.pile_index(id)
            .ok_or_else(|| self.error(&format!("\"{id}\""), format!("no pile is called {id:?}")))
    }

    fn card_name(&self, name: &str) -> Result<CardToken, LayoutError> {
        name.parse::<CardToken>()
            .map_err(|e| self.error(name, e.to_string()))
    }

    fn check(&mut self) -> Result<(), LayoutError> {
        let valid_id = |id: &str| {
            !id.is_empty()
                && id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        };
        if !valid_id(&self.id) {
            return Err(self.error(
                "id",
                format!(
                    "game id {:?} must be lowercase letters, digits and '-'",
                    self.id
                ),
            ));
        }
        // Moves and undo steps hold pile numbers in a byte ([`PileId`]); no table needs more
        // than this.
        if self.piles.len() > PileId::LIMIT {
            return Err(self.error("piles", "a layout has at most 128 piles"));
        }
        if self.deck.copies == 0
            || self.deck.suits.is_empty()
            || !(1..=13).contains(&self.deck.ranks)
        {
            return Err(self.error(
                "deck",
                "the deck needs at least one copy, one suit and 1 to 13 ranks",
            ));
        }
        // A move holds its number of cards in a byte ([`Move::MAX_COUNT`]): no pile may hold
        // more.
        if self.deck.len() > Move::MAX_COUNT {
            return Err(self.error(
                "deck",
                format!(
                    "the deck has {} cards: a layout has at most 255",
                    self.deck.len()
                ),
            ));
        }
        // The app scales and places cards by these numbers: NaN or infinity would break the
        // drawing, a table or card of no size would show nothing.
        let sizes = [self.table.width, self.table.height, self.card_scale];
        if !sizes.iter().all(|s| s.is_finite() && *s > 0.0) {
            return Err(self.error(
                "table",
                "the table's width and height and the card scale must be positive numbers",
            ));
        }
        if let Some(p) = self
            .piles
            .iter()
            .find(|p| !(p.x.is_finite() && p.y.is_finite()))
        {
            return Err(self.error(
                &format!("\"{}\"", p.id),
                format!("pile {:?} needs a finite x and y", p.id),
            ));
        }
        // A suit listed twice would make two cards alike in rank, suit and copy, which no
        // position could tell apart: more packs are `copies`.
        for (i, suit) in self.deck.suits.iter().enumerate() {
            if self.deck.suits[..i].contains(suit) {
                return Err(self.error(
                    "suits",
                    format!("the deck lists {suit:?} twice: write more packs as `copies`"),
                ));
            }
        }
        for (i, p) in self.piles.iter().enumerate() {
            if !p
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
                || p.id.is_empty()
            {
                return Err(self.error(
                    &format!("\"{}\"", p.id),
                    format!("pile id {:?} must be lowercase letters and digits", p.id),
                ));
            }
            if p.id.len() > MAX_PILE_ID {
                return Err(self.error(
                    &format!("\"{}", &p.id[..MAX_PILE_ID]),
                    format!(
                        "pile id {:?}... is {} characters long: at most {MAX_PILE_ID}",
                        &p.id[..MAX_PILE_ID],
                        p.id.len()
                    ),
                ));
            }
            if matches!(
                p.id.as_str(),
                "deal" | "redeal" | "game" | "phase" | "redeals" | "marks" | "status" | "score"
            ) {
                return Err(self.error(
                    &format!("\"{}\"", p.id),
                    format!("{:?} is a reserved word, not a pile id", p.id),
                ));
            }
            if self.index.insert(p.id.clone(), i).is_some() {
                return Err(self.error(
                    &format!("\"{}\"", p.id),
                    format!("two piles are called {:?}", p.id),
                ));
            }
        }
        self.ids = self.piles.iter().map(|p| p.id.clone()).collect();
        for step in &self.deal {
            if let DealStep::Extract { cards, piles } = step {
                if cards.len() != self.expand(piles)?.len() {
                    return Err(self.error("Extract", "Extract needs as many piles as cards"));
                }
                for name in cards {
                    self.card_name(name)?;
                }
            }
        }
        // Dry-run the script on the unshuffled deck: catches unknown piles and short decks.
        self.run_deal(self.deck.cards())?;
        Ok(())
    }
}

fn place(pile: &mut Vec<Card>, face_down: &mut usize, card: Card, face: Face) {
    if face == Face::Down && *face_down == pile.len() {
        *face_down += 1;
    }
    pile.push(card);
}

fn split_number(s: &str) -> (&str, Option<u32>) {
    let digits = s.len() - s.trim_start_matches(|c: char| !c.is_ascii_digit()).len();
    let (prefix, number) = s.split_at(digits);
    (prefix, number.parse().ok())
}

/// Read RON text as a `T`, with the options layouts are read with (implicit `Some`); errors
/// name `file`, with the line and column RON reports. A byte-order mark is not skipped: pass
/// the text through [`crate::strip_bom`] first.
///
/// # Errors
/// RON syntax, or text that is not a `T`.
pub fn parse_ron<T: DeserializeOwned>(file: &str, source: &str) -> Result<T, LayoutError> {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(source)
        .map_err(|e| LayoutError {
            file: file.to_string(),
            line: e.span.start.line,
            col: e.span.start.col,
            message: e.code.to_string(),
        })
}

/// 1-based line and column (in characters, as RON's own errors count them) of the first
/// occurrence of `needle`, or (0, 0).
fn locate(source: &str, needle: &str) -> (usize, usize) {
    match source.find(needle) {
        Some(at) => {
            let before = &source[..at];
            let line = before.matches('\n').count() + 1;
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            let col = before[line_start..].chars().count() + 1;
            (line, col)
        }
        None => (0, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TINY: &str = r#"(
        id: "tiny", name: "Tiny", version: 1, rules: "x",
        deck: (suits: [Spades], copies: 1, ranks: 4),
        table: (width: 3.0, height: 2.0),
        piles: [
            (id: "stock", kind: stock, x: 0.0, y: 0.0),
            (id: "t1", kind: tableau, x: 1.0, y: 0.0, fan: Down),
            (id: "t2", kind: tableau, x: 2.0, y: 0.0, fan: Down),
        ],
        deal: [Rows(piles: ["t1..t2"], face: Down), Fill(pile: "t2", count: 1, face: Up), Rest(pile: "stock")],
    )"#;

    #[test]
    fn deal_script_places_cards_in_order() {
        let layout = Layout::parse("tiny.ron", TINY).unwrap();
        let pos = layout.run_deal(layout.deck.cards()).unwrap();
        let text: Vec<String> = pos
            .piles()
            .iter()
            .map(|p| {
                format!(
                    "{:?}/{}",
                    p.cards().iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                    p.face_down()
                )
            })
            .collect();
        assert_eq!(text, ["[\"4S\"]/1", "[\"AS\"]/1", "[\"2S\", \"3S\"]/1"]);
    }

    #[test]
    fn a_required_pile_can_be_required_of_a_kind() {
        let layout = Layout::parse("tiny.ron", TINY).unwrap();
        assert_eq!(layout.require_pile_of("stock", PileKind::Stock), Ok(0));
        let err = layout.require_pile_of("t1", PileKind::Stock).unwrap_err();
        assert_eq!(err.message, "pile \"t1\" must be a stock pile");
    }

    #[test]
    fn pile_kinds_refuse_a_kind_the_game_does_not_play() {
        let layout = Layout::parse("tiny.ron", TINY).unwrap();
        let both = [PileKind::Stock, PileKind::Tableau];
        assert_eq!(
            layout.pile_kinds("Tiny", &both),
            Ok(vec![PileKind::Stock, PileKind::Tableau, PileKind::Tableau])
        );
        let err = layout.pile_kinds("Tiny", &[PileKind::Tableau]).unwrap_err();
        assert_eq!(err.to_string(), "tiny.ron:6:18: Tiny has no stock piles");
    }

    #[test]
    fn a_search_section_names_groups_of_alike_piles_and_is_checked() {
        let with = |search: &str| {
            let text = TINY.replace("deal: [", &format!("search: {search},\n        deal: ["));
            Layout::parse("tiny.ron", &text).map(|l| l.declarations)
        };
        assert_eq!(with("()"), Ok(Declarations::default()));
        assert_eq!(
            with(r#"(interchangeable: [["t1..t2"]])"#),
            Ok(Declarations {
                interchangeable: vec![vec![1, 2]],
                safe_home: false,
                turns_commute: false,
            })
        );
        let refused = |search: &str| with(search).unwrap_err().message;
        assert_eq!(
            refused(r#"(interchangeable: [["t1"]])"#),
            "an interchangeable group needs two piles or more"
        );
        assert_eq!(
            refused(r#"(interchangeable: [["stock", "t1"]])"#),
            "an interchangeable group's piles are of one kind"
        );
        assert_eq!(
            refused(r#"(interchangeable: [["t1", "t2"], ["t2", "t1"]])"#),
            "pile \"t2\" is in an interchangeable group twice"
        );
        assert_eq!(
            refused(r#"(interchangeable: [["t1..t3"]])"#),
            "no pile is called \"t3\""
        );
        assert_eq!(
            refused("(safe_home: true)"),
            "safe_home needs a foundation pile"
        );
        assert!(refused("(symmetric: true)").contains("symmetric"));
    }

    #[test]
    fn rows_over_no_pile_deal_nothing_at_once() {
        // Found by fuzzing the layout reader: `rows: 4294967295` over `piles: []` took
        // minutes of empty rounds in a debug build.
        let none = TINY.replace(
            "deal: [",
            "deal: [Rows(piles: [], rows: 4294967295, face: Up), ",
        );
        let layout = Layout::parse("tiny.ron", &none).unwrap();
        let pos = layout.run_deal(layout.deck.cards()).unwrap();
        assert_eq!(pos.pile(1).len(), 1);
    }

    #[test]
    fn sizes_and_places_are_finite_and_sizes_positive() {
        // Found by fuzzing the layout reader: NaN, infinite or negative sizes were accepted.
        for (from, to) in [
            ("width: 3.0", "width: NaN"),
            ("height: 2.0", "height: inf"),
            ("width: 3.0", "width: -3.0"),
            ("table:", "card_scale: 0.0, table:"),
        ] {
            let err = Layout::parse("tiny.ron", &TINY.replace(from, to)).unwrap_err();
            assert!(err.message.contains("positive numbers"), "{to}: {err}");
        }
        let err = Layout::parse("tiny.ron", &TINY.replace("x: 1.0", "x: NaN")).unwrap_err();
        assert_eq!(err.message, "pile \"t1\" needs a finite x and y");
    }

    #[test]
    fn a_deck_holds_at_most_255_cards() {
        let big = TINY.replace("copies: 1, ranks: 4", "copies: 64, ranks: 4");
        let err = Layout::parse("tiny.ron", &big).unwrap_err();
        assert_eq!(
            err.message,
            "the deck has 256 cards: a layout has at most 255"
        );
        assert_eq!((err.line, err.file.as_str()), (3, "tiny.ron"));
    }

    #[test]
    fn a_byte_order_mark_in_front_is_skipped() {
        let layout = Layout::parse("tiny.ron", &format!("\u{FEFF}{TINY}")).unwrap();
        assert_eq!(layout.id, "tiny");
        assert_eq!(layout.params::<()>(), Ok(()));
    }

    #[test]
    fn work_in_progress_is_optional_and_off_by_default() {
        assert!(!Layout::parse("tiny.ron", TINY).unwrap().work_in_progress);
        let wip = TINY.replace("rules: \"x\",", "rules: \"x\", work_in_progress: true,");
        assert!(Layout::parse("tiny.ron", &wip).unwrap().work_in_progress);
    }

    #[test]
    fn a_pile_id_longer_than_the_limit_is_refused() {
        let long = "t".repeat(MAX_PILE_ID + 1);
        let bad = TINY
            .replace("\"t1\"", &format!("\"{long}\""))
            .replace("t1..t2", &long);
        let err = Layout::parse("tiny.ron", &bad).unwrap_err();
        assert!(err.to_string().contains("at most 32"), "{err}");
        assert!(err.to_string().len() < 200, "{err}");
        let fits = "t".repeat(MAX_PILE_ID);
        let ok = TINY
            .replace("\"t1\"", &format!("\"{fits}\""))
            .replace("t1..t2", &fits);
        assert!(Layout::parse("tiny.ron", &ok).is_ok());
    }

    #[test]
    fn errors_name_file_line_and_column() {
        let bad = TINY.replace("kind: stock", "kind: Stok");
        let err = Layout::parse("tiny.ron", &bad).unwrap_err();
        assert_eq!((err.file.as_str(), err.line), ("tiny.ron", 6));
        assert!(err.col > 0, "{err}");
        let bad = TINY.replace("\"t1..t2\"", "\"t1..t9\"");
        let err = Layout::parse("tiny.ron", &bad).unwrap_err();
        assert!(
            err.to_string().contains("no pile is called \"t3\""),
            "{err}"
        );
        let bad = TINY.replace("count: 1", "count: 9");
        assert!(
            Layout::parse("tiny.ron", &bad)
                .unwrap_err()
                .message
                .contains("more cards")
        );
        // Found by the fuzzer (layout target): a suit listed twice made cards that positions
        // could not write and read back.
        let bad = TINY.replace("[Spades]", "[Spades, Hearts, Spades]");
        assert_eq!(
            Layout::parse("tiny.ron", &bad).unwrap_err().message,
            "the deck lists Spades twice: write more packs as `copies`"
        );
        let bad = TINY.replace("\"t2\", kind", "\"t1\", kind");
        assert!(
            Layout::parse("tiny.ron", &bad)
                .unwrap_err()
                .message
                .contains("two piles")
        );
    }

    #[test]
    fn error_columns_count_characters_not_bytes() {
        // The same layout named in three ASCII letters or three three-byte symbols: errors
        // after the name, on its line, point at the same column.
        let at = |name: &str| {
            let layout = Layout::parse("tiny.ron", &TINY.replace("Tiny", name)).unwrap();
            let err = layout.error("rules", "m");
            (err.line, err.col)
        };
        assert_eq!(at("♠♥♦"), at("abc"));
        assert_eq!(at("abc"), (2, 46));
        let ron_error = |name: &str| {
            let bad = TINY.replace("Tiny\",", &format!("{name}\", oops"));
            let err = Layout::parse("tiny.ron", &bad).unwrap_err();
            (err.line, err.col)
        };
        assert_eq!(ron_error("♠♥♦"), ron_error("abc"));
    }

    #[test]
    fn a_leading_byte_order_mark_is_skipped() {
        let plain = Layout::parse("tiny.ron", TINY).unwrap();
        let marked = Layout::parse("tiny.ron", &format!("\u{feff}{TINY}")).unwrap();
        assert_eq!(marked.piles.len(), plain.piles.len());
        assert_eq!(
            marked.error("id", "m").to_string(),
            plain.error("id", "m").to_string()
        );
        let bad = format!("\u{feff}{}", TINY.replace("kind: stock", "kind: Stok"));
        let err = Layout::parse("tiny.ron", &bad).unwrap_err();
        assert_eq!(err.line, 6, "{err}");
    }
}
