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
//! become empty before T. In play a pile A empties only by packing its cards away one by one,
//! top first: its top goes down through every rank v from its top now to its base, and leaves
//! each on another pile whose need is v at that moment. Before the first pile empties there is
//! no empty pile to fill, so a token reaches v only if one is at v now or a card of rank v - 1
//! is built (and every card built before T is in the stock or above X). So if every pile has
//! a rank v among its cards with no token at v now and no card of rank v - 1 in the stock or
//! above X, no pile empties before T. In the opening (where empties are refilled) there is no
//! waste, and the test is not made.
//!
//! **The endgame.** When no pile can become empty for the rest of the game (the test above
//! with every card left) and few stock cards are left, the relaxed game of
//! [`super::endgame`] is searched too.

use super::board::{Board, Rank};

use super::endgame::Counts;

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
    let mut token_ranks = 0u16;
    // Per pile not complete, the ranks of its cards.
    let mut ranges = [0u16; 16];
    let mut piles = 0;
    for &p in &board.piles {
        if p.len == 0 {
            return true;
        }
        if !board.complete(p) {
            let need = board.need(p);
            tokens[usize::from(need)] += 1;
            token_ranks |= 1 << need;
            let mut r = p.base;
            for _ in 0..p.len {
                ranges[piles] |= 1 << r;
                r = board.next(r);
            }
            piles += 1;
        }
    }
    let stock = board.stock_left();
    let mut available = 0u16;
    for &s in stock {
        available |= 1 << s;
    }
    // Whether some pile may become empty while only cards of the ranks `available` are built.
    let may_empty = |available: u16| {
        // The ranks a token may reach meanwhile.
        let mut reached = token_ranks;
        for r in 1..=board.ranks {
            if available & 1 << r != 0 {
                reached |= 1 << board.next(r);
            }
        }
        ranges[..piles].iter().any(|&range| range & !reached == 0)
    };
    // The estimate with the cards above X built, from the top of the waste down.
    let mut above = tokens;
    for &x in board.waste.iter().rev() {
        if may_empty(available) {
            return true;
        }
        if !reachable(board, &above, x, stock) {
            return false;
        }
        build(&mut above, x, board);
        available |= 1 << x;
    }
    // When no pile can become empty for the rest of the game, the relaxed endgame applies.
    stock.len() > ENDGAME_STOCK
        || may_empty(available)
        || super::endgame::relaxed_win(board, &tokens)
}

/// The relaxed endgame ([`super::endgame`]) is searched when at most this many stock cards
/// are left.
const ENDGAME_STOCK: usize = 12;

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
