//! The solitaire engine: cards, piles, layouts, positions, moves, history and the `Rules`
//! trait that every game implements. No graphics: the command line, the solver, the grader
//! and the desktop app all drive games through this crate.
//!
//! A game is a [`Layout`] (RON data: piles, deal, parameters; see [`layout`]) plus a type
//! implementing [`Rules`]. Every change to a [`Position`] goes through one [`Move`] type and
//! one apply path ([`Tx`]) whose log [`undo`] reverses, so undo, replay, saves and the solver
//! agree by construction.
//!
//! To add a game, `sol new-game "Name"` scaffolds and registers it; `docs/adding-a-game.md`
//! walks through a complete one (Aces Up), and the [`Rules`] trait documents what to write.
//!
//! # Examples
//! ```
//! use solitaire_core::{Catalog, EmbeddedLayout, Plugin};
//! # use solitaire_core::{Illegal, Move, Position, Rules, Tx, Layout, LayoutError};
//! # struct Nothing;
//! # impl Rules for Nothing {
//! #     fn check(&self, _: &Position, _: Move) -> Result<(), Illegal> { Err(Illegal::unsupported("no moves")) }
//! #     fn apply(&self, _: &mut Tx<'_>, _: Move) {}
//! #     fn is_won(&self, pos: &Position) -> bool { pos.pile(1).is_empty() }
//! # }
//! # fn build(_: &Layout) -> Result<Box<dyn Rules>, LayoutError> { Ok(Box::new(Nothing)) }
//! const LAYOUT: &str = r#"(
//!     id: "one-pile", name: "One pile", version: 1, rules: "nothing",
//!     deck: (suits: [Spades], copies: 1, ranks: 3),
//!     table: (width: 2.2, height: 1.6),
//!     piles: [(id: "stock", kind: stock, x: 0.1, y: 0.1), (id: "t1", kind: tableau, x: 1.2, y: 0.1)],
//!     deal: [Fill(pile: "t1", count: 1, face: Up), Rest(pile: "stock")],
//! )"#;
//! let plugins = [Plugin { name: "nothing", build }];
//! let catalog = Catalog::build(&plugins, &[EmbeddedLayout { file: "one-pile.ron", source: LAYOUT }]).unwrap();
//! let game = catalog.get("one-pile").unwrap();
//! let pos = game.deal(7);
//! assert_eq!(game.parse_position(&game.position_text(&pos)).unwrap(), pos);
//! ```

#![warn(missing_docs)]

pub mod build;
pub mod card;
pub mod declarations;
pub mod game;
pub mod history;
pub mod layout;
pub mod moves;
pub mod perft;
pub mod pile;
pub mod position;
pub mod reading;
pub mod registration;
pub mod rules;
pub mod shuffle;
pub mod structure;
pub mod testkit;
pub mod text;
pub mod tx;

pub use build::{BuildRule, Direction, SuitRule};
pub use card::{Card, CardToken, Rank, Suit};
pub use declarations::Declarations;
pub use game::{Catalog, EmbeddedLayout, Game, PileJson, PlayError, PositionJson};
pub use history::{GameRecord, ReplayError, Session};
pub use layout::{
    DealStep, DeckSpec, Face, Fan, Layout, LayoutError, MAX_PILE_ID, PileSpec, TableSize,
};
pub use moves::{End, Move, MoveParseError, MoveText, PileId, PileOutOfRange};
pub use perft::perft;
pub use pile::{Pile, PileKind};
pub use position::{Phase, Position, Vars};
pub use reading::{Choice, ChosenReading, Reading, ReadingValues, Timing};
pub use registration::Registration;
pub use rules::{
    Illegal, IllegalKind, Plugin, Rules, Status, candidate_bottom_moves, candidate_moves,
};
pub use structure::{FaceDown, Fault, Order, PileShape, Place, Structure, StructureError};
pub use text::{FilledPosition, PositionError, UNKNOWN_CARD, strip_bom};
pub use tx::{Step, Tx, undo};
