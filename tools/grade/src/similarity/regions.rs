//! Matching fingerprints merged into line ranges, side by side: these lines of A look like
//! those lines of B.

use std::collections::HashMap;

use super::document::{Document, Located};
use super::ignored::Ignored;

/// Fingerprints this many lines apart (or less) on both sides belong to one region.
const GAP: u32 = 3;

/// The most places of B one fingerprint of A is matched with (an idiom repeated in B would
/// otherwise make a region of every repetition).
const MAX_PLACES: usize = 4;

/// Lines `first..=last` (from 1) of one file of a document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lines {
    /// The file, an index into the document's [`Document::files`].
    pub file: usize,
    /// The first line.
    pub first: u32,
    /// The last line.
    pub last: u32,
}

impl Lines {
    fn of(p: &Located) -> Lines {
        Lines {
            file: p.file,
            first: p.print.first_line,
            last: p.print.last_line,
        }
    }

    fn take(&mut self, other: Lines) {
        self.first = self.first.min(other.first);
        self.last = self.last.max(other.last);
    }

    /// How many lines.
    pub fn len(&self) -> u32 {
        self.last + 1 - self.first
    }

    /// Whether the range is empty (never: a range has at least its first line).
    pub fn is_empty(&self) -> bool {
        self.last < self.first
    }
}

/// Lines of A and the lines of B they match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// The lines of A.
    pub a: Lines,
    /// The lines of B.
    pub b: Lines,
    /// How many fingerprints of A matched in it.
    pub prints: usize,
}

/// The regions where `a` and `b` share fingerprints (not `ignored`), the largest first.
pub fn regions(a: &Document, b: &Document, ignored: &Ignored) -> Vec<Region> {
    let mut places: HashMap<u64, Vec<&Located>> = HashMap::new();
    for p in &b.prints {
        if !ignored.contains(p.print.hash) {
            let list = places.entry(p.print.hash).or_default();
            if list.len() < MAX_PLACES {
                list.push(p);
            }
        }
    }
    // (which fingerprint of A, its lines, the lines of one of its places in B)
    let mut matches: Vec<(usize, Lines, Lines)> = a
        .prints
        .iter()
        .enumerate()
        .filter_map(|(i, pa)| places.get(&pa.print.hash).map(|pbs| (i, pa, pbs)))
        .flat_map(|(i, pa, pbs)| pbs.iter().map(move |pb| (i, Lines::of(pa), Lines::of(pb))))
        .collect();
    matches.sort_by_key(|(_, la, lb)| (la.file, la.first, lb.file, lb.first));
    // Regions that may still grow, each with the last fingerprint of A counted in it.
    let mut open: Vec<(Region, usize)> = Vec::new();
    let mut done: Vec<Region> = Vec::new();
    for (i, la, lb) in matches {
        let (still, closed): (Vec<_>, Vec<_>) = open
            .into_iter()
            .partition(|(r, _)| r.a.file == la.file && la.first <= r.a.last + GAP);
        done.extend(closed.into_iter().map(|(r, _)| r));
        open = still;
        let near = |(r, _): &&mut (Region, usize)| {
            r.b.file == lb.file && lb.first + GAP >= r.b.first && lb.first <= r.b.last + GAP
        };
        match open.iter_mut().find(near) {
            Some((r, last)) => {
                r.a.take(la);
                r.b.take(lb);
                if *last != i {
                    r.prints += 1;
                    *last = i;
                }
            }
            None => open.push((
                Region {
                    a: la,
                    b: lb,
                    prints: 1,
                },
                i,
            )),
        }
    }
    done.extend(open.into_iter().map(|(r, _)| r));
    done.sort_by_key(|r| (std::cmp::Reverse(r.prints), r.a.file, r.a.first));
    done
}
