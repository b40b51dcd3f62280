//! Taking a git submission: the judge asks the sandboxed object server ([`super::server`]) for
//! the commit it chose, then for trees and blobs one at a time, and parses every commit, tag
//! and tree itself ([`super::objects`]), within caps: at most 1,000 trees and 4 MiB of them
//! read, 1 MiB for a commit or tag. The wanted paths are listed (plain files and directories
//! only, every file's size asked before any content) and the listing's budget checked before a
//! byte is written; then each blob is fetched, checked by its id, and written.

use std::fs::File;
use std::io::Write;

use super::listing::{Listed, Listing, SKIPPED};
use super::objects::{Entry, Kind, Mode, Oid, commit_tree, tag_target, tree_entries};
use super::refs::Repo;
use super::server::{GitJail, Server};

/// The most tree objects read from one repository.
const MAX_TREES: usize = 1000;
/// The most bytes of tree objects read from one repository.
const MAX_TREE_BYTES: u64 = 4 << 20;
/// The most bytes of a commit or tag object.
const MAX_COMMIT: u64 = 1 << 20;

/// A repository being read at one commit.
pub struct Session {
    server: Server,
    /// The commit.
    pub commit: Oid,
    tree: Oid,
    trees: usize,
    tree_bytes: u64,
}

impl Session {
    /// Start reading `repo` at `target`, which must be a commit or an annotated tag of one.
    ///
    /// # Errors
    /// The sandbox does not start, the object is not there or not a commit, git fails or is
    /// too slow.
    pub fn open(settings: &GitJail, repo: &Repo, target: Oid) -> Result<Session, String> {
        let mut server = Server::start(settings, &repo.objects)?;
        let missing = |oid: Oid| format!("{oid} is not in the repository");
        let (kind, content) = server
            .get(target, MAX_COMMIT)?
            .ok_or_else(|| missing(target))?;
        let (commit, content) = match kind {
            Kind::Commit => (target, content),
            Kind::Tag => {
                let (named, named_kind) = tag_target(&content)?;
                if named_kind != Kind::Commit {
                    return Err(format!(
                        "{target} is a tag of a {}, not of a commit",
                        named_kind.name()
                    ));
                }
                match server
                    .get(named, MAX_COMMIT)?
                    .ok_or_else(|| missing(named))?
                {
                    (Kind::Commit, content) => (named, content),
                    (other, _) => {
                        return Err(format!(
                            "the tag {target} says it names a commit, but {named} is a {}",
                            other.name()
                        ));
                    }
                }
            }
            other => {
                return Err(format!("{target} is a {}, not a commit", other.name()));
            }
        };
        let tree = commit_tree(&content).map_err(|e| format!("{commit}: {e}"))?;
        Ok(Session {
            server,
            commit,
            tree,
            trees: 0,
            tree_bytes: 0,
        })
    }

    /// The entries of tree `oid`, counted against the repository's caps.
    fn tree(&mut self, oid: Oid, rel: &str) -> Result<Vec<Entry>, String> {
        self.trees += 1;
        if self.trees > MAX_TREES {
            return Err(format!(
                "the submission has more than {MAX_TREES} directories"
            ));
        }
        let left = MAX_TREE_BYTES - self.tree_bytes;
        let what = if rel.is_empty() {
            "the commit's root"
        } else {
            rel
        };
        match self.server.get(oid, left)? {
            None => Err(format!("{what}: the tree {oid} is not in the repository")),
            Some((Kind::Tree, content)) => {
                self.tree_bytes += content.len() as u64;
                tree_entries(&content).map_err(|e| format!("{}: {e}", crate::capped(what, 200)))
            }
            Some((other, _)) => Err(format!("{what}: {oid} is a {}, not a tree", other.name())),
        }
    }

    /// The entry at `rel` (`/`-separated) in the commit, if every directory on the way is one.
    ///
    /// # Errors
    /// A link or submodule on the way, or a tree that does not read.
    fn find(&mut self, rel: &str) -> Result<Option<Entry>, String> {
        let mut tree = self.tree;
        let mut so_far = String::new();
        let mut parts = rel.split('/').peekable();
        while let Some(part) = parts.next() {
            let entries = self.tree(tree, &so_far)?;
            if !so_far.is_empty() {
                so_far.push('/');
            }
            so_far.push_str(part);
            let Some(entry) = entries.into_iter().find(|e| e.name == part) else {
                return Ok(None);
            };
            if parts.peek().is_none() {
                return Ok(Some(entry));
            }
            match entry.mode {
                Mode::Tree => tree = entry.oid,
                Mode::Link | Mode::Gitlink => return Err(not_plain(&so_far, entry.mode)),
                Mode::File | Mode::Executable => return Ok(None),
            }
        }
        Ok(None)
    }

    /// The game ids of the commit: the names of the directories under `games/`.
    ///
    /// # Errors
    /// A tree that does not read.
    pub fn game_ids(&mut self) -> Result<Vec<String>, String> {
        let Some(games) = self.find("games")? else {
            return Ok(Vec::new());
        };
        if games.mode != Mode::Tree {
            return Ok(Vec::new());
        }
        Ok(self
            .tree(games.oid, "games")?
            .into_iter()
            .filter(|e| e.mode == Mode::Tree && crate::intake::submission::valid_id(&e.name))
            .map(|e| e.name)
            .collect())
    }

    /// The listing of the `wanted` paths (each with whether it is required), every file's size
    /// asked, within the budget; nothing is written.
    ///
    /// # Errors
    /// A missing required path, a link, a submodule, an object that is not what its tree says,
    /// more than the budget or the caps.
    pub fn list(&mut self, wanted: &[(String, bool)]) -> Result<Listing<Oid>, String> {
        let mut listing = Listing::default();
        for (rel, required) in wanted {
            match self.find(rel)? {
                None if *required => {
                    return Err(format!("the submission has no {rel} at {}", self.commit));
                }
                None => {}
                Some(entry) => self.walk(entry, rel.clone(), &mut listing)?,
            }
        }
        Ok(listing)
    }

    fn walk(
        &mut self,
        entry: Entry,
        rel: String,
        listing: &mut Listing<Oid>,
    ) -> Result<(), String> {
        match entry.mode {
            Mode::Link | Mode::Gitlink => Err(not_plain(&rel, entry.mode)),
            Mode::File | Mode::Executable => match self.server.info(entry.oid)? {
                Some((Kind::Blob, size)) => {
                    listing.file(rel, size, entry.mode == Mode::Executable, entry.oid)
                }
                Some((other, _)) => Err(format!(
                    "{}: {} is a {}, not a file's content",
                    crate::capped(&rel, 200),
                    entry.oid,
                    other.name()
                )),
                None => Err(format!(
                    "{}: the blob {} is not in the repository",
                    crate::capped(&rel, 200),
                    entry.oid
                )),
            },
            Mode::Tree => {
                listing.dir(rel.clone())?;
                for child in self.tree(entry.oid, &rel)? {
                    if SKIPPED.contains(&child.name.as_str()) {
                        continue;
                    }
                    let path = format!("{rel}/{}", child.name);
                    self.walk(child, path, listing)?;
                }
                Ok(())
            }
        }
    }

    /// Write a listed file's content into `out`: its blob, checked by its id and its size.
    ///
    /// # Errors
    /// A blob that is not there, not the listed size, or git fails.
    pub fn fill(&mut self, file: &Listed<Oid>, out: &mut File) -> Result<(), String> {
        let what = crate::capped(&file.path, 200);
        match self.server.get(file.source, file.size)? {
            Some((Kind::Blob, content)) if content.len() as u64 == file.size => {
                out.write_all(&content).map_err(|e| format!("{what}: {e}"))
            }
            _ => Err(format!("{what}: the blob {} changed size", file.source)),
        }
    }
}

fn not_plain(rel: &str, mode: Mode) -> String {
    let what = if mode == Mode::Gitlink {
        "a submodule (a commit of another repository)"
    } else {
        "a symbolic link"
    };
    format!(
        "{} is {what}: a submission holds plain files only",
        crate::capped(rel, 200)
    )
}
