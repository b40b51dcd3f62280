//! Tests of the move ranking on a small game where any top card goes anywhere.

use std::sync::Arc;

use solitaire_core::{Card, End, Illegal, Layout, Pile, Plugin, Rank, Rules, Suit, Tx, Vars};

use super::*;
use solitaire_core::testkit::{ANYWHERE_LAYOUT, Anywhere};

/// The engine's test game: any top card goes anywhere.
fn game() -> Arc<Game> {
    solitaire_core::testkit::anywhere()
}

fn c(rank: Rank, suit: Suit) -> Card {
    Card::new(rank, suit)
}

/// stock, f1, t1..t4 with the given piles (all face up).
fn position(f1: Vec<Card>, t: [Vec<Card>; 4]) -> Position {
    let mut piles = vec![
        Pile::new(vec![c(Rank::King, Suit::Hearts)], 1),
        Pile::new(f1, 0),
    ];
    piles.extend(t.into_iter().map(|cards| Pile::new(cards, 0)));
    Position::new(piles, Vars::default())
}

#[test]
fn foundation_then_same_suit_then_any_then_space() {
    let g = game();
    let five = c(Rank::Five, Suit::Spades);
    let six_h = vec![c(Rank::Six, Suit::Hearts)];
    let six_s = vec![c(Rank::Six, Suit::Spades)];
    let pos = position(vec![], [vec![five], six_h.clone(), six_s.clone(), vec![]]);
    assert_eq!(
        obvious_move(&g, &pos, 2, 1),
        Some(Move::transfer(2, 1, 1)),
        "foundation first"
    );
    assert_eq!(foundation_move(&g, &pos, 2), Some(Move::transfer(2, 1, 1)));
    let pos = position(
        vec![c(Rank::Ace, Suit::Hearts)],
        [vec![five], six_h.clone(), six_s, vec![]],
    );
    // The foundation is face up too; ranking still prefers it over the tableau.
    assert_eq!(obvious_move(&g, &pos, 2, 1), Some(Move::transfer(2, 1, 1)));
}

#[test]
fn without_a_foundation_same_suit_beats_nearer_piles() {
    let layout = ANYWHERE_LAYOUT.replace("kind: foundation", "kind: reserve");
    let layout = Layout::parse("anywhere.ron", &layout).expect("test layout");
    let g = Game::new(
        layout,
        &Plugin {
            name: "anywhere",
            build: |_| Ok(Box::new(Anywhere)),
        },
    )
    .expect("builds");
    let five = c(Rank::Five, Suit::Spades);
    let pos = position(
        vec![],
        [
            vec![five],
            vec![c(Rank::Six, Suit::Hearts)],
            vec![c(Rank::Six, Suit::Spades)],
            vec![],
        ],
    );
    assert_eq!(
        obvious_move(&g, &pos, 2, 1),
        Some(Move::transfer(2, 4, 1)),
        "same suit"
    );
    let pos = position(
        vec![],
        [vec![five], vec![c(Rank::Six, Suit::Hearts)], vec![], vec![]],
    );
    assert_eq!(
        obvious_move(&g, &pos, 2, 1),
        Some(Move::transfer(2, 3, 1)),
        "any card before a space"
    );
    let pos = position(vec![], [vec![five], vec![], vec![], vec![]]);
    assert_eq!(
        obvious_move(&g, &pos, 2, 1),
        Some(Move::transfer(2, 1, 1)),
        "a reserve before a space"
    );
    assert_eq!(foundation_move(&g, &pos, 2), None);
    assert_eq!(
        obvious_move(&g, &pos, 3, 1),
        None,
        "an empty pile has nothing to move"
    );
}

#[test]
fn hint_prefers_progress_and_falls_back_to_the_deal() {
    let g = game();
    let pos = position(
        vec![],
        [vec![c(Rank::Five, Suit::Spades)], vec![], vec![], vec![]],
    );
    assert_eq!(hint(&g, &pos), Some(Move::transfer(2, 1, 1)));
    let empty = Position::new(
        vec![Pile::new(vec![c(Rank::King, Suit::Hearts)], 1); 1]
            .into_iter()
            .chain(vec![Pile::default(); 5])
            .collect(),
        Vars::default(),
    );
    assert_eq!(hint(&g, &empty), Some(Move::Deal));
}

/// Like [`Anywhere`], but the foundation takes only a column's bottom card (`t1^>f1`).
struct BothEnds;

impl Rules for BothEnds {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Transfer {
                end: End::Bottom,
                from,
                to,
                ..
            } if to.index() == 1 && from.index() >= 2 => Ok(()),
            Move::Transfer {
                end: End::Bottom, ..
            } => Err(Illegal::target("to the foundation only")),
            Move::Transfer { to, .. } if to.index() == 1 => {
                Err(Illegal::target("bottom cards only"))
            }
            _ => Anywhere.check(pos, mv),
        }
    }
    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        match mv {
            Move::Transfer {
                end: End::Bottom,
                from,
                to,
                ..
            } => tx.move_bottom_card(from.into(), to.into()),
            _ => Anywhere.apply(tx, mv),
        }
    }
    fn is_won(&self, _: &Position) -> bool {
        false
    }
    fn takes_from_bottom(&self) -> bool {
        true
    }
}

#[test]
fn hint_ranks_a_bottom_card_to_the_foundation_first() {
    let layout = Layout::parse("both.ron", ANYWHERE_LAYOUT).expect("test layout");
    let g = Game::new(
        layout,
        &Plugin {
            name: "anywhere",
            build: |_| Ok(Box::new(BothEnds)),
        },
    )
    .expect("builds");
    let pos = position(
        vec![],
        [
            vec![c(Rank::Five, Suit::Spades), c(Rank::Nine, Suit::Hearts)],
            vec![c(Rank::Two, Suit::Spades)],
            vec![],
            vec![],
        ],
    );
    let bottom = Move::transfer_bottom(2, 1);
    assert!(g.legal_moves(&pos).contains(&bottom));
    assert_eq!(hint(&g, &pos), Some(bottom));
    assert_eq!(bottom_foundation_move(&g, &pos), Some(bottom));
    assert_eq!(
        obvious_move(&g, &pos, 2, 1).map(|m| m.takes_bottom()),
        Some(false)
    );
}
