//! What an empty pile's marker shows: the rank of the first card the pile accepts, found by
//! asking the engine (a probe position with the pile empty and one card on offer from each
//! other pile in turn), or nothing where the first card is not one rank (or nothing goes
//! there by a single move, like Spider's foundations that take whole suits).

use solitaire_core::{Card, Game, IllegalKind, Move, Pile, PileKind, Position, Rank};

use crate::art::rank_label;

/// The sign on the marker of pile `pile`: a cell's square, a turn-over arrow for a stock that
/// can be redealt, the rank
/// it starts with for a foundation whose first card has one rank, otherwise nothing.
pub fn marker_sign(game: &Game, pos: &Position, pile: usize) -> &'static str {
    match game.layout().piles[pile].kind {
        // The turn-over arrow only where the game has a redeal at all.
        PileKind::Stock => match game.check(pos, Move::Redeal) {
            Err(e) if e.kind == IllegalKind::Unsupported => "",
            _ => "\u{21BB}",
        },
        PileKind::Cell | PileKind::Hand => "\u{25A1}",
        PileKind::Foundation => first_rank(game, pos, pile).map_or("", rank_label),
        _ => "",
    }
}

/// The one rank every card that may start pile `pile` has, if the engine accepts any card
/// there and they all share a rank.
pub fn first_rank(game: &Game, pos: &Position, pile: usize) -> Option<Rank> {
    let deck = &game.layout().deck;
    let cards: Vec<Card> = Rank::ALL
        .iter()
        .take(usize::from(deck.ranks))
        .flat_map(|&r| deck.suits.iter().map(move |&s| Card::new(r, s)))
        .collect();
    let sources: Vec<usize> = (0..pos.piles().len())
        .filter(|&s| s != pile && game.layout().piles[s].kind != PileKind::Foundation)
        .collect();
    let mut piles: Vec<Pile> = pos.piles().to_vec();
    piles[pile] = Pile::default();
    let mut found: Option<Rank> = None;
    for card in cards {
        if found.is_some_and(|r| r == card.rank) {
            continue;
        }
        let accepted = sources.iter().any(|&s| {
            let keep = std::mem::replace(&mut piles[s], Pile::new(vec![card], 0));
            let probe = Position::new(piles.clone(), pos.vars());
            piles[s] = keep;
            game.check(&probe, Move::transfer(s, pile, 1)).is_ok()
        });
        if accepted {
            match found {
                None => found = Some(card.rank),
                Some(_) => return None, // two ranks: the first card is not determined
            }
        }
    }
    found
}
