//! A class compared: every submission with its game's reference and with every other
//! submission of the same game, and the pairs that share too much.

use std::sync::Arc;

use super::compare::{Comparison, compare};
use super::document::Document;
use super::ignored::Ignored;

/// One game of a class: its reference and the submissions for it.
#[derive(Clone, Debug, Default)]
pub struct GameDocuments {
    /// The game's id (the reference's).
    pub game: String,
    /// The reference's source files, if the game has a reference.
    pub reference: Option<Arc<Document>>,
    /// One document per student, named by the student.
    pub submissions: Vec<Arc<Document>>,
}

/// What a class comparison leaves out and what it reports.
#[derive(Clone, Debug)]
pub struct PairOptions {
    /// A pair is reported when this percent of the smaller side's fingerprints (or more) is
    /// matched by the other ([`Comparison::similarity`]).
    pub threshold: f64,
    /// ... and they share at least this many fingerprints (a near-empty submission matches
    /// nothing worth reporting).
    pub min_shared: usize,
    /// The code every student starts from (the scaffold `sol new-game` writes): its
    /// fingerprints count in no comparison.
    pub base: Option<Document>,
    /// Fingerprints found in more than this many submissions (of all games) are idioms and
    /// count in no comparison.
    pub common: Option<usize>,
    /// Further fingerprints that count in no comparison: for instance those found in several
    /// games of the collection ([`Ignored::common`] over them), the house style that every
    /// example a student reads shows.
    pub ignore: Ignored,
}

impl Default for PairOptions {
    fn default() -> PairOptions {
        PairOptions {
            threshold: 50.0,
            min_shared: 10,
            base: None,
            common: Some(10),
            ignore: Ignored::none(),
        }
    }
}

/// Two documents of the same game that share at least the threshold.
#[derive(Clone, Debug)]
pub struct Pair {
    /// The game.
    pub game: String,
    /// A submission.
    pub a: Arc<Document>,
    /// The game's reference or another submission.
    pub b: Arc<Document>,
    /// Whether `b` is the reference.
    pub b_is_reference: bool,
    /// What they share.
    pub comparison: Comparison,
}

/// Compare each submission with its game's reference and with every other submission of the
/// same game; the pairs at or above the options' threshold, the most similar first.
pub fn class_pairs(games: &[GameDocuments], options: &PairOptions) -> Vec<Pair> {
    let mut ignored = options.base.as_ref().map(Ignored::base).unwrap_or_default();
    ignored = ignored.and(options.ignore.clone());
    if let Some(max) = options.common {
        let all = games
            .iter()
            .flat_map(|g| g.submissions.iter().map(|d| &**d));
        ignored = ignored.and(Ignored::common(all, max));
    }
    let mut pairs = Vec::new();
    for game in games {
        for (i, a) in game.submissions.iter().enumerate() {
            let others = game.submissions[i + 1..].iter().map(|b| (b, false));
            for (b, b_is_reference) in game.reference.iter().map(|r| (r, true)).chain(others) {
                let comparison = compare(a, b, &ignored);
                if comparison.similarity() >= options.threshold
                    && comparison.shared >= options.min_shared
                {
                    pairs.push(Pair {
                        game: game.game.clone(),
                        a: a.clone(),
                        b: b.clone(),
                        b_is_reference,
                        comparison,
                    });
                }
            }
        }
    }
    pairs.sort_by(|x, y| {
        y.comparison
            .similarity()
            .total_cmp(&x.comparison.similarity())
            .then(y.comparison.shared.cmp(&x.comparison.shared))
            .then_with(|| (&x.game, &x.a.name, &x.b.name).cmp(&(&y.game, &y.a.name, &y.b.name)))
    });
    pairs
}
