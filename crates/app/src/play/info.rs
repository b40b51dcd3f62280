//! What Woods' Spider program tells the player, for every game: a pile's cards as text with
//! runs in one suit marked (Expand), where a named card or every free card of a rank lies
//! (Locate), and which suits have all their cards face up (a click on the foundations).
//! Pure functions of the position; only face-up cards are ever named.

use solitaire_core::{Card, Layout, PileKind, Position, Rank, Suit};

use crate::art::rank_label;

/// A card as the panels write it: rank and suit symbol (`10♥`).
pub fn card_text(card: Card) -> String {
    format!("{}{}", rank_label(card.rank), card.suit.symbol())
}

/// Pile `pile` as text, bottom card first: face-down cards as `--`, then the face-up cards
/// with each run of two or more in one suit, one rank apart (up or down), in brackets:
/// `t3: -- -- 9♥ [8♠ 7♠ 6♠] 5♦`.
pub fn expand_text(layout: &Layout, pos: &Position, pile: usize) -> String {
    let p = pos.pile(pile);
    let mut words: Vec<String> = vec!["--".to_string(); p.face_down()];
    let up = p.face_up();
    let mut i = 0;
    while i < up.len() {
        // The run that starts here: same suit, each one rank from the last, same direction.
        let mut j = i + 1;
        let step = |a: Card, b: Card| i32::from(b.rank.value()) - i32::from(a.rank.value());
        if j < up.len() && up[j].suit == up[i].suit && step(up[i], up[j]).abs() == 1 {
            let dir = step(up[i], up[j]);
            while j < up.len() && up[j].suit == up[i].suit && step(up[j - 1], up[j]) == dir {
                j += 1;
            }
        }
        let run: Vec<String> = up[i..j].iter().map(|&c| card_text(c)).collect();
        words.push(if run.len() > 1 {
            format!("[{}]", run.join(" "))
        } else {
            run.join(" ")
        });
        i = j;
    }
    let name = &layout.piles[pile].id;
    if words.is_empty() {
        format!("{name}: empty")
    } else {
        format!("{name}: {}", words.join(" "))
    }
}

/// What to locate: a rank, and a suit when the card is named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wanted {
    pub rank: Rank,
    pub suit: Option<Suit>,
}

/// Read what the player typed: rank (`A 2..9 T 10 J Q K`, any case) and an optional suit
/// (`C D H S`).
///
/// # Errors
/// A message saying what to type.
pub fn parse_wanted(text: &str) -> Result<Wanted, String> {
    let t = text.trim();
    let bad = || {
        format!(
            "{t:?} is not a card: type a rank (A, 2..10 or T, J, Q, K) and a suit (C, D, H, S) or none"
        )
    };
    let (rank, rest) = match t.strip_prefix("10") {
        Some(rest) => (Rank::Ten, rest),
        None => {
            let mut chars = t.chars();
            let r = chars.next().and_then(Rank::from_letter).ok_or_else(bad)?;
            (r, chars.as_str())
        }
    };
    let suit = match rest.trim() {
        "" => None,
        s if s.chars().count() == 1 => Some(
            s.chars()
                .next()
                .and_then(Suit::from_letter)
                .ok_or_else(bad)?,
        ),
        _ => return Err(bad()),
    };
    Ok(Wanted { rank, suit })
}

/// The face-up cards that answer `wanted`: every face-up copy of a named card; for a rank
/// alone, every face-up card of that rank outside the foundations that is *free*, not
/// covered by a card of the next lower rank.
pub fn locate(layout: &Layout, pos: &Position, wanted: Wanted) -> Vec<(usize, Card)> {
    let mut found = Vec::new();
    for (p, pile) in pos.piles().iter().enumerate() {
        let foundation = layout.piles[p].kind == PileKind::Foundation;
        let cards = pile.cards();
        for (i, &c) in cards.iter().enumerate() {
            if !pile.is_face_up(i) || c.rank != wanted.rank {
                continue;
            }
            let hit = match wanted.suit {
                Some(s) => c.suit == s,
                None => {
                    let covered = cards
                        .get(i + 1)
                        .is_some_and(|n| Some(n.rank) == c.rank.down(false));
                    !foundation && !covered
                }
            };
            if hit {
                found.push((p, c));
            }
        }
    }
    found
}

/// The suits that could be completed: every rank of the suit that still has a copy off the
/// foundations has a face-up copy off the foundations (and some rank does).
pub fn completable_suits(layout: &Layout, pos: &Position) -> Vec<Suit> {
    let deck = &layout.deck;
    let ranks = &Rank::ALL[..usize::from(deck.ranks)];
    let is_foundation = |p: usize| layout.piles[p].kind == PileKind::Foundation;
    let count = |pred: &dyn Fn(usize, usize, Card) -> bool, rank: Rank, suit: Suit| {
        pos.piles()
            .iter()
            .enumerate()
            .flat_map(|(p, pile)| {
                pile.cards()
                    .iter()
                    .enumerate()
                    .map(move |(i, &c)| (p, i, c))
            })
            .filter(|&(p, i, c)| c.rank == rank && c.suit == suit && pred(p, i, c))
            .count()
    };
    deck.suits
        .iter()
        .copied()
        .filter(|&suit| {
            let copies = deck.cards().iter().filter(|c| c.suit == suit).count() / ranks.len();
            let needed: Vec<Rank> = ranks
                .iter()
                .copied()
                .filter(|&r| count(&|p, _, _| is_foundation(p), r, suit) < copies)
                .collect();
            !needed.is_empty()
                && needed.iter().all(|&r| {
                    count(
                        &|p, i, _| !is_foundation(p) && pos.pile(p).is_face_up(i),
                        r,
                        suit,
                    ) > 0
                })
        })
        .collect()
}

/// The sentence a click on the foundations answers with.
pub fn suits_sentence(layout: &Layout, pos: &Position) -> String {
    let suits = completable_suits(layout, pos);
    if suits.is_empty() {
        "No suit has all its cards face up yet.".into()
    } else {
        let names: Vec<String> = suits.iter().map(|s| s.symbol().to_string()).collect();
        format!(
            "Every card still needed is face up for: {}",
            names.join(" ")
        )
    }
}

/// The sentence Locate answers with.
pub fn located_sentence(layout: &Layout, found: &[(usize, Card)], wanted: Wanted) -> String {
    let what = match wanted.suit {
        Some(s) => format!("{}{}", rank_label(wanted.rank), s.symbol()),
        None => format!("free {}", rank_label(wanted.rank)),
    };
    if found.is_empty() {
        return format!("No {what} is face up.");
    }
    let places: Vec<String> = found
        .iter()
        .map(|&(p, c)| format!("{} in {}", card_text(c), layout.piles[p].id))
        .collect();
    format!("Located: {}", places.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spider(text: &str) -> (std::sync::Arc<solitaire_core::Game>, Position) {
        let catalog = solitaire_games::catalog().expect("the registry builds");
        let game = catalog.get("spider").expect("spider");
        let pos = game.parse_position(text).expect("a Spider position");
        (game, pos)
    }

    #[test]
    fn expand_hides_face_down_cards_and_brackets_runs_in_one_suit() {
        let (game, pos) = spider("t3: 4C 5D | 9H 8S 7S 6S 5D 4D\nt4:\n");
        let t3 = game.layout().pile_index("t3").expect("t3");
        assert_eq!(
            expand_text(game.layout(), &pos, t3),
            "t3: -- -- 9\u{2665} [8\u{2660} 7\u{2660} 6\u{2660}] [5\u{2666} 4\u{2666}]"
        );
        let t4 = game.layout().pile_index("t4").expect("t4");
        assert_eq!(expand_text(game.layout(), &pos, t4), "t4: empty");
    }

    #[test]
    fn locate_reads_ten_or_t_in_any_case_and_finds_free_cards() {
        assert_eq!(
            parse_wanted("10h"),
            Ok(Wanted {
                rank: Rank::Ten,
                suit: Some(Suit::Hearts)
            })
        );
        assert_eq!(parse_wanted("t"), parse_wanted("10"));
        assert!(parse_wanted("x").is_err() && parse_wanted("7hh").is_err());
        // t1's 7 of Spades is covered by a 6: not free. t2's is; t3's 7H is face down.
        let (game, pos) = spider("t1: 7S 6D\nt2: 7S\nt3: 7H | 2C\nt4: 7D 9C\n");
        let layout = game.layout();
        let free = locate(layout, &pos, parse_wanted("7").expect("a rank"));
        let piles: Vec<&str> = free
            .iter()
            .map(|&(p, _)| layout.piles[p].id.as_str())
            .collect();
        assert_eq!(piles, ["t2", "t4"]);
        let named = locate(layout, &pos, parse_wanted("7s").expect("a card"));
        assert_eq!(named.len(), 2, "both face-up Sevens of Spades");
        assert!(locate(layout, &pos, parse_wanted("7h").expect("a card")).is_empty());
        assert!(located_sentence(layout, &free, parse_wanted("7").expect("r")).contains("t4"));
    }

    #[test]
    fn a_suit_is_completable_when_every_card_still_needed_is_face_up() {
        let suit = |s: char| {
            [
                "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2", "A",
            ]
            .iter()
            .map(|r| format!("{r}{s}"))
            .collect::<Vec<_>>()
            .join(" ")
        };
        // One suit of hearts home, the other all face up (in two piles); spades half hidden.
        let text = format!(
            "f1: {}\nt1: {}\nt2: 6H 5H 4H 3H 2H AH\nt3: KS | QS\n",
            suit('H'),
            suit('H').split(" 6H").next().unwrap_or("")
        );
        let (game, pos) = spider(&text);
        assert_eq!(completable_suits(game.layout(), &pos), [Suit::Hearts]);
        assert!(suits_sentence(game.layout(), &pos).contains('\u{2665}'));
    }
}
