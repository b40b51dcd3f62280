//! The engine's values as the oracle and the judge send them: positions, moves, the steps of
//! an applied move, refusals, readings and structural faults. Encoding never fails; decoding
//! checks everything the receiver will index with (pile numbers, counts, cards of the deck),
//! so a malformed or hostile message is an error, never a panic.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use solitaire_core::{
    Card, End, IllegalKind, Layout, Move, Pile, PileId, Place, Position, Reading, Step,
    StructureError, Tx, Vars,
};

/// One pile: its cards bottom first in the text form (`AS 4H1`), the first `down` face down.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WirePile {
    /// How many of the bottom cards lie face down.
    pub down: usize,
    /// The cards, bottom first, separated by spaces.
    pub cards: String,
}

/// A position: every pile in layout order, and the game's variables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WirePosition {
    /// The piles, in layout order.
    pub piles: Vec<WirePile>,
    /// Phase, redeals and marks.
    pub vars: Vars,
}

/// The cards a game's deck holds: what a decoded position may contain.
#[derive(Clone, Debug)]
pub struct DeckCards(HashSet<Card>);

impl DeckCards {
    /// The cards of `layout`'s deck.
    pub fn of(layout: &Layout) -> DeckCards {
        DeckCards(layout.deck.cards().into_iter().collect())
    }
}

impl WirePosition {
    /// The position as sent.
    pub fn encode(pos: &Position) -> WirePosition {
        WirePosition {
            piles: pos
                .piles()
                .iter()
                .map(|p| WirePile {
                    down: p.face_down(),
                    cards: cards_text(p.cards()),
                })
                .collect(),
            vars: pos.vars(),
        }
    }

    /// The position, if it has `piles` piles, every card is one of `deck`'s and no pile has
    /// more face-down cards than cards.
    ///
    /// # Errors
    /// What does not fit, in words.
    pub fn decode(&self, piles: usize, deck: &DeckCards) -> Result<Position, String> {
        if self.piles.len() != piles {
            return Err(format!(
                "a position of {} piles, but the game has {piles}",
                self.piles.len()
            ));
        }
        let mut out = Vec::with_capacity(piles);
        for (i, pile) in self.piles.iter().enumerate() {
            let cards = decode_cards(&pile.cards, deck).map_err(|e| format!("pile {i}: {e}"))?;
            if pile.down > cards.len() {
                return Err(format!(
                    "pile {i}: {} face-down cards of {}",
                    pile.down,
                    cards.len()
                ));
            }
            out.push(Pile::new(cards, pile.down));
        }
        Ok(Position::new(out, self.vars))
    }
}

/// Cards in the text form, separated by spaces.
pub fn cards_text(cards: &[Card]) -> String {
    let words: Vec<String> = cards.iter().map(Card::to_string).collect();
    words.join(" ")
}

/// Cards in the text form, each one of `deck`'s.
///
/// # Errors
/// A word that is not a card, or a card the deck does not have.
pub fn decode_cards(text: &str, deck: &DeckCards) -> Result<Vec<Card>, String> {
    text.split_whitespace()
        .map(|word| {
            let card: Card = word.parse().map_err(|e| format!("{e}"))?;
            if deck.0.contains(&card) {
                Ok(card)
            } else {
                Err(format!("{word} is not a card of this game's deck"))
            }
        })
        .collect()
}

/// A move: pile numbers are layout indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WireMove {
    /// The top `count` cards of `from` onto `to`.
    Transfer {
        /// Source pile.
        from: u8,
        /// Destination pile.
        to: u8,
        /// How many cards.
        count: u8,
    },
    /// The bottom card of `from` onto `to`.
    Bottom {
        /// Source pile.
        from: u8,
        /// Destination pile.
        to: u8,
    },
    /// Deal from the stock.
    Deal,
    /// Gather the waste back into the stock.
    Redeal,
}

impl WireMove {
    /// The move as sent.
    pub fn encode(mv: Move) -> WireMove {
        match mv {
            Move::Transfer {
                end: End::Top,
                from,
                to,
                count,
            } => WireMove::Transfer {
                from: from.into(),
                to: to.into(),
                count,
            },
            Move::Transfer {
                end: End::Bottom,
                from,
                to,
                ..
            } => WireMove::Bottom {
                from: from.into(),
                to: to.into(),
            },
            Move::Deal => WireMove::Deal,
            Move::Redeal => WireMove::Redeal,
        }
    }

    /// The move, if it names only piles below `piles`.
    ///
    /// # Errors
    /// A pile number out of range.
    pub fn decode(self, piles: usize) -> Result<Move, String> {
        let check = |p: u8| {
            PileId::new(usize::from(p))
                .filter(|id| id.index() < piles)
                .ok_or_else(|| format!("a move names pile {p}, but the game has {piles}"))
        };
        Ok(match self {
            WireMove::Transfer { from, to, count } => Move::Transfer {
                end: End::Top,
                from: check(from)?,
                to: check(to)?,
                count,
            },
            WireMove::Bottom { from, to } => Move::Transfer {
                end: End::Bottom,
                from: check(from)?,
                to: check(to)?,
                count: 1,
            },
            WireMove::Deal => Move::Deal,
            WireMove::Redeal => Move::Redeal,
        })
    }
}

/// One primitive step of an applied move, without what it overwrote (the receiver's own
/// [`Tx`] records that when it replays the step).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WireStep {
    /// The top `count` cards of `from` went onto `to`, turned over if `reverse`, landing face
    /// down if `face_down`.
    Transfer {
        /// Source pile.
        from: u8,
        /// Destination pile.
        to: u8,
        /// How many cards.
        count: u16,
        /// Turned over as a packet.
        reverse: bool,
        /// Landed face down.
        face_down: bool,
    },
    /// The bottom card of `from` went face up onto `to`.
    Bottom {
        /// Source pile.
        from: u8,
        /// Destination pile.
        to: u8,
    },
    /// `pile` now has `after` face-down cards.
    Faces {
        /// The pile.
        pile: u8,
        /// Face-down cards after the step.
        after: u16,
    },
    /// The game variables became `after`.
    Vars {
        /// The variables after the step.
        after: Vars,
    },
}

impl WireStep {
    /// The steps of a log, as sent.
    pub fn encode_all(log: &[Step]) -> Vec<WireStep> {
        log.iter()
            .map(|step| match *step {
                Step::Transfer {
                    from,
                    to,
                    count,
                    reverse,
                    face_down,
                    ..
                } => WireStep::Transfer {
                    from: from.into(),
                    to: to.into(),
                    count,
                    reverse,
                    face_down,
                },
                Step::TransferBottom { from, to, .. } => WireStep::Bottom {
                    from: from.into(),
                    to: to.into(),
                },
                Step::Faces { pile, after, .. } => WireStep::Faces {
                    pile: pile.into(),
                    after,
                },
                Step::Vars { after, .. } => WireStep::Vars { after },
            })
            .collect()
    }

    /// Play this step through `tx`, after checking that it can be played there: piles in
    /// range and distinct, enough cards, and cards landing face down only on a pile that is
    /// all face down, as the sender's own [`Tx`] required.
    ///
    /// # Errors
    /// Why the step cannot be played on the position.
    pub fn replay(self, tx: &mut Tx<'_>) -> Result<(), String> {
        let piles = tx.pos().piles().len();
        let pile = |p: u8| {
            let i = usize::from(p);
            if i < piles {
                Ok(i)
            } else {
                Err(format!("a step names pile {p}, but the game has {piles}"))
            }
        };
        match self {
            WireStep::Transfer {
                from,
                to,
                count,
                reverse,
                face_down,
            } => {
                let (from, to, count) = (pile(from)?, pile(to)?, usize::from(count));
                if from == to {
                    return Err("a step moves cards onto their own pile".into());
                }
                if count > tx.pos().pile(from).len() {
                    return Err("a step moves more cards than the pile has".into());
                }
                let dest = tx.pos().pile(to);
                match (reverse, face_down) {
                    (_, true) if dest.face_down() != dest.len() => {
                        return Err("a step lands cards face down on a face-up card".into());
                    }
                    (false, false) => tx.move_cards(from, to, count),
                    (false, true) => tx.move_cards_face_down(from, to, count),
                    (true, true) => tx.gather_face_down(from, to, count),
                    (true, false) => {
                        return Err("a step turns cards over without turning them down".into());
                    }
                }
            }
            WireStep::Bottom { from, to } => {
                let (from, to) = (pile(from)?, pile(to)?);
                if from == to {
                    return Err("a step moves a card onto its own pile".into());
                }
                tx.move_bottom_card(from, to);
            }
            WireStep::Faces { pile: p, after } => {
                let p = pile(p)?;
                tx.set_face_down(p, usize::from(after));
            }
            WireStep::Vars { after } => tx.set_vars(after),
        }
        Ok(())
    }
}

/// A refused move: its category and the reason in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireIllegal {
    /// Which rule was broken, broadly.
    pub kind: IllegalKind,
    /// The rule in words.
    pub reason: String,
}

/// One reading a game declares, and the value it is played with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireReading {
    /// The option's name.
    pub name: String,
    /// The sentence of the rules text it reads.
    pub sentence: String,
    /// Its values with their meanings; the first is the default.
    pub choices: Vec<(String, String)>,
}

impl WireReading {
    /// A declared reading, as sent.
    pub fn encode(reading: &Reading) -> WireReading {
        WireReading {
            name: reading.name.into(),
            sentence: reading.sentence.into(),
            choices: reading
                .choices
                .iter()
                .map(|c| (c.value.into(), c.meaning.into()))
                .collect(),
        }
    }
}

/// Where a structural fault lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WirePlace {
    /// A pile (layout order).
    Pile(usize),
    /// The phase.
    Phase,
    /// The redeal count.
    Redeals,
    /// The mark of a pile.
    Mark(usize),
}

/// A position that play cannot reach in shape: where, and why in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireStructureFault {
    /// Where the fault lies.
    pub place: WirePlace,
    /// The fault in words.
    pub message: String,
}

impl WireStructureFault {
    /// A structural fault, as sent.
    pub fn encode(e: &StructureError) -> WireStructureFault {
        WireStructureFault {
            place: match e.place {
                Place::Pile(i) => WirePlace::Pile(i),
                Place::Phase => WirePlace::Phase,
                Place::Redeals => WirePlace::Redeals,
                Place::Mark(i) => WirePlace::Mark(i),
            },
            message: e.fault.to_string(),
        }
    }

    /// Where the fault lies, if its pile is below `piles`.
    pub fn place(&self, piles: usize) -> Option<Place> {
        match self.place {
            WirePlace::Pile(i) if i < piles => Some(Place::Pile(i)),
            WirePlace::Mark(i) if i < piles => Some(Place::Mark(i)),
            WirePlace::Phase => Some(Place::Phase),
            WirePlace::Redeals => Some(Place::Redeals),
            WirePlace::Pile(_) | WirePlace::Mark(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use solitaire_core::Rank;

    fn any_step() -> impl Strategy<Value = WireStep> {
        prop_oneof![
            (
                any::<u8>(),
                any::<u8>(),
                any::<u16>(),
                any::<bool>(),
                any::<bool>()
            )
                .prop_map(|(from, to, count, reverse, face_down)| WireStep::Transfer {
                    from: from % 6,
                    to: to % 6,
                    count: count % 8,
                    reverse,
                    face_down,
                }),
            (any::<u8>(), any::<u8>()).prop_map(|(from, to)| WireStep::Bottom {
                from: from % 6,
                to: to % 6
            }),
            (any::<u8>(), any::<u16>()).prop_map(|(pile, after)| WireStep::Faces {
                pile: pile % 6,
                after: after % 9
            }),
        ]
    }

    proptest! {
        /// Whatever steps a hostile oracle sends, replaying them never panics, keeps every
        /// card, and a log of what was played undoes to the start.
        #[test]
        fn any_steps_replay_without_panic_and_undo_exactly(steps in proptest::collection::vec(any_step(), 0..40)) {
            let layout = layout();
            let cards = layout.deck.cards();
            let start = Position::new(
                vec![
                    Pile::new(cards[..5].to_vec(), 5),
                    Pile::new(cards[5..8].to_vec(), 1),
                    Pile::new(cards[8..].to_vec(), 0),
                    Pile::new(Vec::new(), 0),
                ],
                Vars::default(),
            );
            let mut pos = start.clone();
            let mut log = Vec::new();
            let mut tx = Tx::new(&mut pos, &mut log);
            for step in steps {
                let _ = step.replay(&mut tx);
            }
            prop_assert_eq!(pos.sorted_cards(), start.sorted_cards());
            solitaire_core::undo(&mut pos, &log);
            prop_assert_eq!(pos, start);
        }

        /// Any text as a position's pile, or as a move, decodes or is refused, never panics.
        #[test]
        fn any_pile_text_decodes_or_is_refused(text in ".{0,40}", down in 0usize..50) {
            let layout = layout();
            let wire = WirePosition {
                piles: vec![WirePile { down, cards: text }, WirePile { down: 0, cards: String::new() }],
                vars: Vars::default(),
            };
            let _ = wire.decode(2, &DeckCards::of(&layout));
        }
    }

    fn layout() -> Layout {
        let text = r#"(
            id: "two", name: "Two", version: 1, rules: "two",
            deck: (suits: [Spades, Hearts], copies: 2, ranks: 3),
            table: (width: 2.2, height: 1.6),
            piles: [(id: "stock", kind: stock, x: 0.1, y: 0.1), (id: "t1", kind: tableau, x: 1.2, y: 0.1)],
            deal: [Fill(pile: "t1", count: 2, face: Up), Rest(pile: "stock")],
        )"#;
        Layout::parse("two.ron", text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_position_round_trips_and_a_foreign_card_is_refused() {
        let layout = layout();
        let deck = DeckCards::of(&layout);
        let cards = layout.deck.cards();
        let pos = Position::new(
            vec![
                Pile::new(cards[..4].to_vec(), 4),
                Pile::new(cards[4..].to_vec(), 1),
            ],
            Vars::default(),
        );
        let wire = WirePosition::encode(&pos);
        assert_eq!(wire.decode(2, &deck), Ok(pos));
        assert!(wire.decode(3, &deck).is_err());
        let mut foreign = wire.clone();
        foreign.piles[0].cards.push_str(" KS");
        assert!(
            foreign
                .decode(2, &deck)
                .is_err_and(|e| e.contains("not a card of this game"))
        );
        let mut third_pack = wire.clone();
        third_pack.piles[0].cards.push_str(" AS2");
        assert!(third_pack.decode(2, &deck).is_err());
        let mut too_many_down = wire;
        too_many_down.piles[1].down = 9;
        assert!(too_many_down.decode(2, &deck).is_err());
    }

    #[test]
    fn moves_naming_piles_out_of_range_are_refused() {
        assert_eq!(
            WireMove::encode(Move::transfer(1, 0, 2)).decode(2),
            Ok(Move::transfer(1, 0, 2))
        );
        assert!(
            WireMove::Transfer {
                from: 2,
                to: 0,
                count: 1
            }
            .decode(2)
            .is_err()
        );
        assert!(WireMove::Bottom { from: 0, to: 200 }.decode(2).is_err());
    }

    #[test]
    fn steps_replay_as_logged_and_impossible_ones_are_refused() {
        let ace = Card::new(Rank::Ace, solitaire_core::Suit::Spades);
        let two = Card::new(Rank::Two, solitaire_core::Suit::Spades);
        let start = Position::new(
            vec![Pile::new(vec![ace, two], 2), Pile::new(vec![], 0)],
            Vars::default(),
        );
        let mut played = start.clone();
        let mut log = Vec::new();
        {
            let mut tx = Tx::new(&mut played, &mut log);
            tx.move_cards(0, 1, 1);
            tx.reveal_top(0);
        }
        let steps = WireStep::encode_all(&log);
        let mut replayed = start.clone();
        let mut log2 = Vec::new();
        let mut tx = Tx::new(&mut replayed, &mut log2);
        for step in &steps {
            assert_eq!(step.replay(&mut tx), Ok(()));
        }
        assert_eq!(replayed, played);
        assert_eq!(log2, log);

        let mut pos = start;
        let mut log = Vec::new();
        let mut tx = Tx::new(&mut pos, &mut log);
        for bad in [
            WireStep::Transfer {
                from: 0,
                to: 0,
                count: 1,
                reverse: false,
                face_down: false,
            },
            WireStep::Transfer {
                from: 0,
                to: 1,
                count: 3,
                reverse: false,
                face_down: false,
            },
            WireStep::Transfer {
                from: 0,
                to: 7,
                count: 1,
                reverse: false,
                face_down: false,
            },
            WireStep::Transfer {
                from: 0,
                to: 1,
                count: 1,
                reverse: true,
                face_down: false,
            },
            WireStep::Faces { pile: 9, after: 0 },
            WireStep::Bottom { from: 1, to: 1 },
        ] {
            assert!(bad.replay(&mut tx).is_err(), "{bad:?}");
        }
        assert!(log.is_empty());
    }
}
