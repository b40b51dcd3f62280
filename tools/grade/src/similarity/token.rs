//! A normalised token: what is left of a Rust token once names, values and layout are gone.

/// Rust's keywords (strict, reserved and weak ones that shape code), sorted: they stay
/// themselves, every other identifier becomes [`Kind::Ident`].
const KEYWORDS: &[&str] = &[
    "Self", "abstract", "as", "async", "await", "become", "box", "break", "const", "continue",
    "crate", "do", "dyn", "else", "enum", "extern", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "try", "type", "typeof", "union",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// The suffixes of integer literals (`usize` has an `e`, which would make it look like a float).
const INT_SUFFIXES: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
];

/// The kinds of literal, each one class whatever its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Literal {
    /// `"text"`, `r#"text"#`.
    Str,
    /// `b"bytes"`, `br"bytes"`.
    ByteStr,
    /// `c"text"`.
    CStr,
    /// `'c'`.
    Char,
    /// `b'c'`.
    Byte,
    /// `12`, `0xff`, `7u8`.
    Int,
    /// `1.5`, `2e3`, `1f64`.
    Float,
    /// `true`, `false`.
    Bool,
}

/// A token with names, values and layout normalised away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A keyword, itself.
    Keyword(&'static str),
    /// Any other identifier (a name), whatever it is.
    Ident,
    /// A literal of a kind, whatever its value.
    Literal(Literal),
    /// A punctuation character (`::` is two of them).
    Punct(char),
    /// An opening delimiter: `(`, `[` or `{`.
    Open(char),
    /// A closing delimiter: `)`, `]` or `}`.
    Close(char),
}

impl Kind {
    /// The kind of an identifier's text: a keyword, a boolean literal, or a name.
    pub fn of_ident(text: &str) -> Kind {
        match text {
            "true" | "false" => Kind::Literal(Literal::Bool),
            _ => match KEYWORDS.binary_search(&text) {
                Ok(i) => Kind::Keyword(KEYWORDS[i]),
                Err(_) => Kind::Ident,
            },
        }
    }

    /// The kind of a literal's text as written (`"a"`, `b'x'`, `0x1f`, `1.5e3f32`).
    pub fn of_literal(text: &str) -> Kind {
        let kind = if text.starts_with('"') || text.starts_with("r\"") || text.starts_with("r#") {
            Literal::Str
        } else if text.starts_with("b\"") || text.starts_with("br") {
            Literal::ByteStr
        } else if text.starts_with("c\"") || text.starts_with("cr") {
            Literal::CStr
        } else if text.starts_with('\'') {
            Literal::Char
        } else if text.starts_with("b'") {
            Literal::Byte
        } else if text.starts_with("0x")
            || text.starts_with("0o")
            || text.starts_with("0b")
            || INT_SUFFIXES.iter().any(|s| text.ends_with(s))
        {
            Literal::Int
        } else if text.contains(['.', 'e', 'E']) || text.ends_with("f32") || text.ends_with("f64") {
            Literal::Float
        } else {
            Literal::Int
        };
        Kind::Literal(kind)
    }

    /// A stable 64-bit code of the kind (the same on every machine and run), the unit the
    /// k-gram hashes are made of.
    pub fn code(self) -> u64 {
        let mut h = Fnv::new();
        match self {
            Kind::Keyword(k) => h.bytes(b"k").bytes(k.as_bytes()),
            Kind::Ident => h.bytes(b"i"),
            Kind::Literal(l) => h.bytes(b"l").bytes(&[l as u8]),
            Kind::Punct(c) => h.bytes(b"p").char(c),
            Kind::Open(c) => h.bytes(b"o").char(c),
            Kind::Close(c) => h.bytes(b"c").char(c),
        };
        h.finish()
    }
}

/// A token of a source file: its normalised kind and the line it starts on (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What the token is, names and values normalised.
    pub kind: Kind,
    /// The line of the file it starts on, from 1.
    pub line: u32,
}

/// The 64-bit FNV-1a hash: stable, unlike `std`'s randomly keyed hasher.
pub struct Fnv(u64);

impl Fnv {
    /// An empty hash.
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    /// Hash `bytes` in.
    pub fn bytes(&mut self, bytes: &[u8]) -> &mut Fnv {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self
    }

    /// Hash a character in.
    pub fn char(&mut self, c: char) -> &mut Fnv {
        self.bytes(c.encode_utf8(&mut [0; 4]).as_bytes())
    }

    /// Hash a 64-bit value in.
    pub fn u64(&mut self, v: u64) -> &mut Fnv {
        self.bytes(&v.to_le_bytes())
    }

    /// The hash so far.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_sorted_so_that_binary_search_finds_them() {
        assert!(KEYWORDS.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Kind::of_ident("match"), Kind::Keyword("match"));
        assert_eq!(Kind::of_ident("Self"), Kind::Keyword("Self"));
        assert_eq!(Kind::of_ident("pile"), Kind::Ident);
        assert_eq!(Kind::of_ident("true"), Kind::Literal(Literal::Bool));
    }

    #[test]
    fn literals_are_classed_by_kind() {
        let kind = |t| match Kind::of_literal(t) {
            Kind::Literal(l) => l,
            other => panic!("{other:?}"),
        };
        assert_eq!(kind("\"a\""), Literal::Str);
        assert_eq!(kind("r#\"a\"#"), Literal::Str);
        assert_eq!(kind("b\"a\""), Literal::ByteStr);
        assert_eq!(kind("'a'"), Literal::Char);
        assert_eq!(kind("b'a'"), Literal::Byte);
        assert_eq!(kind("0xEf"), Literal::Int);
        assert_eq!(kind("7u8"), Literal::Int);
        assert_eq!(kind("7usize"), Literal::Int);
        assert_eq!(kind("1.5"), Literal::Float);
        assert_eq!(kind("2e3"), Literal::Float);
    }
}
