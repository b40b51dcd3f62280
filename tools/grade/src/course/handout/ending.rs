//! The handout's section on the end of a game: when it is won or lost and how it scores, in the
//! rules text's words and the engine's, with a real position of each from the reference (a
//! win one move away, found by the reference's solver; a loss, found by random play) and the
//! scores seen in play, each with the command that shows it.

use std::fmt::Write as _;

use solitaire_core::shuffle::{below, rng_for};
use solitaire_core::{Game, Position, Status};

use super::ForCourse;
use crate::judge::commands::{Origin, sol, write_file};
use crate::judge::differential::walks::solution;

/// The seeds searched for a win and a loss, and how far a random walk goes.
const SEEDS: u64 = 12;
const STEPS: usize = 1500;
/// The positions the reference's solver may generate per seed to find a win.
const NODES: u64 = 200_000;

/// The words of the rules text about winning, losing and scoring.
const WORDS: [&str; 8] = [
    "win", "won", "lost", "lose", "score", "point", "goal", "object",
];

pub(super) fn ending(out: &mut String, game: &Game, course: Option<ForCourse<'_>>) {
    out.push_str("## 7. Won, lost and the score\n\n");
    let sentences = sentences_about_the_end(&game.layout().rules_text);
    if !sentences.is_empty() {
        out.push_str("The rules text:\n\n");
        for s in sentences {
            let _ = writeln!(out, "> {s}");
        }
        out.push('\n');
    }
    out.push_str(
        "A position's `status` is `won` when the game's winning condition holds, else `lost` \
         when no legal move is left, else `playing`; its `score` is the game's score (0 in a \
         game without one). The grader compares both at every step of differential play, whose \
         walks include the reference solver's winning line, to the win.\n\n",
    );
    let course = course.map(|c| std::path::Path::new(c.file));
    match win(game) {
        Some((seed, before, last)) => {
            let _ = writeln!(
                out,
                "A win, one move away (seed {seed}, on the reference solver's line): `{last}` \
                 wins, and `sol` prints `status: won`.\n\n```sh\n{}\n{}\n```\n",
                write_file("won.txt", &game.position_text(&before)),
                sol(
                    "play",
                    game.id(),
                    &Origin::File("won.txt"),
                    course,
                    std::slice::from_ref(&last)
                )
            );
        }
        None => {
            let _ = writeln!(
                out,
                "(The reference's solver won none of seeds 0 to {} within {NODES} positions.)\n",
                SEEDS - 1
            );
        }
    }
    let walks = Walks::play(game);
    match &walks.lost {
        Some((seed, pos)) => {
            let _ = writeln!(
                out,
                "A loss (seed {seed}, after random play): no legal move is left, and `sol` \
                 prints `status: lost`.\n\n```sh\n{}\n{}\n```\n",
                write_file("lost.txt", &game.position_text(pos)),
                sol("play", game.id(), &Origin::File("lost.txt"), course, &[])
            );
        }
        None => {
            let _ = writeln!(
                out,
                "(Random play from seeds 0 to {} reached no loss within {STEPS} moves.)\n",
                SEEDS - 1
            );
        }
    }
    match &walks.scored {
        None => out.push_str("This game has no score: `score` was 0 in every position played.\n\n"),
        Some((seed, pos, score)) => {
            let _ = writeln!(
                out,
                "Scores from {} to {} were seen in play; for example, in this position (seed \
                 {seed}, after random play) `sol` prints `score: {score}`:\n\n```sh\n{}\n{}\n```\n",
                walks.lowest,
                walks.highest,
                write_file("scored.txt", &game.position_text(pos)),
                sol("play", game.id(), &Origin::File("scored.txt"), course, &[])
            );
        }
    }
}

/// The rules text's sentences that speak of winning, losing or scoring.
fn sentences_about_the_end(text: &str) -> Vec<String> {
    text.split_inclusive(['.', '\n'])
        .map(str::trim)
        .filter(|s| {
            let lower = s.to_lowercase();
            s.len() > 3 && WORDS.iter().any(|w| lower.contains(w))
        })
        .map(String::from)
        .collect()
}

/// A position one move from a win on the reference solver's line, and that move.
fn win(game: &Game) -> Option<(u64, Position, String)> {
    (0..SEEDS).find_map(|seed| {
        let deal = game.deal(seed);
        let line = solution(game, seed, &deal, NODES)?;
        let (last, before_last) = line.split_last()?;
        let mut pos = deal;
        for &mv in before_last {
            game.play(&mut pos, mv).ok()?;
        }
        let mut after = pos.clone();
        game.play(&mut after, *last).ok()?;
        (game.status(&after) == Status::Won).then(|| (seed, pos, game.move_text(*last).to_string()))
    })
}

/// What random play showed: a lost position, and the scores seen.
struct Walks {
    lost: Option<(u64, Position)>,
    /// The first position with a score other than 0: its seed, the position, the score.
    scored: Option<(u64, Position, i32)>,
    lowest: i32,
    highest: i32,
}

impl Walks {
    fn play(game: &Game) -> Walks {
        let mut walks = Walks {
            lost: None,
            scored: None,
            lowest: 0,
            highest: 0,
        };
        for seed in 0..SEEDS {
            let mut rng = rng_for(seed ^ 0x2545_f491_4f6c_dd1d);
            let mut pos = game.deal(seed);
            for _ in 0..STEPS {
                let score = game.score(&pos);
                walks.lowest = walks.lowest.min(score);
                walks.highest = walks.highest.max(score);
                if score != 0 && walks.scored.is_none() {
                    walks.scored = Some((seed, pos.clone(), score));
                }
                let legal = game.legal_moves(&pos);
                if legal.is_empty() {
                    if walks.lost.is_none() && game.status(&pos) == Status::Lost {
                        walks.lost = Some((seed, pos.clone()));
                    }
                    break;
                }
                let mv = legal[below(&mut rng, legal.len() as u64) as usize];
                if game.play(&mut pos, mv).is_err() {
                    break;
                }
            }
            if walks.lost.is_some() && walks.scored.is_some() {
                break;
            }
        }
        walks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_texts_sentences_on_the_end_are_quoted() {
        let text = "Deal eight fans.\nFound the Aces.\n\nWin by building all 52 cards on the \
                    foundations. Score a point per card.";
        assert_eq!(
            sentences_about_the_end(text),
            [
                "Win by building all 52 cards on the foundations.",
                "Score a point per card."
            ]
        );
    }
}
