//! Which rule a divergence of differential play touches, so the report can group them: a
//! reading of the reference under which it would agree with the candidate, the reason the
//! reference gives for refusing a move (`Illegal::reason`), or a conformance scenario about
//! the same kind of move (scenario names quote the rule sentence they check).

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::judge::report::capitalized;
use solitaire_conformance::{Scenario, Step};
use solitaire_core::{Choice, Game, IllegalKind, Move, PileKind, Position, Reading, ReadingValues};

/// The rule a divergence touches: the report's group title, and a scenario on the same rule
/// worth reading, if one is known.
pub(crate) struct Touched {
    pub title: String,
    pub scenario: Option<String>,
}

impl Touched {
    pub fn title(title: String) -> Touched {
        Touched {
            title,
            scenario: None,
        }
    }
}

/// What a move does, broadly: the kinds of its piles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shape {
    Deal,
    Redeal,
    Transfer {
        from: PileKind,
        to: PileKind,
        bottom: bool,
        several: bool,
    },
}

impl Shape {
    fn of(game: &Game, mv: Move) -> Option<Shape> {
        Some(match mv {
            Move::Deal => Shape::Deal,
            Move::Redeal => Shape::Redeal,
            Move::Transfer { .. } => {
                let piles = &game.layout().piles;
                let (from, to) = mv.piles()?;
                Shape::Transfer {
                    from: piles.get(from)?.kind,
                    to: piles.get(to)?.kind,
                    bottom: mv.takes_bottom(),
                    several: matches!(mv, Move::Transfer { count, .. } if count > 1),
                }
            }
        })
    }

    /// The same shape, whatever the number of cards.
    fn loosely(self) -> Shape {
        match self {
            Shape::Transfer {
                from, to, bottom, ..
            } => Shape::Transfer {
                from,
                to,
                bottom,
                several: false,
            },
            other => other,
        }
    }

    fn describe(self) -> String {
        match self {
            Shape::Deal => "dealing (`deal`)".into(),
            Shape::Redeal => "redealing (`redeal`)".into(),
            Shape::Transfer {
                from,
                to,
                bottom,
                several,
            } => {
                let what = match (bottom, several) {
                    (true, _) => "the bottom card",
                    (false, true) => "several cards",
                    (false, false) => "one card",
                };
                format!("moving {what} from a {} to a {}", from.name(), to.name())
            }
        }
    }
}

/// One scenario, reduced to what matching needs.
struct ScenarioMoves {
    name: String,
    failed: bool,
    plays: Vec<Shape>,
    refusals: Vec<(Shape, IllegalKind)>,
    status_or_score: bool,
}

impl ScenarioMoves {
    fn new(game: &Game, scenario: &Scenario, failed: bool) -> ScenarioMoves {
        let shape = |text: &str| game.parse_move(text).ok().and_then(|m| Shape::of(game, m));
        let mut out = ScenarioMoves {
            name: scenario.name.clone(),
            failed,
            plays: Vec::new(),
            refusals: Vec::new(),
            status_or_score: false,
        };
        for step in &scenario.steps {
            match step {
                Step::Play(m) | Step::Legal(m) => out.plays.extend(shape(m)),
                Step::Moves(ms) => out.plays.extend(ms.iter().filter_map(|m| shape(m))),
                Step::Illegal(m, kind) => out.refusals.extend(shape(m).map(|s| (s, *kind))),
                Step::Status(_) | Step::Score(_) => out.status_or_score = true,
                _ => {}
            }
        }
        out
    }
}

/// The reference under one other reading than the one it is configured with.
struct Alternative {
    reading: &'static Reading,
    choice: &'static Choice,
    chosen: &'static Choice,
    game: Game,
}

impl Alternative {
    fn touched(&self) -> Touched {
        Touched::title(format!(
            "Reading `{}` (\"{}\"): the candidate plays it as `{}` ({}), the reference as `{}` \
             ({})",
            self.reading.name,
            self.reading.sentence,
            self.choice.value,
            self.choice.meaning,
            self.chosen.value,
            self.chosen.meaning
        ))
    }
}

/// What the grader knows about the reference's rules: its other readings and its scenarios.
pub(crate) struct Rulebook {
    reference: Arc<Game>,
    alternatives: Vec<Alternative>,
    scenarios: Vec<ScenarioMoves>,
}

impl Rulebook {
    /// The rulebook of `reference` as configured, with the scenarios run against the
    /// candidate (those it failed are preferred when several match).
    pub fn new(
        reference: &Arc<Game>,
        scenarios: &[&Scenario],
        failed: &BTreeSet<String>,
    ) -> Rulebook {
        let mut alternatives = Vec::new();
        for chosen in reference.readings() {
            for choice in chosen.reading.choices {
                if choice.value == chosen.choice.value {
                    continue;
                }
                let values = ReadingValues::from([(
                    chosen.reading.name.to_string(),
                    choice.value.to_string(),
                )]);
                if let Ok(game) = reference.with_readings(&values) {
                    alternatives.push(Alternative {
                        reading: chosen.reading,
                        choice,
                        chosen: chosen.choice,
                        game,
                    });
                }
            }
        }
        let mut scenarios: Vec<ScenarioMoves> = scenarios
            .iter()
            .map(|s| ScenarioMoves::new(reference, s, failed.contains(&s.name)))
            .collect();
        scenarios.sort_by_key(|s| !s.failed);
        Rulebook {
            reference: reference.clone(),
            alternatives,
            scenarios,
        }
    }

    /// The rule touched when the candidate allows (`candidate_allows`) or refuses a move the
    /// reference refuses or allows at `pos` (the reference's position).
    pub fn listed(&self, pos: &Position, mv: Move, candidate_allows: bool) -> Touched {
        if let Some(alt) = self
            .alternatives
            .iter()
            .find(|a| a.game.check(pos, mv).is_ok() == candidate_allows)
        {
            return alt.touched();
        }
        let shape = Shape::of(&self.reference, mv);
        if let Err(refusal) = self.reference.check(pos, mv) {
            let scenario = shape.and_then(|shape| {
                self.scenarios
                    .iter()
                    .find(|s| s.refusals.contains(&(shape, refusal.kind)))
                    .map(|s| s.name.clone())
            });
            return Touched {
                title: format!(
                    "\"{}\" (the reference refuses such moves as {})",
                    refusal.reason,
                    <&str>::from(refusal.kind)
                ),
                scenario,
            };
        }
        self.by_shape(shape)
    }

    /// The rule touched when `mv` gives the candidate another position than the reference;
    /// `agrees` tells whether a position of the reference under another reading is the
    /// candidate's.
    pub fn played(
        &self,
        pos: &Position,
        mv: Move,
        agrees: impl Fn(&Game, &Position) -> bool,
    ) -> Touched {
        for alt in &self.alternatives {
            let mut after = pos.clone();
            if alt.game.play(&mut after, mv).is_ok() && agrees(&alt.game, &after) {
                return alt.touched();
            }
        }
        self.by_shape(Shape::of(&self.reference, mv))
    }

    /// The rule touched when the candidate's status or score differs at `pos`.
    pub fn status(&self, pos: &Position, status: solitaire_core::Status, score: i32) -> Touched {
        if let Some(alt) = self
            .alternatives
            .iter()
            .find(|a| a.game.status(pos) == status && a.game.score(pos) == score)
        {
            return alt.touched();
        }
        match self.scenarios.iter().find(|s| s.status_or_score) {
            Some(s) => Touched::title(s.name.clone()),
            None => Touched::title("The game's status (won, lost) and score".into()),
        }
    }

    /// The first scenario that plays a move of this shape (exactly, then whatever the number
    /// of cards), or the shape in words.
    fn by_shape(&self, shape: Option<Shape>) -> Touched {
        let Some(shape) = shape else {
            return Touched::title("Moves naming piles the reference does not have".into());
        };
        let exact = self.scenarios.iter().find(|s| s.plays.contains(&shape));
        let loose = || {
            self.scenarios
                .iter()
                .find(|s| s.plays.iter().any(|p| p.loosely() == shape.loosely()))
        };
        match exact.or_else(loose) {
            Some(s) => Touched::title(s.name.clone()),
            None => Touched::title(format!(
                "{} (no scenario covers it)",
                capitalized(&shape.describe())
            )),
        }
    }
}
