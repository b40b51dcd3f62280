//! What is taken from a submission, listed before a byte of it is written: every directory and
//! file with its size, within the budget of one submission (2,000 files, 32 MiB, counting every
//! entry, so one blob named twice counts twice; paths at most 24 components deep).

/// The most files taken from one submission.
pub const MAX_FILES: usize = 2000;
/// The most bytes taken from one submission.
pub const MAX_BYTES: u64 = 32 * 1024 * 1024;
/// The most components of a path taken from a submission.
pub const MAX_DEPTH: usize = 24;
/// Directories that are never taken: build output and version control.
pub const SKIPPED: [&str; 2] = ["target", ".git"];

/// One file to take: where it goes (relative to the submission's root, `/`-separated), its
/// size, whether it is executable, and where its content comes from.
#[derive(Clone, Debug)]
pub struct Listed<S> {
    /// Its path, relative to the submission's root.
    pub path: String,
    /// Its size in bytes.
    pub size: u64,
    /// Whether it is executable.
    pub executable: bool,
    /// Where its content is (a git object, a file of the submitted directory).
    pub source: S,
}

/// The directories and files to take, within the budget.
#[derive(Clone, Debug)]
pub struct Listing<S> {
    /// Directories, each after its parent.
    pub dirs: Vec<String>,
    /// Files.
    pub files: Vec<Listed<S>>,
    bytes: u64,
}

impl<S> Default for Listing<S> {
    fn default() -> Self {
        Listing {
            dirs: Vec::new(),
            files: Vec::new(),
            bytes: 0,
        }
    }
}

fn too_deep(path: &str) -> Result<(), String> {
    if path.split('/').count() > MAX_DEPTH {
        return Err(format!(
            "{} is more than {MAX_DEPTH} directories deep",
            crate::capped(path, 200)
        ));
    }
    Ok(())
}

impl<S> Listing<S> {
    /// Add a directory.
    ///
    /// # Errors
    /// A path too deep.
    pub fn dir(&mut self, path: String) -> Result<(), String> {
        too_deep(&path)?;
        self.dirs.push(path);
        Ok(())
    }

    /// Add a file of `size` bytes.
    ///
    /// # Errors
    /// A path too deep, or the file would take the listing over its budget.
    pub fn file(
        &mut self,
        path: String,
        size: u64,
        executable: bool,
        source: S,
    ) -> Result<(), String> {
        too_deep(&path)?;
        if self.files.len() >= MAX_FILES {
            return Err(format!(
                "the submission's game has more than {MAX_FILES} files"
            ));
        }
        let bytes = self.bytes.saturating_add(size);
        if bytes > MAX_BYTES {
            return Err(format!(
                "the submission's game is larger than {} MiB ({} would make it {:.1} MiB)",
                MAX_BYTES >> 20,
                crate::capped(&path, 200),
                bytes as f64 / f64::from(1 << 20)
            ));
        }
        self.bytes = bytes;
        self.files.push(Listed {
            path,
            size,
            executable,
            source,
        });
        Ok(())
    }

    /// Whether a file of this path is listed.
    pub fn has_file(&self, path: &str) -> bool {
        self.files.iter().any(|f| f.path == path)
    }

    /// The bytes of every file listed.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_counts_every_entry_and_depth() {
        let mut listing = Listing::default();
        for i in 0..3 {
            assert!(listing.file(format!("f{i}"), 10 << 20, false, ()).is_ok());
        }
        assert_eq!(listing.bytes(), 30 << 20);
        assert!(
            listing
                .file("f3".into(), 10 << 20, false, ())
                .is_err_and(|e| e.contains("larger than 32 MiB"))
        );
        let mut many = Listing::default();
        for i in 0..MAX_FILES {
            assert!(many.file(format!("f{i}"), 0, false, ()).is_ok());
        }
        assert!(many.file("one more".into(), 0, false, ()).is_err());
        let deep = vec!["d"; MAX_DEPTH + 1].join("/");
        assert!(Listing::<()>::default().dir(deep).is_err());
        assert!(listing.has_file("f1") && !listing.has_file("f3"));
    }
}
