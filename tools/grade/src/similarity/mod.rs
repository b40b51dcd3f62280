//! Copies caught: how much of one submission's Rust code is found in another (or in its
//! game's reference), by token fingerprints that survive renaming and reformatting, as MOSS
//! finds them.
//!
//! 1. [`Document::from_files`] (or [`Document::from_dir`]) lexes each file with
//!    `proc-macro2` into normalised tokens: every identifier but a keyword is one token, every
//!    literal one token of its kind, punctuation is kept, comments and doc comments dropped;
//!    each token keeps its line. A file that does not lex is an error value, never a panic.
//! 2. Winnowing (Schleimer, Wilkerson and Aiken 2003) selects fingerprints from the hashes of
//!    every 13 tokens in a row ([`K`]), one from each window of 9 ([`W`]): any run of 21
//!    tokens or more that two documents share gives both the same fingerprint.
//! 3. [`compare`] gives the share of each side's fingerprints the other has (MOSS's "percent
//!    of A matched by B", both ways) and the matching regions as line ranges side by side.
//!    [`Ignored`] fingerprints count nowhere: the course's scaffold ([`Ignored::base`],
//!    MOSS's `-b`) and those found in too many submissions ([`Ignored::common`], `-m`).
//! 4. [`class_pairs`] compares every submission with its game's reference and with every
//!    other submission of the same game, and keeps the pairs at or above a threshold of the
//!    smaller side matched; [`report_markdown`] writes them up.
//!
//! ```
//! use std::sync::Arc;
//! use solitaire_grader::similarity::{
//!     Document, GameDocuments, PairOptions, class_pairs, report_markdown,
//! };
//!
//! let code = "fn score(cards: &[u8]) -> u32 {\n    let mut total = 0;\n    \
//!             for c in cards { if *c > 9 { total += 10 } else { total += u32::from(*c) } }\n    \
//!             total\n}\n";
//! let copy = code.replace("score", "points").replace("total", "sum").replace("\n", " ");
//! let file = |text: &str| vec![("src/lib.rs".to_string(), text.to_string())];
//! let game = GameDocuments {
//!     game: "bristol".into(),
//!     reference: Some(Arc::new(Document::from_files("bristol", &file(code))?)),
//!     submissions: vec![Arc::new(Document::from_files("Ada", &file(&copy))?)],
//! };
//! let options = PairOptions { min_shared: 1, ..PairOptions::default() };
//! let pairs = class_pairs(&[game], &options);
//! assert_eq!(pairs[0].comparison.a_in_b, 100.0);
//! assert!(report_markdown(&pairs, &options).contains("| Ada | bristol (reference) |"));
//! # Ok::<(), solitaire_grader::similarity::SimilarityError>(())
//! ```

mod compare;
mod document;
mod error;
mod ignored;
mod lex;
mod pairs;
mod regions;
mod report;
mod token;
mod winnow;

pub use compare::{Comparison, compare};
pub use document::{Document, Located, SourceFile};
pub use error::SimilarityError;
pub use ignored::Ignored;
pub use lex::MAX_FILE_BYTES;
pub use pairs::{GameDocuments, Pair, PairOptions, class_pairs};
pub use regions::{Lines, Region};
pub use report::report_markdown;
pub use winnow::{Fingerprint, K, W};
