//! Text mutations: character and byte flips, insertions of interesting tokens, deletions,
//! duplications, word moves, line shuffles and splices of two inputs.

use crate::rng::Rng;

/// Inputs never grow past this many bytes (long enough to cross every reader's limits, short
/// enough to keep cases fast).
const MAX_LEN: usize = 1 << 16;

/// A mutator with its vocabulary of interesting tokens.
pub struct Mutator {
    vocab: Vec<&'static str>,
}

impl Mutator {
    /// A mutator drawing tokens from these lists.
    pub fn new(lists: &[&[&'static str]]) -> Mutator {
        Mutator {
            vocab: lists.concat(),
        }
    }

    /// An interesting token.
    pub fn token(&self, rng: &mut Rng) -> &'static str {
        self.vocab[rng.below(self.vocab.len())]
    }

    /// `text` after one to a few mutations; `donors` are other valid inputs to splice from.
    pub fn mutate(&self, text: &str, donors: &[&str], rng: &mut Rng) -> String {
        let mut out = text.to_string();
        let rounds = 1 + rng.below(3) + usize::from(rng.one_in(4)) * rng.below(6);
        for _ in 0..rounds {
            out = self.once(&out, donors, rng);
            out.truncate(floor_boundary(&out, MAX_LEN));
        }
        out
    }

    /// One mutation.
    pub fn once(&self, s: &str, donors: &[&str], rng: &mut Rng) -> String {
        let donor = if donors.is_empty() {
            s
        } else {
            *rng.pick(donors)
        };
        match rng.below(18) {
            0 | 1 => insert(s, boundary(s, rng), self.token(rng)),
            2 => match pick_word(s, rng) {
                Some((a, b)) => replace(s, a, b, self.token(rng)),
                None => insert(s, boundary(s, rng), self.token(rng)),
            },
            3 => match (pick_word(s, rng), pick_word(donor, rng)) {
                (Some((a, b)), Some((c, d))) => replace(s, a, b, &donor[c..d]),
                _ => insert(s, boundary(s, rng), self.token(rng)),
            },
            4 => delete_span(s, rng),
            5 => pick_word(s, rng).map_or_else(|| s.to_string(), |(a, b)| replace(s, a, b, "")),
            6 => match pick_word(s, rng) {
                Some((a, b)) => insert(s, boundary(s, rng), &format!(" {} ", &s[a..b])),
                None => s.to_string(),
            },
            7 => move_word(s, rng),
            8 => replace_char(s, rng, self),
            9 => flip_bit(s, rng),
            10 => change_case(s, rng),
            11 | 12 => lines(s, donor, rng),
            13 => {
                let (a, b) = (boundary(s, rng), boundary(donor, rng));
                format!("{}{}", &s[..a], &donor[b..])
            }
            14 => replace_number(s, rng, self),
            15 => s[..boundary(s, rng)].to_string(),
            16 => format!("\u{FEFF}{s}"),
            _ => repeat_span(s, rng),
        }
    }
}

/// The largest char boundary of `s` at or below `at`.
fn floor_boundary(s: &str, at: usize) -> usize {
    (0..=at.min(s.len()))
        .rev()
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(0)
}

/// A random char boundary of `s`.
fn boundary(s: &str, rng: &mut Rng) -> usize {
    floor_boundary(s, rng.below(s.len() + 1))
}

fn insert(s: &str, at: usize, token: &str) -> String {
    format!("{}{token}{}", &s[..at], &s[at..])
}

fn replace(s: &str, a: usize, b: usize, with: &str) -> String {
    format!("{}{with}{}", &s[..a], &s[b..])
}

/// The byte span of a random whitespace-separated word.
fn pick_word(s: &str, rng: &mut Rng) -> Option<(usize, usize)> {
    let words = words(s);
    (!words.is_empty()).then(|| *rng.pick(&words))
}

fn words(s: &str) -> Vec<(usize, usize)> {
    spans(s, |c| !c.is_whitespace())
}

/// The byte spans of the longest runs of characters that match `inside`.
fn spans(s: &str, inside: impl Fn(char) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices().chain(std::iter::once((s.len(), '\u{0}'))) {
        let inside = i < s.len() && inside(c);
        match (start, inside) {
            (None, true) => start = Some(i),
            (Some(a), false) => {
                out.push((a, i));
                start = None;
            }
            _ => {}
        }
    }
    out
}

fn delete_span(s: &str, rng: &mut Rng) -> String {
    let a = boundary(s, rng);
    let b = floor_boundary(s, a + 1 + rng.below(8));
    replace(s, a, b.max(a), "")
}

fn move_word(s: &str, rng: &mut Rng) -> String {
    let Some((a, b)) = pick_word(s, rng) else {
        return s.to_string();
    };
    let word = s[a..b].to_string();
    let rest = replace(s, a, b, "");
    insert(&rest, boundary(&rest, rng), &format!(" {word}"))
}

fn replace_char(s: &str, rng: &mut Rng, m: &Mutator) -> String {
    let at = boundary(s, rng);
    let end = s[at..].chars().next().map_or(at, |c| at + c.len_utf8());
    let with = if rng.one_in(3) {
        m.token(rng).chars().next().unwrap_or('x').to_string()
    } else {
        char::from(b' ' + rng.below(95) as u8).to_string()
    };
    replace(s, at, end, &with)
}

/// Flip one bit of one byte; bytes that stop being UTF-8 become U+FFFD, as a lossy reader
/// would see them.
fn flip_bit(s: &str, rng: &mut Rng) -> String {
    if s.is_empty() {
        return s.to_string();
    }
    let mut bytes = s.as_bytes().to_vec();
    let i = rng.below(bytes.len());
    bytes[i] ^= 1 << rng.below(8);
    String::from_utf8_lossy(&bytes).into_owned()
}

fn change_case(s: &str, rng: &mut Rng) -> String {
    match pick_word(s, rng) {
        Some((a, b)) if rng.one_in(2) => replace(s, a, b, &s[a..b].to_uppercase()),
        Some((a, b)) => replace(s, a, b, &s[a..b].to_lowercase()),
        None => s.to_string(),
    }
}

fn lines(s: &str, donor: &str, rng: &mut Rng) -> String {
    let mut lines: Vec<&str> = s.split('\n').collect();
    let n = lines.len();
    match rng.below(5) {
        0 => {
            lines.remove(rng.below(n));
        }
        1 => {
            let i = rng.below(n);
            lines.insert(rng.below(n + 1), lines[i]);
        }
        2 => lines.swap(rng.below(n), rng.below(n)),
        3 => {
            for i in (1..n).rev() {
                lines.swap(i, rng.below(i + 1));
            }
        }
        _ => {
            let from: Vec<&str> = donor.split('\n').collect();
            let line = *rng.pick(&from);
            lines.insert(rng.below(n + 1), line);
        }
    }
    lines.join("\n")
}

fn replace_number(s: &str, rng: &mut Rng, m: &Mutator) -> String {
    let numbers = spans(s, |c| c.is_ascii_digit());
    if numbers.is_empty() {
        return insert(s, boundary(s, rng), m.token(rng));
    }
    let (a, b) = *rng.pick(&numbers);
    let with = loop {
        let t = m.token(rng);
        if t.chars().any(|c| c.is_ascii_digit()) || rng.one_in(4) {
            break t;
        }
    };
    replace(s, a, b, with)
}

fn repeat_span(s: &str, rng: &mut Rng) -> String {
    let a = boundary(s, rng);
    let b = floor_boundary(s, a + 1 + rng.below(40)).max(a);
    let times = *rng.pick(&[2, 3, 10, 100, 1000]);
    let span = s[a..b].repeat(times);
    insert(s, b, &span)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokens::COMMON;

    #[test]
    fn mutations_change_the_text_and_stay_bounded() {
        let m = Mutator::new(&[COMMON]);
        let seed = "game: x\nt1: AS 2S | 3S\n";
        let mut changed = 0;
        for i in 0..2000 {
            let mut rng = Rng::for_case(1, i);
            let out = m.mutate(seed, &["f1: KH\nt2:"], &mut rng);
            assert!(out.len() <= MAX_LEN);
            changed += usize::from(out != seed);
        }
        assert!(
            changed > 1800,
            "only {changed} of 2000 mutations changed the text"
        );
    }
}
