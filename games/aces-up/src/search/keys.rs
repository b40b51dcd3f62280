//! A set of 128-bit position keys in one flat table (open addressing, linear probing), 16
//! bytes a position: the transposition table of the exhaustive search.

use solitaire_search::pausable::KeyTable;

/// The set; it doubles when three quarters full.
pub(crate) struct KeySet {
    /// The keys, 0 for an empty slot (every key is stored with its lowest bit set).
    slots: Vec<u128>,
    len: usize,
}

impl Default for KeySet {
    fn default() -> KeySet {
        KeySet {
            slots: vec![0; 1 << 12],
            len: 0,
        }
    }
}

impl KeySet {
    /// How many keys are in the set.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Add `key` (random already: its bits choose the slot); whether it was new. Keys that
    /// differ only in their lowest bit count as one (a chance of 2^-127 per pair).
    pub fn insert(&mut self, key: u128) -> bool {
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let key = key | 1;
        let mask = self.slots.len() - 1;
        let mut i = (key >> 64) as usize & mask;
        loop {
            let slot = &mut self.slots[i];
            if *slot == 0 {
                *slot = key;
                self.len += 1;
                return true;
            }
            if *slot == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether `key` is in the set.
    pub fn contains(&self, key: u128) -> bool {
        let key = key | 1;
        let mask = self.slots.len() - 1;
        let mut i = (key >> 64) as usize & mask;
        loop {
            match self.slots[i] {
                0 => return false,
                k if k == key => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Ask the memory for the slot where `key` would be, so that a later look finds it in
    /// the cache.
    pub fn prefetch(&self, key: u128) {
        let mask = self.slots.len() - 1;
        let slot = &self.slots[((key | 1) >> 64) as usize & mask];
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: SSE, which the prefetch needs, is part of every x86_64 processor, and a
            // prefetch only hints the cache: it reads nothing the program sees and never faults.
            unsafe { _mm_prefetch::<_MM_HINT_T0>((slot as *const u128).cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }

    /// Twice the slots, every key placed again.
    fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for key in old.into_iter().filter(|&k| k != 0) {
            let mut i = (key >> 64) as usize & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = key;
        }
    }
}

impl KeyTable for KeySet {
    fn insert(&mut self, key: u128) -> bool {
        KeySet::insert(self, key)
    }
    fn len(&self) -> usize {
        KeySet::len(self)
    }
}
