//! Game ids, display names and the Rust names derived from them.

use crate::ScaffoldError;

/// The longest id accepted: it also names a crate, a directory and a Rust type.
const MAX_ID: usize = 40;

/// Names the generated crate imports or defines, which the game's type must not shadow.
const TAKEN: &[&str] = &[
    "EmbeddedLayout",
    "Game",
    "Illegal",
    "Layout",
    "LayoutError",
    "Move",
    "PileKind",
    "Plugin",
    "Position",
    "Rules",
    "Tx",
];

/// Names a capitalised id could spell that are not free for a type: the keyword `Self`, and
/// the types, traits and variants of Rust's prelude, which the generated code uses by name.
const RESERVED: &[&str] = &[
    "Self",
    "AsMut",
    "AsRef",
    "Box",
    "Clone",
    "Copy",
    "Debug",
    "Default",
    "DoubleEndedIterator",
    "Drop",
    "Eq",
    "Err",
    "ExactSizeIterator",
    "Extend",
    "Fn",
    "FnMut",
    "FnOnce",
    "From",
    "FromIterator",
    "Future",
    "Hash",
    "Into",
    "IntoFuture",
    "IntoIterator",
    "Iterator",
    "None",
    "Ok",
    "Option",
    "Ord",
    "PartialEq",
    "PartialOrd",
    "Result",
    "Send",
    "Sized",
    "Some",
    "String",
    "Sync",
    "ToOwned",
    "ToString",
    "TryFrom",
    "TryInto",
    "Unpin",
    "Vec",
];

/// The id for a display name: lowercase ASCII letters and digits, each other run of characters
/// one `-` (`Aces Up` gives `aces-up`, `Sixes & Sevens` gives `sixes-sevens`).
pub fn derive_id(name: &str) -> String {
    let mut id = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c.to_ascii_lowercase());
        } else if !id.is_empty() && !id.ends_with('-') {
            id.push('-');
        }
    }
    id.trim_end_matches('-').to_string()
}

/// Check an id: lowercase words of letters and digits joined by single `-`, starting with a
/// letter, at most 40 characters.
///
/// # Errors
/// [`ScaffoldError::BadId`] saying what is wrong.
pub fn validate_id(id: &str) -> Result<(), ScaffoldError> {
    let bad = |reason| {
        Err(ScaffoldError::BadId {
            id: id.to_string(),
            reason,
        })
    };
    if id.is_empty() {
        return bad("it is empty (give a name with letters, or --id)");
    }
    if id.len() > MAX_ID {
        return bad("it is longer than 40 characters");
    }
    if !id
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return bad("use lowercase letters, digits and '-' only");
    }
    if !id.starts_with(|c: char| c.is_ascii_lowercase()) {
        return bad("it must start with a letter");
    }
    if id.ends_with('-') || id.contains("--") {
        return bad("words are joined by single '-'");
    }
    Ok(())
}

/// Check a display name: it goes into RON strings and doc comments as it is.
pub(crate) fn validate_name(name: &str) -> Result<(), ScaffoldError> {
    let bad = |reason| {
        Err(ScaffoldError::BadName {
            name: name.to_string(),
            reason,
        })
    };
    if name.is_empty() {
        return bad("it is empty");
    }
    if name
        .chars()
        .any(|c| c == '"' || c == '\\' || c.is_control())
    {
        return bad("no quotes, backslashes or control characters");
    }
    Ok(())
}

/// The Rust type for a game id: its words capitalised (`aces-up` gives `AcesUp`); `Game`
/// appended where that would clash with a name the generated crate uses, a keyword or a
/// prelude name (`self` gives `SelfGame`, `vec` gives `VecGame`).
pub fn type_name(id: &str) -> String {
    let mut name: String = id
        .split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect();
    if TAKEN.contains(&name.as_str()) || RESERVED.contains(&name.as_str()) {
        name.push_str("Game");
    }
    name
}

/// The crate's library name: `game_` and the id with `_` for `-`.
pub(crate) fn lib_name(id: &str) -> String {
    format!("game_{}", id.replace('-', "_"))
}
