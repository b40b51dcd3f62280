//! The engine's structural checks on a small game of every pile kind.

use crate::card::Rank;
use crate::game::Game;
use crate::layout::Layout;
use crate::moves::Move;
use crate::position::{Phase, Position, Vars};
use crate::rules::{Illegal, Plugin, Rules};
use crate::tx::Tx;
use crate::{BuildRule, Fault, Place, Structure, StructureError};

const KINDS: &str = r#"(
    id: "kinds", name: "Kinds", version: 1, rules: "x",
    deck: (suits: [Spades, Hearts], copies: 1, ranks: 13),
    table: (width: 9.0, height: 2.0),
    piles: [
        (id: "stock", kind: stock, x: 0.0, y: 0.0),
        (id: "w1", kind: waste, x: 1.0, y: 0.0),
        (id: "f1", kind: foundation, x: 2.0, y: 0.0),
        (id: "t1", kind: tableau, x: 3.0, y: 0.0),
        (id: "r1", kind: reserve, x: 4.0, y: 0.0),
        (id: "c1", kind: cell, x: 5.0, y: 0.0),
        (id: "hand", kind: hand, x: 6.0, y: 0.0),
        (id: "i1", kind: indicator, x: 7.0, y: 0.0),
    ],
    deal: [Rest(pile: "stock")],
)"#;

/// No moves; `f1` builds up in suit from the Ace; the opening phase, one redeal and marks on
/// `r1` exist; and, as a rule of its own, the waste never holds a King.
struct Kinds;

impl Rules for Kinds {
    fn check(&self, _: &Position, _: Move) -> Result<(), Illegal> {
        Err(Illegal::unsupported("no moves"))
    }
    fn apply(&self, _: &mut Tx<'_>, _: Move) {}
    fn is_won(&self, _: &Position) -> bool {
        false
    }
    fn structure(&self, layout: &Layout) -> Structure {
        let mut s = Structure::of(layout);
        s.piles[2] = s.piles[2].built(Some(Rank::Ace), BuildRule::UP_IN_SUIT);
        s.phases.push(Phase::Opening);
        s.max_redeals = 1;
        s.markable = 1 << 4;
        s
    }
    fn check_structure(&self, pos: &Position) -> Result<(), StructureError> {
        if pos.pile(1).cards().iter().any(|c| c.rank == Rank::King) {
            return Err(StructureError::pile(1, "the waste never holds a King"));
        }
        Ok(())
    }
}

fn game() -> Game {
    let layout = Layout::parse("kinds.ron", KINDS).unwrap();
    let build = |_: &Layout| Ok(Box::new(Kinds) as Box<dyn Rules>);
    Game::new(layout, &Plugin { name: "x", build }).unwrap()
}

/// The error's text, as `sol` prints it.
fn refused(text: &str) -> String {
    match game().parse_position(text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn every_kind_takes_what_play_can_give_it() {
    let game = game();
    let ok = "phase: opening\nredeals: 1\nmarks: r1\nstock: AS 2S |\nw1: 3S 4S\nf1: AH 2H 3H\n\
              t1: 5S 6S | 7S 8S\nr1: 9S TS |\nc1: JS\nhand: QS\ni1: KH";
    let pos = game.parse_position(ok).unwrap();
    assert_eq!(game.check_structure(&pos), Ok(()));
    assert!(game.parse_position("stock: AS | 2S").is_ok());
    assert!(game.parse_position("r1: AS | 2S").is_ok());
}

#[test]
fn face_down_cards_lie_only_where_the_kind_allows() {
    assert_eq!(
        refused("# a column\n  t1: AS 2S | # all face down"),
        "line 2, column 3: pile t1: its top card is face down, but an uncovered card is turned up"
    );
    assert_eq!(
        refused("w1: AS | 2S"),
        "line 1, column 1: pile w1: no card of it lies face down"
    );
    assert_eq!(
        refused("f1: AS |"),
        "line 1, column 1: pile f1: no card of it lies face down"
    );
    assert!(refused("c1: AS |").contains("pile c1"));
}

#[test]
fn cells_hands_and_indicators_hold_one_card() {
    for id in ["c1", "hand", "i1"] {
        assert_eq!(
            refused(&format!("stock: 3S |\n{id}: AS 2S")),
            format!("line 2, column 1: pile {id}: it holds 2 cards, but at most 1")
        );
    }
}

#[test]
fn foundations_follow_their_building_order() {
    assert_eq!(
        refused("f1: 2S 3S"),
        "line 1, column 1: pile f1: it is founded with rank A, not with 2S"
    );
    assert_eq!(
        refused("f1: AS 2S 4S"),
        "line 1, column 1: pile f1: 4S does not build on 2S"
    );
    assert!(refused("f1: AS 2H").contains("2H does not build on AS"));
}

#[test]
fn phase_redeals_and_marks_stay_in_range() {
    assert_eq!(
        refused("t1: AS\nphase: dealing"),
        "line 2, column 1: phase: this game is never in the dealing phase"
    );
    assert_eq!(
        refused("redeals: 2"),
        "line 1, column 1: redeals: 2 redeals used, but this game allows 1"
    );
    assert_eq!(
        refused("marks: r1  t1 # but not c1"),
        "line 1, column 12: marks: pile t1: it is not marked in this game now"
    );
}

#[test]
fn a_games_own_rules_come_after_the_engines() {
    assert_eq!(
        refused("w1: KS"),
        "line 1, column 1: pile w1: the waste never holds a King"
    );
    let game = game();
    let err = game.check_structure(&game.layout().empty_position());
    assert_eq!(err, Ok(()));
    let bad = StructureError::pile(1, "x");
    assert_eq!(bad.place, Place::Pile(1));
    assert_eq!(bad.fault, Fault::Rule("x"));
    assert_eq!(bad.locate(game.layout(), "t1: AS"), (1, 1));
}

#[test]
fn unlimited_redeals_allow_any_count_and_the_count_stops_at_255() {
    let game = game();
    let mut structure = game.structure().clone();
    let at = |redeals| {
        let empty = game.layout().empty_position();
        Position::new(
            empty.piles().to_vec(),
            Vars {
                redeals,
                ..empty.vars()
            },
        )
    };
    assert!(structure.check(&at(200)).is_err());
    structure.unlimited_redeals = true;
    assert_eq!(structure.check(&at(200)), Ok(()));
    assert_eq!(at(254).vars().redealt().redeals, 255);
    assert_eq!(at(255).vars().redealt().redeals, 255);
}
