//! A necessary condition for a German Patience win, which proves positions lost early.
//!
//! A pile's *need* is one above its top, and the *tokens* are the multiset of the needs. The
//! waste is a stack: when a waste card of rank r is built, every card above it and every stock
//! card turned meanwhile has been built. While no pile can become empty, the tokens at that
//! moment are bounded by the tokens now and the builds in between; if no number of further
//! stock cards leaves a token at r, the position is lost. The test is made only when no pile
//! can become empty before then; when none can for the rest of the game and few stock cards are
//! left (at most [`ENDGAME_STOCK`]), the endgame of [`super::endgame`] is searched too. The
//! argument is in `games/german-patience/SEARCH.md`.

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
