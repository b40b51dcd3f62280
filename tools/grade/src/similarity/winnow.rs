//! Winnowing (Schleimer, Wilkerson and Aiken, SIGMOD 2003, the algorithm of MOSS): the hash of
//! every k tokens in a row, and from every window of w consecutive hashes its minimum, so
//! that any run of at least `k + w - 1` tokens two files share gives both a fingerprint.

use super::token::{Fnv, Token};

/// How many tokens in a row make a k-gram: shorter runs in common are noise.
pub const K: usize = 13;

/// How many consecutive k-grams make a window: one fingerprint is kept from each.
pub const W: usize = 9;

/// A selected k-gram hash and where its tokens lie in a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fingerprint {
    /// The hash of the k normalised tokens.
    pub hash: u64,
    /// The first line of the k tokens.
    pub first_line: u32,
    /// The last line of the k tokens.
    pub last_line: u32,
}

/// The fingerprints of one file's tokens, in order: robust winnowing over its k-grams (in
/// each window the minimal hash; among equal minima the one already selected if it is still
/// in the window, else the rightmost). A file of fewer than `k` tokens has none; one of fewer
/// than `w` k-grams has one window.
pub fn winnow(tokens: &[Token], k: usize, w: usize) -> Vec<Fingerprint> {
    let (k, w) = (k.max(1), w.max(1));
    if tokens.len() < k {
        return Vec::new();
    }
    let hashes: Vec<u64> = tokens
        .windows(k)
        .map(|gram| {
            let mut h = Fnv::new();
            for t in gram {
                h.u64(t.kind.code());
            }
            h.finish()
        })
        .collect();
    let mut selected: Option<usize> = None;
    let mut out = Vec::new();
    for start in 0..hashes.len().saturating_sub(w - 1).max(1) {
        let window = start..(start + w).min(hashes.len());
        let min = hashes[window.clone()].iter().copied().min().unwrap_or(0);
        if selected.is_some_and(|s| window.contains(&s) && hashes[s] == min) {
            continue;
        }
        let Some(pick) = window.rev().find(|&i| hashes[i] == min) else {
            continue;
        };
        selected = Some(pick);
        out.push(Fingerprint {
            hash: hashes[pick],
            first_line: tokens[pick].line,
            last_line: tokens[pick + k - 1].line,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::similarity::lex::lex;

    fn prints(text: &str) -> Vec<u64> {
        let tokens = lex("t.rs", text).unwrap_or_else(|e| panic!("{e}"));
        winnow(&tokens, 5, 4).iter().map(|f| f.hash).collect()
    }

    #[test]
    fn a_shared_run_gives_both_files_the_same_fingerprints() {
        let body = "let total = a.iter().map(|x| x * 2).sum::<u32>(); if total > 3 { go(total); }";
        let a = prints(&format!("fn f() {{ {body} }}"));
        let b = prints(&format!("struct S; impl S {{ fn g(&self) {{ {body} }} }}"));
        let shared = a.iter().filter(|h| b.contains(h)).count();
        assert!(shared >= 3, "{a:?} {b:?}");
    }

    #[test]
    fn short_files_have_few_or_no_fingerprints() {
        assert!(prints("fn f() {}").len() <= 1);
        assert!(prints("x").is_empty());
    }

    #[test]
    fn fingerprints_know_their_lines() {
        let tokens = lex("t.rs", "fn f() {\n    let x = 1;\n    g(x);\n}\n").unwrap_or_default();
        let prints = winnow(&tokens, 5, 4);
        assert!(!prints.is_empty());
        assert!(prints.iter().all(|f| 1 <= f.first_line && f.last_line <= 4));
        assert!(prints.iter().all(|f| f.first_line <= f.last_line));
    }
}
