//! Summaries of many solves: the Wilson interval and order statistics.

/// The 95% Wilson score interval of `wins` out of `n`, as (low, high) fractions.
pub fn wilson(wins: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let (n, p) = (n as f64, wins as f64 / n as f64);
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Minimum, median, mean and maximum of `values` (`None` when empty).
pub fn spread(values: &[f64]) -> Option<(f64, f64, f64, f64)> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    let median = if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    };
    let mean = v.iter().sum::<f64>() / n as f64;
    Some((v[0], median, mean, v[n - 1]))
}

/// The `q`-quantile (0..=1) of `values`, nearest rank (`None` when empty).
pub fn quantile(values: &[f64], q: f64) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let i = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len()) - 1;
    Some(v[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        let (lo, hi) = wilson(3199, 3200);
        assert!((lo - 0.99824).abs() < 1e-4, "{lo}");
        assert!((hi - 0.99994).abs() < 1e-4, "{hi}");
        let (lo, hi) = wilson(0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-3);
    }

    #[test]
    fn spread_and_quantiles() {
        assert_eq!(spread(&[3.0, 1.0, 2.0]), Some((1.0, 2.0, 2.0, 3.0)));
        assert_eq!(quantile(&[1.0, 2.0, 3.0, 4.0], 0.5), Some(2.0));
        assert_eq!(quantile(&[1.0, 2.0, 3.0, 4.0], 0.99), Some(4.0));
    }
}
