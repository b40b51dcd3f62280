//! The candidate's piles matched to the reference's by id: moves and positions translated
//! between the two games, and positions compared pile by pile. A pile's place in the layout
//! never matters here; only its id does.

use solitaire_core::{Game, Move, Pile, PileId, Position, Vars};

/// Which pile of one game has the same id as each pile of the other.
pub(crate) struct PileMap {
    /// For each reference pile (layout index), the candidate's pile with the same id.
    to_candidate: Vec<Option<usize>>,
    /// For each candidate pile, the reference's pile with the same id.
    to_reference: Vec<Option<usize>>,
}

/// A marks bitmask (see [`Vars::marks`]) with each pile moved to its place in the other game.
fn map_marks(marks: u64, table: &[Option<usize>]) -> u64 {
    let mut out = 0;
    for (from, to) in table.iter().enumerate().take(64) {
        if marks & (1 << from) != 0
            && let Some(to) = to.filter(|&t| t < 64)
        {
            out |= 1 << to;
        }
    }
    out
}

/// A move with its piles replaced through `table`; `None` if it names a pile that has no
/// counterpart.
fn map_move(mv: Move, table: &[Option<usize>]) -> Option<Move> {
    match mv {
        Move::Transfer {
            end,
            from,
            to,
            count,
        } => Some(Move::Transfer {
            end,
            from: PileId::new((*table.get(from.index())?)?)?,
            to: PileId::new((*table.get(to.index())?)?)?,
            count,
        }),
        Move::Deal | Move::Redeal => Some(mv),
    }
}

impl PileMap {
    /// Match the piles of `reference` and `candidate` by id.
    pub fn new(reference: &Game, candidate: &Game) -> PileMap {
        let (r, c) = (reference.layout(), candidate.layout());
        PileMap {
            to_candidate: r.pile_ids().iter().map(|id| c.pile_index(id)).collect(),
            to_reference: c.pile_ids().iter().map(|id| r.pile_index(id)).collect(),
        }
    }

    /// Whether both games list the same piles in the same order.
    pub fn same_order(&self) -> bool {
        self.to_candidate.len() == self.to_reference.len()
            && self
                .to_candidate
                .iter()
                .enumerate()
                .all(|(i, c)| *c == Some(i))
    }

    /// The candidate's form of a reference move; `None` if it names a pile the candidate
    /// lacks.
    pub fn move_to_candidate(&self, mv: Move) -> Option<Move> {
        map_move(mv, &self.to_candidate)
    }

    /// The reference's form of a candidate move; `None` if it names a pile the reference
    /// lacks (or no pile at all).
    pub fn move_to_reference(&self, mv: Move) -> Option<Move> {
        map_move(mv, &self.to_reference)
    }

    /// A reference position as the candidate's: each pile under the same id (the candidate's
    /// extra piles empty, the reference's piles it lacks dropped), marks moved along.
    pub fn position_to_candidate(&self, pos: &Position) -> Position {
        let mut piles = vec![Pile::default(); self.to_reference.len()];
        for (r, c) in self.to_candidate.iter().enumerate() {
            if let (Some(c), Some(pile)) = (c, pos.piles().get(r)) {
                piles[*c] = pile.clone();
            }
        }
        let vars = pos.vars();
        let marks = map_marks(vars.marks, &self.to_candidate);
        Position::new(piles, Vars { marks, ..vars })
    }
}

/// Where a candidate position differs from the reference's, pile by pile by id, each in
/// words with both piles in the text form; empty when they are the same.
pub(crate) fn differences(
    reference: &Game,
    expected: &Position,
    candidate: &Game,
    found: &Position,
    map: &PileMap,
) -> Vec<String> {
    let want = reference.position_text(expected);
    let have = candidate.position_text(found);
    let mut out = Vec::new();
    for (r, id) in reference.layout().pile_ids().iter().enumerate() {
        let expected_pile = expected.piles().get(r);
        match map.to_candidate[r] {
            None if expected_pile.is_some_and(|p| !p.is_empty()) => out.push(format!(
                "pile {id}: the candidate has no such pile (the reference's holds `{}`)",
                line_value(&want, id)
            )),
            Some(c) if found.piles().get(c) != expected_pile => out.push(format!(
                "pile {id}: `{}` instead of `{}`",
                line_value(&have, id),
                line_value(&want, id)
            )),
            _ => {}
        }
    }
    for (c, id) in candidate.layout().pile_ids().iter().enumerate() {
        if map.to_reference[c].is_none() && found.piles().get(c).is_some_and(|p| !p.is_empty()) {
            out.push(format!(
                "pile {id} (the reference has no such pile) holds `{}`",
                line_value(&have, id)
            ));
        }
    }
    let (e, f) = (expected.vars(), found.vars());
    if e.phase != f.phase {
        out.push(format!(
            "phase {} instead of {}",
            f.phase.name(),
            e.phase.name()
        ));
    }
    if e.redeals != f.redeals {
        out.push(format!("{} redeals instead of {}", f.redeals, e.redeals));
    }
    if map_marks(e.marks, &map.to_candidate) != f.marks {
        out.push(format!(
            "marked piles `{}` instead of `{}`",
            line_value(&have, "marks"),
            line_value(&want, "marks")
        ));
    }
    out
}

/// The value of the line `key: value` of a position text (a pile's cards as `4H 9C | KS`, or
/// a header such as `marks`); empty if there is none.
fn line_value<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines()
        .find_map(|line| {
            line.split_once(':')
                .filter(|(k, _)| *k == key)
                .map(|(_, v)| v.trim())
        })
        .unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_maps_onto_itself_in_order() {
        let Some(game) = crate::testing::registered("bristol") else {
            return;
        };
        let map = PileMap::new(&game, &game);
        assert!(map.same_order());
        let pos = game.deal(3);
        assert_eq!(map.position_to_candidate(&pos), pos);
        assert!(differences(&game, &pos, &game, &pos, &map).is_empty());
        let mut other = pos.clone();
        game.play(&mut other, Move::Deal)
            .unwrap_or_else(|e| panic!("{e}"));
        let diff = differences(&game, &pos, &game, &other, &map);
        assert!(diff.iter().any(|d| d.starts_with("pile w1: `")), "{diff:?}");
        assert!(
            diff.iter().any(|d| d.starts_with("pile stock: `")),
            "{diff:?}"
        );
    }

    #[test]
    fn marks_and_bottom_moves_follow_their_piles() {
        let table = [Some(2), None, Some(0)];
        assert_eq!(map_marks(0b101, &table), 0b101);
        assert_eq!(map_marks(0b001, &table), 0b100);
        assert_eq!(map_marks(0b010, &table), 0);
        assert_eq!(
            map_move(Move::transfer_bottom(0, 2), &table),
            Some(Move::transfer_bottom(2, 0))
        );
        assert_eq!(map_move(Move::transfer(0, 1, 3), &table), None);
        assert_eq!(map_move(Move::transfer(9, 0, 1), &table), None);
        assert_eq!(map_move(Move::Deal, &table), Some(Move::Deal));
    }
}
