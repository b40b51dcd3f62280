//! Taking a submission into the judge, where nothing of it is interpreted outside the
//! student's sandbox.
//!
//! - A git repository is read by git only inside the student's sandbox, as an object server
//!   ([`server`]) with every configuration cut off; the judge finds the repository and reads its
//!   refs as small files itself ([`refs`]), and parses commits, tags and trees itself, checking
//!   each object by its id ([`objects`], [`git`]).
//! - A directory is listed and copied by the judge, plain files only ([`dir`]).
//! - Either way everything taken is listed first, within the budget ([`listing`]), then written
//!   into a fresh directory ([`plant`]).
//! - At a deadline the commit comes from records the student cannot write ([`deadline`]): the
//!   collection log ([`collected`]) and GitHub's push log ([`pushes`]), by their times
//!   ([`clock`]); commit dates are never read.

pub mod clock;
pub mod collected;
pub mod deadline;
pub mod dir;
pub mod listing;
pub mod objects;
pub mod plant;
pub mod pushes;
