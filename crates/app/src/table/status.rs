//! The status line (moves, score, time, deals left, the engine's last word) and the
//! card counts beside piles.

use bevy::prelude::*;

use super::{PileCount, TableSet};
use solitaire_core::Position;

use crate::play::{Notice, Play};

/// The text of the status line.
#[derive(Component)]
pub struct StatusText;

/// The cards one deal moves from the stock in `pos`, learned by letting the engine play a
/// deal on a copy of it.
fn cards_per_deal(game: &solitaire_core::Game, pos: &Position, stock: usize) -> Option<usize> {
    let left = pos.pile(stock).len();
    let mut copy = pos.clone();
    game.play(&mut copy, solitaire_core::Move::Deal).ok()?;
    Some(left.saturating_sub(copy.pile(stock).len()).max(1))
}

/// How many deals the stock still holds: the stock's size over the cards one deal moves.
/// Where the position does not allow a deal now (Spider with a column empty), a deal of
/// the game's own first position tells the size.
fn deals_left(play: &Play) -> Option<usize> {
    let game = play.game();
    let stock = *game
        .layout()
        .piles_of(solitaire_core::PileKind::Stock)
        .first()?;
    let pos = play.session.position();
    let per_deal = cards_per_deal(game, pos, stock)
        .or_else(|| cards_per_deal(game, &game.deal(play.session.seed().unwrap_or(1)), stock))?;
    Some(pos.pile(stock).len().div_ceil(per_deal))
}

fn show_status(
    play: Res<Play>,
    notice: Res<Notice>,
    mut status: Single<&mut Text, With<StatusText>>,
    mut counts: Query<(&PileCount, &mut Text2d)>,
) {
    let s = &play.session;
    let secs = play.seconds as u32;
    let mut line = format!(
        "Moves {}   Score {}   Time {}:{:02}",
        s.move_count(),
        s.game().score(s.position()),
        secs / 60,
        secs % 60
    );
    if let Some(n) = deals_left(&play) {
        line.push_str(&format!("   Deals left {n}"));
    }
    if !notice.0.is_empty() {
        line.push_str("   |   ");
        line.push_str(&notice.0);
    }
    if status.0 != line {
        status.0 = line;
    }
    for (c, mut text) in &mut counts {
        let n = s.position().pile(c.0).len();
        let label = if n == 0 { String::new() } else { n.to_string() };
        if text.0 != label {
            text.0 = label;
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, show_status.in_set(TableSet::Animate));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_left_are_counted_while_a_space_forbids_dealing() {
        let catalog = solitaire_games::catalog().expect("the registry builds");
        let game = catalog.get("spider").expect("spider");
        let mut pos = game.deal(1);
        let t1 = game.layout().pile_index("t1").expect("t1");
        let stock = game.layout().pile_index("stock").expect("stock");
        let mut piles = pos.piles().to_vec();
        piles[t1] = solitaire_core::Pile::new(Vec::new(), 0);
        pos = Position::new(piles, pos.vars());
        assert!(
            game.play(&mut pos.clone(), solitaire_core::Move::Deal)
                .is_err()
        );
        let play = Play::resume(solitaire_core::Session::from_position(game, None, pos));
        assert_eq!(play.session.position().pile(stock).len(), 50);
        assert_eq!(deals_left(&play), Some(5));
    }
}
