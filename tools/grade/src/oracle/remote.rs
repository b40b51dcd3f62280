//! The candidate's rules as the judge holds them: each method asks the student's oracle and
//! checks the answer (moves and steps name real piles, positions hold cards of the game's
//! deck) before the engine uses it. Applied moves come back as the primitive steps the
//! student's own `Tx` took and are replayed through the judge's `Tx`, so undo, card
//! conservation and every comparison are the engine's, never the student's.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};

use solitaire_core::{
    Card, Choice, FaceDown, Fault, Game, Illegal, Layout, LayoutError, Move, PileShape, Position,
    Reading, Rules, Status, Structure, StructureError, Tx,
};
use solitaire_oracle::protocol::{Checked, Item, Question, Reply};
use solitaire_oracle::wire::{
    DeckCards, WireMove, WirePosition, WireReading, WireStep, cards_text,
};

use super::{Built, OracleFault, Session};

/// The most readings, and choices of one reading, a candidate may declare.
const MAX_READINGS: usize = 32;
/// The most distinct reasons (refusals, structural faults) kept for one candidate; later
/// ones share one text.
const MAX_REASONS: usize = 2000;

/// The candidate's rules, answered by its oracle.
pub struct RemoteRules {
    session: Arc<Session>,
    piles: usize,
    deck: DeckCards,
    readings: &'static [Reading],
    takes_from_bottom: bool,
    /// The steps a legal `check` brought along, for the `apply` that follows it.
    prefetched: Mutex<Option<(Position, Move, Vec<WireStep>)>>,
    /// The survey of the position asked last.
    surveyed: Mutex<Option<Surveyed>>,
    reasons: Mutex<HashMap<String, &'static str>>,
}

/// The candidate game the oracle built: its layout (read here, with the readings the
/// oracle applied) and rules that ask the oracle.
///
/// # Errors
/// A layout that does not read or is not the game asked for, readings that do not fit it,
/// or the game's dry-run deal failing.
pub fn candidate(session: Arc<Session>, game: &str, built: &Built) -> Result<Arc<Game>, String> {
    let layout = Layout::parse(&built.file, &built.layout)
        .map_err(|e| format!("the game's layout does not read: {e}"))?;
    if layout.id != game {
        return Err(format!(
            "the oracle built {:?} when asked for {game:?}",
            layout.id
        ));
    }
    let layout = layout.with_readings(&built.applied);
    let rules = RemoteRules {
        session,
        piles: layout.piles.len(),
        deck: DeckCards::of(&layout),
        readings: leak_readings(&built.readings)?,
        takes_from_bottom: built.takes_from_bottom,
        prefetched: Mutex::new(None),
        surveyed: Mutex::new(None),
        reasons: Mutex::new(HashMap::new()),
    };
    let made = catch_unwind(AssertUnwindSafe(|| {
        Game::from_rules(layout, Box::new(rules))
    }));
    match made {
        Ok(Ok(game)) => Ok(Arc::new(game)),
        Ok(Err(e)) => Err(format!("the game's layout does not build: {e}")),
        Err(payload) => Err(match payload.downcast_ref::<OracleFault>() {
            Some(OracleFault::Panic(m)) => format!("its deal panicked: {m}"),
            Some(OracleFault::Crash(how)) => format!("its oracle ended: {how}"),
            Some(OracleFault::Late) => "its deal did not finish in time".into(),
            None => "building the game failed".into(),
        }),
    }
}

/// The readings a candidate declares, made `'static` (the engine's readings are constants):
/// leaked once per candidate, bounded in number and length.
fn leak_readings(readings: &[WireReading]) -> Result<&'static [Reading], String> {
    if readings.len() > MAX_READINGS {
        return Err(format!(
            "the game declares more than {MAX_READINGS} readings"
        ));
    }
    let text = |s: &str| -> &'static str {
        Box::leak(crate::judge::inert::candidate_text(s).into_boxed_str())
    };
    let mut out = Vec::with_capacity(readings.len());
    for r in readings {
        if r.choices.is_empty() || r.choices.len() > MAX_READINGS {
            return Err(format!(
                "the reading {:?} has {} choices",
                r.name,
                r.choices.len()
            ));
        }
        let choices: Vec<Choice> = r
            .choices
            .iter()
            .map(|(value, meaning)| Choice {
                value: text(value),
                meaning: text(meaning),
            })
            .collect();
        out.push(Reading {
            name: text(&r.name),
            sentence: text(&r.sentence),
            choices: Box::leak(choices.into_boxed_slice()),
        });
    }
    Ok(Box::leak(out.into_boxed_slice()))
}

/// What the oracle answered about one position in one survey: most questions about a
/// position are answered from it, without a round trip each.
struct Surveyed {
    pos: Position,
    moves: Item<Vec<Move>>,
    moves_again: Item<Vec<Move>>,
    /// How many times the position's legal moves were asked.
    listed: usize,
    won: Item<bool>,
    status: Item<Status>,
    score: Item<i32>,
    checked: HashMap<Move, Item<Checked>>,
}

/// An answer of a survey, or its panic raised now that it is asked for.
fn answer<T>(item: Item<T>) -> T {
    match item {
        Item::Answer(value) => value,
        Item::Panic(message) => {
            OracleFault::Panic(crate::judge::inert::candidate_text(&message)).raise()
        }
    }
}

fn out_of_protocol(what: impl std::fmt::Display) -> ! {
    OracleFault::Crash(format!("its oracle answered out of protocol: {what}")).raise()
}

impl RemoteRules {
    fn pos(pos: &Position) -> WirePosition {
        WirePosition::encode(pos)
    }

    /// Moves the oracle sent, each naming real piles.
    fn moves(&self, moves: Item<Vec<WireMove>>) -> Item<Vec<Move>> {
        match moves {
            Item::Answer(moves) => Item::Answer(
                moves
                    .into_iter()
                    .map(|m| m.decode(self.piles).unwrap_or_else(|e| out_of_protocol(e)))
                    .collect(),
            ),
            Item::Panic(message) => Item::Panic(message),
        }
    }

    /// `f` of the survey of `pos`, asking the oracle for it unless it is the position
    /// surveyed last.
    fn with_survey<T>(&self, pos: &Position, f: impl FnOnce(&mut Surveyed) -> T) -> T {
        let mut cache = self.surveyed.lock().unwrap_or_else(|p| p.into_inner());
        if cache.as_ref().is_none_or(|s| s.pos != *pos) {
            *cache = None;
            let survey = match self.ask_or_fail(Question::Survey {
                pos: Self::pos(pos),
            }) {
                Reply::Survey(survey) => survey,
                other => out_of_protocol(format!("a {} answer to survey", other.name())),
            };
            let mut checked = HashMap::with_capacity(survey.checked.len());
            for (wire, item) in survey.checked {
                let mv = wire
                    .decode(self.piles)
                    .unwrap_or_else(|e| out_of_protocol(e));
                checked.insert(mv, item);
            }
            *cache = Some(Surveyed {
                pos: pos.clone(),
                moves: self.moves(survey.moves),
                moves_again: self.moves(survey.moves_again),
                listed: 0,
                won: survey.won,
                status: survey.status,
                score: survey.score,
                checked,
            });
        }
        match cache.as_mut() {
            Some(survey) => f(survey),
            None => out_of_protocol("no survey"),
        }
    }

    /// A text of the candidate's, `'static` for the engine's types, cut and interned.
    fn intern(&self, text: &str) -> &'static str {
        let text = crate::judge::inert::candidate_text(text);
        let mut reasons = self.reasons.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(known) = reasons.get(&text) {
            return known;
        }
        if reasons.len() >= MAX_REASONS {
            return "(one of too many different reasons)";
        }
        let leaked: &'static str = Box::leak(text.clone().into_boxed_str());
        reasons.insert(text, leaked);
        leaked
    }

    fn ask_or_fail(&self, question: Question) -> Reply {
        match self.session.ask(question) {
            Reply::Error { message } => OracleFault::Crash(format!(
                "its oracle could not answer: {}",
                crate::judge::inert::candidate_text(&message)
            ))
            .raise(),
            reply => reply,
        }
    }
}

impl Rules for RemoteRules {
    fn check(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        let checked = match self.with_survey(pos, |s| s.checked.get(&mv).cloned()) {
            Some(item) => answer(item),
            None => {
                let question = Question::Check {
                    pos: Self::pos(pos),
                    mv: WireMove::encode(mv),
                };
                match self.ask_or_fail(question) {
                    Reply::Checked { refused, steps } => Checked { refused, steps },
                    other => out_of_protocol(format!("a {} answer to check", other.name())),
                }
            }
        };
        match checked {
            Checked {
                refused: Some(refusal),
                ..
            } => Err(Illegal::new(refusal.kind, self.intern(&refusal.reason))),
            Checked {
                refused: None,
                steps,
            } => {
                *self.prefetched.lock().unwrap_or_else(|p| p.into_inner()) =
                    steps.map(|s| (pos.clone(), mv, s));
                Ok(())
            }
        }
    }

    fn apply(&self, tx: &mut Tx<'_>, mv: Move) {
        let prefetched = self
            .prefetched
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
            .filter(|(pos, m, _)| *m == mv && pos == tx.pos())
            .map(|(_, _, steps)| steps);
        let steps = match prefetched {
            Some(steps) => steps,
            None => match self.ask_or_fail(Question::Apply {
                pos: Self::pos(tx.pos()),
                mv: WireMove::encode(mv),
            }) {
                Reply::Steps { steps } => steps,
                other => out_of_protocol(format!("a {} answer to {}", other.name(), "apply")),
            },
        };
        for step in steps {
            if let Err(e) = step.replay(tx) {
                out_of_protocol(e);
            }
        }
    }

    fn is_won(&self, pos: &Position) -> bool {
        answer(self.with_survey(pos, |s| s.won.clone()))
    }

    /// The first time a position's moves are asked, the survey's; the second time, the
    /// survey's second asking; then the oracle again.
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let listed = self.with_survey(pos, |s| {
            s.listed += 1;
            match s.listed {
                1 => Some(s.moves.clone()),
                2 => Some(s.moves_again.clone()),
                _ => None,
            }
        });
        if let Some(moves) = listed {
            out.extend(answer(moves));
            return;
        }
        match self.ask_or_fail(Question::LegalMoves {
            pos: Self::pos(pos),
        }) {
            Reply::Moves { moves } => out.extend(answer(self.moves(Item::Answer(moves)))),
            other => out_of_protocol(format!("a {} answer to legal-moves", other.name())),
        }
    }

    fn takes_from_bottom(&self) -> bool {
        self.takes_from_bottom
    }

    fn status(&self, pos: &Position) -> Status {
        answer(self.with_survey(pos, |s| s.status.clone()))
    }

    fn score(&self, pos: &Position) -> i32 {
        answer(self.with_survey(pos, |s| s.score.clone()))
    }

    /// Every shape allowed: the oracle checks the game's whole structure, the engine's part
    /// under the game's own shapes included, in [`Rules::check_structure`].
    fn structure(&self, layout: &Layout) -> Structure {
        Structure {
            piles: vec![
                PileShape {
                    max_cards: usize::MAX,
                    face_down: FaceDown::Any,
                    order: None,
                };
                layout.piles.len()
            ],
            phases: vec![
                solitaire_core::Phase::Play,
                solitaire_core::Phase::Opening,
                solitaire_core::Phase::Dealing,
            ],
            max_redeals: u8::MAX,
            unlimited_redeals: false,
            markable: u64::MAX,
        }
    }

    fn check_structure(&self, pos: &Position) -> Result<(), StructureError> {
        match self.ask_or_fail(Question::CheckStructure {
            pos: Self::pos(pos),
        }) {
            Reply::Structure { fault: None } => Ok(()),
            Reply::Structure { fault: Some(fault) } => {
                let Some(place) = fault.place(self.piles) else {
                    out_of_protocol("a structural fault at a pile the game does not have");
                };
                Err(StructureError::new(
                    place,
                    Fault::Rule(self.intern(&fault.message)),
                ))
            }
            other => out_of_protocol(format!(
                "a {} answer to {}",
                other.name(),
                "check-structure"
            )),
        }
    }

    fn readings(&self) -> &'static [Reading] {
        self.readings
    }

    fn deal(&self, layout: &Layout, deck: Vec<Card>) -> Result<Position, LayoutError> {
        match self.session.ask(Question::Deal {
            deck: cards_text(&deck),
        }) {
            Reply::Position { pos } => match pos.decode(self.piles, &self.deck) {
                Ok(pos) => Ok(pos),
                Err(e) => out_of_protocol(e),
            },
            Reply::Error { message } => {
                Err(layout.error("deal", crate::judge::inert::candidate_text(&message)))
            }
            other => out_of_protocol(format!("a {} answer to {}", other.name(), "deal")),
        }
    }
}
