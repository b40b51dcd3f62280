//! The fast search's moves, evaluation and position key, over [`State`].
//!
//! The evaluation and the move filter are [`SpiderGuide`](crate::search::guide::SpiderGuide)'s, computed on
//! the compact state: hidden cards, joins still to make, breaks in the face-up runs, empty
//! columns, suits on the tableau, the stock, and face-up cards lying on face-down ones.

use crate::search::guide::Weights;

use super::state::{COLS, State, Table, rank};

/// A move of the fast search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Step {
    /// The top `k` cards of column `a` onto column `b`.
    Transfer { a: u8, b: u8, k: u8 },
    /// Deal a card onto every column.
    Deal,
}

/// The moves worth trying in `s`: Spider's legal moves less those the guide prunes (no run
/// in suit is split except to let another run join the card it uncovers; one of several
/// empty columns; no whole column into a space; no sideways move without a purpose).
pub(crate) fn moves(s: &State, t: &Table, out: &mut Vec<Step>) {
    out.clear();
    let starts = s.starts(t);
    let mut runs = [0usize; COLS];
    let mut first_empty = None;
    let mut buried = false;
    // For each card byte, the columns (a bit each) whose top run holds it, and those whose
    // run starts with it; for each rank, the columns whose top card has it.
    let mut in_run = [0u16; 64];
    let mut heads = [0u16; 64];
    let mut tops = [0u16; 16];
    for (i, run) in runs.iter_mut().enumerate().take(t.cols) {
        *run = s.run(&starts, i);
        let col = s.col(&starts, i);
        if col.is_empty() {
            first_empty.get_or_insert(i);
            continue;
        }
        if col.len() > *run {
            buried = true;
        }
        if *run == 0 {
            // A face-down top card: nothing moves from it and nothing goes on it.
            continue;
        }
        let top_run = &col[col.len() - *run..];
        for &c in top_run {
            in_run[usize::from(c & 63)] |= 1 << i;
        }
        heads[usize::from(top_run[0] & 63)] |= 1 << i;
        tops[usize::from(rank(col[col.len() - 1]))] |= 1 << i;
    }
    for (a, &r) in runs.iter().enumerate().take(t.cols) {
        if r == 0 {
            continue;
        }
        let col = s.col(&starts, a);
        let top_rank = usize::from(rank(col[col.len() - 1]));
        for k in 1..=r.min(15 - top_rank) {
            let mut targets = tops[top_rank + k] & !(1 << a);
            while targets != 0 {
                let b = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let target = s.cards[usize::from(starts[b + 1]) - 1];
                let head_at = col.len() - k;
                let head = col[head_at];
                let keep = if k < r {
                    // Splitting a run in suit: only onto its suit, to let another run's
                    // lowest card (a twin of the head) join the card uncovered.
                    target == head + 1 && heads[usize::from(head & 63)] & !(1 << a | 1 << b) != 0
                } else if head_at > usize::from(s.down[a])
                    && rank(col[head_at - 1]) == rank(head) + 1
                    && target != head + 1
                {
                    // Sideways, from one card of the next rank to another of another suit:
                    // only to let a card of the uncovered one's suit join it.
                    in_run[usize::from((col[head_at - 1] - 1) & 63)] & !(1 << a) != 0
                } else {
                    true
                };
                if keep {
                    out.push(Step::Transfer {
                        a: a as u8,
                        b: b as u8,
                        k: k as u8,
                    });
                }
            }
        }
        if let Some(e) = first_empty {
            for k in 1..=r {
                if k == col.len() || (k < r && buried) {
                    continue;
                }
                out.push(Step::Transfer {
                    a: a as u8,
                    b: e as u8,
                    k: k as u8,
                });
            }
        }
    }
    if s.can_deal(t) {
        out.push(Step::Deal);
    }
}

/// Apply `step` to `s`.
#[inline]
pub(crate) fn apply(s: &mut State, t: &Table, step: Step) {
    match step {
        Step::Transfer { a, b, k } => {
            s.transfer(t, usize::from(a), usize::from(b), usize::from(k));
        }
        Step::Deal => {
            s.deal(t);
        }
    }
}

/// The key and evaluation of a position, column by column, so that a child which differs
/// from its parent in two columns costs two columns' work.
///
/// The evaluation (lower is better) counts, with [`Weights`]: hidden cards, joins still to
/// make, breaks in the face-up runs (soft between ranks in sequence, hard otherwise), empty
/// columns, suits on the tableau, the stock, and face-up cards lying on face-down ones.
/// The key hashes the columns in order, or as a multiset once the stock is empty (then the
/// columns are interchangeable).
#[derive(Clone, Copy)]
pub(crate) struct Parts {
    key: [u64; COLS],
    score: [i32; COLS],
    key_sum: u64,
    score_sum: i32,
    loose: bool,
}

impl Parts {
    /// The parts of `s`.
    pub fn of(s: &State, t: &Table, w: &Weights) -> Parts {
        let starts = s.starts(t);
        let loose = s.stock_empty(t);
        let mut p = Parts {
            key: [0; COLS],
            score: [0; COLS],
            key_sum: 0,
            score_sum: 0,
            loose,
        };
        for i in 0..t.cols {
            let (k, e) = column(s.col(&starts, i), s.down[i], i, loose, w);
            p.key[i] = k;
            p.score[i] = e;
            p.key_sum = p.key_sum.wrapping_add(k);
            p.score_sum += e;
        }
        p
    }

    /// The key and evaluation of these parts' position.
    pub fn total(&self, s: &State, t: &Table, w: &Weights, blocks: i32) -> (u64, i32) {
        let (k, e) = global(s, t, w, blocks);
        (mix(self.key_sum ^ k), self.score_sum + e)
    }

    /// The key and evaluation of `child`, reached from these parts' position by `step`.
    pub fn child(
        &self,
        child: &State,
        t: &Table,
        w: &Weights,
        blocks: i32,
        step: Step,
    ) -> (u64, i32) {
        let p = self.child_parts(child, t, w, step);
        p.total(child, t, w, blocks)
    }

    /// The parts of `child`, reached from these parts' position by `step`.
    pub fn child_parts(&self, child: &State, t: &Table, w: &Weights, step: Step) -> Parts {
        let Step::Transfer { a, b, .. } = step else {
            return Parts::of(child, t, w);
        };
        let starts = child.starts(t);
        let mut p = *self;
        for i in [usize::from(a), usize::from(b)] {
            let (k, e) = column(child.col(&starts, i), child.down[i], i, self.loose, w);
            p.key_sum = p.key_sum.wrapping_sub(p.key[i]).wrapping_add(k);
            p.score_sum += e - p.score[i];
            p.key[i] = k;
            p.score[i] = e;
        }
        p
    }
}

/// One column's part of the key and of the evaluation.
#[inline]
fn column(col: &[u8], down: u8, i: usize, loose: bool, w: &Weights) -> (u64, i32) {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ u64::from(down) ^ (col.len() as u64) << 56;
    for &card in col {
        h = (h ^ u64::from(card)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    let salt = if loose { 0 } else { (i as u64 + 1) << 48 };
    let key = mix(h ^ salt);
    if col.is_empty() {
        return (key, -w.empty);
    }
    let down = usize::from(down);
    let mut e = w.hidden * down as i32;
    if down > 0 {
        e += w.cover * (col.len() - down) as i32;
    }
    for pair in col[down..].windows(2) {
        let (below, above) = (pair[0], pair[1]);
        e += if above + 1 == below {
            -w.join
        } else if rank(above) + 1 == rank(below) {
            w.soft_break
        } else {
            w.hard_break
        };
    }
    (key, e)
}

/// The parts of the key and evaluation that are not a column's: suits still to build and
/// the stock.
fn global(s: &State, t: &Table, w: &Weights, blocks: i32) -> (u64, i32) {
    let r = i32::from(t.top);
    let blocks = blocks - i32::from(s.removed);
    let stock = (t.stock.len() - usize::from(s.dealt).min(t.stock.len())) as i32;
    let e = (w.join * (r - 1) + w.block) * blocks + w.stock * stock;
    let k = mix(u64::from(s.dealt) << 8 | u64::from(s.removed));
    (k, e)
}

/// A 64-bit finalizer (SplitMix64's).
#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_counts_hidden_cards_cover_joins_and_breaks() {
        // KS face down; QS JS TH 5C face up: one join, one soft break, one hard break.
        let w = Weights::default();
        let (_, e) = column(&[0x0d, 0x0c, 0x0b, 0x1a, 0x35], 1, 0, false, &w);
        assert_eq!(
            e,
            w.hidden + 4 * w.cover - w.join + w.soft_break + w.hard_break
        );
        let (_, empty) = column(&[], 0, 0, false, &w);
        assert_eq!(empty, -w.empty);
    }

    #[test]
    fn columns_are_interchangeable_in_the_key_only_when_loose() {
        let w = Weights::default();
        let (fixed0, _) = column(&[0x0d], 0, 0, false, &w);
        let (fixed1, _) = column(&[0x0d], 0, 1, false, &w);
        let (loose0, _) = column(&[0x0d], 0, 0, true, &w);
        let (loose1, _) = column(&[0x0d], 0, 1, true, &w);
        assert_ne!(fixed0, fixed1);
        assert_eq!(loose0, loose1);
    }
}
