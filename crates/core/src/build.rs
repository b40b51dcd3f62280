//! Building and packing policies as data (Solvitaire's vocabulary): which card may go on which.

use serde::{Deserialize, Serialize};

use crate::card::Card;

/// Which suits may follow each other.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum SuitRule {
    /// Any suit on any suit.
    Any,
    /// Only the same suit.
    Same,
    /// Red on black and black on red.
    Alternate,
}

/// Which way ranks run.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Direction {
    /// Each card one rank above the one below it.
    Up,
    /// Each card one rank below the one below it.
    Down,
}

/// A policy for putting one card on another: suit rule, direction and K-A wrap.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct BuildRule {
    /// Which suits may follow each other.
    pub suit: SuitRule,
    /// Which way ranks run.
    pub direction: Direction,
    /// Whether King and Ace follow each other (K-A going up, A-K going down).
    pub wrap: bool,
}

impl BuildRule {
    /// Building up in suit without wrap (the classic foundation).
    pub const UP_IN_SUIT: BuildRule = BuildRule {
        suit: SuitRule::Same,
        direction: Direction::Up,
        wrap: false,
    };
    /// Packing down regardless of suit without wrap (Spider, Bristol).
    pub const DOWN_ANY_SUIT: BuildRule = BuildRule {
        suit: SuitRule::Any,
        direction: Direction::Down,
        wrap: false,
    };
    /// Building up regardless of suit without wrap (Bristol's foundations).
    pub const UP_ANY_SUIT: BuildRule = BuildRule {
        suit: SuitRule::Any,
        direction: Direction::Up,
        wrap: false,
    };
    /// Building down in suit without wrap (Spider's complete suits, Sly Fox's Kings).
    pub const DOWN_IN_SUIT: BuildRule = BuildRule {
        suit: SuitRule::Same,
        direction: Direction::Down,
        wrap: false,
    };

    /// The same rule with King and Ace following each other.
    pub const fn wrapping(self) -> BuildRule {
        BuildRule { wrap: true, ..self }
    }

    /// Whether `card` may go on `onto` under this rule.
    pub fn fits(self, onto: Card, card: Card) -> bool {
        let suit_ok = match self.suit {
            SuitRule::Any => true,
            SuitRule::Same => card.suit == onto.suit,
            SuitRule::Alternate => card.suit.is_red() != onto.suit.is_red(),
        };
        let next = match self.direction {
            Direction::Up => onto.rank.up(self.wrap),
            Direction::Down => onto.rank.down(self.wrap),
        };
        suit_ok && next == Some(card.rank)
    }

    /// Whether `cards` (bottom first) form a sequence under this rule, each on the one below.
    pub fn is_sequence(self, cards: &[Card]) -> bool {
        cards.windows(2).all(|w| self.fits(w[0], w[1]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Rank, Suit};

    #[test]
    fn rules_follow_suit_direction_and_wrap() {
        let c = |r, s| Card::new(r, s);
        assert!(BuildRule::UP_IN_SUIT.fits(c(Rank::Ace, Suit::Spades), c(Rank::Two, Suit::Spades)));
        assert!(
            !BuildRule::UP_IN_SUIT.fits(c(Rank::Ace, Suit::Spades), c(Rank::Two, Suit::Hearts))
        );
        assert!(
            !BuildRule::UP_IN_SUIT.fits(c(Rank::King, Suit::Spades), c(Rank::Ace, Suit::Spades))
        );
        let wrap_up = BuildRule {
            wrap: true,
            ..BuildRule::UP_IN_SUIT
        };
        assert!(wrap_up.fits(c(Rank::King, Suit::Spades), c(Rank::Ace, Suit::Spades)));
        assert!(
            BuildRule::DOWN_ANY_SUIT
                .fits(c(Rank::Eight, Suit::Spades), c(Rank::Seven, Suit::Hearts))
        );
        let alt = BuildRule {
            suit: SuitRule::Alternate,
            ..BuildRule::DOWN_ANY_SUIT
        };
        assert!(!alt.fits(c(Rank::Eight, Suit::Hearts), c(Rank::Seven, Suit::Diamonds)));
        assert!(BuildRule::DOWN_ANY_SUIT.is_sequence(&[
            c(Rank::Nine, Suit::Clubs),
            c(Rank::Eight, Suit::Hearts),
            c(Rank::Seven, Suit::Spades)
        ]));
    }
}
