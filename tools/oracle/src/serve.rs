//! The oracle's main loop: read a request, answer it with the student's game, flush, repeat,
//! until standard input ends. A panic in the student's code is caught and answered as
//! [`Reply::Panic`]; anything worse (an abort, an exit, a signal) ends the process, which the
//! judge sees and records for the question it asked.

use std::io::{BufRead, BufReader, Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use solitaire_core::{Catalog, EmbeddedLayout, Game, Plugin, Position, Tx};

use crate::protocol::{
    Answer, Checked, Item, MAX_LAYOUT_BYTES, MAX_MESSAGE_BYTES, MAX_REQUEST_BYTES, Question, Reply,
    Request, Survey,
};
use crate::wire::{
    DeckCards, WireIllegal, WireMove, WirePosition, WireReading, WireStep, WireStructureFault,
    decode_cards,
};
use crate::{capped, configured};

/// Answer the judge's questions about the game of `plugins` and `layouts` (the student's
/// crate's `PLUGIN` and `LAYOUTS`) until standard input ends, then exit.
pub fn serve(plugins: &[Plugin], layouts: &[EmbeddedLayout]) -> ! {
    std::panic::set_hook(Box::new(|_| {}));
    let mut out = match answers_output() {
        Ok(out) => out,
        Err(e) => {
            eprintln!("oracle: cannot set up its output: {e}");
            std::process::exit(2);
        }
    };
    let mut input = BufReader::new(std::io::stdin().lock());
    let mut oracle = Oracle {
        plugins,
        layouts,
        game: None,
    };
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = Read::by_ref(&mut input)
            .take(MAX_REQUEST_BYTES as u64 + 1)
            .read_until(b'\n', &mut line);
        match read {
            Ok(0) | Err(_) => break,
            Ok(n) if n > MAX_REQUEST_BYTES => break,
            Ok(_) => {}
        }
        let answer = match serde_json::from_slice::<Request>(&line) {
            Ok(request) => Answer {
                id: request.id,
                reply: oracle.answer(request.question),
            },
            Err(e) => Answer {
                id: 0,
                reply: error(format!("the request does not read: {e}")),
            },
        };
        if out.write_all(answer.line().as_bytes()).is_err() || out.flush().is_err() {
            break;
        }
    }
    std::process::exit(0)
}

/// Standard output as a file of its own for the answers; file descriptor 1 then points to
/// standard error, where `println!` in the student's code ends up.
#[cfg(unix)]
fn answers_output() -> std::io::Result<std::fs::File> {
    use std::os::fd::AsFd;
    let answers = std::io::stdout().as_fd().try_clone_to_owned()?;
    // SAFETY: dup2 on the process's own standard descriptors, which stay open; the `File`
    // returned owns a separate descriptor.
    if unsafe { libc::dup2(2, 1) } < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(std::fs::File::from(answers))
}

#[cfg(not(unix))]
fn answers_output() -> std::io::Result<std::fs::File> {
    Err(std::io::Error::other("the oracle needs a Unix system"))
}

struct Oracle<'a> {
    plugins: &'a [Plugin],
    layouts: &'a [EmbeddedLayout],
    game: Option<Built>,
}

struct Built {
    game: Arc<Game>,
    deck: DeckCards,
}

fn error(message: impl AsRef<str>) -> Reply {
    Reply::Error {
        message: capped(message.as_ref(), MAX_MESSAGE_BYTES),
    }
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    crate::panic_message(payload, MAX_MESSAGE_BYTES)
}

/// Run the student's code, a panic becoming [`Reply::Panic`].
fn guarded(f: impl FnOnce() -> Reply) -> Reply {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| Reply::Panic {
        message: panic_text(payload.as_ref()),
    })
}

impl Oracle<'_> {
    fn answer(&mut self, question: Question) -> Reply {
        if let Question::Build { game, readings } = question {
            let (plugins, layouts) = (self.plugins, self.layouts);
            let mut built = None;
            let reply = guarded(|| match build(plugins, layouts, &game, &readings) {
                Ok((game, reply)) => {
                    built = Some(game);
                    reply
                }
                Err(message) => error(message),
            });
            self.game = built;
            return reply;
        }
        let Some(built) = &self.game else {
            return error("no game is built yet");
        };
        let game = &built.game;
        let rules = game.rules();
        let piles = game.layout().piles.len();
        let position = |pos: &WirePosition| pos.decode(piles, &built.deck);
        let mv = |mv: WireMove| mv.decode(piles);
        let answer = || -> Result<Reply, String> {
            Ok(match question {
                Question::Build { .. } => error("unreachable"),
                Question::Deal { deck } => {
                    let deck = decode_cards(&deck, &built.deck)?;
                    guarded(|| match rules.deal(game.layout(), deck) {
                        Ok(pos) => Reply::Position {
                            pos: WirePosition::encode(&pos),
                        },
                        Err(e) => error(e.to_string()),
                    })
                }
                Question::LegalMoves { pos } => {
                    let pos = position(&pos)?;
                    guarded(|| {
                        let mut moves = Vec::new();
                        rules.legal_moves(&pos, &mut moves);
                        Reply::Moves {
                            moves: moves.into_iter().map(WireMove::encode).collect(),
                        }
                    })
                }
                Question::Check { pos, mv: m } => {
                    let (pos, m) = (position(&pos)?, mv(m)?);
                    guarded(|| match rules.check(&pos, m) {
                        Err(e) => Reply::Checked {
                            refused: Some(WireIllegal {
                                kind: e.kind,
                                reason: capped(e.reason, MAX_MESSAGE_BYTES),
                            }),
                            steps: None,
                        },
                        Ok(()) => Reply::Checked {
                            refused: None,
                            steps: catch_unwind(AssertUnwindSafe(|| steps(game, &pos, m))).ok(),
                        },
                    })
                }
                Question::Apply { pos, mv: m } => {
                    let (pos, m) = (position(&pos)?, mv(m)?);
                    guarded(|| Reply::Steps {
                        steps: steps(game, &pos, m),
                    })
                }
                Question::IsWon { pos } => {
                    let pos = position(&pos)?;
                    guarded(|| Reply::Won {
                        won: rules.is_won(&pos),
                    })
                }
                Question::Status { pos } => {
                    let pos = position(&pos)?;
                    guarded(|| Reply::Status {
                        status: rules.status(&pos),
                    })
                }
                Question::Score { pos } => {
                    let pos = position(&pos)?;
                    guarded(|| Reply::Score {
                        score: rules.score(&pos),
                    })
                }
                Question::Survey { pos } => {
                    let pos = position(&pos)?;
                    Reply::Survey(survey(game, &pos))
                }
                Question::CheckStructure { pos } => {
                    let pos = position(&pos)?;
                    guarded(|| Reply::Structure {
                        fault: game
                            .check_structure(&pos)
                            .err()
                            .map(|e| WireStructureFault::encode(&e)),
                    })
                }
            })
        };
        answer().unwrap_or_else(error)
    }
}

/// One answer of the student's code, or its panic.
fn item<T>(f: impl FnOnce() -> T) -> Item<T> {
    catch_unwind(AssertUnwindSafe(f))
        .map_or_else(|p| Item::Panic(panic_text(p.as_ref())), Item::Answer)
}

/// The legal moves of `pos`.
fn legal_moves(game: &Game, pos: &Position) -> Item<Vec<WireMove>> {
    item(|| {
        let mut moves = Vec::new();
        game.rules().legal_moves(pos, &mut moves);
        moves.into_iter().map(WireMove::encode).collect()
    })
}

/// Everything the judge usually asks about `pos` ([`Survey`]).
fn survey(game: &Game, pos: &Position) -> Survey {
    let rules = game.rules();
    let moves = legal_moves(game, pos);
    let listed: Vec<WireMove> = match &moves {
        Item::Answer(moves) => moves.clone(),
        Item::Panic(_) => Vec::new(),
    };
    let checked = with_variants(listed, pos.piles().len())
        .into_iter()
        .map(|wire| {
            let mv = match wire.decode(pos.piles().len()) {
                Ok(mv) => mv,
                Err(e) => return (wire, Item::Panic(e)),
            };
            let answer = item(|| match rules.check(pos, mv) {
                Err(e) => Checked {
                    refused: Some(WireIllegal {
                        kind: e.kind,
                        reason: capped(e.reason, MAX_MESSAGE_BYTES),
                    }),
                    steps: None,
                },
                Ok(()) => Checked {
                    refused: None,
                    steps: catch_unwind(AssertUnwindSafe(|| steps(game, pos, mv))).ok(),
                },
            });
            (wire, answer)
        })
        .collect();
    Survey {
        moves,
        checked,
        moves_again: legal_moves(game, pos),
        won: item(|| rules.is_won(pos)),
        status: item(|| rules.status(pos)),
        score: item(|| rules.score(pos)),
    }
}

/// The most moves one survey checks.
const MAX_CHECKED: usize = 4096;

/// `listed` and the moves that differ from one of them only in where the cards go (and
/// `deal` and `redeal`): the judge compares how they are refused.
fn with_variants(listed: Vec<WireMove>, piles: usize) -> Vec<WireMove> {
    let mut out = listed.clone();
    let add = |mv: WireMove, out: &mut Vec<WireMove>| {
        if out.len() < MAX_CHECKED && !out.contains(&mv) {
            out.push(mv);
        }
    };
    let piles = u8::try_from(piles).unwrap_or(u8::MAX);
    for mv in &listed {
        for to in 0..piles {
            match *mv {
                WireMove::Transfer { from, count, .. } if to != from => {
                    add(WireMove::Transfer { from, to, count }, &mut out);
                }
                WireMove::Bottom { from, .. } if to != from => {
                    add(WireMove::Bottom { from, to }, &mut out);
                }
                _ => {}
            }
        }
    }
    add(WireMove::Deal, &mut out);
    add(WireMove::Redeal, &mut out);
    out
}

/// The steps applying `mv` to `pos` takes.
fn steps(game: &Game, pos: &Position, mv: solitaire_core::Move) -> Vec<WireStep> {
    let mut pos = pos.clone();
    let mut log = Vec::new();
    game.rules().apply(&mut Tx::new(&mut pos, &mut log), mv);
    WireStep::encode_all(&log)
}

/// The game `id` of the crate, configured with the course's readings it declares, and the
/// reply that describes it.
fn build(
    plugins: &[Plugin],
    layouts: &[EmbeddedLayout],
    id: &str,
    readings: &solitaire_core::ReadingValues,
) -> Result<(Built, Reply), String> {
    let catalog = Catalog::build(plugins, layouts)
        .map_err(|e| format!("the game's layout does not build: {e}"))?;
    let game = catalog.get(id).ok_or_else(|| {
        let ids: Vec<&str> = catalog.games().iter().map(|g| g.id()).collect();
        format!(
            "the crate's LAYOUTS has no layout with id {id:?} (it has: {})",
            ids.join(", ")
        )
    })?;
    let applied = crate::declared_readings(&game, readings);
    let game = match configured(&game, readings)
        .map_err(|e| format!("the game does not play the course's readings: {e}"))?
    {
        Some(configured) => Arc::new(configured),
        None => game,
    };
    let layout = game.layout();
    if layout.source().len() > MAX_LAYOUT_BYTES {
        return Err(format!(
            "the layout is larger than {MAX_LAYOUT_BYTES} bytes"
        ));
    }
    let reply = Reply::Built {
        file: layout.file().to_string(),
        layout: layout.source().to_string(),
        applied,
        readings: game
            .rules()
            .readings()
            .iter()
            .map(WireReading::encode)
            .collect(),
        takes_from_bottom: game.rules().takes_from_bottom(),
    };
    let deck = DeckCards::of(game.layout());
    Ok((Built { game, deck }, reply))
}
