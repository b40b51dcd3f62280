//! Tests of the move ranking on a small game where any top card goes anywhere.

use std::sync::Arc;

use solitaire_core::{
    Card, End, Illegal, Layout, LayoutError, Pile, Plugin, Rank, Rules, Suit, Tx, Vars,
};

use super::*;

/// Any one top face-up card moves onto any pile; a deal is legal while the stock has cards.
struct Anywhere;

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

fn build(_: &Layout) -> Result<Box<dyn Rules>, LayoutError> {
    Ok(Box::new(Anywhere))
}

const LAYOUT: &str = r#"(
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

/// The game.
fn game() -> Arc<Game> {
    let layout = Layout::parse("anywhere.ron", LAYOUT).expect("test layout");
    Arc::new(
        Game::new(
            layout,
            &Plugin {
                name: "anywhere",
                build,
            },
        )
        .expect("builds"),
    )
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
    let layout = LAYOUT.replace("kind: foundation", "kind: reserve");
    let layout = Layout::parse("anywhere.ron", &layout).expect("test layout");
    let g = Game::new(
        layout,
        &Plugin {
            name: "anywhere",
            build,
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
    let layout = Layout::parse("both.ron", LAYOUT).expect("test layout");
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
