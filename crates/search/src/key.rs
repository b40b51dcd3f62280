//! A compact 128-bit key for positions, blind to which pack a card came from.
//!
//! Two-pack games hold two identical copies of each card; rules look only at rank and suit, so
//! positions that differ only by swapping copies are the same game, and the key merges them
//! (symmetry reduction). A group of interchangeable piles (Spider's columns once the stock is
//! empty) may be hashed as a multiset, so that their order does not matter either.
//! Collisions of a 128-bit key are negligible for the millions of positions a search visits.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use solitaire_core::{Card, Pile, Position};

const K1: u64 = 0x9E37_79B9_7F4A_7C15;
const K2: u64 = 0xC2B2_AE3D_27D4_EB4F;

/// A running 128-bit hash: two independent multiply-rotate lanes (guides with keys of their
/// own use it too).
#[derive(Clone, Copy)]
pub struct Lanes(u64, u64);

impl Lanes {
    /// A hash started from `seed`.
    pub fn new(seed: u64) -> Lanes {
        Lanes(seed ^ K1, seed.rotate_left(32) ^ K2)
    }
    /// Mix `x` in.
    pub fn push(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(K1);
        self.1 = (self.1.rotate_left(7) ^ x).wrapping_mul(K2);
    }
    /// The 128-bit hash of what was pushed.
    pub fn finish(self) -> u128 {
        let a = mix(self.0 ^ self.1.rotate_left(17));
        let b = mix(self.1 ^ self.0.rotate_left(29));
        (u128::from(a) << 64) | u128::from(b)
    }
}

/// A 64-bit finalizer (splitmix64's): every bit of the result depends on every bit of `x`.
pub fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    x ^= x >> 33;
    x = x.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    x ^ (x >> 33)
}

/// A 128-bit random number from a counter (splitmix64 twice).
pub fn random(i: u64) -> u128 {
    let a = mix(i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5555);
    let b = mix(a ^ 0xD1B5_4A32_D192_ED03);
    (u128::from(a) << 64) | u128::from(b)
}

/// Mix a 128-bit value (each half depends on both).
pub fn mix128(x: u128) -> u128 {
    let (a, b) = ((x >> 64) as u64, x as u64);
    let a2 = mix(a ^ b.rotate_left(17));
    let b2 = mix(b ^ a2.rotate_left(29));
    (u128::from(a2) << 64) | u128::from(b2)
}

/// A card's face as a small number (rank and suit, not the pack).
pub fn face(card: Card) -> u8 {
    card.rank.value() * 4 + card.suit as u8
}

fn pile_lanes(pile: &Pile, seed: u64) -> Lanes {
    let mut h = Lanes::new(seed);
    h.push(pile.face_down() as u64);
    let mut word = 0u64;
    let mut n = 0;
    for &c in pile.cards() {
        word = (word << 8) | u64::from(face(c));
        n += 1;
        if n == 8 {
            h.push(word);
            word = 0;
            n = 0;
        }
    }
    h.push(word ^ ((pile.len() as u64) << 56));
    h
}

/// The key of `pos`; the piles listed in `interchangeable` are hashed as a multiset.
pub fn key(pos: &Position, interchangeable: &[usize]) -> u128 {
    let mut h = Lanes::new(0x5EED);
    let vars = pos.vars();
    h.push(vars.phase as u64 | (u64::from(vars.redeals) << 8));
    h.push(vars.marks);
    if interchangeable.is_empty() {
        for (i, pile) in pos.piles().iter().enumerate() {
            let p = pile_lanes(pile, i as u64).finish();
            h.push(p as u64);
            h.push((p >> 64) as u64);
        }
        return h.finish();
    }
    let mut group: Vec<u128> = Vec::with_capacity(interchangeable.len());
    for (i, pile) in pos.piles().iter().enumerate() {
        if interchangeable.contains(&i) {
            group.push(pile_lanes(pile, u64::MAX).finish());
        } else {
            let p = pile_lanes(pile, i as u64).finish();
            h.push(p as u64);
            h.push((p >> 64) as u64);
        }
    }
    group.sort_unstable();
    for p in group {
        h.push(p as u64);
        h.push((p >> 64) as u64);
    }
    h.finish()
}

/// The key of `pos` with each of `groups` hashed as a multiset (their piles' order does not
/// matter) and the redeal count left out unless `redeals` (a game with unlimited redeals).
pub fn key_grouped(pos: &Position, groups: &[Vec<usize>], redeals: bool) -> u128 {
    let mut h = Lanes::new(0x6E0F);
    let vars = pos.vars();
    let counted = if redeals { u64::from(vars.redeals) } else { 0 };
    h.push(vars.phase as u64 | (counted << 8));
    h.push(vars.marks);
    for (i, pile) in pos.piles().iter().enumerate() {
        if !groups.iter().any(|g| g.contains(&i)) {
            let p = pile_lanes(pile, i as u64).finish();
            h.push(p as u64);
            h.push((p >> 64) as u64);
        }
    }
    let mut members = [0u128; 16];
    let mut spill: Vec<u128> = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        let seed = u64::MAX - g as u64;
        let hashes = if group.len() <= members.len() {
            let part = &mut members[..group.len()];
            for (m, &p) in part.iter_mut().zip(group) {
                *m = pile_lanes(pos.pile(p), seed).finish();
            }
            part
        } else {
            spill.clear();
            spill.extend(
                group
                    .iter()
                    .map(|&p| pile_lanes(pos.pile(p), seed).finish()),
            );
            &mut spill[..]
        };
        hashes.sort_unstable();
        for &p in hashes.iter() {
            h.push(p as u64);
            h.push((p >> 64) as u64);
        }
    }
    h.finish()
}

/// The keys are random already: the table uses their low bits as they are (of a 128-bit
/// key, or all of a 64-bit one).
#[derive(Default)]
pub struct LowBits(u64);

impl Hasher for LowBits {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u128(&mut self, x: u128) {
        self.0 = x as u64;
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

/// A set of keys (a search may bring a table of its own: [`crate::pausable::KeyTable`]).
pub type Seen = HashSet<u128, BuildHasherDefault<LowBits>>;

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire_core::{Rank, Suit, Vars};

    fn c(r: Rank, s: Suit, d: u8) -> Card {
        Card::new(r, s).of_deck(d)
    }

    #[test]
    fn copies_and_interchangeable_piles_share_a_key() {
        let a = Position::new(
            vec![
                Pile::new(vec![c(Rank::Two, Suit::Spades, 0)], 0),
                Pile::new(vec![c(Rank::Ace, Suit::Hearts, 1)], 1),
            ],
            Vars::default(),
        );
        let b = Position::new(
            vec![
                Pile::new(vec![c(Rank::Two, Suit::Spades, 1)], 0),
                Pile::new(vec![c(Rank::Ace, Suit::Hearts, 0)], 1),
            ],
            Vars::default(),
        );
        let swapped = Position::new(vec![b.pile(1).clone(), b.pile(0).clone()], Vars::default());
        assert_eq!(key(&a, &[]), key(&b, &[]));
        assert_ne!(key(&a, &[]), key(&swapped, &[]));
        assert_eq!(key(&a, &[0, 1]), key(&swapped, &[0, 1]));
        let flipped = Position::new(
            vec![a.pile(0).clone(), Pile::new(a.pile(1).cards().to_vec(), 0)],
            Vars::default(),
        );
        assert_ne!(key(&a, &[]), key(&flipped, &[]));
    }

    #[test]
    fn grouped_keys_merge_each_group_apart_and_may_leave_out_the_redeals() {
        let one = |r, s| Pile::new(vec![c(r, s, 0)], 0);
        let piles = |order: [usize; 4]| {
            let all = [
                one(Rank::Ace, Suit::Spades),
                one(Rank::Two, Suit::Spades),
                one(Rank::Three, Suit::Hearts),
                one(Rank::Four, Suit::Hearts),
            ];
            order.map(|i| all[i].clone()).to_vec()
        };
        let at = |order, redeals| {
            Position::new(
                piles(order),
                Vars {
                    redeals,
                    ..Vars::default()
                },
            )
        };
        let groups = [vec![0, 1], vec![2, 3]];
        let k = |p: &Position, r| key_grouped(p, &groups, r);
        assert_eq!(k(&at([0, 1, 2, 3], 0), true), k(&at([1, 0, 3, 2], 0), true));
        assert_ne!(
            k(&at([0, 1, 2, 3], 0), true),
            k(&at([2, 1, 0, 3], 0), true),
            "a pile does not move between groups"
        );
        assert_ne!(k(&at([0, 1, 2, 3], 0), true), k(&at([0, 1, 2, 3], 3), true));
        assert_eq!(
            k(&at([0, 1, 2, 3], 0), false),
            k(&at([1, 0, 2, 3], 3), false)
        );
    }
}
