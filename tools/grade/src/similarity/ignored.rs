//! Fingerprints left out of every comparison: the course's scaffold (MOSS's `-b`) and idioms
//! common to many submissions (MOSS's `-m`).

use std::collections::{HashMap, HashSet};

use super::document::Document;

/// A set of fingerprint hashes that count in no comparison.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ignored {
    hashes: HashSet<u64>,
}

impl Ignored {
    /// Nothing ignored.
    pub fn none() -> Ignored {
        Ignored::default()
    }

    /// The fingerprints of `base`: the code every student starts from (the scaffold that
    /// `sol new-game` writes), which two submissions share without copying.
    pub fn base(base: &Document) -> Ignored {
        Ignored {
            hashes: base.prints.iter().map(|p| p.print.hash).collect(),
        }
    }

    /// The fingerprints found in more than `max` of `documents`: idioms, not copies.
    pub fn common<'a>(documents: impl IntoIterator<Item = &'a Document>, max: usize) -> Ignored {
        let mut counts: HashMap<u64, usize> = HashMap::new();
        for document in documents {
            let distinct: HashSet<u64> = document.prints.iter().map(|p| p.print.hash).collect();
            for hash in distinct {
                *counts.entry(hash).or_default() += 1;
            }
        }
        Ignored {
            hashes: counts
                .into_iter()
                .filter(|&(_, n)| n > max)
                .map(|(h, _)| h)
                .collect(),
        }
    }

    /// Both sets together.
    pub fn and(mut self, other: Ignored) -> Ignored {
        self.hashes.extend(other.hashes);
        self
    }

    /// Whether `hash` is ignored.
    pub fn contains(&self, hash: u64) -> bool {
        self.hashes.contains(&hash)
    }

    /// How many hashes are ignored.
    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    /// Whether nothing is ignored.
    pub fn is_empty(&self) -> bool {
        self.hashes.is_empty()
    }
}
