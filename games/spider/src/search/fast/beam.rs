//! Beam search over the compact Spider state: breadth first, keeping the best `width` new
//! positions of each level (the generic [`beam`](solitaire_search::beam) on [`State`], many times faster).

use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use crate::search::guide::Weights;
use solitaire_search::Meter;
use solitaire_search::beam::path;
use solitaire_search::key::LowBits;

use super::guide::{Parts, Step, apply, moves};
use super::state::{State, Table};

/// A set of position keys.
pub(crate) type Keys = HashSet<u64, BuildHasherDefault<LowBits>>;

struct Child {
    eval: i32,
    key: u64,
    parent: u32,
    step: Step,
}

/// One beam search of `width` from `start`, dealing (or steering towards positions that may
/// deal) after `patience` levels without a better position: the steps of a win, or `None` (out of time or
/// memory, or every position pruned).
pub(crate) fn beam(
    t: &Table,
    w: &Weights,
    blocks: i32,
    start: &State,
    width: usize,
    patience: usize,
    meter: &mut Meter,
) -> Option<Vec<Step>> {
    if start.is_won(t) {
        return Some(Vec::new());
    }
    let mut visited = Keys::default();
    visited.insert(Parts::of(start, t, w).total(start, t, w, blocks).0);
    let mut beam = vec![(*start, Parts::of(start, t, w))];
    let mut levels: Vec<Vec<(u32, Step)>> = Vec::new();
    let mut steps = Vec::new();
    let (mut best_ever, mut stall) = (i32::MAX, 0);
    let mut children: Vec<Child> = Vec::new();
    loop {
        // A beam on a plateau deals if it can; if none of it may deal (spaces), it is steered
        // towards positions that may.
        let stalled = stall >= patience;
        let ready = stalled && beam.iter().any(|(p, _)| p.can_deal(t));
        let (force, steer) = (ready, stalled && !ready);
        children.clear();
        for (i, (pos, parts)) in beam.iter().enumerate() {
            if meter.out_of_time() {
                return None;
            }
            moves(pos, t, &mut steps);
            for &step in &steps {
                if force && step != Step::Deal {
                    continue;
                }
                let mut child = *pos;
                apply(&mut child, t, step);
                meter.nodes += 1;
                if child.is_won(t) {
                    return Some(path(&levels, i as u32, step));
                }
                let (k, e) = parts.child(&child, t, w, blocks, step);
                let unready = steer && !child.can_deal(t);
                children.push(Child {
                    eval: e + if unready { 1000 } else { 0 },
                    key: k,
                    parent: i as u32,
                    step,
                });
            }
        }
        // Positions kept at an earlier level are dropped after a first cut by evaluation, so
        // that only about twice the width are looked up in the (large, cache-cold) history.
        children.sort_unstable_by_key(|c| c.key);
        children.dedup_by_key(|c| c.key);
        if children.len() > 2 * width {
            children.select_nth_unstable_by_key(2 * width, |c| (c.eval, c.key));
            children.truncate(2 * width);
        }
        children.retain(|c| !visited.contains(&c.key));
        if children.is_empty() {
            return None;
        }
        if children.len() > width {
            children.select_nth_unstable_by_key(width, |c| (c.eval, c.key));
            children.truncate(width);
        }
        let level_best = children.iter().map(|c| c.eval).min().unwrap_or(i32::MAX);
        if force || level_best < best_ever {
            (best_ever, stall) = (level_best, 0);
        } else {
            stall += 1;
        }
        let mut next = Vec::with_capacity(children.len());
        let mut level = Vec::with_capacity(children.len());
        for c in &children {
            let (mut pos, parts) = beam[c.parent as usize];
            apply(&mut pos, t, c.step);
            visited.insert(c.key);
            next.push((pos, parts.child_parts(&pos, t, w, c.step)));
            level.push((c.parent, c.step));
        }
        levels.push(level);
        beam = next;
        if visited.len() >= meter.budget.states {
            return None;
        }
    }
}
