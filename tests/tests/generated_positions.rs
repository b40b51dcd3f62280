//! Generated positions, reachable or not, for every registered game: whatever the position
//! reader accepts is safe for every command.
//!
//! Each case draws, for every game of the catalog, played under readings drawn at random (see
//! `solitaire_core::reading`), a random subset of the deck dealt into
//! random piles with random face-down counts, a random phase, redeal count and marks. Half
//! the cases follow the game's [`Structure`] as a guide (pile sizes, building orders), the
//! other half ignore it. The position is written in the text form and read back: the reader
//! must accept it exactly when the structural check does. A refused position is then
//! repaired one fault at a time (a face-down card turned up, a pile emptied, a counter reset)
//! until it is accepted. For each accepted position:
//! - the listed moves are exactly the accepted ones among all candidates (bottom moves too);
//! - each listed move plays, keeps every card, leaves a position of the game's structure,
//!   and undoes exactly;
//! - status, score and the JSON form answer, and the front ends' move ranking offers only
//!   legal moves;
//! - the solver (full knowledge, every method, and the fair view) returns on a tiny node
//!   budget, and any solution it reports replays to a win through the engine.
//!
//! A second property walks random games from deals under random readings: every position
//! play reaches has the game's structure, so the reader never refuses one.
//!
//! Cases: `PROPTEST_CASES` (default 12; each case covers every game), e.g.
//! `PROPTEST_CASES=2000 cargo test --release -p solitaire-conformance --test generated_positions`
//! for a long run. `every_game_accepts_some_positions_as_drawn` prints how many drawn
//! positions each game accepts before any repair (`--nocapture`).

use proptest::prelude::*;
use solitaire_conformance::assert_listed_are_accepted;
use solitaire_core::{
    Card, FaceDown, Fault, Game, Phase, Pile, Place, Position, ReadingValues, Structure, Vars, undo,
};
use solitaire_solver::{Budget, Method, Outcome, fair_solve, obvious, solve_with, verify};

/// Cases when `PROPTEST_CASES` does not say.
const DEFAULT_CASES: u32 = 12;

/// Nodes each search may generate.
const NODES: u64 = 300;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

/// SplitMix64: a small generator, seeded by proptest, that makes one position.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

/// A random position of `game`; `guided` follows its structure's pile sizes and orders.
fn generate(game: &Game, rng: &mut Rng, guided: bool) -> Position {
    let layout = game.layout();
    let structure = game.structure();
    let n = layout.piles.len();
    let mut deck = layout.deck.cards();
    for i in (1..deck.len()).rev() {
        deck.swap(i, rng.below(i + 1));
    }
    let take = match rng.below(3) {
        0 => rng.below(13),
        1 => rng.below(deck.len() / 3 + 1),
        _ => rng.below(deck.len() + 1),
    };
    deck.truncate(take);
    let mut piles: Vec<Vec<Card>> = vec![Vec::new(); n];
    if guided {
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for i in order {
            piles[i] = guided_pile(&structure.piles[i], &mut deck, rng);
        }
    } else {
        for card in deck {
            piles[rng.below(n)].push(card);
        }
    }
    let piles = piles
        .into_iter()
        .enumerate()
        .map(|(i, cards)| {
            let len = cards.len();
            let down = match (guided, structure.piles[i].face_down) {
                (true, FaceDown::Never) => 0,
                (true, FaceDown::Under) => rng.below(len),
                _ => rng.below(len + 1),
            };
            Pile::new(cards, down)
        })
        .collect();
    Position::new(piles, vars(structure, n, rng, guided))
}

/// Cards for one pile: up to its size, in its building order if it has one.
fn guided_pile(
    shape: &solitaire_core::PileShape,
    deck: &mut Vec<Card>,
    rng: &mut Rng,
) -> Vec<Card> {
    let want = rng.below(shape.max_cards.min(14).min(deck.len()) + 1);
    let mut cards: Vec<Card> = Vec::new();
    while cards.len() < want {
        let fits = |c: &Card| match (shape.order, cards.last()) {
            (None, _) => true,
            (Some(o), None) => o.base.is_none_or(|r| r == c.rank),
            (Some(o), Some(&below)) => o.build.fits(below, *c),
        };
        let Some(at) = deck.iter().position(fits) else {
            break;
        };
        cards.push(deck.swap_remove(at));
    }
    cards
}

/// A phase, redeal count and marks: in the game's range when `guided`, anything otherwise.
fn vars(structure: &Structure, piles: usize, rng: &mut Rng, guided: bool) -> Vars {
    let phases = [Phase::Play, Phase::Opening, Phase::Dealing];
    let phase = if guided {
        structure.phases[rng.below(structure.phases.len())]
    } else {
        phases[rng.below(phases.len())]
    };
    let redeals = if guided {
        rng.below(usize::from(structure.max_redeals) + 1) as u8
    } else {
        rng.below(5) as u8
    };
    let mut marks = 0u64;
    if rng.chance(3) {
        let markable = if guided {
            structure.markable
        } else {
            u64::MAX >> (64 - piles.min(64))
        };
        marks = rng.next() & markable;
    }
    Vars {
        phase,
        redeals,
        marks,
    }
}

/// Mend the first structural fault of `pos`; `false` when there is none.
fn repair(game: &Game, pos: &mut Position) -> bool {
    let Err(err) = game.check_structure(pos) else {
        return false;
    };
    let mut piles = pos.piles().to_vec();
    let mut vars = pos.vars();
    match err.place {
        Place::Pile(i) => {
            let pile = &piles[i];
            piles[i] = match err.fault {
                Fault::FaceDown | Fault::FaceDownTop | Fault::Rule(_) if pile.face_down() > 0 => {
                    Pile::new(pile.cards().to_vec(), 0)
                }
                _ => Pile::default(),
            };
        }
        Place::Phase => vars.phase = game.structure().phases[0],
        Place::Redeals => vars.redeals = 0,
        Place::Mark(i) => vars.marks &= !(1 << i),
    }
    *pos = Position::new(piles, vars);
    true
}

/// Read `pos` back from its text: the reader accepts it exactly when its structure holds,
/// and then gives back the same position.
fn read_back(game: &Game, pos: &Position) -> Option<Position> {
    let text = game.position_text(pos);
    let read = game.parse_position(&text);
    let fits = game.check_structure(pos);
    assert_eq!(
        read.is_ok(),
        fits.is_ok(),
        "{}: reader {read:?}, structure {fits:?}\n{text}",
        game.id()
    );
    let back = read.ok()?;
    assert_eq!(&back, pos, "{}: text round trip\n{text}", game.id());
    Some(back)
}

/// Every command on an accepted position.
fn exercise(game: &Game, pos: &Position) {
    let text = game.position_text(pos);
    let id = game.id();
    assert_listed_are_accepted(game, pos, "(generated)");
    let cards = pos.sorted_cards();
    for mv in game.legal_moves(pos) {
        let mut after = pos.clone();
        let mut log = Vec::new();
        game.play_logged(&mut after, mv, &mut log)
            .unwrap_or_else(|e| panic!("{id}: {} refused: {e}\n{text}", game.move_text(mv)));
        assert_eq!(after.sorted_cards(), cards, "{id}: {}", game.move_text(mv));
        if let Err(e) = game.check_structure(&after) {
            panic!(
                "{id}: {} leaves a position play cannot reach: {}\n{text}\nafter:\n{}",
                game.move_text(mv),
                e.describe(game.layout()),
                game.position_text(&after)
            );
        }
        undo(&mut after, &log);
        assert_eq!(&after, pos, "{id}: undo of {}\n{text}", game.move_text(mv));
    }
    let _ = (
        game.status(pos),
        game.score(pos),
        game.position_json(pos, None),
    );
    // The front ends' ranking: whatever it offers is legal.
    let mut offered = vec![
        obvious::hint(game, pos),
        obvious::bottom_foundation_move(game, pos),
    ];
    for from in 0..pos.piles().len() {
        offered.push(obvious::foundation_move(game, pos, from));
        for count in 1..=pos.pile(from).len() {
            offered.push(obvious::obvious_move(game, pos, from, count));
        }
    }
    for mv in offered.into_iter().flatten() {
        game.check(pos, mv).unwrap_or_else(|e| {
            panic!(
                "{id}: offered move {} refused: {e}\n{text}",
                game.move_text(mv)
            )
        });
    }
    for method in [Method::Auto, Method::Beam, Method::Dfs, Method::Bfs] {
        let report = solve_with(game, pos, Budget::nodes(NODES), method);
        if let Outcome::Solved(moves) = &report.outcome {
            assert_eq!(
                verify(game, pos, moves),
                Ok(true),
                "{id}: {method:?} solution does not replay\n{text}"
            );
        }
    }
    if let Some(mv) = fair_solve(game, pos, Budget::nodes(NODES), 2).hint {
        game.check(pos, mv).unwrap_or_else(|e| {
            panic!(
                "{id}: fair hint {} refused: {e}\n{text}",
                game.move_text(mv)
            )
        });
    }
}

/// `game` under a reading drawn at random for each of its options.
fn configure(game: &Game, rng: &mut Rng) -> Game {
    let values: ReadingValues = game
        .readings()
        .iter()
        .map(|r| {
            let choices = r.reading.choices;
            let value = choices[rng.below(choices.len())].value;
            (r.reading.name.to_string(), value.to_string())
        })
        .collect();
    game.with_readings(&values)
        .unwrap_or_else(|e| panic!("{}: {e}", game.id()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn accepted_positions_are_safe_for_every_command(seed in any::<u64>()) {
        let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
        let mut rng = Rng(seed);
        for game in catalog.games() {
            let game = &configure(game, &mut rng);
            let guided = rng.chance(2);
            let mut pos = generate(game, &mut rng, guided);
            read_back(game, &pos);
            // Each pile is mended at most twice, each counter and mark once.
            let most = 2 * pos.piles().len() + 2 + 64;
            let mut tries = 0;
            while repair(game, &mut pos) {
                tries += 1;
                prop_assert!(tries <= most, "{}: no repair ends\n{}", game.id(), game.position_text(&pos));
            }
            let back = read_back(game, &pos)
                .unwrap_or_else(|| panic!("{}: a repaired position is refused", game.id()));
            exercise(game, &back);
        }
    }

    #[test]
    fn reachable_positions_have_the_structure_under_every_reading(seed in any::<u64>()) {
        let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
        let mut rng = Rng(seed);
        for game in catalog.games() {
            let game = configure(game, &mut rng);
            let mut pos = game.deal(seed);
            for _ in 0..120 {
                if let Err(e) = game.check_structure(&pos) {
                    panic!(
                        "{} {:?}: play reached a position the reader refuses: {}\n{}",
                        game.id(),
                        game.readings().iter().map(|r| r.choice.value).collect::<Vec<_>>(),
                        e.describe(game.layout()),
                        game.position_text(&pos)
                    );
                }
                let moves = game.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                game.play(&mut pos, mv).unwrap_or_else(|e| panic!("{}: {e}", game.id()));
            }
        }
    }
}

/// The generator draws positions each game accepts as drawn, not only after repairs: for every
/// game some of the guided draws read at once (the counts are printed with `--nocapture`).
#[test]
fn every_game_accepts_some_positions_as_drawn() {
    let catalog = solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"));
    let draws = 64;
    for game in catalog.games() {
        let mut rng = Rng(0x5eed ^ draws as u64);
        let (mut guided, mut free) = (0, 0);
        for i in 0..draws {
            let pos = generate(game, &mut rng, i % 2 == 0);
            if read_back(game, &pos).is_some() {
                if i % 2 == 0 {
                    guided += 1;
                } else {
                    free += 1;
                }
            }
        }
        eprintln!(
            "{}: accepted as drawn: {guided} of {} guided, {free} of {} free",
            game.id(),
            draws / 2,
            draws / 2
        );
        assert!(guided > 0, "{}: no guided draw is accepted", game.id());
    }
}
