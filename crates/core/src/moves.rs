//! The one move type, and its text notation (`t3>t7`, `t3>t7:4`, `deal`, `redeal`).
//!
//! Notation: a transfer is `FROM>TO`, optionally `:N` for the number of cards (default 1),
//! where `FROM` and `TO` are pile ids from the game's layout (`t3`, `stock`, `w1`, `f2`).
//! `FROM^>TO` (`t3^>f1`) takes the pile's bottom card (the first dealt, most buried one)
//! instead of its top card, for games where both ends of a column are available (Labyrinth);
//! it moves one card (`:1` may be written, a larger count is an error). `deal` deals or turns from the stock (whatever the game's deal is);
//! `redeal` gathers the waste back into the stock. The reader ignores case and spaces around
//! `^`, `>` and `:`; the writer is canonical (lowercase, `:N` only when N > 1), and the two
//! round-trip.

use std::fmt;

use thiserror::Error;

/// A pile's number: its index in the game's layout, held in one byte.
///
/// A layout has at most [`PileId::LIMIT`] piles ([`crate::Layout::parse`] refuses more), so
/// every pile of a checked layout has an id. Build one from an index with [`PileId::new`] or
/// `PileId::try_from`, which refuse indices from the limit on; read it back with
/// [`PileId::index`] or `usize::from`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct PileId(u8);

impl PileId {
    /// How many piles a layout may have: ids run from 0 to `LIMIT - 1`.
    pub const LIMIT: usize = 128;

    /// The id of the pile at layout index `index`; `None` from [`PileId::LIMIT`] on.
    #[inline]
    pub const fn new(index: usize) -> Option<PileId> {
        if index < PileId::LIMIT {
            // In range: below 128, so the byte holds it exactly.
            Some(PileId(index as u8))
        } else {
            None
        }
    }

    /// The id of the pile at layout index `index`, which a checked layout guarantees is in
    /// range (an index into one of its positions).
    ///
    /// # Panics
    /// If `index` is [`PileId::LIMIT`] or more.
    #[inline]
    #[track_caller]
    pub fn of(index: usize) -> PileId {
        match PileId::new(index) {
            Some(id) => id,
            None => panic!("pile index {index} is out of range: a layout has at most 128 piles"),
        }
    }

    /// The pile's layout index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl From<PileId> for usize {
    #[inline]
    fn from(id: PileId) -> usize {
        id.index()
    }
}

/// The layout index, as a number (`3`); the move notation writes the pile's id from the
/// layout instead (`t4`).
impl fmt::Display for PileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The id's byte, as compact encodings (the grader's wire) carry it.
impl From<PileId> for u8 {
    #[inline]
    fn from(id: PileId) -> u8 {
        id.0
    }
}

impl TryFrom<usize> for PileId {
    type Error = PileOutOfRange;

    fn try_from(index: usize) -> Result<PileId, PileOutOfRange> {
        PileId::new(index).ok_or(PileOutOfRange(index))
    }
}

/// A pile index no [`PileId`] holds: [`PileId::LIMIT`] or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("pile index {0} is out of range: a layout has at most 128 piles")]
pub struct PileOutOfRange(pub usize);

/// Which end of a pile a transfer takes its cards from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub enum End {
    /// The top: the last played cards, the end every game takes from (`t3>t7`).
    #[default]
    Top,
    /// The bottom: the first dealt, most buried card, one at a time (`t3^>f1`). Only games
    /// whose [`crate::Rules::takes_from_bottom`] says so accept it; [`crate::Game::check`]
    /// refuses it for the others before their rules see it, and their lists of legal moves
    /// never hold it, so their rules read transfers without looking at the end.
    Bottom,
}

/// Everything a player (or the solver) can do to a position.
///
/// Small and `Copy`; piles are named by their [`PileId`] in the game's layout.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Move {
    /// Move `count` cards of pile `from` onto pile `to`: from its top, keeping their order
    /// (`t3>t7:4`), or its bottom card (`end: End::Bottom`, `t3^>f1`, always one card).
    ///
    /// `end` comes first so that moves sort as they list: every transfer from a top, then
    /// every transfer from a bottom, then `deal` and `redeal`.
    Transfer {
        /// The end of `from` the cards leave.
        end: End,
        /// The pile the cards leave.
        from: PileId,
        /// The pile they go onto.
        to: PileId,
        /// How many cards.
        count: u8,
    },
    /// Deal from the stock, or turn its next card: each game says which.
    Deal,
    /// Gather the waste back into the stock for another pass.
    Redeal,
}

impl Move {
    /// The most cards one transfer moves: a layout's deck has at most this many cards
    /// ([`crate::Layout::parse`] refuses more), so no pile holds more.
    pub const MAX_COUNT: usize = u8::MAX as usize;

    /// A transfer of `count` cards from the top of pile `from` onto pile `to`, for indices
    /// into a position of a checked layout: it has at most [`PileId::LIMIT`] piles and at most
    /// [`Move::MAX_COUNT`] cards.
    ///
    /// # Panics
    /// If a pile index is [`PileId::LIMIT`] or more, or `count` is more than
    /// [`Move::MAX_COUNT`].
    #[inline]
    #[track_caller]
    pub fn transfer(from: usize, to: usize, count: usize) -> Move {
        let Ok(count) = u8::try_from(count) else {
            panic!("{count} cards in one move: a layout's deck has at most 255 cards");
        };
        Move::Transfer {
            end: End::Top,
            from: PileId::of(from),
            to: PileId::of(to),
            count,
        }
    }

    /// A transfer of the bottom card of pile `from` onto pile `to` (notation `t3^>f1`), for
    /// indices into a position of a checked layout.
    ///
    /// # Panics
    /// If a pile index is [`PileId::LIMIT`] or more.
    #[inline]
    #[track_caller]
    pub fn transfer_bottom(from: usize, to: usize) -> Move {
        Move::Transfer {
            end: End::Bottom,
            from: PileId::of(from),
            to: PileId::of(to),
            count: 1,
        }
    }

    /// Whether this is a transfer from the bottom end of a pile.
    pub fn takes_bottom(self) -> bool {
        matches!(
            self,
            Move::Transfer {
                end: End::Bottom,
                ..
            }
        )
    }

    /// The source and destination piles of a transfer from either end; `None` for `deal`
    /// and `redeal`.
    pub fn piles(self) -> Option<(usize, usize)> {
        match self {
            Move::Transfer { from, to, .. } => Some((from.index(), to.index())),
            Move::Deal | Move::Redeal => None,
        }
    }
}

/// A move as written, before its pile ids are looked up in a layout.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveText {
    /// Move cards between two piles named by id.
    Transfer {
        /// The source pile id.
        from: String,
        /// The destination pile id.
        to: String,
        /// How many cards (1 when not written).
        count: u8,
    },
    /// `FROM^>TO`: move the bottom card of one pile onto another.
    TransferBottom {
        /// The source pile id.
        from: String,
        /// The destination pile id.
        to: String,
    },
    /// Deal or turn from the stock.
    Deal,
    /// Gather the waste back into the stock.
    Redeal,
}

/// Why a move did not parse or name real piles.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveParseError {
    #[error("empty move")]
    /// Nothing was written.
    Empty,
    #[error("{0:?} is not a move: write FROM>TO, FROM>TO:N, FROM^>TO, deal or redeal")]
    /// Not of the form `FROM>TO`, `FROM>TO:N`, `FROM^>TO`, `deal` or `redeal`.
    Syntax(String),
    #[error("{0:?} is not a card count: write a number from 1 to 255")]
    /// The count after `:` is not a number from 1 to 255.
    Count(String),
    #[error("{0:?}: only one card is taken from the bottom of a pile (write FROM^>TO)")]
    /// `FROM^>TO:N` with N above 1: a pile's bottom end gives one card at a time.
    BottomCount(String),
    #[error("no pile is called {0:?} in this game")]
    /// The game has no pile with this id.
    UnknownPile(String),
}

impl std::str::FromStr for MoveText {
    type Err = MoveParseError;

    /// Skips a leading byte-order mark, as a move list read from a file may start with one.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = crate::text::strip_bom(s).trim();
        if s.is_empty() {
            return Err(MoveParseError::Empty);
        }
        let lower = s.to_ascii_lowercase();
        match lower.as_str() {
            "deal" => return Ok(MoveText::Deal),
            "redeal" => return Ok(MoveText::Redeal),
            _ => {}
        }
        let (from, rest) = lower
            .split_once('>')
            .ok_or_else(|| MoveParseError::Syntax(s.to_string()))?;
        let (to, count) = match rest.split_once(':') {
            Some((to, n)) => {
                let n = n.trim();
                let count = n
                    .parse::<u8>()
                    .ok()
                    .filter(|&c| c > 0)
                    .ok_or_else(|| MoveParseError::Count(n.to_string()))?;
                (to, count)
            }
            None => (rest, 1),
        };
        let (from, to) = (from.trim(), to.trim());
        let (from, bottom) = match from.strip_suffix('^') {
            Some(f) => (f.trim_end(), true),
            None => (from, false),
        };
        let valid_id = |id: &str| {
            !id.is_empty()
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        };
        if !valid_id(from) || !valid_id(to) {
            return Err(MoveParseError::Syntax(s.to_string()));
        }
        let (from, to) = (from.to_string(), to.to_string());
        match (bottom, count) {
            (false, count) => Ok(MoveText::Transfer { from, to, count }),
            (true, 1) => Ok(MoveText::TransferBottom { from, to }),
            (true, _) => Err(MoveParseError::BottomCount(s.to_string())),
        }
    }
}

/// A move written with pile ids, ready to print.
pub struct MoveDisplay<'a> {
    pub(crate) mv: Move,
    pub(crate) ids: &'a [String],
}

impl MoveDisplay<'_> {
    /// The id of pile `i`, or `?` when the layout has no such pile.
    fn id(&self, i: PileId) -> &str {
        self.ids.get(i.index()).map_or("?", |s| s.as_str())
    }
}

impl fmt::Display for MoveDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mv {
            Move::Deal => f.write_str("deal"),
            Move::Redeal => f.write_str("redeal"),
            Move::Transfer {
                end,
                from,
                to,
                count,
            } => {
                let bottom = if end == End::Bottom { "^" } else { "" };
                write!(f, "{}{bottom}>{}", self.id(from), self.id(to))?;
                if count > 1 {
                    write!(f, ":{count}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_relaxed_forms() {
        assert_eq!(
            "T3 > t7 : 4".parse::<MoveText>().unwrap(),
            MoveText::Transfer {
                from: "t3".into(),
                to: "t7".into(),
                count: 4,
            }
        );
        assert_eq!(
            "T3 ^ > f1".parse::<MoveText>().unwrap(),
            MoveText::TransferBottom {
                from: "t3".into(),
                to: "f1".into(),
            }
        );
        assert_eq!("DEAL".parse::<MoveText>().unwrap(), MoveText::Deal);
        assert_eq!("redeal".parse::<MoveText>().unwrap(), MoveText::Redeal);
    }

    #[test]
    fn bottom_transfers_write_as_they_read() {
        let ids: Vec<String> = ["t1", "t2", "f1"].map(String::from).to_vec();
        let mv = Move::transfer_bottom(1, 2);
        assert_eq!(
            mv,
            Move::Transfer {
                end: End::Bottom,
                from: PileId::of(1),
                to: PileId::of(2),
                count: 1
            }
        );
        assert!(mv.takes_bottom() && !Move::transfer(1, 2, 1).takes_bottom());
        assert_eq!(mv.piles(), Some((1, 2)));
        assert_eq!(Move::transfer(1, 2, 3).piles(), Some((1, 2)));
        assert_eq!(Move::Deal.piles(), None);
        let text = MoveDisplay { mv, ids: &ids }.to_string();
        assert_eq!(text, "t2^>f1");
        assert_eq!(
            text.parse::<MoveText>().unwrap(),
            MoveText::TransferBottom {
                from: "t2".into(),
                to: "f1".into(),
            }
        );
        // `:1` is the default count, for either end.
        assert_eq!(
            "t2^>f1:1".parse::<MoveText>().unwrap(),
            "t2^>f1".parse::<MoveText>().unwrap()
        );
    }

    #[test]
    fn a_pile_bottom_gives_one_card_at_a_time() {
        let err = "t2^>f1:2".parse::<MoveText>().unwrap_err();
        assert_eq!(err, MoveParseError::BottomCount("t2^>f1:2".into()));
        assert_eq!(
            err.to_string(),
            "\"t2^>f1:2\": only one card is taken from the bottom of a pile (write FROM^>TO)"
        );
    }

    #[test]
    fn moves_order_top_transfers_then_bottom_transfers_then_deal_and_redeal() {
        // Sorted sets of moves list every top transfer, then every bottom transfer, then
        // deal and redeal.
        let mut moves = vec![
            Move::Redeal,
            Move::Deal,
            Move::transfer_bottom(0, 1),
            Move::transfer(7, 1, 1),
            Move::transfer_bottom(0, 0),
        ];
        moves.sort();
        assert_eq!(
            moves,
            [
                Move::transfer(7, 1, 1),
                Move::transfer_bottom(0, 0),
                Move::transfer_bottom(0, 1),
                Move::Deal,
                Move::Redeal,
            ]
        );
    }

    #[test]
    fn pile_ids_are_checked_from_an_index() {
        assert_eq!(PileId::new(127).map(PileId::index), Some(127));
        assert_eq!(PileId::new(128), None);
        assert_eq!(PileId::try_from(300), Err(PileOutOfRange(300)));
        assert_eq!(usize::from(PileId::of(5)), 5);
        assert!(std::panic::catch_unwind(|| Move::transfer(128, 0, 1)).is_err());
        assert!(std::panic::catch_unwind(|| Move::transfer(0, 1, 256)).is_err());
        assert_eq!(
            Move::transfer(0, 1, 255),
            Move::Transfer {
                end: End::Top,
                from: PileId::of(0),
                to: PileId::of(1),
                count: 255
            }
        );
    }

    #[test]
    fn rejects_malformed_moves() {
        assert!(matches!(
            "t3".parse::<MoveText>(),
            Err(MoveParseError::Syntax(_))
        ));
        assert!(matches!(
            "t3>".parse::<MoveText>(),
            Err(MoveParseError::Syntax(_))
        ));
        assert!(matches!(
            "t3>t4:0".parse::<MoveText>(),
            Err(MoveParseError::Count(_))
        ));
        assert!(matches!(
            "t3>t4:x".parse::<MoveText>(),
            Err(MoveParseError::Count(_))
        ));
        assert!(matches!("".parse::<MoveText>(), Err(MoveParseError::Empty)));
        assert!(matches!(
            "t3>f1^".parse::<MoveText>(),
            Err(MoveParseError::Syntax(_))
        ));
        assert!(matches!(
            "^>f1".parse::<MoveText>(),
            Err(MoveParseError::Syntax(_))
        ));
        assert!(matches!(
            "t3>t4>t5".parse::<MoveText>(),
            Err(MoveParseError::Syntax(_))
        ));
    }
}
