//! Why a submission got no grade, as its gradebook row and report say it: each kind of
//! failure with its cause, the student's (not taken, refused, does not build, not graded) or
//! the grader's own (a course or scenario file of the instructor's that does not read, a file
//! the grader cannot write).

use thiserror::Error;

/// Why a submission was not graded; its text starts with the kind (`not taken: ...`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Failure {
    /// The submission could not be taken: a missing file, a link, a budget exceeded, a git
    /// repository that does not read, no record at the deadline.
    #[error("not taken: {0}")]
    NotTaken(String),
    /// The submission was taken but is refused before it is built: its manifest, a crate the
    /// course does not allow, a build script, a guard lint it names.
    #[error("refused: {0}")]
    Refused(String),
    /// The compiler failed, or the build ran over its limits.
    #[error("does not build: {0}")]
    DoesNotBuild(String),
    /// The game was built but could not be graded: its oracle could not build the game, it
    /// ended or was too slow while doing so, or the student's time budget was used up.
    #[error("not graded: {0}")]
    NotGraded(String),
    /// The grader itself failed on this submission: an input of the instructor's (the
    /// reference, its scenarios, the hidden scenarios) or a file it could not write.
    #[error("the grader could not grade it: {0}")]
    Grader(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_failure_says_its_kind_first() {
        let said: Vec<String> = [
            Failure::NotTaken("x".into()),
            Failure::Refused("x".into()),
            Failure::DoesNotBuild("x".into()),
            Failure::NotGraded("x".into()),
            Failure::Grader("x".into()),
        ]
        .iter()
        .map(ToString::to_string)
        .collect();
        assert_eq!(
            said,
            [
                "not taken: x",
                "refused: x",
                "does not build: x",
                "not graded: x",
                "the grader could not grade it: x"
            ]
        );
    }
}
