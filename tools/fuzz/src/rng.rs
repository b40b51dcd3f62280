//! The fuzzer's random choices: ChaCha8 from the engine's `rng_for`, one stream per case.

use rand_chacha::ChaCha8Rng;
use solitaire_core::shuffle::{below, rng_for};

/// A deterministic source of choices: the same seed gives the same cases on every machine.
pub struct Rng(ChaCha8Rng);

impl Rng {
    /// The generator of case `index` of a run started with `seed`.
    pub fn for_case(seed: u64, index: u64) -> Rng {
        // Odd multipliers keep distinct (seed, index) pairs apart.
        Rng(rng_for(
            seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93),
        ))
    }

    /// A number in `0..n`; 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            below(&mut self.0, n as u64) as usize
        }
    }

    /// True once in `n` times.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// One of `items` (which must not be empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A full 64-bit number.
    pub fn next_u64(&mut self) -> u64 {
        (self.below(1 << 32) as u64) << 32 | self.below(1 << 32) as u64
    }
}
