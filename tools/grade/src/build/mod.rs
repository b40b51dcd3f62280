//! Building a submission: the trusted checkout ([`trusted`]) and its build, made once a class
//! ([`prebuild`]); a student's manifest and sources checked before anything is compiled
//! ([`checks`]: [`manifest`], [`guard_lints`]); and the student's crate compiled into its oracle in its
//! sandbox ([`compile`]).

pub mod checks;
pub mod compile;
pub mod guard_lints;
pub mod manifest;
pub mod prebuild;
pub mod trusted;
