//! Git's objects as the judge reads them: object ids (SHA-1, 40 hex digits), the id of an
//! object's bytes (`"<type> <size>\0"` and its content), and the three objects the judge parses
//! itself, each with a cap on what it accepts: a commit (its `tree` line), an annotated tag
//! (its `object` and `type` lines) and a tree (entries `<mode> <name>\0<20-byte id>`).

use std::fmt;

use sha1::{Digest, Sha1};

/// A SHA-1 object id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Oid([u8; 20]);

impl Oid {
    /// The id written as 40 hex digits (either case).
    ///
    /// # Errors
    /// Anything else, and 64 hex digits (a SHA-256 repository's) with its own reason.
    pub fn parse(text: &str) -> Result<Oid, String> {
        let hex = text.as_bytes();
        if hex.len() == 64 && hex.iter().all(u8::is_ascii_hexdigit) {
            return Err(format!(
                "{text:?} is a SHA-256 object id: SHA-256 repositories are not read"
            ));
        }
        if hex.len() != 40 {
            return Err(format!(
                "{:?} is not a full object id",
                crate::capped(text, 80)
            ));
        }
        let mut bytes = [0u8; 20];
        for (i, pair) in hex.chunks(2).enumerate() {
            let digit = |c: u8| char::from(c).to_digit(16);
            match (digit(pair[0]), digit(pair[1])) {
                (Some(hi), Some(lo)) => bytes[i] = (hi * 16 + lo) as u8,
                _ => {
                    return Err(format!(
                        "{:?} is not a full object id",
                        crate::capped(text, 80)
                    ));
                }
            }
        }
        Ok(Oid(bytes))
    }

    /// The id of 20 raw bytes (a tree entry's).
    pub fn from_bytes(bytes: [u8; 20]) -> Oid {
        Oid(bytes)
    }
}

impl fmt::Display for Oid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

/// The kind of a git object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A commit.
    Commit,
    /// A directory listing.
    Tree,
    /// A file's content.
    Blob,
    /// An annotated tag.
    Tag,
}

impl Kind {
    /// The kind git names `name`.
    pub fn parse(name: &str) -> Option<Kind> {
        match name {
            "commit" => Some(Kind::Commit),
            "tree" => Some(Kind::Tree),
            "blob" => Some(Kind::Blob),
            "tag" => Some(Kind::Tag),
            _ => None,
        }
    }

    /// Git's name of the kind.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Commit => "commit",
            Kind::Tree => "tree",
            Kind::Blob => "blob",
            Kind::Tag => "tag",
        }
    }
}

/// The id of an object of `kind` holding `content`: the SHA-1 of `"<kind> <size>\0"` and the
/// content.
pub fn object_id(kind: Kind, content: &[u8]) -> Oid {
    let mut hash = Sha1::new();
    hash.update(format!("{} {}\0", kind.name(), content.len()).as_bytes());
    hash.update(content);
    let mut bytes = [0u8; 20];
    bytes.copy_from_slice(&hash.finalize());
    Oid(bytes)
}

/// The tree of a commit: its first line, `tree <id>`.
///
/// # Errors
/// A commit that does not start with a tree line.
pub fn commit_tree(content: &[u8]) -> Result<Oid, String> {
    let first = content.split(|b| *b == b'\n').next().unwrap_or_default();
    std::str::from_utf8(first)
        .ok()
        .and_then(|line| line.strip_prefix("tree "))
        .ok_or_else(|| "the commit does not start with its tree".to_string())
        .and_then(Oid::parse)
}

/// What an annotated tag names: the `object` and `type` lines of its header.
///
/// # Errors
/// A header without them, or with an unknown type.
pub fn tag_target(content: &[u8]) -> Result<(Oid, Kind), String> {
    let mut object = None;
    let mut kind = None;
    for line in content.split(|b| *b == b'\n') {
        if line.is_empty() {
            break;
        }
        let line = String::from_utf8_lossy(line);
        if let Some(id) = line.strip_prefix("object ") {
            object = Some(Oid::parse(id)?);
        } else if let Some(name) = line.strip_prefix("type ") {
            kind = Some(Kind::parse(name).ok_or("the tag names an object of no known type")?);
        }
    }
    match (object, kind) {
        (Some(object), Some(kind)) => Ok((object, kind)),
        _ => Err("the tag does not say what it names".into()),
    }
}

/// What a tree entry is, by its mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A plain file (`100644`).
    File,
    /// An executable file (`100755`).
    Executable,
    /// A directory (`40000`).
    Tree,
    /// A symbolic link (`120000`).
    Link,
    /// A submodule: a commit of another repository (`160000`).
    Gitlink,
}

/// One entry of a tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// What it is.
    pub mode: Mode,
    /// Its name: one path component.
    pub name: String,
    /// The object it names.
    pub oid: Oid,
}

/// The entries of a tree object, each a plain file, an executable, a directory, a link or a
/// submodule with a name that is one UTF-8 path component.
///
/// # Errors
/// A tree that does not parse, an entry of any other mode, a name that is empty, `.`, `..`,
/// holds a `/` or is not UTF-8.
pub fn tree_entries(content: &[u8]) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    let mut rest = content;
    while !rest.is_empty() {
        let space = rest
            .iter()
            .position(|b| *b == b' ')
            .filter(|at| *at <= 7)
            .ok_or("a tree entry without its mode")?;
        let mode = match &rest[..space] {
            b"100644" => Mode::File,
            b"100755" => Mode::Executable,
            b"40000" => Mode::Tree,
            b"120000" => Mode::Link,
            b"160000" => Mode::Gitlink,
            other => {
                return Err(format!(
                    "a tree entry of mode {}: a submission holds plain files only",
                    String::from_utf8_lossy(other)
                ));
            }
        };
        rest = &rest[space + 1..];
        let nul = rest
            .iter()
            .position(|b| *b == 0)
            .ok_or("a tree entry without its end")?;
        let name = std::str::from_utf8(&rest[..nul])
            .map_err(|_| "a file name that is not UTF-8".to_string())?;
        if name.is_empty() || name == "." || name == ".." || name.contains('/') {
            return Err(format!("a tree entry named {:?}", crate::capped(name, 80)));
        }
        let id = rest
            .get(nul + 1..nul + 21)
            .ok_or("a tree entry cut short")?;
        let mut bytes = [0u8; 20];
        bytes.copy_from_slice(id);
        entries.push(Entry {
            mode,
            name: name.to_string(),
            oid: Oid(bytes),
        });
        rest = &rest[nul + 21..];
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_objects_id_is_gits() {
        // `printf 'hi\n' | git hash-object --stdin`
        assert_eq!(
            object_id(Kind::Blob, b"hi\n").to_string(),
            "45b983be36b73c0788dc9cbcb76cbb80fc7bb057"
        );
        // The empty tree.
        assert_eq!(
            object_id(Kind::Tree, b"").to_string(),
            "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
        );
    }

    #[test]
    fn ids_parse_in_full_only_and_sha256_is_named() {
        let id = "45B983BE36B73C0788DC9CBCB76CBB80FC7BB057";
        assert_eq!(Oid::parse(id).map(|o| o.to_string()), Ok(id.to_lowercase()));
        assert!(Oid::parse("45b983b").is_err());
        assert!(Oid::parse(&"g".repeat(40)).is_err());
        assert!(Oid::parse(&"a".repeat(64)).is_err_and(|e| e.contains("SHA-256")));
    }

    #[test]
    fn commits_and_tags_say_what_they_name() {
        let tree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
        let commit = format!("tree {tree}\nauthor A <a@b> 0 +0000\n\nmessage\n");
        assert_eq!(
            commit_tree(commit.as_bytes()).map(|o| o.to_string()),
            Ok(tree.to_string())
        );
        assert!(commit_tree(b"parent x\n").is_err());
        let tag = format!("object {tree}\ntype tree\ntag v1\n\ntype commit\n");
        assert_eq!(
            tag_target(tag.as_bytes()).map(|(o, k)| (o.to_string(), k)),
            Ok((tree.to_string(), Kind::Tree))
        );
        assert!(tag_target(b"tag v1\n").is_err());
    }

    #[test]
    fn tree_entries_are_plain_names_of_known_modes() {
        let id = [7u8; 20];
        let entry = |mode: &str, name: &[u8]| {
            let mut bytes = format!("{mode} ").into_bytes();
            bytes.extend_from_slice(name);
            bytes.push(0);
            bytes.extend_from_slice(&id);
            bytes
        };
        let mut tree = entry("100644", b"lib.rs");
        tree.extend(entry("40000", b"src"));
        tree.extend(entry("120000", b"link"));
        tree.extend(entry("160000", b"sub"));
        let entries = tree_entries(&tree).unwrap_or_else(|e| panic!("{e}"));
        let modes: Vec<Mode> = entries.iter().map(|e| e.mode).collect();
        assert_eq!(modes, [Mode::File, Mode::Tree, Mode::Link, Mode::Gitlink]);
        assert_eq!(entries[1].name, "src");
        assert_eq!(entries[0].oid, Oid::from_bytes(id));
        for bad in [
            entry("100664", b"x"),
            entry("100644", b".."),
            entry("100644", b""),
            entry("100644", b"a/b"),
            entry("100644", b"\xff"),
            entry("100644", b"x")[..20].to_vec(),
            b"100644 x".to_vec(),
        ] {
            assert!(tree_entries(&bad).is_err(), "{bad:?}");
        }
    }
}
