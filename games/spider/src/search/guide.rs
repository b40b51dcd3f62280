//! Spider's guide for the searches: suit-run structure, hidden cards, empty columns, the
//! stock; and safe-move pruning (no breaking a run in suit, no pointless moves to a space).
//!
//! It reads only the layout (tableau columns, the stock, the deck's top rank), so it serves
//! every point of Weisser's family G(r, s, m, c, d) as well as the three shipped layouts.

use solitaire_core::{Game, Move, Pile, PileKind, Position};

use solitaire_search::Heuristic;

/// Weights of the evaluation (lower evaluations are better).
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    pub hidden: i32,
    pub join: i32,
    pub soft_break: i32,
    pub hard_break: i32,
    pub empty: i32,
    pub block: i32,
    pub stock: i32,
    /// Per face-up card lying over a column's face-down cards.
    pub cover: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            hidden: 6,
            join: 4,
            soft_break: 1,
            hard_break: 4,
            empty: 10,
            block: 6,
            stock: 1,
            cover: 2,
        }
    }
}

impl Weights {
    /// Weights from the tuning knob `spider-weights=h,j,s,hb,e,b,st,c` (tuning runs only).
    pub(crate) fn tuned() -> Option<Weights> {
        let text = solitaire_search::tuning::knob("spider-weights")?;
        let v: Vec<i32> = text
            .split(',')
            .filter_map(|x| x.trim().parse().ok())
            .collect();
        let [
            hidden,
            join,
            soft_break,
            hard_break,
            empty,
            block,
            stock,
            cover,
        ] = v[..]
        else {
            return None;
        };
        Some(Weights {
            hidden,
            join,
            soft_break,
            hard_break,
            empty,
            block,
            stock,
            cover,
        })
    }
}

/// The Spider guide for one layout.
pub struct SpiderGuide {
    columns: Vec<usize>,
    stock: usize,
    foundations: Vec<usize>,
    top_rank: u8,
    /// Blocks (complete suits) in the whole deck.
    blocks: i32,
    pub weights: Weights,
}

impl SpiderGuide {
    /// The guide for `game` (played by these rules); `None` without a stock.
    pub fn new(game: &Game) -> Option<SpiderGuide> {
        let layout = game.layout();
        let stock = layout.piles_of(PileKind::Stock).first().copied()?;
        Some(SpiderGuide {
            columns: layout.piles_of(PileKind::Tableau),
            stock,
            foundations: layout.piles_of(PileKind::Foundation),
            top_rank: layout.deck.ranks,
            blocks: (layout.deck.len() / usize::from(layout.deck.ranks.max(1))) as i32,
            weights: Weights::tuned().unwrap_or_default(),
        })
    }
}

impl Heuristic for SpiderGuide {
    fn eval(&self, pos: &Position) -> i32 {
        let w = &self.weights;
        let (mut hidden, mut joined, mut soft, mut hard, mut empty) = (0, 0, 0, 0, 0);
        let mut cover = 0;
        for &c in &self.columns {
            let pile = pos.pile(c);
            if pile.is_empty() {
                empty += 1;
                continue;
            }
            hidden += pile.face_down() as i32;
            let up = pile.face_up();
            if pile.face_down() > 0 {
                cover += up.len() as i32;
            }
            for pair in up.windows(2) {
                let (below, above) = (pair[0], pair[1]);
                if above.is_next_below_in_suit(below) {
                    joined += 1;
                } else if above.rank.value() + 1 == below.rank.value() {
                    soft += 1;
                } else {
                    hard += 1;
                }
            }
        }
        let r = i32::from(self.top_rank.max(1));
        let removed: i32 = self
            .foundations
            .iter()
            .map(|&f| pos.pile(f).len() as i32 / r)
            .sum();
        let blocks = self.blocks - removed;
        let joins = blocks * (r - 1) - joined;
        let stock = pos.pile(self.stock).len() as i32;
        w.hidden * hidden + w.join * joins + w.soft_break * soft + w.hard_break * hard
            - w.empty * empty
            + w.block * blocks
            + w.stock * stock
            + w.cover * cover
    }

    fn keep(&self, pos: &Position, mv: Move) -> bool {
        let Move::Transfer {
            from, to, count, ..
        } = mv
        else {
            return true;
        };
        let (from, to, count) = (usize::from(from), usize::from(to), usize::from(count));
        let src = pos.pile(from);
        let dst = pos.pile(to);
        if !self.columns.contains(&to) {
            return true;
        }
        let head_at = src.len() - count;
        if dst.is_empty() {
            // A whole column into a space changes nothing; the spaces are alike.
            if head_at == 0 {
                return false;
            }
            let first_empty = self.columns.iter().find(|&&c| pos.pile(c).is_empty());
            if first_empty != Some(&to) {
                return false;
            }
            // Break a run in suit into a space only when no whole run can go there (to fill
            // the space before a deal).
            return !breaks_join(src, head_at)
                || !self.columns.iter().any(|&c| {
                    let p = pos.pile(c);
                    !p.is_empty() && p.len() > run_length(p)
                });
        }
        // Never break a run in suit to pack it elsewhere: no join can be gained.
        if breaks_join(src, head_at) {
            return false;
        }
        // A sideways move (off one card of the next rank onto another, no suit gained) only
        // to let a card of the uncovered one's suit join it.
        let cards = src.cards();
        let head = cards[head_at];
        let lateral = head_at > src.face_down()
            && cards[head_at - 1].rank.value() == head.rank.value() + 1
            && dst.top().is_some_and(|t| t.suit != head.suit);
        if !lateral {
            return true;
        }
        let uncovered = cards[head_at - 1];
        self.columns.iter().any(|&c| {
            c != from && {
                let p = pos.pile(c);
                let run = run_length(p);
                p.cards()[p.len() - run..]
                    .iter()
                    .any(|&x| x.is_next_below_in_suit(uncovered))
            }
        })
    }

    fn interchangeable(&self, pos: &Position) -> &[usize] {
        if pos.pile(self.stock).is_empty() {
            &self.columns
        } else {
            &[]
        }
    }
}

/// Whether taking the cards from `head_at` up off `pile` splits a run in suit.
fn breaks_join(pile: &Pile, head_at: usize) -> bool {
    head_at > pile.face_down() && {
        let cards = pile.cards();
        cards[head_at].is_next_below_in_suit(cards[head_at - 1])
    }
}

/// Length of the face-up run in suit at the top of `pile`.
fn run_length(pile: &Pile) -> usize {
    let up = pile.face_up();
    let mut len = usize::from(!up.is_empty());
    while len < up.len() && up[up.len() - len].is_next_below_in_suit(up[up.len() - len - 1]) {
        len += 1;
    }
    len
}
