//! The seeds: the project's own valid inputs, which the targets mutate.

use std::sync::Arc;

use solitaire_conformance::{Start, Step, conformance_dir, load};
use solitaire_core::{Catalog, Game, Session};
use solitaire_games::Family;

use crate::rng::Rng;

/// A valid text of one game.
#[derive(Clone, Debug)]
pub struct Seed {
    /// The game id.
    pub game: String,
    /// The text.
    pub text: String,
}

/// A position and moves written for it (legal ones and, from conformance files, refused ones).
#[derive(Clone, Debug)]
pub struct MoveSeed {
    /// The game id.
    pub game: String,
    /// The position in the text form.
    pub position: String,
    /// Move texts.
    pub moves: Vec<String>,
}

/// Every seed.
#[derive(Debug, Default)]
pub struct Corpus {
    /// Positions in the text form: deals, random-walk positions, conformance positions.
    pub positions: Vec<Seed>,
    /// Positions with move texts: the legal moves, `deal`, `redeal`, conformance moves.
    pub moves: Vec<MoveSeed>,
    /// Saved games (RON) of random walks, dealt from a seed or started from a position.
    pub saves: Vec<Seed>,
    /// Layout files: every registered one and a few Spider family members.
    pub layouts: Vec<String>,
}

/// The deals every game is played from.
const DEALS: [u64; 4] = [1, 2, 42, u64::MAX];
/// Random-walk lengths at which positions are kept.
const KEEP_AT: [usize; 3] = [5, 25, 90];
/// Spider family members whose layouts seed the layout target.
const FAMILIES: [&str; 3] = ["4,2,2,3,3", "1,1,1,1,1", "13,4,1,16,3"];

impl Corpus {
    /// The seeds of every registered game.
    pub fn build(catalog: &Catalog) -> Corpus {
        let mut c = Corpus::default();
        for game in catalog.games() {
            for seed in DEALS {
                c.walk(game, seed);
            }
            c.conformance(game.id());
        }
        c.layouts = solitaire_games::layouts()
            .iter()
            .map(|l| l.source.to_string())
            .collect();
        for spec in FAMILIES {
            if let Ok(f) = spec.parse::<Family>() {
                c.layouts.push(f.layout());
            }
        }
        c
    }

    /// Deal `seed`, play random legal moves and keep positions and saves on the way; also a
    /// game started from the position after a few moves.
    fn walk(&mut self, game: &Arc<Game>, seed: u64) {
        let mut session = Session::deal(game.clone(), seed);
        let mut rng = Rng::for_case(seed, 0x5eed);
        self.keep(&session);
        for step in 1..=KEEP_AT[KEEP_AT.len() - 1] {
            let moves = game.legal_moves(session.position());
            if moves.is_empty() {
                self.keep(&session);
                break;
            }
            if session.play(*rng.pick(&moves)).is_err() {
                break;
            }
            if KEEP_AT.contains(&step) {
                self.keep(&session);
            }
            if step == KEEP_AT[0] {
                let start = session.position().clone();
                let mut from = Session::from_position(game.clone(), None, start);
                for _ in 0..KEEP_AT[0] {
                    let moves = game.legal_moves(from.position());
                    if moves.is_empty() || from.play(*rng.pick(&moves)).is_err() {
                        break;
                    }
                }
                self.keep(&from);
            }
        }
    }

    /// Keep a session's position, its legal moves and its save.
    fn keep(&mut self, session: &Session) {
        let game = session.game();
        let text = game.position_text(session.position());
        let mut moves: Vec<String> = game
            .legal_moves(session.position())
            .into_iter()
            .map(|m| game.move_text(m).to_string())
            .collect();
        moves.extend(["deal".to_string(), "redeal".to_string()]);
        self.positions.push(Seed {
            game: game.id().to_string(),
            text: text.clone(),
        });
        self.moves.push(MoveSeed {
            game: game.id().to_string(),
            position: text,
            moves,
        });
        self.saves.push(Seed {
            game: game.id().to_string(),
            text: session.record().to_ron(),
        });
    }

    /// The positions and moves of the game's conformance scenarios.
    fn conformance(&mut self, id: &str) {
        let Ok(Some(file)) = load(&conformance_dir(), id) else {
            return;
        };
        for scenario in file.scenarios {
            let Start::Position(text) = scenario.start else {
                continue;
            };
            let moves: Vec<String> = scenario
                .steps
                .iter()
                .filter_map(|s| match s {
                    Step::Play(m) | Step::Legal(m) | Step::Illegal(m, _) => Some(m.clone()),
                    _ => None,
                })
                .collect();
            self.positions.push(Seed {
                game: id.to_string(),
                text: text.clone(),
            });
            if !moves.is_empty() {
                self.moves.push(MoveSeed {
                    game: id.to_string(),
                    position: text,
                    moves,
                });
            }
        }
    }

    /// The positions of one game.
    pub fn positions_of(&self, game: &str) -> Vec<&str> {
        self.positions
            .iter()
            .filter(|s| s.game == game)
            .map(|s| s.text.as_str())
            .collect()
    }
}
