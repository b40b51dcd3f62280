//! Why a document could not be made.

use thiserror::Error;

/// Why a source file or a directory of them could not be fingerprinted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SimilarityError {
    /// The file is not a sequence of Rust tokens.
    #[error("{file}:{line}: not Rust tokens: {reason}")]
    Lex {
        /// The file, as the document names it.
        file: String,
        /// Where the lexer stopped (0: unknown).
        line: u32,
        /// The lexer's words.
        reason: String,
    },
    /// The file is larger than a source file may be.
    #[error("{file}: {bytes} bytes, more than the {max} a source file may have")]
    TooLarge {
        /// The file, as the document names it.
        file: String,
        /// Its size.
        bytes: usize,
        /// The most allowed.
        max: usize,
    },
    /// A file or directory could not be read.
    #[error("{path}: {reason}")]
    Read {
        /// What could not be read.
        path: String,
        /// The system's words.
        reason: String,
    },
}
