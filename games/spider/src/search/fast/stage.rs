//! Stage search: Spider's play falls into stages separated by deals. Within a stage a
//! best-first search explores the positions reachable without dealing (up to `nodes`
//! expansions); the positions it found that may deal are ranked by how good they are once
//! the next ten cards are down (the search sees the stock), and the best `branch` of them
//! are dealt and searched in turn, depth first, backtracking on failure.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::search::guide::Weights;
use solitaire_search::Meter;

use super::beam::Keys;
use super::guide::{Parts, Step, apply, moves};
use super::state::{State, Table};

/// The search ran out of time.
pub(crate) struct OutOfTime;

/// One pass of the stage search with fixed limits.
pub(crate) struct Stages<'a> {
    pub t: &'a Table,
    pub w: &'a Weights,
    pub blocks: i32,
    /// Expansions of one stage's best-first search (the last stage gets four times more).
    pub nodes: usize,
    /// Positions dealt from, at most, per stage.
    pub branch: usize,
    /// Stage starts already searched without a win.
    pub failed: Keys,
    pub meter: &'a mut Meter,
}

/// A stage's search tree: each position, its parent and the step from it.
struct Tree {
    states: Vec<State>,
    links: Vec<(u32, Step)>,
}

impl Tree {
    /// The steps from the root to node `i`.
    fn path(&self, mut i: u32) -> Vec<Step> {
        let mut steps = Vec::new();
        while i != 0 {
            let (parent, step) = self.links[i as usize];
            steps.push(step);
            i = parent;
        }
        steps.reverse();
        steps
    }
}

impl Stages<'_> {
    /// Search from `start`: the steps of a win, `None` if this pass found none in its time.
    pub fn search(&mut self, start: &State) -> Option<Vec<Step>> {
        self.stage(start).ok().flatten()
    }

    fn stage(&mut self, root: &State) -> Result<Option<Vec<Step>>, OutOfTime> {
        let (t, w, blocks) = (self.t, self.w, self.blocks);
        let last = root.stock_empty(t);
        let cap = if last { self.nodes * 4 } else { self.nodes };
        let mut tree = Tree {
            states: vec![*root],
            links: vec![(0, Step::Deal)],
        };
        let mut seen = Keys::default();
        seen.insert(Parts::of(root, t, w).total(root, t, w, blocks).0);
        let mut pending: Vec<(u32, Step)> = Vec::new();
        let mut heap: BinaryHeap<Reverse<(i32, u32)>> = BinaryHeap::new();
        let mut steps = Vec::new();
        let mut node = 0u32;
        loop {
            let state = tree.states[node as usize];
            if self.meter.out_of_time() {
                return Err(OutOfTime);
            }
            moves(&state, t, &mut steps);
            let parts = Parts::of(&state, t, w);
            for &step in &steps {
                if step == Step::Deal {
                    continue;
                }
                let mut child = state;
                apply(&mut child, t, step);
                self.meter.nodes += 1;
                if child.is_won(t) {
                    let mut path = tree.path(node);
                    path.push(step);
                    return Ok(Some(path));
                }
                let (k, e) = parts.child(&child, t, w, blocks, step);
                if seen.insert(k) {
                    heap.push(Reverse((e, pending.len() as u32)));
                    pending.push((node, step));
                }
            }
            if tree.states.len() >= cap {
                break;
            }
            let Some(Reverse((_, i))) = heap.pop() else {
                break;
            };
            let (parent, step) = pending[i as usize];
            let mut next = tree.states[parent as usize];
            apply(&mut next, t, step);
            node = tree.states.len() as u32;
            tree.states.push(next);
            tree.links.push((parent, step));
        }
        if last {
            return Ok(None);
        }
        // The positions that may deal, ranked by the position after the deal.
        let mut dealt: Vec<(i32, u64, u32)> = Vec::new();
        let mut keys = Keys::default();
        for (i, s) in tree.states.iter().enumerate() {
            if !s.can_deal(t) {
                continue;
            }
            let mut child = *s;
            child.deal(t);
            let (k, e) = Parts::of(&child, t, w).total(&child, t, w, blocks);
            if keys.insert(k) && !self.failed.contains(&k) {
                dealt.push((e, k, i as u32));
            }
        }
        dealt.sort_unstable();
        for &(_, k, i) in dealt.iter().take(self.branch) {
            let mut child = tree.states[i as usize];
            child.deal(t);
            if child.is_won(t) {
                let mut path = tree.path(i);
                path.push(Step::Deal);
                return Ok(Some(path));
            }
            if let Some(rest) = self.stage(&child)? {
                let mut path = tree.path(i);
                path.push(Step::Deal);
                path.extend(rest);
                return Ok(Some(path));
            }
            self.failed.insert(k);
        }
        Ok(None)
    }
}
