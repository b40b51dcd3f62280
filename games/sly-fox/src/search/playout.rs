//! Play-outs that look for a win fast: build whatever builds, then lay each deal's cards (all
//! known to the solver) by a least-cost assignment of cards to piles, found whole rather than
//! one card at a time.
//!
//! Every pile gets exactly one card per deal, so after a deal the tops are the dealt cards
//! whichever way they were laid: what a placement decides is only what each card buries. A
//! card's *distance* is how many cards of its suit must be built before it; a pile's *urgency*
//! is the least distance among its cards. Laying card c on pile P costs nothing when c is
//! wanted no later than anything in P (c's distance at most P's urgency, or P empty), and
//! otherwise the gap, which is how much sooner P is needed than c. The twenty cards of a deal
//! and the piles form a square cost matrix whose least-cost assignment is the play-out's
//! deal; the cost being convex in the gap, sorting both sides finds one ([`monotone`]). A play-out that wins is a win; one that sticks proves nothing, so
//! play-outs are repeated with the distances jittered (a per-suit pace and per-card noise) for
//! variety, and nested: before each deal, the play-outs of several jitters are compared and
//! the deal of the best is made (nested Monte Carlo search of level one).
//!
//! The two copies of a rank between Ace and King go one up and one down, so a card's distance
//! depends on which copy it is: of two copies in sight, the one nearer a top is counted for
//! the foundation that wants the rank sooner.

use solitaire_core::shuffle::{below, rng_for};

use super::board::{Board, Phase, Step, suit};
use solitaire_search::Meter;

/// Build whatever builds (the first build found, until none is left): the board then waits
/// for a deal, or is won or stuck.
fn build_all(b: &mut Board, steps: &mut Vec<Step>) {
    let mut moves = Vec::new();
    loop {
        b.moves(&mut moves);
        let Some(&build) = moves.iter().find(|s| matches!(s, Step::Build(..))) else {
            return;
        };
        steps.push(build);
        b.apply(build);
    }
}

/// Deal (the stock is not empty, no deal is in progress), laying the cards by `jitter`'s
/// assignment.
fn deal(b: &mut Board, steps: &mut Vec<Step>, jitter: &Jitter) {
    steps.push(Step::Deal);
    b.apply(Step::Deal);
    lay(b, steps, jitter);
}

/// Lay the rest of the deal in progress by `jitter`'s assignment.
fn lay(b: &mut Board, steps: &mut Vec<Step>, jitter: &Jitter) {
    for p in assign(b, jitter) {
        steps.push(Step::Place(p));
        b.apply(Step::Place(p));
    }
}

/// How many cards are not on the foundations.
fn left(b: &Board) -> usize {
    b.stock.len() + usize::from(b.hand.is_some()) + b.piles.iter().map(Vec::len).sum::<usize>()
}

/// Play `b` out by `jitter` (a deal in progress first finished by it), the moves added to
/// `steps`: the cards left when it sticks (0: won).
pub(crate) fn play_out(b: &mut Board, steps: &mut Vec<Step>, jitter: &Jitter) -> usize {
    if b.phase == Phase::Dealing {
        lay(b, steps, jitter);
    }
    loop {
        build_all(b, steps);
        if b.stock.is_empty() {
            return left(b);
        }
        deal(b, steps, jitter);
    }
}

/// A nested play-out from `board`: before each deal, the play-outs of `tries` new jitters
/// (numbered from `first`) and of the best so far are compared, and the deal of the one that
/// leaves fewest cards is made. The moves, and the cards they leave (0: won); each play-out's
/// moves count as `meter`'s nodes, and it stops early when `meter` runs out.
fn nested(board: &Board, first: u64, tries: u64, meter: &mut Meter) -> (Vec<Step>, usize) {
    let mut b = board.clone();
    let mut steps = Vec::new();
    let mut best = Jitter::NONE;
    let mut next = first;
    loop {
        if b.phase != Phase::Dealing {
            build_all(&mut b, &mut steps);
            if b.stock.is_empty() {
                return (steps, left(&b));
            }
        }
        let mut best_left = usize::MAX;
        for n in std::iter::once(None).chain((next..next + tries).map(Some)) {
            let jitter = n.map_or_else(|| best.clone(), Jitter::nth);
            let mut c = b.clone();
            let mut rest = Vec::new();
            let l = play_out(&mut c, &mut rest, &jitter);
            meter.nodes += rest.len() as u64 + 1;
            if l == 0 {
                steps.extend(rest);
                return (steps, 0);
            }
            if l < best_left {
                best_left = l;
                best = jitter;
            }
            if meter.out_of_time() {
                return (steps, usize::MAX);
            }
        }
        next += tries;
        if b.phase == Phase::Dealing {
            lay(&mut b, &mut steps, &best);
        } else {
            deal(&mut b, &mut steps, &best);
        }
    }
}

/// The jitter of one play-out: distances are scaled by a pace per suit and shifted by a noise
/// per card (in hundredths of a card).
#[derive(Clone)]
pub(crate) struct Jitter {
    pace: [i32; 4],
    noise: [i32; 52],
}

impl Jitter {
    /// No jitter: the plain distances.
    pub const NONE: Jitter = Jitter {
        pace: [100; 4],
        noise: [0; 52],
    };

    /// The jitter of play-out number `n` (0 is [`Jitter::NONE`]).
    pub fn nth(n: u64) -> Jitter {
        if n == 0 {
            return Jitter::NONE;
        }
        let mut rng = rng_for(0x51f0 + n);
        let spread = 1 + (n % 4) as i32 * 40;
        let mut j = Jitter::NONE;
        for p in &mut j.pace {
            *p = 70 + below(&mut rng, 61) as i32;
        }
        for x in &mut j.noise {
            *x = below(&mut rng, spread as u64) as i32;
        }
        j
    }
}

/// The piles for the hand's card and the rest of the deal, in the order they come: a
/// least-cost assignment of the deal's cards to the piles not yet served.
fn assign(b: &Board, jitter: &Jitter) -> Vec<u8> {
    let open: Vec<usize> = (0..b.piles.len())
        .filter(|&p| b.marks & (1 << p) == 0)
        .collect();
    let mut cards: Vec<u8> = b.hand.into_iter().collect();
    cards.extend(b.stock.iter().rev().take(open.len().saturating_sub(1)));
    let (dealt, piled) = times(b, &cards, jitter);
    let urgency: Vec<i32> = open
        .iter()
        .map(|&p| piled[p].iter().copied().min().unwrap_or(i32::MAX))
        .collect();
    monotone(&dealt, &urgency)
        .into_iter()
        .map(|j| open[j] as u8)
        .collect()
}

/// When each card will be wanted (jittered hundredths of a card): the dealt `cards`, and each
/// pile's cards bottom up. The two copies of a rank between Ace and King go one up and one
/// down: when both are in sight and both foundations want the rank, the copy nearer a top
/// (a dealt card counting as a top) is taken for the foundation that wants it sooner.
fn times(b: &Board, cards: &[u8], jitter: &Jitter) -> (Vec<i32>, Vec<Vec<i32>>) {
    // Each card byte's copies in sight: (depth below the tops after the deal, where).
    let mut seen: [[(u16, u16, u16); 2]; 52] = [[(u16::MAX, 0, 0); 2]; 52];
    let mut count = [0u8; 52];
    let mut note = |c: u8, depth: u16, pile: u16, at: u16| {
        let k = &mut count[usize::from(c)];
        if *k < 2 {
            seen[usize::from(c)][usize::from(*k)] = (depth, pile, at);
            *k += 1;
        }
    };
    for (i, &c) in cards.iter().enumerate() {
        note(c, 0, u16::MAX, i as u16);
    }
    for (p, pile) in b.piles.iter().enumerate() {
        for (i, &c) in pile.iter().enumerate() {
            note(c, (pile.len() - i) as u16, p as u16, i as u16);
        }
    }
    let mut want = [[99i32; 2]; 52];
    for (f, &(s, up)) in b.kinds.iter().enumerate() {
        let t = b.tops[f];
        for r in 1..=13u8 {
            let c = usize::from(s * 13 + r - 1);
            let d = if up && r > t {
                i32::from(r - t) - 1
            } else if !up && r < t {
                i32::from(t - r) - 1
            } else {
                continue;
            };
            want[c][usize::from(!up)] = d;
        }
    }
    let mut dealt = vec![0; cards.len()];
    let mut piled: Vec<Vec<i32>> = b.piles.iter().map(|p| vec![0; p.len()]).collect();
    for c in 0..52u8 {
        let k = usize::from(count[usize::from(c)]);
        if k == 0 {
            continue;
        }
        let [a, z] = want[usize::from(c)];
        let (near, far) = (a.min(z), a.max(z));
        let mut copies = seen[usize::from(c)];
        copies[..k].sort_unstable();
        for (n, &(_, pile, at)) in copies[..k].iter().enumerate() {
            let d = if n == 0 || far == 99 { near } else { far };
            let t = d * jitter.pace[usize::from(suit(c))] + jitter.noise[usize::from(c)];
            if pile == u16::MAX {
                dealt[usize::from(at)] = t;
            } else {
                piled[usize::from(pile)][usize::from(at)] = t;
            }
        }
    }
    (dealt, piled)
}

/// The cost of laying a card wanted at `t` on a pile whose most urgent card is wanted at `u`.
pub(crate) fn gap(t: i32, u: i32) -> i64 {
    (i64::from(t) - i64::from(u)).max(0)
}

/// A least-cost assignment of the cards wanted at `t` (n of them) to piles of urgency `u`
/// (m ≥ n), each card to a pile of its own, the cost of a pair being [`gap`]: the pile of
/// each card.
///
/// The cost is a convex function of t − u, so for t ≤ t' and u ≤ u', gap(t, u) + gap(t', u')
/// ≤ gap(t, u') + gap(t', u) (the two differences on the left lie between the two on the
/// right and have the same sum). Any assignment with two crossing pairs can therefore be
/// uncrossed at no loss, and some least-cost assignment pairs the cards and the piles it uses
/// in the same order, both sorted: with n = m that is the sorted order itself, and with fewer
/// cards (the last deal) a dynamic program over the two sorted lists picks the piles, O(n m).
pub(crate) fn monotone(t: &[i32], u: &[i32]) -> Vec<usize> {
    let (n, m) = (t.len(), u.len());
    let mut rows: Vec<usize> = (0..n).collect();
    rows.sort_by_key(|&i| t[i]);
    let mut cols: Vec<usize> = (0..m).collect();
    cols.sort_by_key(|&j| u[j]);
    // best[i][j]: the least cost of the first i cards on the first j piles (sorted).
    const INF: i64 = i64::MAX / 4;
    let mut best = vec![vec![INF; m + 1]; n + 1];
    best[0].iter_mut().for_each(|b| *b = 0);
    for i in 1..=n {
        for j in i..=m {
            let pair = best[i - 1][j - 1] + gap(t[rows[i - 1]], u[cols[j - 1]]);
            best[i][j] = best[i][j - 1].min(pair);
        }
    }
    let mut pile = vec![0; n];
    let (mut i, mut j) = (n, m);
    while i > 0 {
        if j > i && best[i][j] == best[i][j - 1] {
            j -= 1;
        } else {
            pile[rows[i - 1]] = cols[j - 1];
            i -= 1;
            j -= 1;
        }
    }
    pile
}

/// Nested play-outs ([`nested`]) with ever new jitters, each round trying twice as many
/// jitters before each deal as the last (from [`TRIES`]), until one wins (its moves) or
/// `meter` runs out.
pub(crate) fn search(board: &Board, meter: &mut Meter) -> Option<Vec<Step>> {
    if board.stock.is_empty() && board.phase != Phase::Dealing {
        // No deal is left to lay: every play-out builds alike, so one is all there is (and
        // repeating it would never spend the budget).
        let (steps, left) = nested(board, 0, 0, meter);
        meter.nodes += steps.len() as u64 + 1;
        return (left == 0).then_some(steps);
    }
    let (mut first, mut tries) = (0, TRIES);
    loop {
        let (steps, left) = nested(board, first, tries, meter);
        if left == 0 {
            return Some(steps);
        }
        if meter.out_of_time() {
            return None;
        }
        first += 100 * tries;
        tries = (tries * 2).min(1 << 12);
    }
}

/// New jitters tried before each deal in the first round of nested play-outs.
const TRIES: u64 = 16;
