//! A test that a position is lost, from what could ever happen to each card under rules
//! relaxed so that nothing once possible stops being possible (`games/klondike/SEARCH.md`,
//! "Dead ends").
//!
//! Three facts per card, each only ever learnt, until none is new:
//! - *bare*: the card can be a top card: a column's top; a column card once the card that
//!   starts on it leaves; a talon card once it is played; a foundation card once a card it
//!   builds on is bare (a King: once a space can be made), since only then can it come down;
//! - *leaves*: a column card can move off the card it starts on (or off the column's floor):
//!   it goes home, or it can move (bare, or face up: part of the top run) and a card it builds
//!   on is bare, or it is a King and a space can be made (a column is empty, or a column's
//!   bottom card leaves);
//! - *home*: the card goes home once it is bare and the card below it of its suit is home.
//!
//! A talon card is played when the turns can bring it up ([`talon_reach`]) and it goes home,
//! or onto a bare card it builds on (a King: into a space). Whatever play does is learnt this
//! way, by induction on the moves: the first time a card leaves, is played or goes home, what
//! made it possible happened earlier. So when some card can never go home, no play wins.

#[cfg(test)]
use super::board::rank;
use super::board::{Board, Code, bits};

/// Where a column card starts: the card below it ([`FLOOR`] on the column's floor).
const FLOOR: u8 = 0xfe;

/// Whether some card of `board` can never go home, so the position is lost.
pub(crate) fn hopeless(board: &Board) -> bool {
    stranded(board).is_some()
}

/// A card of `board` that can never go home (the lowest such, of the first suit with one),
/// if there is one: then the position is lost.
///
/// The facts are learnt for all cards at once, a bit per card (a suit's cards are 16 bits
/// apart, so a rank lower is a shift by one), round after round until a round learns nothing.
pub(crate) fn stranded(board: &Board) -> Option<Code> {
    let mut deck = 0u64;
    let mut columns = 0u64;
    let mut face_up = 0u64;
    let mut bottoms = 0u64;
    let mut bare = 0u64;
    let mut space = false;
    let mut start = [FLOOR; 64];
    for (c, col) in board.columns.iter().enumerate() {
        let down = usize::from(board.down[c]);
        for (i, &x) in col.iter().enumerate() {
            columns |= bit(x);
            if i >= down {
                face_up |= bit(x);
            }
            if i > 0 {
                start[usize::from(x & 63)] = col[i - 1];
            }
        }
        match (col.first(), col.last()) {
            (Some(&b), Some(&top)) => {
                bottoms |= bit(b);
                bare |= bit(top);
            }
            _ => space = true,
        }
    }
    let talon = &board.talon;
    let mut home = 0u64;
    for s in 0..4u8 {
        let h = board.home[usize::from(s)];
        home |= ((1u64 << h) - 1) << (16 * s + 1);
    }
    deck |= columns | home;
    // A foundation card is a place for another only once it can come down onto one itself.
    let home_start = home;
    let mut reach = board.reachable_mask();
    let mut reach_cards = 0u64;
    let mut talon_at = [0u8; 64];
    for (i, &x) in talon.iter().enumerate() {
        deck |= bit(x);
        talon_at[usize::from(x & 63)] = i as u8;
        if reach & (1 << i) != 0 {
            reach_cards |= bit(x);
        }
    }
    let kings = deck & KINGS;
    let mut leaves = 0u64;
    let mut played = 0u64;
    loop {
        let before = bare;
        home = home_prefix(bare | home_start);
        if home == deck {
            return None;
        }
        let place = board.built_on(bare) & deck | if space { kings } else { 0 };
        bare |= home_start & place;
        let ready = ((home << 1) | ACES) & deck;
        let leaving = columns & !leaves & (home | ((bare | face_up) & place));
        let playing = reach_cards & !bare & (ready | place);
        if leaving == 0 && playing == 0 && bare == before {
            return Some((deck & !home).trailing_zeros() as Code);
        }
        for x in bits(leaving) {
            leaves |= bit(x);
            let under = start[usize::from(x)];
            if under != FLOOR {
                bare |= bit(under);
            }
        }
        space |= leaving & bottoms != 0;
        bare |= playing;
        if playing != 0 {
            for x in bits(playing) {
                played |= 1 << talon_at[usize::from(x)];
            }
            let more = talon_reach(board.draw(), talon.len(), played, reach);
            for i in bits(more & !reach) {
                reach_cards |= bit(talon[usize::from(i)]);
            }
            reach = more;
        }
    }
}

/// The talon indices the turns can bring to the top of the waste at some time, from those they
/// can now (`now`), once the cards at the indices `played` are played (each whenever the
/// turns bring it up). With `draw` cards a turn, index `j` comes up once
/// - the card after it is played: `j` is the waste's top then;
/// - a card before it, `a`, is played with `j - a` a multiple of `draw`: the turns go on from
///   `a`'s place, whatever else before `j` was played;
/// - at least `r` cards before it are played, where `r` is the least count (1 or more) that
///   brings `j` to a multiple of `draw` less one, where the turns from the talon's start stop.
pub(crate) fn talon_reach(draw: u8, len: usize, played: u64, now: u64) -> u64 {
    let draw = u32::from(draw.max(1));
    let all = if len >= 64 {
        u64::MAX
    } else {
        (1u64 << len) - 1
    };
    // The indices that are multiples of `draw`, and those after an index.
    let every = (0..64).step_by(draw as usize).fold(0u64, |m, i| m | 1 << i);
    let after = |a: u32| u64::MAX.checked_shl(a + 1).unwrap_or(0);
    let mut reach = now | played >> 1;
    for a in bits(played) {
        let a = u32::from(a);
        reach |= after(a) & every << (a % draw);
    }
    // The `n`th card played (from the talon's start) lets the turns from the start stop on
    // every later index one less than a multiple of `draw` once `n` are gone.
    let mut first = played;
    for n in 1..=draw {
        if first == 0 {
            break;
        }
        let p = first.trailing_zeros();
        first &= first - 1;
        reach |= after(p) & every << ((n - 1) % draw);
    }
    reach & all
}

/// The Aces and the Kings of every suit, a bit each.
const ACES: u64 = 0x0002_0002_0002_0002;
const KINGS: u64 = 0x2000_2000_2000_2000;

/// The cards home once every card of `bare` that can go home has: each suit's cards from the
/// Ace up to the first that is not bare.
fn home_prefix(bare: u64) -> u64 {
    (0..4).fold(0, |home, s| {
        let lane = bare >> (16 * s) >> 1;
        let run = (!lane).trailing_zeros().min(15);
        home | ((1u64 << run) - 1) << (16 * s + 1)
    })
}

/// [`hopeless`] learnt by going over every card until nothing is new: slower, and plainly
/// the rules above (the tests compare the two).
#[cfg(test)]
pub(crate) fn hopeless_by_passes(board: &Board) -> bool {
    let mut deck = 0u64;
    let mut bare = 0u64;
    let mut face_up = 0u64;
    let mut bottoms = 0u64;
    let mut space = false;
    // The column cards, each column's top first, with the card each starts on.
    let mut order = [(0u8, FLOOR); 64];
    let mut n = 0;
    for (c, col) in board.columns.iter().enumerate() {
        match col.last() {
            Some(&top) => bare |= bit(top),
            None => space = true,
        }
        if let Some(&b) = col.first() {
            bottoms |= bit(b);
        }
        let down = usize::from(board.down[c]);
        for i in (0..col.len()).rev() {
            let x = col[i];
            deck |= bit(x);
            if i >= down {
                face_up |= bit(x);
            }
            if n < order.len() {
                order[n] = (x, if i > 0 { col[i - 1] } else { FLOOR });
                n += 1;
            }
        }
    }
    let talon = &board.talon;
    for &x in talon {
        deck |= bit(x);
    }
    let reach_now = board.reachable_mask();
    let mut played = 0u64;
    let mut home = 0u64;
    for s in 0..4u8 {
        for r in 1..=board.home[usize::from(s)] {
            home |= bit((s << 4) | r);
        }
    }
    deck |= home;
    let home_start = home;
    let mut leaves = 0u64;
    loop {
        let mut changed = false;
        for x in bits(home_start & !bare) {
            let place = if rank(x) == 13 {
                space
            } else {
                parents(board, x) & deck & bare != 0
            };
            if place {
                bare |= bit(x);
                changed = true;
            }
        }
        for x in bits(bare & !home) {
            if rank(x) == 1 || home & bit(x - 1) != 0 {
                home |= bit(x);
                changed = true;
            }
        }
        if home == deck {
            return false;
        }
        for &(x, start) in &order[..n] {
            let b = bit(x);
            if leaves & b != 0 {
                continue;
            }
            let moves_off = home & b != 0
                || ((bare | face_up) & b != 0
                    && if rank(x) == 13 {
                        space
                    } else {
                        parents(board, x) & deck & bare & !floor_or(start) != 0
                    });
            if moves_off {
                leaves |= b;
                changed = true;
                space |= bottoms & b != 0;
                if start != FLOOR {
                    bare |= bit(start);
                    // The card it started on may go home now, before the next column card.
                    if rank(start) == 1 || home & bit(start - 1) != 0 {
                        home |= bit(start);
                    }
                }
            }
        }
        for (i, &x) in talon.iter().enumerate() {
            let b = bit(x);
            if bare & b != 0 {
                continue;
            }
            let reachable =
                talon_reach(board.draw(), talon.len(), played, reach_now) & (1 << i) != 0;
            let plays = reachable
                && (rank(x) == 1
                    || home & bit(x - 1) != 0
                    || if rank(x) == 13 {
                        space
                    } else {
                        parents(board, x) & deck & bare != 0
                    });
            if plays {
                bare |= b;
                played |= 1 << i;
                changed = true;
            }
        }
        if !changed {
            return true;
        }
    }
}

/// The cards `x` builds on: one rank higher, the other colour.
#[cfg(test)]
fn parents(board: &Board, x: Code) -> u64 {
    (0..64u8)
        .filter(|&p| rank(p) == rank(x) + 1 && board.is_red(p) != board.is_red(x))
        .fold(0, |m, p| m | bit(p))
}

/// `start`'s bit, none for the floor.
#[cfg(test)]
fn floor_or(start: Code) -> u64 {
    if start == FLOOR { 0 } else { bit(start) }
}

fn bit(x: Code) -> u64 {
    1 << (x & 63)
}
