//! The summary of `sol simulate` kept as the deals finish, in memory that does not grow with
//! the number of deals: counts per outcome, and how many deals had each winning path length
//! and each solve time (to the millisecond, the precision of the CSV).

use std::collections::BTreeMap;

/// How many deals had each value, with order statistics over them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Counts {
    counts: BTreeMap<u64, u64>,
    len: u64,
    sum: f64,
}

impl Counts {
    /// Count one more deal with `value`; `exact` is the value before rounding (for the mean).
    pub fn add(&mut self, value: u64, exact: f64) {
        *self.counts.entry(value).or_default() += 1;
        self.len += 1;
        self.sum += exact;
    }

    /// Each value with its number of deals, smallest first.
    pub fn iter(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.counts.iter().map(|(&v, &n)| (v, n))
    }

    /// The `k`-th smallest value (0-based, `k < len`).
    fn nth(&self, k: u64) -> u64 {
        let mut seen = 0;
        for (v, n) in self.iter() {
            seen += n;
            if k < seen {
                return v;
            }
        }
        self.counts.keys().next_back().copied().unwrap_or(0)
    }

    /// Minimum, median (the mean of the two middle values for an even count), mean (of the
    /// exact values) and maximum; `None` when empty.
    pub fn spread(&self) -> Option<(f64, f64, f64, f64)> {
        let (&min, &max) = (self.counts.keys().next()?, self.counts.keys().next_back()?);
        let n = self.len;
        let median = if n % 2 == 1 {
            self.nth(n / 2) as f64
        } else {
            (self.nth(n / 2 - 1) as f64 + self.nth(n / 2) as f64) / 2.0
        };
        Some((min as f64, median, self.sum / n as f64, max as f64))
    }

    /// The `q`-quantile (0..=1), nearest rank; `None` when empty.
    pub fn quantile(&self, q: f64) -> Option<u64> {
        if self.len == 0 {
            return None;
        }
        let rank = ((q * self.len as f64).ceil() as u64).clamp(1, self.len);
        Some(self.nth(rank - 1))
    }
}

/// The running summary of a simulation.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Deals counted.
    pub deals: u64,
    /// Deals won (each win replayed through the engine).
    pub solved: u64,
    /// Deals proved unsolvable.
    pub unsolvable: u64,
    /// Deals whose search ran out of budget.
    pub unknown: u64,
    /// Winning path lengths (moves).
    pub lengths: Counts,
    /// Solve times in milliseconds.
    pub millis: Counts,
}

impl Tally {
    /// Count one deal: its outcome (`solved`, `unsolvable`, `unknown`), its winning path's
    /// length and the seconds its search took.
    pub fn add(&mut self, outcome: &str, length: Option<usize>, seconds: f64) {
        self.deals += 1;
        match outcome {
            "solved" => self.solved += 1,
            "unsolvable" => self.unsolvable += 1,
            _ => self.unknown += 1,
        }
        if let Some(len) = length {
            self.lengths.add(len as u64, len as f64);
        }
        self.millis
            .add((seconds * 1000.0).round() as u64, seconds * 1000.0);
    }

    /// The share of deals won, 0 to 1 (0 without deals).
    pub fn win_rate(&self) -> f64 {
        self.solved as f64 / self.deals.max(1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_give_the_order_statistics_of_the_values_they_stand_for() {
        let mut c = Counts::default();
        assert_eq!((c.spread(), c.quantile(0.5)), (None, None));
        for v in [3, 1, 2, 2] {
            c.add(v, v as f64);
        }
        assert_eq!(c.spread(), Some((1.0, 2.0, 2.0, 3.0)));
        assert_eq!(c.quantile(0.5), Some(2));
        assert_eq!(c.quantile(0.99), Some(3));
        assert_eq!(c.quantile(0.0), Some(1));
        c.add(10, 10.0);
        assert_eq!(c.spread(), Some((1.0, 2.0, 3.6, 10.0)));
        assert_eq!(
            c.iter().collect::<Vec<_>>(),
            [(1, 1), (2, 2), (3, 1), (10, 1)]
        );
    }

    #[test]
    fn a_tally_counts_outcomes_lengths_and_milliseconds() {
        let mut t = Tally::default();
        t.add("solved", Some(100), 0.0104);
        t.add("unsolvable", None, 0.5);
        t.add("unknown", None, 30.0);
        t.add("solved", Some(120), 0.2);
        assert_eq!((t.deals, t.solved, t.unsolvable, t.unknown), (4, 2, 1, 1));
        assert_eq!(t.win_rate(), 0.5);
        assert_eq!(t.lengths.spread(), Some((100.0, 110.0, 110.0, 120.0)));
        let (min, median, _, max) = t.millis.spread().unwrap();
        assert_eq!((min, median, max), (10.0, 350.0, 30_000.0));
    }
}
