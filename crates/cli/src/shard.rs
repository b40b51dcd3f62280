//! `--shard K/N` of `sol simulate`: a fixed slice of the seed range, so that one run can be
//! spread over machines (a Slurm job array, a Kubernetes indexed Job) and merged afterwards.
//!
//! Shard K of N takes every N-th deal of the range from its K-th on: with `--seeds A..B`, the
//! deals `A + K - 1`, `A + K - 1 + N`, `A + K - 1 + 2N`, ... up to `B`. The shards are
//! interleaved rather than contiguous blocks so that each gets an even share of the range
//! wherever the hard deals lie, and so that the merge gets the rows back in seed order by
//! taking one row from each shard in turn.

use std::fmt;

use crate::limits::{MAX_DEALS, SeedRange};

/// Shard `index` (1-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K: which shard, 1 to `count`.
    pub index: u64,
    /// N: how many shards the range is cut into.
    pub count: u64,
}

impl Shard {
    /// The whole range: shard 1 of 1.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// How many deals of `range` this shard has (0 when `index` is past the range's end).
    pub fn deals(self, range: SeedRange) -> u64 {
        let all = range.count();
        if self.index > all {
            0
        } else {
            (all - self.index) / self.count + 1
        }
    }

    /// This shard's `j`-th deal of `range` (0-based, below [`Shard::deals`]).
    pub fn seed(self, range: SeedRange, j: u64) -> u64 {
        range.seed(self.index - 1 + j * self.count)
    }

    /// Which shard deal `i` (0-based) of the range falls in: `(i mod N) + 1`.
    pub fn holding(count: u64, i: u64) -> u64 {
        i % count + 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// `--shard K/N`: `1 <= K <= N <= MAX_DEALS`.
pub fn parse(text: &str) -> Result<Shard, String> {
    let bad = || format!("write K/N with 1 <= K <= N <= {MAX_DEALS} (shard K of N, e.g. 2/8)");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let index: u64 = k.trim().parse().map_err(|_| bad())?;
    let count: u64 = n.trim().parse().map_err(|_| bad())?;
    if index >= 1 && index <= count && count <= MAX_DEALS {
        Ok(Shard { index, count })
    } else {
        Err(bad())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seeds_of(shard: Shard, range: SeedRange) -> Vec<u64> {
        (0..shard.deals(range))
            .map(|j| shard.seed(range, j))
            .collect()
    }

    #[test]
    fn shards_interleave_and_cover_the_range_once() {
        let range = SeedRange { first: 5, last: 16 };
        let shard = |index| Shard { index, count: 3 };
        assert_eq!(seeds_of(shard(1), range), [5, 8, 11, 14]);
        assert_eq!(seeds_of(shard(2), range), [6, 9, 12, 15]);
        assert_eq!(seeds_of(shard(3), range), [7, 10, 13, 16]);
        for (count, last) in [(1, 5), (3, 14), (7, 16), (12, 16), (13, 16)] {
            let range = SeedRange { first: 5, last };
            let mut all: Vec<u64> = (1..=count)
                .flat_map(|index| seeds_of(Shard { index, count }, range))
                .collect();
            all.sort_unstable();
            assert_eq!(all, (5..=last).collect::<Vec<_>>(), "{count} shards");
            for i in 0..range.count() {
                let k = Shard::holding(count, i);
                assert!(seeds_of(Shard { index: k, count }, range).contains(&range.seed(i)));
            }
        }
        assert_eq!(
            Shard { index: 4, count: 4 }.deals(SeedRange { first: 1, last: 3 }),
            0
        );
        let top = SeedRange {
            first: u64::MAX - 2,
            last: u64::MAX,
        };
        assert_eq!(seeds_of(Shard { index: 2, count: 2 }, top), [u64::MAX - 1]);
    }

    #[test]
    fn shard_specs_are_checked() {
        assert_eq!(parse("2/8"), Ok(Shard { index: 2, count: 8 }));
        assert_eq!(parse("1/1"), Ok(Shard::WHOLE));
        assert_eq!(Shard { index: 3, count: 4 }.to_string(), "3/4");
        for bad in ["0/3", "4/3", "3", "a/b", "1/10000001", "-1/2", "1/2/3"] {
            let e = parse(bad).expect_err(bad);
            assert!(e.contains("1 <= K <= N <= 10000000"), "{bad}: {e}");
        }
    }
}
