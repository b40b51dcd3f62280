//! A game: a checked layout and the rules built from it, plus the catalog of all games.

use std::sync::Arc;

use serde::Serialize;
use thiserror::Error;

use crate::layout::{Layout, LayoutError};
use crate::moves::{End, Move, MoveDisplay, MoveParseError, MoveText};
use crate::position::Position;
use crate::reading::{ChosenReading, ReadingValues};
use crate::rules::{Illegal, Plugin, Rules, Status};
use crate::shuffle::shuffle;
use crate::structure::{Structure, StructureError};
use crate::text::{
    FilledPosition, PositionError, parse_position, parse_position_filled, write_position,
};
use crate::tx::{Step, Tx, undo};

/// A playable game: its layout and its rules.
pub struct Game {
    layout: Layout,
    rules: Box<dyn Rules>,
    structure: Structure,
    plugin: Plugin,
    readings: Vec<ChosenReading>,
}

/// Why a move given as text was not played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    #[error(transparent)]
    /// The move text did not parse or names a pile the game lacks.
    Parse(#[from] MoveParseError),
    #[error(transparent)]
    /// The move breaks a rule.
    Illegal(#[from] Illegal),
}

/// The JSON form of a position (`sol deal --json`, `sol play --json`).
#[derive(Clone, Debug, Serialize)]
pub struct PositionJson {
    /// The game id.
    pub game: String,
    /// The deal number, when the game was dealt from one.
    pub seed: Option<u64>,
    /// Playing, won or lost.
    pub status: Status,
    /// The score (0 for games without one).
    pub score: i32,
    /// The phase of play: `play`, `opening` or `dealing`.
    pub phase: &'static str,
    /// How many redeals have been used.
    pub redeals: u8,
    /// Every pile, in layout order.
    pub piles: Vec<PileJson>,
}

/// One pile in [`PositionJson`]: the first `face_down` cards are face down.
#[derive(Clone, Debug, Serialize)]
pub struct PileJson {
    /// The pile id from the layout (`t1`, `stock`).
    pub id: String,
    /// The pile kind (`tableau`, `foundation`, ...).
    pub kind: &'static str,
    /// The cards, bottom first, as rank and suit (`TD`).
    pub cards: Vec<String>,
    /// How many of the bottom cards are face down.
    pub face_down: usize,
}

impl Game {
    /// Build a game from a layout with the plugin it names.
    ///
    /// # Errors
    /// If the plugin rejects the layout's parameters or piles, the layout chooses a reading
    /// the game does not declare, the plugin's deal fails on the layout's deck (dry-run
    /// unshuffled, so that [`Game::deal`] cannot fail later), or the rules' structure does not
    /// fit the layout's piles.
    pub fn new(layout: Layout, plugin: &Plugin) -> Result<Game, LayoutError> {
        let rules = (plugin.build)(&layout)?;
        Game::checked(layout, rules, *plugin)
    }

    /// Build a game from a layout and rules built elsewhere (the grader's rules that ask a
    /// student's game in another process), with the checks of [`Game::new`].
    /// [`Game::with_readings`] cannot rebuild such rules: it returns an error.
    ///
    /// # Errors
    /// Those of [`Game::new`] after the plugin's build.
    pub fn from_rules(layout: Layout, rules: Box<dyn Rules>) -> Result<Game, LayoutError> {
        let plugin = Plugin {
            name: "",
            build: |layout| {
                Err(layout.error(
                    "rules",
                    "these rules were built outside this process and cannot be rebuilt here",
                ))
            },
        };
        Game::checked(layout, rules, plugin)
    }

    fn checked(layout: Layout, rules: Box<dyn Rules>, plugin: Plugin) -> Result<Game, LayoutError> {
        let readings = layout.check_readings(rules.readings())?;
        rules.deal(&layout, layout.deck.cards())?;
        let structure = rules.structure(&layout);
        if structure.piles.len() != layout.piles.len() {
            return Err(layout.error(
                "piles",
                "the rules give a shape to a different number of piles than the layout has",
            ));
        }
        Ok(Game {
            layout,
            rules,
            structure,
            plugin,
            readings,
        })
    }

    /// The same game played under other readings (a course's choices; see
    /// [`crate::reading`]). Options not named keep this game's choice.
    ///
    /// # Errors
    /// An option the game does not declare, or a value that is not one of its choices.
    pub fn with_readings(&self, overrides: &ReadingValues) -> Result<Game, LayoutError> {
        Game::new(self.layout.with_readings(overrides), &self.plugin)
    }

    /// Every reading option of the game, with the value it is played with.
    pub fn readings(&self) -> &[ChosenReading] {
        &self.readings
    }

    /// The game id (`spider`).
    pub fn id(&self) -> &str {
        &self.layout.id
    }

    /// The game's name (`Spider`).
    pub fn name(&self) -> &str {
        &self.layout.name
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The rules.
    pub fn rules(&self) -> &dyn Rules {
        self.rules.as_ref()
    }

    /// The initial position for `seed`: the same on every platform and in every version.
    pub fn deal(&self, seed: u64) -> Position {
        let mut cards = self.layout.deck.cards();
        shuffle(&mut cards, seed);
        // The layout's script was dry-run when the layout was checked, and a shuffle does not
        // change how many cards there are, so a failure here is a plugin bug.
        match self.rules.deal(&self.layout, cards) {
            Ok(pos) => pos,
            Err(e) => panic!("{}: deal failed on a checked layout: {e}", self.id()),
        }
    }

    /// All legal moves.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        self.rules.legal_moves(pos, &mut out);
        out
    }

    /// Check and play `mv`, appending its steps to `log`.
    ///
    /// # Errors
    /// The rule the move breaks; the position is then unchanged.
    pub fn play_logged(
        &self,
        pos: &mut Position,
        mv: Move,
        log: &mut Vec<Step>,
    ) -> Result<(), Illegal> {
        self.check(pos, mv)?;
        self.rules.apply(&mut Tx::new(pos, log), mv);
        Ok(())
    }

    /// Check and play `mv`.
    ///
    /// # Errors
    /// The rule the move breaks; the position is then unchanged.
    pub fn play(&self, pos: &mut Position, mv: Move) -> Result<(), Illegal> {
        self.play_logged(pos, mv, &mut Vec::new())
    }

    /// Whether `mv` is legal: the engine's checks ([`Game::check_shape`]), then the game's
    /// own rules.
    ///
    /// # Errors
    /// The rule the move breaks.
    pub fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        self.check_shape(pos, mv)?;
        self.rules.check(pos, mv)
    }

    /// The checks the engine makes of every move before the game's rules see it: pile
    /// numbers in range, two different piles, as many cards as the pile has, a transfer from
    /// a pile's bottom end only in a game that takes cards from there (one card). A refusal
    /// here is the engine's, the same in every game.
    ///
    /// # Errors
    /// The engine's rule the move breaks.
    pub fn check_shape(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        if let Move::Transfer {
            end,
            from,
            to,
            count,
        } = mv
        {
            let (from, to, count) = (from.index(), to.index(), usize::from(count));
            let n = pos.piles().len();
            if from >= n || to >= n {
                return Err(Illegal::source("no such pile"));
            }
            if from == to {
                return Err(Illegal::target("cards cannot move onto their own pile"));
            }
            if count == 0 || count > pos.pile(from).len() {
                return Err(Illegal::source("the pile does not have that many cards"));
            }
            if end == End::Bottom && !self.rules.takes_from_bottom() {
                return Err(Illegal::TOP_ONLY);
            }
            if end == End::Bottom && count > 1 {
                return Err(Illegal::source(
                    "only one card is taken from the bottom of a pile",
                ));
            }
        }
        Ok(())
    }

    /// Undo steps logged on this position.
    pub fn undo(&self, pos: &mut Position, steps: &[Step]) {
        undo(pos, steps);
    }

    /// Playing, won or lost.
    pub fn status(&self, pos: &Position) -> Status {
        self.rules.status(pos)
    }

    /// The score.
    pub fn score(&self, pos: &Position) -> i32 {
        self.rules.score(pos)
    }

    /// Read a move in the notation (`t3>t7:4`, `t3^>f1`, `deal`).
    ///
    /// # Errors
    /// Bad syntax or a pile id this game does not have.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        Ok(match text.parse::<MoveText>()? {
            MoveText::Deal => Move::Deal,
            MoveText::Redeal => Move::Redeal,
            MoveText::Transfer { from, to, count } => {
                Move::transfer(self.pile(&from)?, self.pile(&to)?, usize::from(count))
            }
            MoveText::TransferBottom { from, to } => {
                Move::transfer_bottom(self.pile(&from)?, self.pile(&to)?)
            }
        })
    }

    /// The layout index of the pile a move names.
    fn pile(&self, id: &str) -> Result<usize, MoveParseError> {
        self.layout
            .pile_index(id)
            .ok_or_else(|| MoveParseError::UnknownPile(id.to_string()))
    }

    /// A move in the notation, ready to print.
    pub fn move_text(&self, mv: Move) -> MoveDisplay<'_> {
        MoveDisplay {
            mv,
            ids: self.layout.pile_ids(),
        }
    }

    /// Parse a text move and play it.
    ///
    /// # Errors
    /// A parse error or the rule the move breaks.
    pub fn play_text(&self, pos: &mut Position, text: &str) -> Result<Move, PlayError> {
        let mv = self.parse_move(text)?;
        self.play(pos, mv)?;
        Ok(mv)
    }

    /// The position in the text form.
    pub fn position_text(&self, pos: &Position) -> String {
        write_position(&self.layout, pos)
    }

    /// Read a position in the text form (see [`crate::text`]) and check its structure
    /// ([`Game::check_structure`]).
    ///
    /// # Errors
    /// Where the text is malformed or names cards or piles the game lacks, or the line of the
    /// pile (or phase, or counter) that play cannot produce, naming it and the rule.
    pub fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let pos = parse_position(&self.layout, text)?;
        self.check_structure_of(&pos, text)?;
        Ok(pos)
    }

    /// Read a position whose face-down cards may be unknown (`--`, see [`crate::text`]),
    /// filling them with the cards the text does not name, shuffled with `fill_seed`, then
    /// check its structure as [`Game::parse_position`] does. Text without `--` reads as with
    /// [`Game::parse_position`] (`unknown` is then 0).
    ///
    /// # Errors
    /// Those of [`Game::parse_position`], and those of [`parse_position_filled`]: an unknown
    /// card face up, or a number of unknown cards other than the number of cards left.
    pub fn parse_position_filled(
        &self,
        text: &str,
        fill_seed: u64,
    ) -> Result<FilledPosition, PositionError> {
        let filled = parse_position_filled(&self.layout, text, fill_seed)?;
        self.check_structure_of(&filled.position, text)?;
        Ok(filled)
    }

    /// [`Game::check_structure`], the fault located in `text`, the text `pos` was read from.
    fn check_structure_of(&self, pos: &Position, text: &str) -> Result<(), PositionError> {
        self.check_structure(pos).map_err(|e| {
            let (line, col) = e.locate(&self.layout, text);
            PositionError {
                line,
                col,
                message: e.describe(&self.layout),
            }
        })
    }

    /// The game's structural rules (see [`crate::structure`]).
    pub fn structure(&self) -> &Structure {
        &self.structure
    }

    /// Whether `pos` has the structure of this game's positions: the engine's checks
    /// ([`Structure::check`]), then the game's own ([`Rules::check_structure`]).
    ///
    /// # Errors
    /// The first fault, with where it lies.
    pub fn check_structure(&self, pos: &Position) -> Result<(), StructureError> {
        self.structure.check(pos)?;
        self.rules.check_structure(pos)
    }

    /// The JSON form of a position.
    pub fn position_json(&self, pos: &Position, seed: Option<u64>) -> PositionJson {
        PositionJson {
            game: self.id().to_string(),
            seed,
            status: self.status(pos),
            score: self.score(pos),
            phase: pos.vars().phase.name(),
            redeals: pos.vars().redeals,
            piles: self
                .layout
                .piles
                .iter()
                .zip(pos.piles())
                .map(|(spec, pile)| PileJson {
                    id: spec.id.clone(),
                    kind: spec.kind.name(),
                    cards: pile.cards().iter().map(|c| c.face()).collect(),
                    face_down: pile.face_down(),
                })
                .collect(),
        }
    }
}

/// Every registered game, in menu order.
#[derive(Clone, Default)]
pub struct Catalog {
    games: Vec<Arc<Game>>,
}

/// A layout file embedded in a game crate: its file name and text.
#[derive(Clone, Copy)]
pub struct EmbeddedLayout {
    /// The file name, as errors name it (`games/spider/layouts/spider.ron`).
    pub file: &'static str,
    /// The RON text.
    pub source: &'static str,
}

impl Catalog {
    /// Build games from layouts, each with the plugin its `rules` field names.
    ///
    /// # Errors
    /// The first malformed layout, or one naming a plugin that does not exist.
    pub fn build(plugins: &[Plugin], layouts: &[EmbeddedLayout]) -> Result<Catalog, LayoutError> {
        let mut games = Vec::new();
        for l in layouts {
            let layout = Layout::parse(l.file, l.source)?;
            let plugin = plugins
                .iter()
                .find(|p| p.name == layout.rules)
                .ok_or_else(|| {
                    layout.error(
                        "rules",
                        format!("no rules plugin is called {:?}", layout.rules),
                    )
                })?;
            games.push(Arc::new(Game::new(layout, plugin)?));
        }
        Ok(Catalog { games })
    }

    /// A catalog of games built elsewhere (the app builds its games from the layout files it
    /// loads, then lets a course configure them).
    pub fn from_games(games: Vec<Arc<Game>>) -> Catalog {
        Catalog { games }
    }

    /// All games.
    pub fn games(&self) -> &[Arc<Game>] {
        &self.games
    }

    /// The catalog with each game replaced by what `f` makes of it (a course's readings).
    ///
    /// # Errors
    /// The first error `f` returns.
    pub fn map_games<E>(
        &self,
        f: impl FnMut(&Arc<Game>) -> Result<Arc<Game>, E>,
    ) -> Result<Catalog, E> {
        let games = self.games.iter().map(f).collect::<Result<_, E>>()?;
        Ok(Catalog { games })
    }

    /// The game with this id.
    pub fn get(&self, id: &str) -> Option<Arc<Game>> {
        self.games.iter().find(|g| g.id() == id).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::IllegalKind;

    const TWO_PILES: &str = r#"(
        id: "two", name: "Two", version: 1, rules: "x",
        deck: (suits: [Spades], copies: 1, ranks: 3),
        table: (width: 2.2, height: 1.6),
        piles: [(id: "t1", kind: tableau, x: 0.1, y: 0.1), (id: "f1", kind: foundation, x: 1.2, y: 0.1)],
        deal: [Rest(pile: "t1")],
    )"#;

    /// Any card of `t1`, from either end when `bottom` allows it, goes to `f1`.
    struct Ends {
        bottom: bool,
    }

    impl Rules for Ends {
        fn check(&self, _: &Position, mv: Move) -> Result<(), Illegal> {
            match mv {
                Move::Transfer { to, count: 1, .. } if to.index() == 1 => Ok(()),
                _ => Err(Illegal::unsupported("one card to f1")),
            }
        }
        fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
            match mv {
                Move::Transfer {
                    end: End::Top,
                    from,
                    to,
                    count,
                } => tx.move_cards(from.into(), to.into(), count.into()),
                Move::Transfer {
                    end: End::Bottom,
                    from,
                    to,
                    ..
                } => tx.move_bottom_card(from.into(), to.into()),
                Move::Deal | Move::Redeal => {}
            }
        }
        fn is_won(&self, pos: &Position) -> bool {
            pos.pile(0).is_empty()
        }
        fn takes_from_bottom(&self) -> bool {
            self.bottom
        }
    }

    /// Accepts any layout, but its own deal never fits.
    struct Greedy;

    impl Rules for Greedy {
        fn check(&self, _: &Position, _: Move) -> Result<(), Illegal> {
            Err(Illegal::unsupported("no moves"))
        }
        fn apply(&self, _: &mut Tx<'_>, _: Move) {}
        fn is_won(&self, _: &Position) -> bool {
            false
        }
        fn deal(&self, layout: &Layout, _: Vec<crate::Card>) -> Result<Position, LayoutError> {
            Err(layout.error("deal", "the deal needs more cards than the deck has"))
        }
    }

    #[test]
    fn a_plugin_whose_deal_does_not_fit_the_layout_is_refused_when_built() {
        // Found by the fuzzer (layout target): Penguin's plugin accepted a layout with an
        // eighth column, and `Game::deal` then panicked on every seed.
        let layout = Layout::parse("two.ron", TWO_PILES).unwrap();
        let build = |_: &Layout| Ok(Box::new(Greedy) as Box<dyn Rules>);
        let err = Game::new(layout, &Plugin { name: "x", build })
            .err()
            .expect("refused");
        assert_eq!(err.message, "the deal needs more cards than the deck has");
    }

    fn game(bottom: bool) -> Game {
        let layout = Layout::parse("two.ron", TWO_PILES).unwrap();
        let build = if bottom {
            |_: &Layout| Ok(Box::new(Ends { bottom: true }) as Box<dyn Rules>)
        } else {
            |_: &Layout| Ok(Box::new(Ends { bottom: false }) as Box<dyn Rules>)
        };
        Game::new(layout, &Plugin { name: "x", build }).unwrap()
    }

    #[test]
    fn a_bottom_transfer_reads_plays_and_writes_back() {
        let game = game(true);
        let mut pos = game.parse_position("t1: AS 2S 3S").unwrap();
        let mv = game.play_text(&mut pos, "t1^>f1").unwrap();
        assert_eq!(mv, Move::transfer_bottom(0, 1));
        assert_eq!(game.move_text(mv).to_string(), "t1^>f1");
        assert_eq!(game.position_text(&pos), "game: two\nt1: 2S 3S\nf1: AS\n");
        assert!(
            game.legal_moves(&pos)
                .contains(&Move::transfer_bottom(0, 1))
        );
        assert_eq!(
            game.parse_move("t1^>f1:2"),
            Err(MoveParseError::BottomCount("t1^>f1:2".into()))
        );
    }

    #[test]
    fn a_bottom_transfer_round_trips_through_the_notation() {
        let game = game(true);
        for text in ["t1^>f1", "f1^>t1"] {
            let mv = game.parse_move(text).unwrap();
            assert!(mv.takes_bottom(), "{text}");
            assert_eq!(game.move_text(mv).to_string(), text);
        }
        assert_eq!(
            game.parse_move(" T1 ^ > F1 : 1 "),
            Ok(Move::transfer_bottom(0, 1))
        );
        assert_eq!(
            game.parse_move("t9^>f1"),
            Err(MoveParseError::UnknownPile("t9".into()))
        );
    }

    #[test]
    fn a_bottom_transfer_is_checked_for_real_piles_first() {
        let game = game(true);
        let pos = game.parse_position("t1: AS").unwrap();
        let refused = |mv| game.check(&pos, mv).map_err(|e| e.reason);
        assert_eq!(refused(Move::transfer_bottom(0, 7)), Err("no such pile"));
        assert_eq!(
            refused(Move::transfer_bottom(0, 0)),
            Err("cards cannot move onto their own pile")
        );
        assert_eq!(
            refused(Move::transfer_bottom(1, 0)),
            Err("the pile does not have that many cards")
        );
        assert_eq!(refused(Move::transfer_bottom(0, 1)), Ok(()));
        let two = Move::Transfer {
            end: End::Bottom,
            from: crate::PileId::of(0),
            to: crate::PileId::of(1),
            count: 2,
        };
        let pos = game.parse_position("t1: AS 2S").unwrap();
        let refused = |mv| game.check(&pos, mv).map_err(|e| e.reason);
        assert_eq!(
            refused(two),
            Err("only one card is taken from the bottom of a pile")
        );
    }

    #[test]
    fn games_that_do_not_take_from_the_bottom_refuse_it_before_their_rules_see_it() {
        let game = game(false);
        let pos = game.parse_position("t1: AS 2S 3S").unwrap();
        let err = game.check(&pos, Move::transfer_bottom(0, 1)).unwrap_err();
        assert_eq!(
            (err.kind, err.reason),
            (
                IllegalKind::Source,
                "cards are taken only from the top of a pile"
            )
        );
        let parsed = game.parse_move("t1^>f1").unwrap();
        assert_eq!(game.check(&pos, parsed), Err(err));
        assert!(!game.legal_moves(&pos).iter().any(|m| m.takes_bottom()));
        assert!(game.legal_moves(&pos).contains(&Move::transfer(0, 1, 1)));
    }

    #[test]
    fn a_leading_byte_order_mark_is_skipped_in_saves_and_move_lists() {
        use crate::history::{GameRecord, Session};
        let game = Arc::new(game(true));
        let start = game.parse_position("\u{feff}t1: AS 2S 3S").unwrap();
        let mut session = Session::from_position(game.clone(), None, start);
        session
            .play_all("\u{feff}t1^>f1 t1>f1".split_whitespace())
            .unwrap();
        assert_eq!(session.move_count(), 2);
        let record = session.record();
        let back = GameRecord::from_ron(&format!("\u{feff}{}", record.to_ron())).unwrap();
        assert_eq!(back, record);
        let replayed = Session::from_record(game, &back).unwrap();
        assert_eq!(replayed.position(), session.position());
    }
}
