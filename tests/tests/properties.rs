//! Properties every registered game must have, checked on random deals and random walks.
//! New games are covered as soon as they are registered: nothing here names a game.

use proptest::prelude::*;
use solitaire_conformance::assert_listed_are_accepted;
use solitaire_core::{Game, GameRecord, Session, Tx, undo};

fn catalog() -> solitaire_core::Catalog {
    solitaire_games::catalog().unwrap_or_else(|e| panic!("{e}"))
}

/// Walk `choices.len()` random legal moves from the deal of `seed`, calling `visit` with the
/// session before each move and after the last.
fn walk(
    game: &std::sync::Arc<Game>,
    seed: u64,
    choices: &[u32],
    mut visit: impl FnMut(&Session),
) -> Session {
    let mut session = Session::deal(game.clone(), seed);
    for &choice in choices {
        visit(&session);
        let moves = game.legal_moves(session.position());
        if moves.is_empty() {
            break;
        }
        let mv = moves[choice as usize % moves.len()];
        session.play(mv).unwrap_or_else(|e| {
            panic!(
                "{}: listed move {} refused: {e}",
                game.id(),
                game.move_text(mv)
            )
        });
    }
    visit(&session);
    session
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn cards_are_never_created_or_lost(seed in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 0..60)) {
        for game in catalog().games() {
            let deck = {
                let mut d = game.layout().deck.cards();
                d.sort();
                d
            };
            walk(game, seed, &choices, |s| assert_eq!(s.position().sorted_cards(), deck, "{} seed {seed}", game.id()));
        }
    }

    #[test]
    fn undo_restores_exactly_and_redo_replays(seed in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 0..60)) {
        for game in catalog().games() {
            walk(game, seed, &choices, |s| {
                let before = s.position().clone();
                for mv in game.legal_moves(&before) {
                    let mut pos = before.clone();
                    let mut log = Vec::new();
                    game.rules().apply(&mut Tx::new(&mut pos, &mut log), mv);
                    let after = pos.clone();
                    undo(&mut pos, &log);
                    assert_eq!(pos, before, "{}: undo of {}", game.id(), game.move_text(mv));
                    let mut session = s.clone();
                    session.play(mv).unwrap();
                    session.undo();
                    assert_eq!(session.position(), &before);
                    session.redo();
                    assert_eq!(session.position(), &after, "{}: redo of {}", game.id(), game.move_text(mv));
                }
            });
        }
    }

    #[test]
    fn listed_moves_are_exactly_the_accepted_ones(seed in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 0..40)) {
        for game in catalog().games() {
            walk(game, seed, &choices, |s| {
                assert_listed_are_accepted(game, s.position(), &format!("seed {seed}"));
            });
        }
    }

    #[test]
    fn saved_games_and_position_texts_replay_to_the_same_position(seed in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 0..60)) {
        for game in catalog().games() {
            let session = walk(game, seed, &choices, |s| {
                let text = game.position_text(s.position());
                let back = game.parse_position(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", game.id()));
                assert_eq!(&back, s.position(), "{}: text round trip", game.id());
            });
            let saved = session.record().to_ron();
            let record = GameRecord::from_ron(&saved).unwrap();
            let replayed = Session::from_record(game.clone(), &record).unwrap_or_else(|e| panic!("{}: {e}", game.id()));
            assert_eq!(replayed.position(), session.position());
            let mut restarted = session.clone();
            restarted.restart();
            assert_eq!(restarted.position(), &game.deal(seed));
            restarted.replay_to(session.move_count());
            assert_eq!(restarted.position(), session.position());
        }
    }
}
