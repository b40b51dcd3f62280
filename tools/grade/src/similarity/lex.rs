//! Rust source to normalised tokens, by `proc-macro2`'s lexer: comments and doc comments
//! dropped, names and literal values normalised, each token with its line.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::str::FromStr;

use proc_macro2::{Delimiter, TokenStream, TokenTree, token_stream};

use super::error::SimilarityError;
use super::token::{Kind, Token};

/// The most bytes of one source file that is lexed: a larger one is refused, not read.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// The tokens of `text` (the file `file`), normalised.
///
/// Delimited groups are walked with an explicit stack, so deeply nested input cannot
/// overflow the stack; a panic in the lexer, should one happen, is caught.
///
/// # Errors
/// [`SimilarityError::Lex`] when `text` is not a sequence of Rust tokens (an unclosed string
/// or delimiter, a stray character), [`SimilarityError::TooLarge`] when it has more than
/// [`MAX_FILE_BYTES`].
pub fn lex(file: &str, text: &str) -> Result<Vec<Token>, SimilarityError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(SimilarityError::TooLarge {
            file: file.to_string(),
            bytes: text.len(),
            max: MAX_FILE_BYTES,
        });
    }
    let result = catch_unwind(AssertUnwindSafe(|| lex_unguarded(file, text)));
    // Spans are kept in a per-thread map that grows with every file lexed; none outlives
    // this call.
    proc_macro2::extra::invalidate_current_thread_spans();
    result.unwrap_or_else(|_| {
        Err(SimilarityError::Lex {
            file: file.to_string(),
            line: 0,
            reason: "the lexer failed on this file".to_string(),
        })
    })
}

fn lex_unguarded(file: &str, text: &str) -> Result<Vec<Token>, SimilarityError> {
    let stream = TokenStream::from_str(text).map_err(|e| SimilarityError::Lex {
        file: file.to_string(),
        line: line_of(e.span().start().line),
        reason: e.to_string(),
    })?;
    let mut out = Vec::new();
    // Each open group: its tokens still to walk, and its closing delimiter and line.
    let mut stack: Vec<(token_stream::IntoIter, Option<Token>)> = vec![(stream.into_iter(), None)];
    while let Some((tokens, close)) = stack.last_mut() {
        let Some(tree) = tokens.next() else {
            out.extend(close.take());
            stack.pop();
            continue;
        };
        let line = line_of(tree.span().start().line);
        match tree {
            TokenTree::Group(group) if is_doc(&group) => drop_attribute_marks(&mut out),
            TokenTree::Group(group) => {
                let close = delimiters(group.delimiter()).map(|(open, close)| {
                    out.push(Token {
                        kind: Kind::Open(open),
                        line,
                    });
                    Token {
                        kind: Kind::Close(close),
                        line: line_of(group.span_close().start().line),
                    }
                });
                stack.push((group.stream().into_iter(), close));
            }
            TokenTree::Ident(ident) => out.push(Token {
                kind: Kind::of_ident(&ident.to_string()),
                line,
            }),
            TokenTree::Literal(literal) => out.push(Token {
                kind: Kind::of_literal(&literal.to_string()),
                line,
            }),
            TokenTree::Punct(punct) => out.push(Token {
                kind: Kind::Punct(punct.as_char()),
                line,
            }),
        }
    }
    Ok(out)
}

fn line_of(line: usize) -> u32 {
    u32::try_from(line).unwrap_or(u32::MAX)
}

fn delimiters(delimiter: Delimiter) -> Option<(char, char)> {
    match delimiter {
        Delimiter::Parenthesis => Some(('(', ')')),
        Delimiter::Bracket => Some(('[', ']')),
        Delimiter::Brace => Some(('{', '}')),
        Delimiter::None => None,
    }
}

/// Whether a group is the body of a doc attribute (`[doc = "..."]`), which is what the lexer
/// makes of a doc comment: a comment, dropped like the others.
fn is_doc(group: &proc_macro2::Group) -> bool {
    if group.delimiter() != Delimiter::Bracket {
        return false;
    }
    let mut inner = group.stream().into_iter();
    matches!(inner.next(), Some(TokenTree::Ident(i)) if i == "doc")
        && matches!(inner.next(), Some(TokenTree::Punct(p)) if p.as_char() == '=')
}

/// Remove the `#` (or `#!`) that opened the attribute whose body was just dropped.
fn drop_attribute_marks(out: &mut Vec<Token>) {
    if out.last().is_some_and(|t| t.kind == Kind::Punct('!')) {
        out.pop();
    }
    if out.last().is_some_and(|t| t.kind == Kind::Punct('#')) {
        out.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::similarity::token::Literal;

    fn kinds(text: &str) -> Vec<Kind> {
        lex("t.rs", text)
            .unwrap_or_else(|e| panic!("{e}"))
            .iter()
            .map(|t| t.kind)
            .collect()
    }

    #[test]
    fn names_values_comments_and_layout_do_not_change_the_tokens() {
        let a = "/// Doc.\nfn add(x: u8) -> u8 {\n    // one more\n    x + 1\n}\n";
        let b = "fn   plus ( value : u16 )->u16{ value+7 /* seven */ }";
        assert_eq!(kinds(a), kinds(b));
        assert_eq!(kinds(a)[0], Kind::Keyword("fn"));
        assert!(kinds(a).contains(&Kind::Literal(Literal::Int)));
    }

    #[test]
    fn tokens_keep_their_lines() {
        let tokens = lex("t.rs", "//! Top.\n\nfn f() {\n    g(\"s\")\n}\n").unwrap_or_default();
        let lines: Vec<u32> = tokens.iter().map(|t| t.line).collect();
        assert_eq!(lines, [3, 3, 3, 3, 3, 4, 4, 4, 4, 5]);
    }

    #[test]
    fn a_file_that_does_not_lex_is_an_error() {
        let e = lex("bad.rs", "fn f() {\n    \"unterminated\n").err();
        assert!(matches!(e, Some(SimilarityError::Lex { .. })), "{e:?}");
        assert!(lex("bad.rs", "fn f() { ) }").is_err());
    }

    #[test]
    fn deep_nesting_does_not_overflow_the_stack() {
        let depth = 200_000;
        let text = "(".repeat(depth) + &")".repeat(depth);
        assert_eq!(lex("deep.rs", &text).map(|t| t.len()).ok(), Some(2 * depth));
    }
}
