//! A necessary condition for a German Patience win, which proves positions lost early.
//!
//! **Needs.** A pile's cards are the consecutive ranks from its base, so a pile that is
//! neither empty nor complete takes exactly one rank next: its *need* (one above its top). Call
//! the multiset of the needs the *tokens*. Building a card of rank s (from the waste or the
//! stock) on a pile moves one token from s to s + 1. Packing pile A's top (rank n - 1, A's need
//! n) on pile B (B's need n - 1) gives A the need n - 1 and B the need n: the tokens do not
//! change, unless A is emptied (its token at n - 1 goes) or B completed (its token goes).
//! Completing removes a token; filling an empty pile with rank s adds one at s + 1.
//!
//! **The waste is a stack.** Take a waste card X of rank r and the cards Y above it. X is
//! built at some time T (a win builds every card), and then X is the waste's top: every Y has
//! been built, and so has every stock card turned before T (it went onto the waste, above X,
//! or into an empty pile). Suppose no pile is empty from now until T. Then between now and T
//! exactly the Y and the stock cards up to some index d' have been built, each moving a token
//! up by one, and tokens were only removed besides (completions): so the tokens at T are at
//! most `tokens now + sum over those cards of (e(s+1) - e(s))` rank by rank, and that vector
//! (the *estimate*) must have no negative entry (tokens exist) and at least one token at r
//! (X is built on a pile that needs r). If no d' between the stock's position now and its end
//! gives such an estimate, the position is lost.
//!
//! **When no pile can be empty.** The test is made only when no pile is empty now and none can
//! become empty before T. In play a pile empties only when its last card (its base b) packs on
//! a pile whose need is b, so some token must be at b then: either one is at b now or a card of
//! rank b - 1 is built before T (the only way a token reaches b without an empty pile). So if
//! for every pile's base b no token is at b and no card of rank b - 1 is left in the stock or
//! above X, no pile empties before T. In the opening (where empties are refilled) there is no
//! waste, and the test is not made.

use super::board::{Board, Rank};

/// Per rank (index 0 unused), a count.
type Counts = [i16; 14];

/// The estimate's change when a card of rank `s` is built.
fn build(v: &mut Counts, s: Rank, board: &Board) {
    v[usize::from(s)] -= 1;
    v[usize::from(board.next(s))] += 1;
}

/// Whether `board` passes the necessary condition of the module's comment.
pub(crate) fn may_win(board: &Board) -> bool {
    if board.opening || board.waste.len() < 2 {
        return true;
    }
    let mut tokens: Counts = [0; 14];
    let mut bases = 0u16;
    for &p in &board.piles {
        if p.len == 0 {
            return true;
        }
        if !board.complete(p) {
            tokens[usize::from(board.need(p))] += 1;
            bases |= 1 << p.base;
        }
    }
    let stock = board.stock_left();
    // Per rank, whether a card of that rank is left in the stock.
    let mut in_stock = 0u16;
    for &s in stock {
        in_stock |= 1 << s;
    }
    // The ranks that, once built, bring a token to a pile's base.
    let before_base = (1..=board.ranks)
        .filter(|&b| bases & 1 << b != 0)
        .fold(0u16, |m, b| {
            m | 1 << ((b + board.ranks - 2) % board.ranks + 1)
        });
    let token_at_base =
        (1..=board.ranks).any(|b| bases & 1 << b != 0 && tokens[usize::from(b)] > 0);
    if token_at_base || in_stock & before_base != 0 {
        return true;
    }
    // The estimate with the Y above X built, from the top of the waste down.
    let mut above = tokens;
    let mut above_ranks = 0u16;
    for &x in board.waste.iter().rev() {
        if above_ranks & before_base != 0 {
            return true;
        }
        if !reachable(board, &above, x, stock) {
            return false;
        }
        build(&mut above, x, board);
        above_ranks |= 1 << x;
    }
    true
}

/// Whether some number of the next stock cards, built after `estimate`, leaves no negative
/// entry and a token at `r`.
fn reachable(board: &Board, estimate: &Counts, r: Rank, stock: &[Rank]) -> bool {
    let mut v = *estimate;
    let mut negative = v.iter().filter(|&&c| c < 0).count();
    for i in 0..=stock.len() {
        if negative == 0 && v[usize::from(r)] > 0 {
            return true;
        }
        let Some(&s) = stock.get(i) else { break };
        let (a, b) = (usize::from(s), usize::from(board.next(s)));
        if v[a] == 0 {
            negative += 1;
        }
        if v[b] == -1 {
            negative -= 1;
        }
        v[a] -= 1;
        v[b] += 1;
    }
    false
}
