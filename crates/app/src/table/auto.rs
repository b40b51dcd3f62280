//! Automatic moves to the foundations after the player's move, as the settings ask: off,
//! safe cards only, or every card a foundation takes. One card at a time, each after the last
//! has landed; undo takes them back one by one and does not set them off again.
//!
//! A card is *safe* to send home when no card still off the foundations could be built on it
//! in the tableau: the engine is asked, with a probe position where the card lies alone on a
//! tableau pile and each other card is offered to it, so every game's own building rule
//! decides.

use bevy::prelude::*;
use solitaire_core::{Card, End, Game, Move, Pile, PileKind, Position, Status};

use super::TableSet;
use super::anim::Flight;
use crate::play::{Asking, Changed, Play, Request, Script};
use crate::settings::{AutoMoves, Settings};

/// Whether the last change was the player's (or an automatic) move forward.
#[derive(Resource, Default)]
pub struct AutoArmed(pub bool);

/// Whether `card` may go home safely: no card off the foundations could be built on it.
pub fn safe_home(game: &Game, pos: &Position, card: Card) -> bool {
    let layout = game.layout();
    let tableau = layout.piles_of(PileKind::Tableau);
    let Some(&host) = tableau.first() else {
        return true;
    };
    // The card is offered from another tableau pile where there is one.
    let Some(source) = tableau.get(1).copied().or_else(|| {
        (0..pos.piles().len()).find(|&p| p != host && layout.piles[p].kind != PileKind::Foundation)
    }) else {
        return true;
    };
    let on_foundations: std::collections::HashSet<Card> = layout
        .piles_of(PileKind::Foundation)
        .into_iter()
        .flat_map(|f| pos.pile(f).cards().iter().copied())
        .collect();
    let mut piles = pos.piles().to_vec();
    piles[host] = Pile::new(vec![card], 0);
    !layout
        .deck
        .cards()
        .into_iter()
        .filter(|&x| x != card && !on_foundations.contains(&x))
        .any(|x| {
            piles[source] = Pile::new(vec![x], 0);
            let probe = Position::new(piles.clone(), pos.vars());
            game.check(&probe, Move::transfer(source, host, 1)).is_ok()
        })
}

/// The next automatic move under `mode`: a single card onto a foundation.
pub fn auto_move(game: &Game, pos: &Position, mode: AutoMoves) -> Option<Move> {
    if mode == AutoMoves::Off || game.status(pos) != Status::Playing {
        return None;
    }
    let layout = game.layout();
    game.legal_moves(pos).into_iter().find(|&m| {
        // One card: a pile's top card, or its bottom card where the rules take from there.
        let (card, to) = match m {
            Move::Transfer {
                end: End::Top,
                from,
                to,
                count: 1,
            } => (pos.pile(usize::from(from)).top(), to),
            Move::Transfer {
                end: End::Bottom,
                from,
                to,
                ..
            } => (pos.pile(usize::from(from)).bottom(), to),
            _ => return false,
        };
        if layout.piles[usize::from(to)].kind != PileKind::Foundation {
            return false;
        }
        mode == AutoMoves::All || card.is_some_and(|c| safe_home(game, pos, c))
    })
}

fn send_home(
    mut changes: MessageReader<Changed>,
    mut armed: ResMut<AutoArmed>,
    settings: Option<Res<Settings>>,
    play: Res<Play>,
    asking: Res<Asking>,
    script: Res<Script>,
    replaying: Option<Res<super::replay::Replaying>>,
    flying: Query<(), With<Flight>>,
    mut requests: MessageWriter<Request>,
) {
    for c in changes.read() {
        armed.0 = !c.backwards && !c.steps.is_empty();
    }
    let mode = settings.map_or(AutoMoves::Off, |s| s.auto_moves);
    // Never during a replay: a new move would clear the moves still to redo.
    if !armed.0
        || !flying.is_empty()
        || asking.0.is_some()
        || !script.moves.is_empty()
        || replaying.is_some()
    {
        return;
    }
    armed.0 = false;
    if let Some(mv) = auto_move(play.game(), play.session.position(), mode) {
        requests.write(Request::Play(mv));
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AutoArmed>();
    app.add_systems(Update, send_home.in_set(TableSet::Input));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bristol(text: &str) -> (std::sync::Arc<Game>, Position) {
        let catalog = solitaire_games::catalog().expect("the registry builds");
        let game = catalog.get("bristol").expect("bristol");
        let pos = game.parse_position(text).expect("a Bristol position");
        (game, pos)
    }

    #[test]
    fn a_card_is_safe_home_once_nothing_off_the_foundations_builds_on_it() {
        let two = Card::new(solitaire_core::Rank::Two, solitaire_core::Suit::Spades);
        // The Ace of Hearts is still out: it could go on the Two of Spades in the tableau.
        let (game, pos) = bristol("f1: AS\nt1: 2S\nt2: AH\nt3: 9C\n");
        assert!(!safe_home(&game, &pos, two));
        let all = auto_move(&game, &pos, AutoMoves::All).expect("a card goes home");
        assert!(matches!(all, Move::Transfer { count: 1, .. }));
        assert_eq!(auto_move(&game, &pos, AutoMoves::Off), None);
        // The Ace itself is always safe: nothing is built on an Ace.
        let safe = auto_move(&game, &pos, AutoMoves::Safe).expect("the Ace goes home");
        assert_eq!(
            game.move_text(safe).to_string().split('>').next(),
            Some("t2")
        );
        let (game, pos) = bristol("f1: AS\nf2: AH\nf3: AD\nf4: AC\nt1: 2S\nt3: 9C\n");
        assert!(safe_home(&game, &pos, two), "every Ace is home");
    }
}
