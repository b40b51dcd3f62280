//! Moments in time as RFC 3339 writes them (`2026-12-01T23:59:00Z`, `2026-12-01T23:59:00.5+01:00`):
//! read from a roster's deadline, a collection log and GitHub's push log, and written (in UTC,
//! to the second) for the judge's clock.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

/// A moment: seconds and nanoseconds since 1970-01-01T00:00:00Z.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Moment {
    secs: i64,
    nanos: u32,
}

impl Moment {
    /// Read `YYYY-MM-DDTHH:MM:SS[.fraction]` followed by `Z` or `+HH:MM`/`-HH:MM`.
    ///
    /// # Errors
    /// Any other text, or a date or time that does not exist.
    pub fn parse(text: &str) -> Result<Moment, String> {
        let fail = || {
            format!(
                "{:?} is not a date and time like 2026-12-01T23:59:00Z",
                crate::capped(text, 80)
            )
        };
        let b = text.as_bytes();
        let num = |range: std::ops::Range<usize>| -> Option<i64> {
            let digits = b.get(range)?;
            digits
                .iter()
                .all(u8::is_ascii_digit)
                .then(|| std::str::from_utf8(digits).ok()?.parse().ok())?
        };
        let at = |i: usize, c: u8| b.get(i) == Some(&c);
        let shaped = at(4, b'-') && at(7, b'-') && (at(10, b'T') || at(10, b't')) && at(13, b':');
        let (Some(year), Some(month), Some(day), Some(hour), Some(minute), Some(second)) = (
            num(0..4),
            num(5..7),
            num(8..10),
            num(11..13),
            num(14..16),
            num(17..19),
        ) else {
            return Err(fail());
        };
        if !shaped || !at(16, b':') {
            return Err(fail());
        }
        let mut rest = &text[19..];
        let mut nanos = 0u32;
        if let Some(frac) = rest.strip_prefix('.') {
            let digits = frac.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 || digits > 9 {
                return Err(fail());
            }
            let value: u32 = frac[..digits].parse().map_err(|_| fail())?;
            nanos = value * 10u32.pow(9 - digits as u32);
            rest = &frac[digits..];
        }
        let offset = match rest.as_bytes() {
            [b'Z' | b'z'] => 0,
            [sign @ (b'+' | b'-'), _, _, b':', _, _] => {
                let rb = rest.as_bytes();
                let two = |i: usize| -> Option<i64> {
                    let d = &rb[i..i + 2];
                    d.iter()
                        .all(u8::is_ascii_digit)
                        .then(|| i64::from(d[0] - b'0') * 10 + i64::from(d[1] - b'0'))
                };
                let (Some(h), Some(m)) = (two(1), two(4)) else {
                    return Err(fail());
                };
                if h > 23 || m > 59 {
                    return Err(fail());
                }
                let minutes = h * 60 + m;
                if *sign == b'+' { minutes } else { -minutes }
            }
            _ => return Err(fail()),
        };
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days_in_month = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return Err(fail()),
        };
        if day < 1 || day > days_in_month || hour > 23 || minute > 59 || second > 59 {
            return Err(fail());
        }
        let secs = days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
            - offset * 60;
        Ok(Moment { secs, nanos })
    }

    /// The judge's clock now, rounded up to the second (a record never says it was made
    /// earlier than it was).
    pub fn now() -> Moment {
        let since = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        let secs = i64::try_from(since.as_secs()).unwrap_or(i64::MAX);
        let up = i64::from(since.subsec_nanos() > 0);
        Moment {
            secs: secs.saturating_add(up),
            nanos: 0,
        }
    }
}

/// Days since 1970-01-01 of a date of the proleptic Gregorian calendar (Howard Hinnant's
/// `days_from_civil`).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

impl fmt::Display for Moment {
    /// In UTC: `2026-12-01T23:58:40Z`, with the fraction of a second when there is one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let days = self.secs.div_euclid(86_400);
        let in_day = self.secs.rem_euclid(86_400);
        let (year, month, day) = solitaire_files::civil_from_days(days);
        write!(
            f,
            "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}",
            in_day / 3600,
            in_day / 60 % 60,
            in_day % 60
        )?;
        if self.nanos > 0 {
            let frac = format!("{:09}", self.nanos);
            write!(f, ".{}", frac.trim_end_matches('0'))?;
        }
        f.write_str("Z")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moment(text: &str) -> Moment {
        Moment::parse(text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn moments_read_and_write_in_utc() {
        assert_eq!(moment("1970-01-01T00:00:00Z"), Moment { secs: 0, nanos: 0 });
        assert_eq!(
            moment("2026-12-01T23:59:00Z").to_string(),
            "2026-12-01T23:59:00Z"
        );
        assert_eq!(
            moment("2026-12-02T00:59:00+01:00"),
            moment("2026-12-01T23:59:00Z")
        );
        assert_eq!(
            moment("2026-12-01T18:59:00.250-05:00").to_string(),
            "2026-12-01T23:59:00.25Z"
        );
        assert!(moment("2026-12-01T23:59:00.1Z") > moment("2026-12-01T23:59:00Z"));
        assert_eq!(
            moment("2024-02-29T12:00:00Z").to_string(),
            "2024-02-29T12:00:00Z"
        );
        assert_eq!(moment("1969-12-31T23:59:59Z").secs, -1);
        for bad in [
            "2026-12-01",
            "2026-12-01 23:59:00Z",
            "2026-02-30T00:00:00Z",
            "2026-12-01T24:00:00Z",
            "2026-12-01T23:59:00",
            "2026-12-01T23:59:00+1:00",
            "2026-12-01T23:59:00.Z",
            "+026-12-01T23:59:00Z",
            "2026-12-01T23:59:00Zjunk",
        ] {
            assert!(Moment::parse(bad).is_err(), "{bad}");
        }
        let now = Moment::now();
        assert_eq!(now.nanos, 0);
        assert_eq!(Moment::parse(&now.to_string()), Ok(now));
    }
}
