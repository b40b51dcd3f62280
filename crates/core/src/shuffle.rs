//! Reproducible shuffles: a (game, seed) pair gives the same deck on every platform, forever.
//!
//! The algorithm is fixed and written out here rather than borrowed from a library whose
//! behaviour may change between versions: the generator is ChaCha8 (`rand_chacha`) keyed with
//! the seed's 8 little-endian bytes followed by 24 zero bytes; the shuffle is Fisher-Yates
//! from the last card down, each index drawn from one 64-bit output by rejection sampling
//! (outputs at or above the largest multiple of the range are drawn again).
//! Golden deals in the tests pin all of it.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use crate::card::Card;

/// The generator for `seed`, as used for deals (and for random walks).
pub fn rng_for(seed: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    ChaCha8Rng::from_seed(key)
}

/// A uniform number in `0..n` (`n` > 0).
pub fn below(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    let zone = u64::MAX - u64::MAX % n;
    loop {
        let x = rng.next_u64();
        if x < zone {
            return x % n;
        }
    }
}

/// Shuffle `cards` with the generator for `seed`.
pub fn shuffle(cards: &mut [Card], seed: u64) {
    let mut rng = rng_for(seed);
    for i in (1..cards.len()).rev() {
        let j = below(&mut rng, i as u64 + 1) as usize;
        cards.swap(i, j);
    }
}
