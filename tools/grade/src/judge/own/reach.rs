//! The rules a scenario reaches in a game: what the game says when the scenario's moves are
//! played on it. An `Illegal` step reaches the refusal it gets (its category and reason); a
//! `Play` or `Legal` step reaches what its move did: the kind of move (from which kind of pile
//! to which, one card or several, a deal, a redeal) and the kinds of primitive steps its `Tx`
//! took (cards going from one kind of pile to another, cards turning face up or down, the
//! phase, a redeal counted, the marks). The engine's own refusals (a move onto its own pile,
//! more cards than the pile has) are the same in every game and reach no rule.

use std::collections::BTreeSet;

use solitaire_conformance::{Scenario, Start, Step};
use solitaire_core::{End, Game, Move, PileKind, Position, tx};

/// One rule of a game, as a scenario's move reaches it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Rule {
    /// A move refused, in this category (`target`...) for this reason.
    Refusal {
        category: &'static str,
        reason: String,
    },
    /// A move played: its kind, and what its steps did besides moving its own cards.
    Move {
        shape: Shape,
        effects: BTreeSet<Effect>,
    },
}

/// A kind of move, by the kinds of its piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Shape {
    /// Cards moved from a pile of one kind onto one of another (or the same) kind.
    Transfer {
        from: PileKind,
        to: PileKind,
        several: bool,
        bottom: bool,
    },
    Deal,
    Redeal,
}

/// What one primitive step of a move did, by the kinds of its piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Effect {
    Transfer {
        from: PileKind,
        to: PileKind,
        several: bool,
        reverse: bool,
        face_down: bool,
    },
    Bottom {
        from: PileKind,
        to: PileKind,
    },
    TurnUp(PileKind),
    TurnDown(PileKind),
    Phase(&'static str),
    Redeal,
    Marks,
}

/// The rules `scenario` reaches in `game`, each once, in the order its steps reach them. The
/// scenario is played as far as it holds (the caller has run it: it holds throughout).
pub(crate) fn reach(game: &Game, scenario: &Scenario) -> Vec<Rule> {
    let mut pos = match &scenario.start {
        Start::Seed(seed) => game.deal(*seed),
        Start::Position(text) => match game.parse_position(text) {
            Ok(pos) => pos,
            Err(_) => return Vec::new(),
        },
    };
    let mut rules: Vec<Rule> = Vec::new();
    for step in &scenario.steps {
        let (text, play) = match step {
            Step::Play(text) => (text, true),
            Step::Legal(text) | Step::Illegal(text, _) => (text, false),
            _ => continue,
        };
        let Ok(mv) = game.parse_move(text) else {
            break;
        };
        let rule = if matches!(step, Step::Illegal(..)) {
            refusal(game, &pos, mv)
        } else {
            let mut after = pos.clone();
            let mut log = Vec::new();
            if game.play_logged(&mut after, mv, &mut log).is_err() {
                break;
            }
            let rule = played(game, mv, &log);
            if play {
                pos = after;
            }
            Some(rule)
        };
        if let Some(rule) = rule.filter(|r| !rules.contains(r)) {
            rules.push(rule);
        }
    }
    rules
}

/// The game's refusal of `mv` at `pos`, unless the engine refuses it first (or it is legal).
fn refusal(game: &Game, pos: &Position, mv: Move) -> Option<Rule> {
    if game.check_shape(pos, mv).is_err() {
        return None;
    }
    game.check(pos, mv).err().map(|e| Rule::Refusal {
        category: e.kind.into(),
        reason: e.reason.to_string(),
    })
}

/// The rule a legal move reached: its shape, and its steps but the transfer of its own cards.
fn played(game: &Game, mv: Move, log: &[tx::Step]) -> Rule {
    let kind = |i: usize| game.layout().piles[i].kind;
    let shape = match mv {
        Move::Transfer {
            end,
            from,
            to,
            count,
        } => Shape::Transfer {
            from: kind(from.index()),
            to: kind(to.index()),
            several: count > 1,
            bottom: end == End::Bottom,
        },
        Move::Deal => Shape::Deal,
        Move::Redeal => Shape::Redeal,
    };
    let mut effects: BTreeSet<Effect> = log.iter().flat_map(|s| effects(game, s)).collect();
    if let Shape::Transfer {
        from,
        to,
        several,
        bottom,
    } = shape
    {
        let own = if bottom {
            Effect::Bottom { from, to }
        } else {
            Effect::Transfer {
                from,
                to,
                several,
                reverse: false,
                face_down: false,
            }
        };
        effects.remove(&own);
    }
    Rule::Move { shape, effects }
}

/// What one primitive step did, by the kinds of its piles (a step that changed nothing: none).
fn effects(game: &Game, step: &tx::Step) -> Vec<Effect> {
    let kind = |id: solitaire_core::PileId| game.layout().piles[id.index()].kind;
    match *step {
        tx::Step::Transfer {
            from,
            to,
            count,
            reverse,
            face_down,
            ..
        } => vec![Effect::Transfer {
            from: kind(from),
            to: kind(to),
            several: count > 1,
            reverse,
            face_down,
        }],
        tx::Step::TransferBottom { from, to, .. } => vec![Effect::Bottom {
            from: kind(from),
            to: kind(to),
        }],
        tx::Step::Faces {
            pile,
            before,
            after,
        } if after < before => vec![Effect::TurnUp(kind(pile))],
        tx::Step::Faces {
            pile,
            before,
            after,
        } if after > before => vec![Effect::TurnDown(kind(pile))],
        tx::Step::Faces { .. } => Vec::new(),
        tx::Step::Vars { before, after } => {
            let mut out = Vec::new();
            if after.phase != before.phase {
                out.push(Effect::Phase(after.phase.name()));
            }
            if after.redeals != before.redeals {
                out.push(Effect::Redeal);
            }
            if after.marks != before.marks {
                out.push(Effect::Marks);
            }
            out
        }
    }
}

/// A kind of pile with its article: "a tableau pile", "the stock".
fn a(kind: PileKind) -> String {
    match kind {
        PileKind::Stock | PileKind::Hand => format!("the {}", noun(kind)),
        PileKind::Indicator => "an indicator".into(),
        _ => format!("a {}", noun(kind)),
    }
}

fn noun(kind: PileKind) -> &'static str {
    match kind {
        PileKind::Tableau => "tableau pile",
        PileKind::Waste => "waste pile",
        other => other.name(),
    }
}

/// From one kind of pile to another: "from a tableau pile to a foundation", "... to another
/// tableau pile".
fn between(from: PileKind, to: PileKind) -> String {
    if from == to {
        format!("from {} to another {}", a(from), noun(to))
    } else {
        format!("from {} to {}", a(from), a(to))
    }
}

impl Rule {
    /// The rule in words a student understands.
    pub fn describe(&self) -> String {
        match self {
            Rule::Refusal { category, reason } => {
                format!("a move refused ({category}): \"{reason}\"")
            }
            Rule::Move { shape, effects } => {
                let mut text = match *shape {
                    Shape::Transfer {
                        from,
                        to,
                        bottom: true,
                        ..
                    } => format!("the bottom card of {} moved to {}", a(from), a(to)),
                    Shape::Transfer {
                        from, to, several, ..
                    } => format!(
                        "{} moved {}",
                        if several { "several cards" } else { "a card" },
                        between(from, to)
                    ),
                    Shape::Deal => "a deal".into(),
                    Shape::Redeal => "a redeal".into(),
                };
                let effects: Vec<String> = effects.iter().map(Effect::describe).collect();
                if !effects.is_empty() {
                    text.push_str(", with ");
                    text.push_str(&effects.join(", "));
                }
                text
            }
        }
    }
}

impl Effect {
    fn describe(&self) -> String {
        match *self {
            Effect::Transfer {
                from,
                to,
                several,
                reverse,
                face_down,
            } => {
                let mut text = format!(
                    "{} going {}",
                    if several { "cards" } else { "a card" },
                    between(from, to)
                );
                if reverse {
                    text.push_str(" turned over");
                }
                if face_down {
                    text.push_str(" face down");
                }
                text
            }
            Effect::Bottom { from, to } => {
                format!("the bottom card of {} going to {}", a(from), a(to))
            }
            Effect::TurnUp(kind) => format!("a card of {} turning face up", a(kind)),
            Effect::TurnDown(kind) => format!("cards of {} turning face down", a(kind)),
            Effect::Phase(phase) => format!("the phase becoming {phase}"),
            Effect::Redeal => "a redeal counted".into(),
            Effect::Marks => "the marks changing".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(start: &str, steps: Vec<Step>) -> Scenario {
        Scenario {
            name: "x".into(),
            readings: Default::default(),
            start: Start::Position(start.into()),
            steps,
        }
    }

    #[test]
    fn moves_reach_what_the_reference_did_and_refusals_its_reason() {
        let Some(klondike) = crate::testing::registered("klondike") else {
            return;
        };
        let s = scenario(
            "stock: 5C |\nt1: 9D | AS\nt2: KH\nt3: QS",
            vec![
                Step::Count("stock".into(), 1),
                Step::Play("t1>f1".into()),
                Step::Illegal("t2>t3".into(), solitaire_core::IllegalKind::Target),
                Step::Illegal("t2>t2".into(), solitaire_core::IllegalKind::Target),
                Step::Legal("t3>t2".into()),
                Step::Legal("t3>t2".into()),
            ],
        );
        let words: Vec<String> = reach(&klondike, &s).iter().map(Rule::describe).collect();
        assert_eq!(words.len(), 3, "{words:?}");
        assert_eq!(
            words[0],
            "a card moved from a tableau pile to a foundation, with a card of a tableau pile \
             turning face up"
        );
        assert!(
            words[1].starts_with("a move refused (target): \""),
            "{}",
            words[1]
        );
        assert_eq!(
            words[2],
            "a card moved from a tableau pile to another tableau pile"
        );
        // A scenario without moves reaches nothing.
        let counts = scenario("t1: AS", vec![Step::Count("t1".into(), 1)]);
        assert!(reach(&klondike, &counts).is_empty());
    }
}
