//! Two documents compared: the share of each one's fingerprints the other has, and where.

use std::collections::HashSet;

use super::document::Document;
use super::ignored::Ignored;
use super::regions::{Region, regions};

/// What two documents A and B share.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// Percent of A's distinct fingerprints (not ignored) that B has too: MOSS's "percent of
    /// A matched by B".
    pub a_in_b: f64,
    /// Percent of B's distinct fingerprints (not ignored) that A has too.
    pub b_in_a: f64,
    /// How many distinct fingerprints of A count (not ignored).
    pub a_prints: usize,
    /// How many distinct fingerprints of B count (not ignored).
    pub b_prints: usize,
    /// How many they share.
    pub shared: usize,
    /// Where: lines of A and the lines of B they match, the largest region first.
    pub regions: Vec<Region>,
}

impl Comparison {
    /// The share of the smaller side matched by the other, in percent: the larger of
    /// [`Comparison::a_in_b`] and [`Comparison::b_in_a`].
    pub fn similarity(&self) -> f64 {
        self.a_in_b.max(self.b_in_a)
    }
}

/// Compare `a` with `b`, leaving out the `ignored` fingerprints (a scaffold's, common idioms).
pub fn compare(a: &Document, b: &Document, ignored: &Ignored) -> Comparison {
    let set = |d: &Document| -> HashSet<u64> {
        d.prints
            .iter()
            .map(|p| p.print.hash)
            .filter(|&h| !ignored.contains(h))
            .collect()
    };
    let (sa, sb) = (set(a), set(b));
    let shared = sa.intersection(&sb).count();
    Comparison {
        a_in_b: percent(shared, sa.len()),
        b_in_a: percent(shared, sb.len()),
        a_prints: sa.len(),
        b_prints: sb.len(),
        shared,
        regions: regions(a, b, ignored),
    }
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(name: &str, files: &[(&str, &str)]) -> Document {
        let files: Vec<(String, String)> = files
            .iter()
            .map(|(p, t)| (p.to_string(), t.to_string()))
            .collect();
        Document::from_files(name, &files).unwrap_or_else(|e| panic!("{e}"))
    }

    const CODE: &str = "fn check(pos: &Position, mv: Move) -> Result<(), Illegal> {\n\
        match mv {\n\
            Move::Deal if pos.pile(3).is_empty() => Err(Illegal::stock(\"empty\")),\n\
            Move::Deal => Ok(()),\n\
            Move::Transfer { from, to, count } => check_transfer(pos, from, to, count),\n\
            _ => Err(Illegal::unsupported(\"no\")),\n\
        }\n\
    }\n";

    #[test]
    fn a_renamed_copy_matches_whole_and_an_unrelated_file_does_not() {
        let a = doc("a", &[("a.rs", CODE)]);
        let renamed = CODE
            .replace("check", "verify")
            .replace("pos", "p")
            .replace("mv", "m");
        let b = doc("b", &[("x.rs", "use std::fmt;\n"), ("b.rs", &renamed)]);
        let c = compare(&a, &b, &Ignored::none());
        assert_eq!((c.a_in_b, c.b_in_a), (100.0, 100.0), "{c:?}");
        let region = c.regions[0];
        assert_eq!((region.a.file, region.b.file), (0, 1));
        // Winnowing keeps one k-gram in each window, so a region ends within a window of
        // the copy's end.
        assert!(region.a.first == 1 && region.a.last >= 6, "{region:?}");
        let other = doc(
            "o",
            &[(
                "o.rs",
                "struct S { a: [u8; 4] }\nimpl S { fn n(&self) -> usize { self.a.len() + 1 } }\n",
            )],
        );
        assert_eq!(compare(&a, &other, &Ignored::none()).shared, 0);
    }

    #[test]
    fn a_base_takes_its_fingerprints_out_of_the_comparison() {
        let a = doc("a", &[("a.rs", CODE)]);
        let c = compare(&a, &a, &Ignored::base(&a));
        assert_eq!((c.a_prints, c.shared, c.similarity()), (0, 0, 0.0));
        assert!(c.regions.is_empty());
    }
}
