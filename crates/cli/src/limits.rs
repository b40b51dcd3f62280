//! The allowed range of every numeric argument, checked while the command line is parsed: a
//! value outside it is an argument error whose message states the range.

use std::fmt::Display;
use std::str::FromStr;

/// The longest time limit of one search, in seconds (about eleven and a half days).
pub const MAX_TIME_LIMIT: f64 = 1e6;

/// The most deals one `sol simulate` solves.
pub const MAX_DEALS: u64 = 10_000_000;

/// The most worker threads of `sol simulate`, whatever the machine.
pub const MAX_JOBS: usize = 256;

/// Worker threads allowed per core of the machine.
pub const JOBS_PER_CORE: usize = 4;

/// The most random moves of `sol walk`.
pub const MAX_STEPS: usize = 1_000_000;

/// The most deals `sol deal --winnable` tries.
pub const MAX_TRIES: u64 = 1_000_000;

/// The most sampled worlds of `sol solve --fair`.
pub const MAX_SAMPLES: usize = 10_000;

/// `--time-limit S`: a finite number of seconds above 0, at most [`MAX_TIME_LIMIT`].
pub fn time_limit(text: &str) -> Result<f64, String> {
    let range = format!("give a number of seconds above 0 and at most {MAX_TIME_LIMIT}");
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= MAX_TIME_LIMIT => Ok(s),
        _ => Err(range),
    }
}

/// The cores of this machine (1 when it cannot tell).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The most worker threads on this machine: [`JOBS_PER_CORE`] per core, at most [`MAX_JOBS`].
pub fn max_jobs() -> usize {
    (JOBS_PER_CORE * cores()).min(MAX_JOBS)
}

/// `--jobs J`: 1 to [`max_jobs`].
pub fn jobs(text: &str) -> Result<usize, String> {
    let max = max_jobs();
    bounded(text, 1, max).map_err(|_| {
        format!(
            "give 1 to {max} workers ({JOBS_PER_CORE} per core of this machine's {}, at most \
             {MAX_JOBS})",
            cores()
        )
    })
}

/// `--steps K`: 0 to [`MAX_STEPS`].
pub fn steps(text: &str) -> Result<usize, String> {
    bounded(text, 0, MAX_STEPS).map_err(|range| format!("give {range} moves"))
}

/// `--samples N`: 1 to [`MAX_SAMPLES`].
pub fn samples(text: &str) -> Result<usize, String> {
    bounded(text, 1, MAX_SAMPLES).map_err(|range| format!("give {range} samples"))
}

/// `--tries N`: 1 to [`MAX_TRIES`].
pub fn tries(text: &str) -> Result<u64, String> {
    bounded(text, 1, MAX_TRIES).map_err(|range| format!("give {range} deals"))
}

/// A whole number from `lo` to `hi`; the error is the range in words (`1 to 8`).
fn bounded<T: FromStr + PartialOrd + Display>(text: &str, lo: T, hi: T) -> Result<T, String> {
    match text.trim().parse::<T>() {
        Ok(n) if n >= lo && n <= hi => Ok(n),
        _ => Err(format!("{lo} to {hi}")),
    }
}

/// The deals of `sol simulate`: `first..=last`, at most [`MAX_DEALS`] of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeedRange {
    /// The first deal.
    pub first: u64,
    /// The last deal (inclusive).
    pub last: u64,
}

impl SeedRange {
    /// How many deals (at least 1, at most [`MAX_DEALS`]).
    pub fn count(self) -> u64 {
        self.last - self.first + 1
    }

    /// The `i`-th deal (0-based, below [`SeedRange::count`]).
    pub fn seed(self, i: u64) -> u64 {
        self.first + i
    }
}

/// `--seeds A..B` (inclusive; `A..=B` too) or one number: `A <= B`, at most [`MAX_DEALS`]
/// deals.
pub fn seeds(text: &str) -> Result<SeedRange, String> {
    let bad =
        || format!("write A..B with A <= B (inclusive, e.g. 1..1000), at most {MAX_DEALS} deals");
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (a.trim(), b.trim().trim_start_matches('=')),
        None => (text.trim(), text.trim()),
    };
    let first: u64 = a.parse().map_err(|_| bad())?;
    let last: u64 = b.parse().map_err(|_| bad())?;
    match last.checked_sub(first) {
        Some(span) if span < MAX_DEALS => Ok(SeedRange { first, last }),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limits_are_finite_positive_and_capped() {
        assert_eq!(time_limit("2.5"), Ok(2.5));
        assert_eq!(time_limit("1e6"), Ok(1e6));
        for bad in ["inf", "nan", "0", "-1", "1e6.1", "1000001", "1.8e19", "x"] {
            assert!(time_limit(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn seed_ranges_are_ordered_and_capped() {
        let r = seeds("3..5").unwrap();
        assert_eq!((r.first, r.last, r.count(), r.seed(2)), (3, 5, 3, 5));
        assert_eq!(seeds("7"), Ok(SeedRange { first: 7, last: 7 }));
        assert_eq!(seeds("1..=2").map(SeedRange::count), Ok(2));
        assert_eq!(seeds("1..10000000").map(SeedRange::count), Ok(MAX_DEALS));
        let top = seeds("18446744073709551615..18446744073709551615").unwrap();
        assert_eq!((top.count(), top.seed(0)), (1, u64::MAX));
        for bad in [
            "5..3",
            "0..18446744073709551615",
            "1..4294967296",
            "0..10000000",
            "a..b",
        ] {
            assert!(seeds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn jobs_steps_and_samples_have_ranges() {
        assert_eq!(jobs("1"), Ok(1));
        assert!(jobs("0").is_err());
        assert!(jobs("10000").is_err());
        assert!(max_jobs() <= MAX_JOBS && max_jobs() >= JOBS_PER_CORE.min(MAX_JOBS));
        assert_eq!(steps("0"), Ok(0));
        assert!(steps("1000001").is_err());
        assert!(samples("0").is_err());
        assert_eq!(tries("20"), Ok(20));
        assert_eq!(tries("0"), Err("give 1 to 1000000 deals".into()));
        assert_eq!(samples("8"), Ok(8));
    }
}
