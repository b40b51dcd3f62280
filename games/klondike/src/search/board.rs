//! Klondike's position in a byte per card, its moves made and unmade in place, and its key.
//!
//! The same rules as this crate's (`rules.rs`), with the stock and the waste seen as one
//! sequence, the talon: the waste from its bottom card up, then the stock in the order its
//! cards are turned. The waste holds the talon's first `waste` cards; a turn adds the next
//! `draw` (or as many as are left); turning the waste over when the stock is empty sets
//! `waste` back to none and keeps the order. So the turns are no moves of their own here: a
//! [`Step::Talon`] plays a card the turns can bring to the top of the waste, and the engine
//! moves it stands for are the turns that bring it there, then the play (`super::Exact`).
//! Only unlimited passes are served: every card the turns can bring up is always playable.
//!
//! The tests check the moves against the engine's on random games.

use solitaire_search::key::{mix128, random};

/// A card: suit times 16 plus rank (1 for an Ace, 13 for a King).
pub(crate) type Code = u8;

pub(crate) fn rank(c: Code) -> u8 {
    c & 15
}

pub(crate) fn suit(c: Code) -> u8 {
    c >> 4
}

/// The destination of a card played from the talon: a column, or [`HOME`].
pub(crate) type Dest = u8;

/// A card's own foundation, as a [`Dest`].
pub(crate) const HOME: Dest = u8::MAX;

/// One move, with what it takes to undo it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Step {
    /// Play `card`, the talon's card at index `at` (the turns bring it to the top of the
    /// waste), to `to`; the waste held `waste` cards before, and `id` is the card's index in
    /// the talon at the start.
    Talon {
        at: u8,
        to: Dest,
        card: Code,
        waste: u8,
        id: u8,
    },
    /// Column `from`'s top card, `card`, to its foundation; `flip`: a face-down card turned
    /// up.
    Home { from: u8, card: Code, flip: bool },
    /// The top `count` cards of column `from` onto column `to`; `flip` as for `Home`.
    Shift {
        from: u8,
        to: u8,
        count: u8,
        flip: bool,
    },
    /// Suit `suit`'s top foundation card back onto column `to`.
    Down { suit: u8, to: u8 },
    /// The top `count` cards of column `from`, the stack on `card`, onto column `to` (whose top
    /// is `card`'s twin, which the stack fits as well), then `card` to its foundation; `flip`:
    /// a face-down card turned up.
    Swap {
        from: u8,
        to: u8,
        count: u8,
        card: Code,
        flip: bool,
    },
}

impl Step {
    /// The column the step puts cards on, if any.
    pub(crate) fn onto(self) -> Option<u8> {
        match self {
            Step::Talon { to, .. } if to != HOME => Some(to),
            Step::Shift { to, .. } | Step::Down { to, .. } | Step::Swap { to, .. } => Some(to),
            _ => None,
        }
    }
}

const DOWN_SALT: u64 = 1 << 20;
const TWIN_SALT: u64 = 1 << 24;

fn card_hash(height: usize, c: Code) -> u128 {
    random((height as u64) * 64 + u64::from(c))
}

/// [`card_hash`], from the table where the height is in it.
fn height_hash(t: &Tables, height: usize, c: Code) -> u128 {
    match t.card.get(height) {
        Some(row) => row[usize::from(c) & 63],
        None => card_hash(height, c),
    }
}

/// The hash of a face-down count, from the table where the count is in it.
fn down_hash(t: &Tables, down: usize) -> u128 {
    match t.down.get(down) {
        Some(&h) => h,
        None => random(DOWN_SALT + down as u64),
    }
}

/// What a board holds, to compare two: columns, face-down counts, foundations, talon, waste.
#[cfg(test)]
pub(crate) type Snapshot = (Vec<Vec<Code>>, Vec<u8>, [u8; 4], Vec<Code>, u8);

/// The heights and face-down counts whose hashes are drawn once in [`Tables`].
const MAX_HEIGHT: usize = 32;

/// The random numbers of [`Board::twin_key`], drawn once.
struct Tables {
    /// By height and card.
    card: [[u128; 64]; MAX_HEIGHT],
    /// By face-down count.
    down: [u128; MAX_HEIGHT],
    /// By a card's name (its code, or 64 + twice its rank + its colour) and the card on it
    /// (63: none).
    on: [[u128; 64]; 96],
}

fn tables() -> &'static Tables {
    static TABLES: std::sync::OnceLock<Box<Tables>> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let mut t = Box::new(Tables {
            card: [[0; 64]; MAX_HEIGHT],
            down: [0; MAX_HEIGHT],
            on: [[0; 64]; 96],
        });
        for h in 0..MAX_HEIGHT {
            t.down[h] = random(DOWN_SALT + h as u64);
            for c in 0..64 {
                t.card[h][c] = card_hash(h, c as u8);
            }
        }
        for (name, row) in t.on.iter_mut().enumerate() {
            for (on, r) in row.iter_mut().enumerate() {
                *r = random(TWIN_SALT + name as u64 * 64 + on as u64);
            }
        }
        t
    })
}

/// A position of a Klondike game with unlimited passes.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    /// Each column's cards, bottom first.
    pub(crate) columns: Vec<Vec<Code>>,
    /// How many of each column's bottom cards are face down.
    pub(crate) down: Vec<u8>,
    /// How many cards of each suit are home.
    pub(crate) home: [u8; 4],
    /// The talon's cards (waste bottom first, then the stock in turning order).
    pub(crate) talon: Vec<Code>,
    /// Each talon card's index in the talon at the start, for the key.
    ids: Vec<u8>,
    /// The talon cards still out, by their index at the start.
    mask: u64,
    /// How many of the talon's cards are in the waste.
    pub(crate) waste: u8,
    /// Cards a turn takes.
    draw: u8,
    /// Whether each suit is red.
    red: [bool; 4],
    /// Each card's twin (the other card of its rank and colour), [`NONE`] if the deck has none.
    twins: [u8; 64],
    /// Cards in play at the start: the game is won when all are home.
    cards: u8,
}

impl Board {
    /// A board from its columns (bottom first) with their face-down counts, the foundations'
    /// heights by suit, the talon (waste bottom first, then the stock in turning order) with
    /// the waste's length, the cards a turn takes, which suits are red and which the deck has
    /// (a bit each). `None` if the talon has more than 64 cards.
    pub(crate) fn new(
        columns: Vec<(Vec<Code>, u8)>,
        home: [u8; 4],
        talon: Vec<Code>,
        waste: u8,
        draw: u8,
        red: [bool; 4],
        suits: u8,
    ) -> Option<Board> {
        if talon.len() > 64 || columns.len() > 64 {
            return None;
        }
        let cards = home.iter().sum::<u8>()
            + columns.iter().map(|(c, _)| c.len() as u8).sum::<u8>()
            + talon.len() as u8;
        let (columns, down): (Vec<_>, Vec<_>) = columns.into_iter().unzip();
        let mut board = Board {
            columns,
            down,
            home,
            ids: (0..talon.len() as u8).collect(),
            mask: if talon.len() == 64 {
                u64::MAX
            } else {
                (1u64 << talon.len()) - 1
            },
            talon,
            waste,
            draw: draw.max(1),
            red,
            twins: [NONE; 64],
            cards,
        };
        for c in 0..64u8 {
            let twin = (0..4u8).find(|&t| {
                t != suit(c)
                    && red[usize::from(t)] == red[usize::from(suit(c))]
                    && suits & (1 << t) != 0
            });
            if let Some(t) = twin {
                board.twins[usize::from(c)] = (t << 4) | rank(c);
            }
        }
        Some(board)
    }

    /// Column `c`'s hash: its cards by height and its face-down count.
    fn column_hash(&self, c: usize) -> u128 {
        let t = tables();
        let cards = self.columns[c]
            .iter()
            .enumerate()
            .fold(0, |h, (i, &x)| h ^ height_hash(t, i, x));
        cards ^ down_hash(t, usize::from(self.down[c]))
    }

    /// What the board holds: columns, face-down counts, foundations, talon and waste.
    #[cfg(test)]
    pub(crate) fn snapshot(&self) -> Snapshot {
        let b = self;
        (
            b.columns.clone(),
            b.down.clone(),
            b.home,
            b.talon.clone(),
            b.waste,
        )
    }

    /// Whether `c` is red.
    pub(crate) fn is_red(&self, c: Code) -> bool {
        self.red[usize::from(suit(c)) & 3]
    }

    /// Whether `card` builds on `top` in a column: one rank lower, the other colour.
    pub(crate) fn fits(&self, top: Code, card: Code) -> bool {
        rank(top) == rank(card) + 1 && self.is_red(top) != self.is_red(card)
    }

    /// Whether `card` goes home: the next of its suit.
    pub(crate) fn goes_home(&self, card: Code) -> bool {
        self.home[usize::from(suit(card)) & 3] + 1 == rank(card)
    }

    /// Whether the game is won: every card home.
    pub fn is_won(&self) -> bool {
        self.home.iter().sum::<u8>() == self.cards
    }

    /// The top card of column `c`.
    pub(crate) fn top(&self, c: usize) -> Option<Code> {
        self.columns[c].last().copied()
    }

    /// The index in column `c` of the first card of its top run (face up, built down in
    /// alternate colours); the column's length when it is empty.
    pub(crate) fn run_start(&self, c: usize) -> usize {
        let col = &self.columns[c];
        let down = usize::from(self.down[c]);
        let mut i = col.len();
        while i > down && (i == col.len() || self.fits(col[i - 1], col[i])) {
            i -= 1;
        }
        i
    }

    /// The talon indices the turns can bring to the top of the waste, from the waste's top
    /// now round the whole cycle, into `out` (cleared first).
    pub(crate) fn reachable(&self, out: &mut Vec<u8>) {
        out.clear();
        self.each_reachable(|at| out.push(at));
    }

    /// The cards a turn takes.
    pub(crate) fn draw(&self) -> u8 {
        self.draw
    }

    /// The talon indices [`Board::reachable`] gives, a bit each.
    pub(crate) fn reachable_mask(&self) -> u64 {
        let mut mask = 0;
        self.each_reachable(|at| mask |= 1 << (at & 63));
        mask
    }

    /// `f` on each talon index the turns can bring to the top of the waste, in turning order.
    fn each_reachable(&self, mut f: impl FnMut(u8)) {
        let len = self.talon.len();
        if len == 0 {
            return;
        }
        let mut seen = 0u128;
        let mut at = usize::from(self.waste);
        seen |= 1 << at;
        if at > 0 {
            f(at as u8 - 1);
        }
        loop {
            if at == len {
                at = 0;
            }
            at = (at + usize::from(self.draw)).min(len);
            if seen & (1 << at) != 0 {
                return;
            }
            seen |= 1 << at;
            f(at as u8 - 1);
        }
    }

    /// The waste's length as the key sees it: every waste length the turns reach from a
    /// turned-over waste is one position with passes unlimited (each reaches the others by
    /// turns alone), so they share the key of an empty waste.
    fn waste_key(&self) -> u8 {
        let (w, len) = (self.waste, self.talon.len() as u8);
        if w == len || w % self.draw == 0 { 0 } else { w }
    }

    /// The key: the columns as a multiset (no rule tells one from another), the foundations,
    /// the talon cards still out and the waste's length; `extra` (a search's own state) mixed
    /// in.
    pub(crate) fn key(&self, extra: u8) -> u128 {
        let columns =
            (0..self.columns.len()).fold(0u128, |k, c| k.wrapping_add(mix128(self.column_hash(c))));
        self.key_with(columns, extra)
    }

    /// The key from the columns' part and the rest.
    fn key_with(&self, columns: u128, extra: u8) -> u128 {
        let home = self
            .home
            .iter()
            .fold(0u128, |k, &h| (k << 4) | u128::from(h));
        let rest = home
            | u128::from(self.mask) << 16
            | u128::from(self.waste_key()) << 80
            | u128::from(extra) << 88;
        columns ^ mix128(rest ^ (1 << 127))
    }

    /// The key with the stacks on two twins taken as a pair, not in order: the columns' lower
    /// parts (face-down cards and the first face-up card) as a multiset, and for each face-up
    /// card the card on it, named by the card's rank and colour when its twin is face up in a
    /// column too (`games/klondike/SEARCH.md`, "Twins alike"); `extra` mixed in.
    pub(crate) fn twin_key(&self, extra: u8) -> u128 {
        let up = self.face_up_mask();
        let t = tables();
        let mut columns = 0u128;
        for (c, col) in self.columns.iter().enumerate() {
            let down = usize::from(self.down[c]);
            let lower = col
                .iter()
                .take(down + 1)
                .enumerate()
                .fold(down_hash(t, down), |h, (i, &x)| h ^ height_hash(t, i, x));
            columns = columns.wrapping_add(mix128(lower));
            for (i, &x) in col.iter().enumerate().skip(down) {
                let on = col.get(i + 1).map_or(63, |&y| usize::from(y) & 63);
                let name = match self.twin(x) {
                    Some(tw) if up & (1 << (tw & 63)) != 0 => {
                        64 + usize::from(rank(x)) * 2 + usize::from(self.is_red(x))
                    }
                    _ => usize::from(x) & 63,
                };
                columns = columns.wrapping_add(t.on[name][on]);
            }
        }
        self.key_with(columns, extra)
    }

    /// The cards face up in the columns, a bit per code.
    fn face_up_mask(&self) -> u64 {
        let mut up = 0u64;
        for (c, col) in self.columns.iter().enumerate() {
            for &x in &col[usize::from(self.down[c])..] {
                up |= 1 << (x & 63);
            }
        }
        up
    }

    /// The cards (of any suit, a bit per code) that build on a card of `tops` in a column: one
    /// rank lower, the other colour.
    pub(crate) fn built_on(&self, tops: u64) -> u64 {
        let lower = tops >> 1;
        let (mut red, mut black) = (0u64, 0u64);
        for s in 0..4 {
            let lane = (lower >> (16 * s)) & 0xffff;
            if self.red[s] {
                red |= lane;
            } else {
                black |= lane;
            }
        }
        (0..4).fold(0, |out, s| {
            out | (if self.red[s] { black } else { red }) << (16 * s)
        })
    }

    /// The other card of `card`'s rank and colour, if the deck has it.
    pub(crate) fn twin(&self, card: Code) -> Option<Code> {
        Some(self.twins[usize::from(card) & 63]).filter(|&t| t != NONE)
    }

    /// The moves that send a covered card home by first moving the stack on it onto its twin, a
    /// column's top, into `out` (appended).
    pub(crate) fn swaps(&self, out: &mut Vec<Step>) {
        let tops = self.hosts();
        for (from, col) in self.columns.iter().enumerate() {
            let down = usize::from(self.down[from]);
            for i in down..col.len().saturating_sub(1) {
                let x = col[i];
                if !self.goes_home(x) {
                    continue;
                }
                let Some(twin) = self.twin(x) else { continue };
                let to = tops.top_of[usize::from(twin) & 63];
                if to != NONE {
                    out.push(Step::Swap {
                        from: from as u8,
                        to,
                        count: (col.len() - 1 - i) as u8,
                        card: x,
                        flip: i == down && down > 0,
                    });
                }
            }
        }
    }

    fn push(&mut self, col: usize, c: Code) {
        self.columns[col].push(c);
    }

    fn pop(&mut self, col: usize) -> Code {
        self.columns[col].pop().unwrap_or(0)
    }

    /// Turn column `col`'s top card up if it is face down; whether it was.
    fn reveal(&mut self, col: usize) -> bool {
        let len = self.columns[col].len() as u8;
        if len > 0 && self.down[col] == len {
            self.down[col] = len - 1;
            true
        } else {
            false
        }
    }

    fn unreveal(&mut self, col: usize, flip: bool) {
        if flip {
            self.down[col] += 1;
        }
    }

    /// Make `step` (as [`Board::moves`] gives it).
    pub fn apply(&mut self, step: Step) {
        match step {
            Step::Talon { at, to, .. } => {
                let at = usize::from(at);
                let c = self.talon.remove(at);
                self.mask &= !(1u64 << self.ids.remove(at));
                self.waste = at as u8;
                self.place(c, to);
            }
            Step::Home { from, .. } => {
                let c = self.pop(usize::from(from));
                self.home[usize::from(suit(c)) & 3] += 1;
                self.reveal(usize::from(from));
            }
            Step::Shift {
                from, to, count, ..
            } => {
                let from = usize::from(from);
                self.move_top(from, usize::from(to), usize::from(count));
                self.reveal(from);
            }
            Step::Down { suit: s, to } => {
                let s = usize::from(s);
                let c = ((s as u8) << 4) | self.home[s];
                self.home[s] -= 1;
                self.push(usize::from(to), c);
            }
            Step::Swap {
                from, to, count, ..
            } => {
                self.move_top(usize::from(from), usize::from(to), usize::from(count));
                let c = self.pop(usize::from(from));
                self.home[usize::from(suit(c)) & 3] += 1;
                self.reveal(usize::from(from));
            }
        }
    }

    /// Move the top `count` cards of column `from` onto column `to`, in order.
    fn move_top(&mut self, from: usize, to: usize, count: usize) {
        let at = self.columns[from].len() - count;
        for i in at..self.columns[from].len() {
            let c = self.columns[from][i];
            self.push(to, c);
        }
        while self.columns[from].len() > at {
            self.pop(from);
        }
    }

    fn place(&mut self, c: Code, to: Dest) {
        if to == HOME {
            self.home[usize::from(suit(c)) & 3] += 1;
        } else {
            self.push(usize::from(to), c);
        }
    }

    /// Take back `step`, the last move made.
    pub fn undo(&mut self, step: Step) {
        match step {
            Step::Talon {
                at,
                to,
                card,
                waste,
                id,
            } => {
                if to == HOME {
                    self.home[usize::from(suit(card)) & 3] -= 1;
                } else {
                    self.pop(usize::from(to));
                }
                let at = usize::from(at);
                self.talon.insert(at, card);
                self.ids.insert(at, id);
                self.mask |= 1u64 << id;
                self.waste = waste;
            }
            Step::Home { from, card, flip } => {
                let from = usize::from(from);
                self.unreveal(from, flip);
                self.home[usize::from(suit(card)) & 3] -= 1;
                self.push(from, card);
            }
            Step::Shift {
                from,
                to,
                count,
                flip,
            } => {
                let (from, to) = (usize::from(from), usize::from(to));
                self.unreveal(from, flip);
                self.move_top(to, from, usize::from(count));
            }
            Step::Down { suit: s, to } => {
                self.pop(usize::from(to));
                self.home[usize::from(s)] += 1;
            }
            Step::Swap {
                from,
                to,
                count,
                card,
                flip,
            } => {
                let (from, to) = (usize::from(from), usize::from(to));
                self.unreveal(from, flip);
                self.home[usize::from(suit(card)) & 3] -= 1;
                self.push(from, card);
                self.move_top(to, from, usize::from(count));
            }
        }
    }
}

/// Where a card can go among the columns: the column whose top is each card, and the spaces.
pub(crate) struct Hosts {
    top_of: [u8; 64],
    spaces: u64,
}

const NONE: u8 = u8::MAX;

impl Hosts {
    /// The columns that take `card`, each into `out` (as a bit set of columns).
    fn of(&self, b: &Board, card: Code) -> u64 {
        if rank(card) == 13 {
            return self.spaces;
        }
        let up = rank(card) + 1;
        let mut set = 0;
        for s in 0..4u8 {
            if b.red[usize::from(s)] != b.is_red(card) {
                let c = self.top_of[usize::from((s << 4) | up) & 63];
                if c != NONE {
                    set |= 1 << c;
                }
            }
        }
        set
    }
}

impl Board {
    /// The column tops and spaces, to find where cards go.
    pub(crate) fn hosts(&self) -> Hosts {
        let mut hosts = Hosts {
            top_of: [NONE; 64],
            spaces: 0,
        };
        for (c, col) in self.columns.iter().enumerate() {
            match col.last() {
                Some(&top) => hosts.top_of[usize::from(top) & 63] = c as u8,
                None => hosts.spaces |= 1 << c,
            }
        }
        hosts
    }

    /// Every legal move, into `out` (cleared first), in the order a search tries them: cards
    /// home from the columns, then from the talon; runs that turn a card up; talon cards to
    /// the columns; the other runs; foundation cards back down. `hops`: with the runs moved
    /// off a face-up card (each from one twin to the other). `reach` is scratch space.
    pub(crate) fn moves(&self, reach: &mut Vec<u8>, out: &mut Vec<Step>, hops: bool) {
        out.clear();
        let n = self.columns.len();
        let hosts = self.hosts();
        for from in 0..n {
            if let Some(card) = self.top(from)
                && self.goes_home(card)
            {
                out.push(Step::Home {
                    from: from as u8,
                    card,
                    flip: self.turns_up(from, 1),
                });
            }
        }
        self.reachable(reach);
        for &at in reach.iter() {
            let card = self.talon[usize::from(at)];
            if self.goes_home(card) {
                out.push(self.talon_step(at, HOME));
            }
        }
        self.shifts(&hosts, true, hops, out);
        for &at in reach.iter() {
            let card = self.talon[usize::from(at)];
            for to in bits(hosts.of(self, card)) {
                out.push(self.talon_step(at, to));
            }
        }
        self.shifts(&hosts, false, hops, out);
        for s in 0..4u8 {
            let h = self.home[usize::from(s)];
            if h == 0 {
                continue;
            }
            for to in bits(hosts.of(self, (s << 4) | h)) {
                out.push(Step::Down { suit: s, to });
            }
        }
    }

    fn talon_step(&self, at: u8, to: Dest) -> Step {
        Step::Talon {
            at,
            to,
            card: self.talon[usize::from(at)],
            waste: self.waste,
            id: self.ids[usize::from(at)],
        }
    }

    /// Whether moving the top `count` cards of column `c` turns a face-down card up.
    pub(crate) fn turns_up(&self, c: usize, count: usize) -> bool {
        let rest = self.columns[c].len() - count;
        rest > 0 && usize::from(self.down[c]) == rest
    }

    /// The moves of runs between columns: those that turn a card up (`flipping`: only the
    /// whole face-up run of a column with face-down cards) or the others, those off a face-up
    /// card only with `hops`.
    fn shifts(&self, hosts: &Hosts, flipping: bool, hops: bool, out: &mut Vec<Step>) {
        for (from, col) in self.columns.iter().enumerate() {
            let len = col.len();
            let down = usize::from(self.down[from]);
            let start = self.run_start(from);
            let heads = if flipping {
                if down == 0 || start != down {
                    continue;
                }
                start..start + 1
            } else if !hops {
                // Only a whole column, a run on no face-down card and no face-up one.
                if start != 0 || down != 0 {
                    continue;
                }
                start..(start + 1).min(len)
            } else if start == down && down > 0 {
                start + 1..len
            } else {
                start..len
            };
            for i in heads {
                let others = hosts.of(self, col[i]) & !(1 << from);
                for to in bits(others) {
                    out.push(Step::Shift {
                        from: from as u8,
                        to,
                        count: (len - i) as u8,
                        flip: flipping,
                    });
                }
            }
        }
    }

    /// Whether every card that could ever be built on `card` in a column is home (those of
    /// the other colour one rank lower, of its colour two lower, and so on down), so that
    /// putting it home loses no win (the argument: `games/klondike/SEARCH.md`).
    pub(crate) fn safe(&self, card: Code) -> bool {
        let r = rank(card);
        (0..4).all(|s| {
            let h = self.home[s];
            if self.red[s] != self.is_red(card) {
                h + 1 >= r
            } else {
                usize::from(suit(card)) == s || h + 2 >= r
            }
        })
    }
}

/// The indices of the bits set in `set`, lowest first.
pub(crate) fn bits(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as u8;
            set &= set - 1;
            i
        })
    })
}
