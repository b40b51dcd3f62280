//! Suits, ranks and cards, with their one-token text form (`AS`, `TD`, `4H1`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use strum::{EnumIter, IntoStaticStr};
use thiserror::Error;

/// A suit. The order `S H D C` is the canonical deck order and the order of the letters.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Debug,
    EnumIter,
    IntoStaticStr,
    Serialize,
    Deserialize,
)]
#[repr(u8)]
pub enum Suit {
    /// Spades (`S`), black.
    Spades,
    /// Hearts (`H`), red.
    Hearts,
    /// Diamonds (`D`), red.
    Diamonds,
    /// Clubs (`C`), black.
    Clubs,
}

impl Suit {
    /// The suit's letter: `S`, `H`, `D` or `C`.
    #[inline]
    pub fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self as usize]
    }

    /// The suit for a letter, upper or lower case.
    #[inline]
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' => Some(Suit::Spades),
            'H' => Some(Suit::Hearts),
            'D' => Some(Suit::Diamonds),
            'C' => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// Hearts and diamonds are red.
    #[inline]
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    /// The suit's symbol (`♠ ♥ ♦ ♣`), for display.
    #[inline]
    pub fn symbol(self) -> char {
        ['♠', '♥', '♦', '♣'][self as usize]
    }
}

/// A rank from Ace (1) to King (13).
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Debug,
    EnumIter,
    IntoStaticStr,
    Serialize,
    Deserialize,
)]
#[repr(u8)]
pub enum Rank {
    /// Ace (`A`), 1.
    Ace = 1,
    /// Two (`2`).
    Two,
    /// Three (`3`).
    Three,
    /// Four (`4`).
    Four,
    /// Five (`5`).
    Five,
    /// Six (`6`).
    Six,
    /// Seven (`7`).
    Seven,
    /// Eight (`8`).
    Eight,
    /// Nine (`9`).
    Nine,
    /// Ten (`T`, also read as `10`).
    Ten,
    /// Jack (`J`), 11.
    Jack,
    /// Queen (`Q`), 12.
    Queen,
    /// King (`K`), 13.
    King,
}

const RANK_LETTERS: [char; 13] = [
    'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K',
];

impl Rank {
    /// All thirteen ranks, Ace first.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// The rank's value: Ace 1, ..., King 13.
    #[inline]
    pub fn value(self) -> u8 {
        self as u8
    }

    /// The rank with this value (1 to 13).
    #[inline]
    pub fn from_value(v: u8) -> Option<Rank> {
        Rank::ALL.get(usize::from(v).checked_sub(1)?).copied()
    }

    /// The rank's letter: `A23456789TJQK`.
    #[inline]
    pub fn letter(self) -> char {
        RANK_LETTERS[self as usize - 1]
    }

    /// The rank for a letter (`T` or the digits `10` are read by [`Card`] parsing).
    #[inline]
    pub fn from_letter(c: char) -> Option<Rank> {
        let c = c.to_ascii_uppercase();
        let i = RANK_LETTERS.iter().position(|&l| l == c)?;
        Rank::from_value(i as u8 + 1)
    }

    /// The next rank up, King wrapping to Ace when `wrap` is set.
    #[inline]
    pub fn up(self, wrap: bool) -> Option<Rank> {
        match self {
            Rank::King if wrap => Some(Rank::Ace),
            r => Rank::from_value(r.value() + 1),
        }
    }

    /// The next rank down, Ace wrapping to King when `wrap` is set.
    #[inline]
    pub fn down(self, wrap: bool) -> Option<Rank> {
        match self {
            Rank::Ace if wrap => Some(Rank::King),
            r => Rank::from_value(r.value() - 1),
        }
    }
}

/// One card: rank, suit and which copy (pack) it is.
///
/// Two-pack games hold two cards of each rank and suit; `deck` keeps them apart so that undo,
/// replay and animation follow the very card that moved. The text form is rank letter, suit
/// letter and, for copies after the first, the copy number: `TD`, `AS`, `4H1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Card {
    /// The rank.
    pub rank: Rank,
    /// The suit.
    pub suit: Suit,
    /// Which pack the card belongs to: 0 for the first, 1 for the second.
    pub deck: u8,
}

impl Card {
    /// A card of the first pack.
    #[inline]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card {
            rank,
            suit,
            deck: 0,
        }
    }

    /// This card from pack `deck` (0-based).
    #[inline]
    pub const fn of_deck(self, deck: u8) -> Card {
        Card { deck, ..self }
    }

    /// Rank and suit alone (`TD`), as the JSON output writes cards.
    #[inline]
    pub fn face(self) -> String {
        format!("{}{}", self.rank.letter(), self.suit.letter())
    }

    /// Whether `self` is one rank below `other` in the same suit (`5S` on `6S`).
    #[inline]
    pub fn is_next_below_in_suit(self, other: Card) -> bool {
        self.suit == other.suit && self.rank.value() + 1 == other.rank.value()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.letter(), self.suit.letter())?;
        if self.deck > 0 {
            write!(f, "{}", self.deck)?;
        }
        Ok(())
    }
}

/// Why a card token did not parse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{token:?} is not a card: {reason} (write rank then suit, e.g. TD, AS, 4H1)")]
pub struct CardParseError {
    /// The text that was read.
    pub token: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

/// A card as written, before any copy number is assigned (`4H` may be any copy).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CardToken {
    /// The rank.
    pub rank: Rank,
    /// The suit.
    pub suit: Suit,
    /// The copy number when written (`4H1`), `None` when left to the reader.
    pub deck: Option<u8>,
}

impl FromStr for CardToken {
    type Err = CardParseError;

    /// Reads `TD`, `10d`, `as`, `4H1`: rank (`A23456789TJQK` or `10`), suit (`SHDC`), any case,
    /// then an optional copy number in plain decimal digits without leading zeros (`4H1`, not
    /// `4H01` or `4H+1`). Whether the deck has that many copies is the reader's to check.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |reason| CardParseError {
            token: s.to_string(),
            reason,
        };
        let (rank, rest) = if let Some(rest) = s.strip_prefix("10") {
            (Rank::Ten, rest)
        } else {
            let mut chars = s.chars();
            let c = chars.next().ok_or_else(|| err("empty"))?;
            (
                Rank::from_letter(c).ok_or_else(|| err("unknown rank"))?,
                chars.as_str(),
            )
        };
        let mut chars = rest.chars();
        let suit = chars
            .next()
            .ok_or_else(|| err("missing suit"))
            .and_then(|c| Suit::from_letter(c).ok_or_else(|| err("unknown suit")))?;
        let copy = chars.as_str();
        let deck = if copy.is_empty() {
            None
        } else {
            Some(copy_number(copy).ok_or_else(|| err("bad copy number"))?)
        };
        Ok(CardToken { rank, suit, deck })
    }
}

/// A copy number written the way the writer writes it: decimal digits only, no leading zero
/// (so `0` alone, but not `01`), at most 255.
fn copy_number(text: &str) -> Option<u8> {
    let canonical =
        text.bytes().all(|b| b.is_ascii_digit()) && (text == "0" || !text.starts_with('0'));
    canonical.then(|| text.parse().ok()).flatten()
}

impl FromStr for Card {
    type Err = CardParseError;

    /// Reads one card; a missing copy number means the first pack.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t: CardToken = s.parse()?;
        Ok(Card {
            rank: t.rank,
            suit: t.suit,
            deck: t.deck.unwrap_or(0),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_text_round_trips() {
        for text in ["AS", "TD", "KC", "4H1", "QS7"] {
            let card: Card = text.parse().unwrap();
            assert_eq!(card.to_string(), text);
        }
    }

    #[test]
    fn relaxed_card_reading() {
        assert_eq!(
            "10d".parse::<Card>().unwrap(),
            Card::new(Rank::Ten, Suit::Diamonds)
        );
        assert_eq!(
            "as".parse::<Card>().unwrap(),
            Card::new(Rank::Ace, Suit::Spades)
        );
        assert!("1S".parse::<Card>().is_err());
        assert!("A".parse::<Card>().is_err());
        assert!("AX".parse::<Card>().is_err());
        assert!("ASx".parse::<Card>().is_err());
    }

    #[test]
    fn copy_numbers_are_plain_digits_without_leading_zeros() {
        let deck = |text: &str| text.parse::<CardToken>().map(|t| t.deck);
        assert_eq!(deck("AS"), Ok(None));
        assert_eq!(deck("AS0"), Ok(Some(0)));
        assert_eq!(deck("AS1"), Ok(Some(1)));
        assert_eq!(deck("as12"), Ok(Some(12)));
        assert_eq!(deck("10s1"), Ok(Some(1)));
        assert_eq!(deck("TS255"), Ok(Some(255)));
        for bad in [
            "AS+1",
            "2S01",
            "AS00",
            "AS-1",
            "AS 1",
            "AS1_",
            "AS256",
            "AS\u{661}",
        ] {
            let err = bad.parse::<CardToken>().unwrap_err();
            assert_eq!(err.reason, "bad copy number", "{bad}");
        }
    }

    #[test]
    fn ranks_wrap_only_when_asked() {
        assert_eq!(Rank::King.up(false), None);
        assert_eq!(Rank::King.up(true), Some(Rank::Ace));
        assert_eq!(Rank::Ace.down(true), Some(Rank::King));
        assert_eq!(Rank::Ace.down(false), None);
    }
}
