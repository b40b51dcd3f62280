//! A few positions of a game explored for the handout: an example of each form of move it
//! plays, a refused move of each category, what changes by itself when a move is played, and
//! whether the deal is more than the layout's script.

use solitaire_core::shuffle::{below, rng_for, shuffle};
use solitaire_core::{End, Game, IllegalKind, Move, Pile, Position};

/// How many deals are explored at random, and how far each walk goes. A first walk deals (or
/// redeals) whenever it can, to reach the end of the stock soon.
const SEEDS: u64 = 4;
const STEPS: usize = 60;

/// A move found in play: the seed, the moves before it, the move.
pub(crate) struct Example {
    pub seed: u64,
    pub before: Vec<String>,
    pub mv: String,
}

impl Example {
    /// The moves to play from the deal, the example's last.
    pub fn moves(&self) -> Vec<String> {
        let mut moves = self.before.clone();
        moves.push(self.mv.clone());
        moves
    }
}

/// The forms of move the notation has.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Form {
    One,
    Several,
    Bottom,
    Deal,
    Redeal,
}

impl Form {
    pub const ALL: [Form; 5] = [
        Form::One,
        Form::Several,
        Form::Bottom,
        Form::Deal,
        Form::Redeal,
    ];

    fn of(mv: Move) -> Form {
        match mv {
            Move::Deal => Form::Deal,
            Move::Redeal => Form::Redeal,
            Move::Transfer {
                end: End::Bottom, ..
            } => Form::Bottom,
            Move::Transfer { count: 1, .. } => Form::One,
            Move::Transfer { .. } => Form::Several,
        }
    }
}

/// What a move changed beyond carrying its cards: one line per pile or variable.
pub(crate) struct Effect {
    pub example: Example,
    pub changes: Vec<String>,
    /// The kinds of change, without ids or counts: examples with the same signature are one.
    signature: Vec<String>,
}

/// What exploring the game found.
pub(crate) struct Sample {
    pub forms: Vec<(Form, Example)>,
    pub refusals: Vec<(IllegalKind, Example, &'static str)>,
    pub effects: Vec<Effect>,
    /// How the deal differs from the layout's script alone, if it does.
    pub deal_rearranged: Option<String>,
    /// How many positions were looked at.
    pub positions: usize,
}

impl Sample {
    /// Explore `game` along random walks from its first deals.
    pub fn explore(game: &Game) -> Sample {
        let mut sample = Sample {
            forms: Vec::new(),
            refusals: Vec::new(),
            effects: Vec::new(),
            deal_rearranged: None,
            positions: 0,
        };
        sample.walk(game, 0, true);
        for seed in 0..SEEDS {
            sample.walk(game, seed, false);
            if sample.deal_rearranged.is_none() {
                sample.deal_rearranged = rearranged(game, seed);
            }
        }
        sample
            .forms
            .sort_by_key(|(f, _)| Form::ALL.iter().position(|a| a == f));
        sample
    }

    /// A random walk from the deal of `seed`; with `dealing`, `deal` and `redeal` are played
    /// whenever they are legal.
    fn walk(&mut self, game: &Game, seed: u64, dealing: bool) {
        let mut pos = game.deal(seed);
        let mut rng = rng_for(seed);
        let mut before: Vec<String> = Vec::new();
        for _ in 0..=STEPS {
            self.positions += 1;
            let example = |mv: Move| Example {
                seed,
                before: before.clone(),
                mv: game.move_text(mv).to_string(),
            };
            if self.refusals.len() < 5 {
                self.probe(game, &pos, &example);
            }
            let mut moves = game.legal_moves(&pos);
            for &mv in &moves {
                let form = Form::of(mv);
                if !self.forms.iter().any(|(f, _)| *f == form) {
                    self.forms.push((form, example(mv)));
                }
                let mut after = pos.clone();
                if game.play(&mut after, mv).is_ok() {
                    self.record_effect(game, &pos, mv, &after, example(mv));
                }
            }
            if moves.is_empty() {
                break;
            }
            if dealing && moves.iter().any(|m| matches!(m, Move::Deal | Move::Redeal)) {
                moves.retain(|m| matches!(m, Move::Deal | Move::Redeal));
            }
            let mv = moves[below(&mut rng, moves.len() as u64) as usize];
            if game.play(&mut pos, mv).is_err() {
                break;
            }
            before.push(game.move_text(mv).to_string());
        }
    }

    /// Look for a refused move of each category not found yet: single cards from every
    /// non-empty pile to every other, `deal`, `redeal`, then bottom cards.
    fn probe(&mut self, game: &Game, pos: &Position, example: &dyn Fn(Move) -> Example) {
        let n = pos.piles().len();
        let full: Vec<usize> = (0..n).filter(|&i| !pos.pile(i).is_empty()).collect();
        let tops = full.iter().flat_map(|&f| {
            (0..n)
                .filter(move |&t| t != f)
                .map(move |t| Move::transfer(f, t, 1))
        });
        let bottoms = full.iter().flat_map(|&f| {
            (0..n)
                .filter(move |&t| t != f)
                .map(move |t| Move::transfer_bottom(f, t))
        });
        for mv in tops.chain([Move::Deal, Move::Redeal]).chain(bottoms) {
            if let Err(refusal) = game.check(pos, mv)
                && !self.refusals.iter().any(|(k, _, _)| *k == refusal.kind)
            {
                self.refusals
                    .push((refusal.kind, example(mv), refusal.reason));
            }
        }
    }

    fn record_effect(
        &mut self,
        game: &Game,
        before: &Position,
        mv: Move,
        after: &Position,
        example: Example,
    ) {
        let plain = carried(before, mv);
        let mut changes = Vec::new();
        let mut signature = vec![format!("{:?}", Form::of(mv))];
        for (i, spec) in game.layout().piles.iter().enumerate() {
            let (Some(want), Some(have)) = (plain.piles().get(i), after.piles().get(i)) else {
                continue;
            };
            if let Some((what, kind_of_change)) = change(want, have) {
                changes.push(format!("{} ({}) {what}", spec.id, spec.kind.name()));
                signature.push(format!("{} {kind_of_change}", spec.kind.name()));
            }
        }
        let (b, a) = (before.vars(), after.vars());
        if b.phase != a.phase {
            changes.push(format!(
                "the phase goes from {} to {}",
                b.phase.name(),
                a.phase.name()
            ));
            signature.push("phase".into());
        }
        if b.redeals != a.redeals {
            changes.push(format!("redeals taken: {} to {}", b.redeals, a.redeals));
            signature.push("redeals".into());
        }
        if b.marks != a.marks {
            changes.push("the marked piles change".into());
            signature.push("marks".into());
        }
        signature.sort();
        signature.dedup();
        let plain_move = changes.is_empty() && !matches!(mv, Move::Deal | Move::Redeal);
        if plain_move || self.effects.iter().any(|e| e.signature == signature) {
            return;
        }
        self.effects.push(Effect {
            example,
            changes,
            signature,
        });
    }
}

/// The position after `mv` if it only carried its cards (for `deal` and `redeal`: the
/// position before).
fn carried(pos: &Position, mv: Move) -> Position {
    let (from, to, count, bottom) = match mv {
        Move::Transfer {
            end,
            from,
            to,
            count,
        } => (from, to, usize::from(count), end == End::Bottom),
        Move::Deal | Move::Redeal => return pos.clone(),
    };
    let (from, to) = (usize::from(from), usize::from(to));
    let mut piles = pos.piles().to_vec();
    let source = &piles[from];
    let cards = source.cards();
    let count = count.min(cards.len());
    let (rest, moved, face_down) = if bottom {
        let (moved, rest) = cards.split_at(1.min(cards.len()));
        (
            rest.to_vec(),
            moved.to_vec(),
            source.face_down().saturating_sub(1),
        )
    } else {
        let (rest, moved) = cards.split_at(cards.len() - count);
        (rest.to_vec(), moved.to_vec(), source.face_down())
    };
    piles[from] = Pile::new(rest, face_down);
    let target = &piles[to];
    let mut gained = target.cards().to_vec();
    gained.extend(moved);
    piles[to] = Pile::new(gained, target.face_down());
    Position::new(piles, pos.vars())
}

/// How pile `have` differs from `want`, in words and as a kind of change.
fn change(want: &Pile, have: &Pile) -> Option<(String, &'static str)> {
    if want == have {
        return None;
    }
    let cards = |n: usize| {
        if n == 1 {
            "1 card".to_string()
        } else {
            format!("{n} cards")
        }
    };
    Some(if have.len() > want.len() {
        (format!("gains {}", cards(have.len() - want.len())), "gains")
    } else if have.len() < want.len() {
        (format!("loses {}", cards(want.len() - have.len())), "loses")
    } else if have.cards() == want.cards() && have.face_down() < want.face_down() {
        ("turns its top face-down card face up".into(), "turns up")
    } else if have.cards() == want.cards() {
        ("turns cards face down".into(), "turns down")
    } else {
        ("changes its cards".into(), "changes")
    })
}

/// Where the deal of `seed` differs from the layout's deal script alone, if it does: the
/// first pile that differs, both ways.
fn rearranged(game: &Game, seed: u64) -> Option<String> {
    let layout = game.layout();
    let mut cards = layout.deck.cards();
    shuffle(&mut cards, seed);
    let script = layout.run_deal(cards).ok()?;
    let dealt = game.deal(seed);
    let i = (0..dealt.piles().len()).find(|&i| script.piles().get(i) != dealt.piles().get(i))?;
    let id = layout.pile_ids().get(i)?;
    let line = |text: String| {
        text.lines()
            .find(|l| l.split(':').next() == Some(id.as_str()))
            .unwrap_or_default()
            .to_string()
    };
    Some(format!(
        "seed {seed}: `{}` where the layout's deal script alone gives `{}`",
        line(game.position_text(&dealt)),
        line(game.position_text(&script))
    ))
}
