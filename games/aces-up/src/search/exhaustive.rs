//! The exhaustive search: depth first over every position reachable from the start, each
//! expanded once (a transposition table of 128-bit keys). Finding no win after expanding
//! every reachable position proves the deal lost. Five reductions shrink the graph, each
//! proved below and checked by the tests against the search without them on small deals; the
//! fourth, dead ends, is told by two relaxed games, the ghost games (one without spaces,
//! played once, and one with spaces, searched within a budget).
//!
//! **Lowest discards.** Let X be a top card that can be discarded, such that no card of its
//! suit lower than X is left in play (in a column or the stock). Then from position S,
//! discarding X (giving A) loses nothing: S can be won only if A can. Take any move sequence
//! that wins from S (call the positions it passes through B) and play it from A, skipping the
//! moves that touch X. Throughout, A is B with X taken out (the same stock position, each
//! column of A the column of B without X):
//! - a deal puts the same cards on the same columns in both;
//! - a move of X into a space is skipped (in B, X then lies alone in a column that is empty
//!   in A); a move of another top card Z into a space is legal in A too, since Z is on top of
//!   its column in A as well (only X is missing there) and every space of B is a space of A;
//! - a discard of X is skipped; a discard of another card Z, beaten by the top card T of
//!   another column, is legal in A: Z is on top there too, and T is not X, because X beats
//!   only lower cards of its suit and none is in play (cards never come back into play, so
//!   none appears later);
//! - when B is won (the stock out, only Aces left), so is A, which holds fewer cards.
//!
//! Since A is a child of S, S is won exactly when A is: the search may play such a discard at
//! once and try nothing else from S.
//!
//! **Endgame discards.** With the stock out, discarding any top card X that can be discarded
//! (beaten by the top card Y of another column) loses nothing. The same replay works, with
//! one more case: B discards a card Z beaten by X itself. No deal comes any more, and then the
//! highest top card of a suit never gets lower: a top card leaves its column only by a move
//! into a space (it stays a top card) or by a discard, which needs a higher top card of its
//! suit that stays; the cards a move or a discard uncovers only add top cards. So when B
//! discards Z with X, some top card M of X's suit is at least as high as Y, higher than X:
//! M is not X, is on top in A as well (A's column is B's without X), and beats Z there.
//!
//! **Columns alike once the stock is out.** Only a deal tells the columns apart (it serves
//! them in order); with the stock out every rule treats them alike, so positions that differ
//! by the order of their columns are won or lost together, and the key merges them.
//!
//! **Dead ends when no column can be emptied: the ghost game** ([`super::ghost`]). Take a
//! position without a space. Its ghost game plays the real columns and deals, with no move
//! into a space, and with one relaxation: a card discarded from a column leaves a ghost there.
//! While no card dealt after the discard is in its column (the ghost is *uncovered*), the
//! ghost beats any lower card of its suit on top of another column; a card dealt onto the
//! column covers it until that card goes too. It discards all it can, deals, and
//! again until the stock is out. Call G_j its columns once it can discard nothing more after
//! j deals.
//!
//! *Until a column first empties, each column of G_j is part of the real one.* Take a real
//! line from the position up to the first time a column empties (or to its end if none does).
//! An Ace is never discarded (no card beats it) and a card changes columns only by a move into
//! a space, which needs an empty column: so along this line each column only loses its top
//! card or gains a dealt card. Take any moment of it after j deals and suppose each column of
//! G_j is the real one with some cards taken out, which holds before any move (G_0 only takes
//! cards out). Then every real top card Y of a column e beats in the ghost game after j deals
//! as well: either Y is in G_j's column e, on top there since every card above it in the real
//! column is not, or the ghost game discarded Y from e, leaving its ghost, which is
//! uncovered: a card dealt to e after that came after Y, so it lies above Y in the real
//! column, where nothing lies above Y; it is gone from the real column, so from G_j's too.
//! So a real discard of a card X, beaten by such a Y on
//! another column, finds X gone from G_j already: were X there, it would be on top (as in
//! the real column) and the ghost game could discard it, which it cannot any more. Each
//! column of G_j is still the real one less some cards after the discard; a deal puts the
//! same cards on the same columns in both, after which the ghost game only discards more, so
//! it holds after the deal for G_(j+1) too.
//!
//! *When no G_j has an empty column and the last one holds a card other than an Ace, the
//! position is lost.* A column empty in the real game at some moment is empty in the G_j of
//! that moment, so no column ever empties; every real line is then such a line to its end,
//! where a win leaves only Aces, and so would the last G_j. The search does not expand such a
//! dead end: no win passes through it. (The discard of a card X with no lower card of its suit
//! in play changes no ghost game: the ghost game from before it discards X in its first pass,
//! and X's ghost beats nothing; so the search does not ask again.) It covers, among others, a card below an Ace of its
//! column once every column holds an Ace, a card that no higher card of its suit can ever
//! reach, and cards the deals bury under what they wait for, or bury what they wait for under.
//!
//! **The ghost game with spaces** ([`super::ghost_spaces`]). Just after a deal, the search
//! asks the ghost game again, this time with the real moves into spaces. Up to its first
//! space (an empty column once it can discard nothing more) it is the ghost game above; from
//! then on every ghost left, covered or not, beats any lower card of its suit wherever it
//! lies (its own column too); if it never has a space, it is won only when it ends with Aces
//! alone. *Every real win gives a win of it.* Say the ghost game first has a space after j
//! deals. No real column empties before the real j-th deal (it would be empty in the ghost
//! game of that moment, by the proof above), so up to then no real card has changed columns,
//! and from then until the first real space the proof above keeps each column of the ghost
//! game part of the real one, and every real top card on top of the same column there or
//! leaving a ghost (which now beats anywhere). From the real j-th deal on, play the ghost game
//! alongside the real winning line, discarding all it
//! can before each real move, and keep: each of its columns is the real one with some cards
//! taken out, and every real top card is on top of the same column there or has left a ghost.
//! A real discard of a card X beaten by a real top card Y: Y beats there as well (on top of
//! another column, or as a ghost), so X is gone already (were it there, it would be on top,
//! as in the real column, and could still be discarded). A real move of a top card X into a
//! space: if X is still there, it is on top of the same column, and the space is empty there
//! too (part of an empty column): the ghost game makes the same move; if X is gone, its ghost
//! beats for it. A deal puts the same cards on the same columns. At the end of the real win,
//! each column of the ghost game is part of a column of Aces alone. *Discarding all it can
//! loses nothing there:* replay any of its winning lines without the moves of a card X that
//! can go: a move of X into a space is left out (that column holds less), a discard that X
//! made on top is made by X's ghost, which beats anywhere, and the columns keep holding the
//! other line's cards or fewer. So its search discards all it can and branches only on which
//! top card fills which space (with the stock out the columns are alike: one space, and never
//! a lone card) and on when to deal; positions are keyed by the columns, the cards dealt and
//! the ghosts' strengths. It is exhaustive within a budget of new positions, and claims
//! nothing when the budget runs out. *Answers are kept from one question to the next:* a win
//! found from a position is a win whenever it is met again; a loss only when its search met
//! no position still being searched (a lone card moved from space to space can make a loop,
//! and a position on a loop looks lost to its own search only because its answer is not
//! known yet).
//!
//! **Lighter positions.** The replay of the first proof never uses that X is on top: for any
//! card X in a column such that no card of its suit lower than X is in play (in a column or
//! the stock), the position A made of B by taking X out is won whenever B is, by B's winning
//! moves less those of X, so by no more moves. Taking out in turn the lowest card in play of a
//! suit, then the next lowest, of one suit or more, gives a *lighter* position of B (the search
//! takes out the lowest card of one suit, lying in a column, not an Ace: more cards cut few
//! more positions and cost a look in the table each): it has the
//! same stock still to deal and is won whenever B is, in no more moves. The search does not
//! expand a position with a lighter position in its table. This loses no win: suppose the
//! start can be won but the search ends without a win. Among the positions it expanded that
//! can be won, take P with the fewest moves to a win, d. P's child on a shortest win (or,
//! when P was given a safe discard alone, that child: by the proofs above it wins in fewer
//! moves than P, since P's win must discard the card) wins in at most d - 1 moves and was
//! not expanded: so it was in the table already, or had a lighter position in it. A position
//! put in the table and not expanded is a dead end (never won) or had a lighter position in
//! the table, with fewer cards; following these, each won in no more moves, ends at an
//! expanded position won in at most d - 1 moves, against the choice of P.

use super::board::{Board, Step};
use super::ghost_spaces::GhostSpaces;
use super::keys::KeySet;
#[cfg(test)]
use solitaire_search::Meter;
use solitaire_search::pausable::{self, Walk};
use solitaire_search::walk_board_methods;

/// What the search may use beyond the rules (all on in the real search; the tests turn them
/// off to check them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reductions {
    /// Play the discard of a card with no lower card of its suit in play at once, and nothing
    /// else from that position.
    pub lowest_discards: bool,
    /// With the stock out, play any discard at once, and nothing else from that position.
    pub endgame_discards: bool,
    /// Merge positions that differ by the order of their columns once the stock is out.
    pub merge_columns: bool,
    /// Expand no dead end ([`Board::dead_end`], and just after a deal
    /// [`Board::ghost_spaces_lost`]).
    pub dead_ends: bool,
    /// Expand no position that has a lighter position already seen.
    pub lighter: bool,
}

impl Reductions {
    pub const ALL: Reductions = Reductions {
        lowest_discards: true,
        endgame_discards: true,
        merge_columns: true,
        dead_ends: true,
        lighter: true,
    };
    #[cfg(test)]
    pub const NONE: Reductions = Reductions {
        lowest_discards: false,
        endgame_discards: false,
        merge_columns: false,
        dead_ends: false,
        lighter: false,
    };
}

/// The answer of the search; `Lost`: every reachable position was expanded or had a lighter
/// one expanded.
#[cfg(test)]
pub(crate) type Verdict = pausable::Verdict<Step>;

/// The positions the exhaustive search may remember for a budget of `states`: four times as
/// many, since its table takes 16 bytes a position where the budget reckons with up to 40
/// (48 M positions by default, a table of 1 GiB).
pub(crate) fn table_limit(states: usize) -> usize {
    states.saturating_mul(4)
}

/// The new positions the ghost game with spaces searches at most per question.
const GHOST_BUDGET: u32 = 500;

/// The search's own state: the keys of the current position's lighter positions, and the
/// ghost game with spaces with what it keeps.
#[derive(Default)]
pub(crate) struct Scratch {
    lighter: Vec<u128>,
    ghost: GhostSpaces,
}

/// The exhaustive search, which can pause (a node cap) and go on where it stopped, with its
/// own [`Scratch`].
pub(crate) type Dfs = pausable::Dfs<Walker>;

/// The board with its reductions and its scratch state, as the search walks them.
pub(crate) struct Walker {
    /// The position at the end of the search's path.
    pub board: Board,
    pub reductions: Reductions,
    pub extra: Scratch,
}

impl From<(Board, Reductions)> for Walker {
    fn from((board, reductions): (Board, Reductions)) -> Walker {
        Walker {
            board,
            reductions,
            extra: Scratch::default(),
        }
    }
}

impl Walk for Walker {
    type Step = Step;
    type Table = KeySet;

    fn table_limit(states: usize) -> usize {
        table_limit(states)
    }
    fn key(&self) -> u128 {
        self.board.key(self.reductions.merge_columns)
    }
    walk_board_methods!();
    fn admit(&mut self, step: Step, _branching: bool, seen: &mut KeySet) -> bool {
        let merge = self.reductions.merge_columns;
        let key = self.board.key(merge);
        if !seen.insert(key) {
            return false;
        }
        let dead_ends = self.reductions.dead_ends;
        match step {
            // The discard of a card with no lower card of its suit in play leaves a ghost that
            // beats nothing: the ghost game goes as from the position before (not a dead end).
            Step::Discard(_, card) if self.board.lowest_in_play(card) => return true,
            // Just after a deal, the ghost game with spaces below tells the dead end too: it
            // starts with the ghost game, and stops there when that empties no column.
            Step::Deal(_) => {}
            _ => return !(dead_ends && self.board.dead_end()),
        }
        // Lighter positions and the ghost game with spaces are looked for only just after a
        // deal: each costs a look in a table, or a search, and a position pruned there takes
        // its whole stage along. The lighter keys are asked of the memory first, and looked
        // for once the ghost game without spaces has had its say (most positions pruned here
        // are its dead ends, which need no look at all).
        let lighter = self.reductions.lighter;
        if lighter {
            self.board.lighter_keys(merge, key, &mut self.extra.lighter);
            for &k in &self.extra.lighter {
                seen.prefetch(k);
            }
        }
        // Whether the ghost game without spaces proves the position lost (`None`: its search
        // with spaces must tell).
        let lost = if dead_ends {
            self.board.ghost_spaces_set(&mut self.extra.ghost)
        } else {
            Some(false)
        };
        if lost == Some(true) {
            return false;
        }
        if lighter && self.extra.lighter.iter().any(|&k| seen.contains(k)) {
            return false;
        }
        !(lost.is_none() && self.extra.ghost.search_set(GHOST_BUDGET) == Some(false))
    }

    /// A safe discard alone when there is one (and the reductions allow it), every legal move
    /// otherwise.
    fn expand(&self, moves: &mut Vec<Step>) {
        let (board, r) = (&self.board, self.reductions);
        match board.safe_discard(r.lowest_discards, r.endgame_discards) {
            Some(step) => moves.push(step),
            None => board.moves(moves),
        }
    }
    fn prefetch(&mut self, moves: &[Step], seen: &KeySet) {
        let merge = self.reductions.merge_columns;
        for &step in moves {
            seen.prefetch(self.board.child_key(step, merge));
        }
    }
}

/// Search `board` for a win within `meter`'s budget.
#[cfg(test)]
pub(crate) fn search(board: &Board, reductions: Reductions, meter: &mut Meter) -> Verdict {
    Dfs::new(board.clone(), reductions).run(u64::MAX, meter)
}
